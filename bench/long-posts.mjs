// Long blog posts like real blogs carry (issue 12), generated deterministically: about 5 KB each,
// six ## and three ### headings, an ordered and an unordered list, a table, placeholders, and ten
// links to other posts, four of them to a #section of that post. Shared by the build and check
// benches, and written both for `site` (MDX with {placeholders}) and for Astro (plain values).

const CATEGORIES = ['Troubleshooting', 'Maintenance', 'Comparisons', 'Guides'];
const WORDS = `television panel backlight power board capacitor voltage stabiliser surge remote sensor firmware
update menu picture sound speaker amplifier HDMI port cable signal antenna set-top box Wi-Fi router
app streaming dust heat summer monsoon humidity technician visit pickup delivery warranty quote price
repair replace inspect clean check test measure unplug restart reset screen brightness colour contrast
model series brand Samsung LG Sony Mi OnePlus TCL Panasonic Philips Vu Jaipur home family evening
cricket match news channel weekend living room wall bracket stand ventilation socket extension`.split(/\s+/);
/** Section titles: a post takes six for its ## and three for its ###, so the ids of any post are known. */
const TITLES = [
  'Why it happens', 'What you can check at home', 'When to call a technician', 'What the repair costs',
  'How long the repair takes', 'Keeping it from happening again', 'Signs of a failing power board',
  'Backlight or panel', 'Sound without picture', 'Picture without sound', 'Remote and sensor faults',
  'Smart TV and Wi-Fi problems', 'Wall mounting safely', 'Summer heat and dust', 'Voltage and surges',
];

/** "What you can check at home" → "what-you-can-check-at-home", as github-slugger makes ids. */
export const slugOf = (title) => title.toLowerCase().replace(/[^a-z0-9 -]/g, '').replace(/ /g, '-');

/** The ## and ### titles of post i (nine distinct titles). */
export function headingsOf(i) {
  const start = (i * 7) % TITLES.length;
  return Array.from({ length: 9 }, (_, k) => TITLES[(start + k) % TITLES.length]);
}

export const FACTS = { phone: '+91 90000 00001', hours: 'Monday to Sunday, 8:00 AM – 9:00 PM', warranty: '90-day warranty', 'price.powerSupply': '₹399', 'price.motherboard': '₹499' };

/** The post at /blog/<slugFor(i)>. */
export const slugFor = (i) => `long-post-${i}`;

/**
 * Post i of n as MDX. `placeholders`: write {phone} and the like (site) or their values (Astro).
 * Returns { file, frontMatter: object, body }.
 */
export function longPost(i, n, { placeholders = true } = {}) {
  let seed = i * 7919 + 17;
  const rand = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
  const pick = (list) => list[Math.floor(rand() * list.length)];
  const sentence = (len = 12 + Math.floor(rand() * 10)) => {
    const words = Array.from({ length: len }, () => pick(WORDS));
    return `${words[0][0].toUpperCase()}${words.join(' ').slice(1)}.`;
  };
  const paragraph = (count = 4) => Array.from({ length: count }, () => sentence()).join(' ');
  const fact = (key) => (placeholders ? `{${key}}` : FACTS[key]);
  // Ten links to other posts; four point at one of their sections.
  const others = Array.from({ length: 10 }, (_, k) => 1 + ((i + 1 + k * 37) % n)).map((j) => (j === i ? 1 + (j % n) : j));
  const link = (k) => {
    const j = others[k];
    const section = k < 4 ? `#${slugOf(headingsOf(j)[k])}` : '';
    return `[${pick(WORDS)} ${pick(WORDS)}](/blog/${slugFor(j)}${section})`;
  };
  const [h1, h2, h3, h4, h5, h6, s1, s2, s3] = headingsOf(i);
  const category = CATEGORIES[i % 4];
  const date = new Date(Date.UTC(2020, 0, 1) + i * 86_400_000).toISOString().slice(0, 10);
  const body = `${paragraph(3)} See ${link(0)} first.

## ${h1}

${paragraph(3)} Call ${fact('phone')} – we are open ${fact('hours')}.

- **${pick(WORDS)}:** ${sentence()} ${link(1)}
- **${pick(WORDS)}:** ${sentence()}
- **${pick(WORDS)}:** ${sentence()} ${link(4)}

### ${s1}

${paragraph(3)} More in ${link(2)}.

## ${h2}

1. ${sentence()}
2. ${sentence()} ${link(5)}
3. ${sentence()}
4. ${sentence()}

${paragraph(3)}

## ${h3}

${paragraph(3)} Compare ${link(3)} and ${link(6)}.

### ${s2}

| Fault | Sign | From |
| --- | --- | --- |
| Power board | ${sentence(5)} | ${fact('price.powerSupply')} |
| Main board | ${sentence(5)} | ${fact('price.motherboard')} |

## ${h4}

${paragraph(3)} Every repair has a ${fact('warranty')}; see [screen repair](/services#screen-repair).

### ${s3}

${paragraph(3)} ${link(7)}

## ${h5}

${paragraph(3)} ${link(8)}

## ${h6}

${paragraph(3)} ${link(9)}
`;
  const frontMatter = {
    id: slugFor(i),
    slug: slugFor(i),
    title: `Long post ${i}: ${sentence(6).slice(0, 50)}`,
    excerpt: sentence(18).slice(0, 200),
    date,
    author: 'Bench Writer',
    category,
    image: { src: `/images/blog/${category.toLowerCase()}.png`, alt: `An illustration for post ${i}`, width: 1200, height: 675 },
    meta: { title: `Long post ${i} about TV repair`, description: `Post ${i}: ${sentence(20)}`.slice(0, 150), keywords: ['tv repair jaipur', `bench ${i}`] },
  };
  return { file: `${slugFor(i)}.mdx`, frontMatter, body };
}

/** The post as a file: YAML front matter (JSON is YAML) and the body. */
export function mdxFile({ frontMatter, body }) {
  const yaml = Object.entries(frontMatter).map(([k, v]) => `${k}: ${JSON.stringify(v)}`).join('\n');
  return `---\n${yaml}\n---\n\n${body}`;
}
