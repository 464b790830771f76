import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { DomUtils, parseDocument } from 'htmlparser2';
import { parse } from 'yaml';
import { siteWith } from './fixture-site.ts';
import { ROUTES, say, SITE } from './screen-support.ts';
import { expect, firstParagraphOf, pageData, test, waitForEnhanced } from './support.ts';

/** Issue 3's pages: every blog post, brand, area and service-centre page, from the build manifest. */
const of = (kind: string) => ROUTES.filter((r) => r.kind === kind).map((r) => r.path);
const POSTS = of('post');
const BRANDS = of('brand');
const AREAS = of('area');
const CENTRE_BRANDS = of('service-center-brand');
const FACTS = parse(readFileSync(path.resolve('content/site.yaml'), 'utf8')) as {
  warranty: { primary: { label: string }; alternatives?: Record<string, { label: string }> };
  hours: { primary: { label: string }; alternatives?: Record<string, { label: string }> };
};
// Page data is loosely typed here: each test reads the fields of the kind it visits.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const data = async (p: string, dist?: string): Promise<any> => pageData(p, dist);
const h1Of = async (p: string): Promise<string> => {
  const d = await data(p);
  return d.card?.title ?? d.sections?.find((s: { type: string }) => s.type === 'hero')?.heading ?? d.brand?.name;
};
const decode = (s: string) => s.replace(/&amp;/g, '&').replace(/&#x27;/g, "'").replace(/&quot;/g, '"');

/** The front matter (or YAML) of every published file of a content folder. */
function published<T = { slug: string; id: string }>(dir: string): T[] {
  if (!existsSync(path.resolve('content', dir))) return [];
  return readdirSync(path.resolve('content', dir))
    .filter((f) => !f.startsWith('_') && /\.(mdx|yaml)$/.test(f))
    .map((f) => {
      const text = readFileSync(path.resolve('content', dir, f), 'utf8');
      return parse(f.endsWith('.mdx') ? text.split(/^---$/m)[1]! : text) as T & { draft?: boolean };
    })
    .filter((d) => !d.draft);
}
/** The URL of every published file of a content folder. */
const urls = (dir: string, url: (d: { slug: string; id: string }) => string) => published(dir).map(url).sort();
/** A brand or area page's file, by its URL. */
const landingFile = (p: string) =>
  [...published<LandingFile>('brands'), ...published<LandingFile>('areas')].find((f) => `/${f.slug}` === p)!;
interface LandingFile {
  slug: string;
  scrollToTop?: boolean;
  warranty?: string;
  sections: { type: string; links?: unknown[] }[];
}

test('every published brand, area, service-centre and blog file of content/ has its page, and nothing else does', () => {
  expect([...BRANDS].sort()).toEqual(urls('brands', (d) => `/${d.slug}`));
  expect([...AREAS].sort()).toEqual(urls('areas', (d) => `/${d.slug}`));
  expect([...CENTRE_BRANDS].sort()).toEqual(urls('service-center', (d) => `/service-center/${d.id}`));
  expect([...POSTS].sort()).toEqual(urls('blog', (d) => `/blog/${d.slug}`));
});

/** What a reader of the page's HTML finds, as the server sends it (no script has run). */
function keyContent(html: string) {
  const doc = parseDocument(html);
  type Node = ReturnType<typeof DomUtils.findAll>[number];
  const all = (test: (e: Node) => boolean, under: Node[] = doc.children as Node[]) => DomUtils.findAll(test, under);
  const text = (e: Node | undefined) => (e ? DomUtils.textContent(e).replace(/\s+/g, ' ').trim() : null);
  const heading = (name: string) => all((e) => /^h[1-6]$/.test(e.name) && text(e) === name).length > 0;
  const link = (name: string) => all((e) => e.name === 'a' && e.attribs.href !== undefined && text(e)!.toLowerCase().includes(name.toLowerCase()))[0]?.attribs.href ?? null;
  const h1s = all((e) => e.name === 'h1');
  const article = all((e) => e.attribs.id === 'article-body')[0];
  return {
    h1Count: h1s.length,
    h1: text(h1s[0]),
    articleText: article ? text(all((e) => e.name === 'p', article.children as Node[])[0]) : null,
    needRepair: heading(say('blog.post.repairBox.title')),
    contactUsHref: link(say('blog.post.repairBox.contact')),
    bookRepairHref: link(say('sections.heroBook')),
    ready: heading(say('closingBanner.title')),
  };
}

test.describe('without JavaScript, the prerendered HTML holds each page\'s key content', () => {
  const pages = [...BRANDS, ...AREAS, ...CENTRE_BRANDS, ...POSTS, '/blog', '/service-center'];
  // Every page's HTML as sent; the browser shows it below for one page of each kind (they share a
  // screen, so what CSS shows or hides is the same for each).
  test('every brand, area, service-centre and blog page', async ({ request }) => {
    for (const p of pages) {
      const res = await request.get(p);
      expect.soft(res.status(), p).toBe(200);
      const seen = keyContent(await res.text());
      expect.soft(seen.h1Count, `${p}: h1 elements`).toBe(1);
      if (p.startsWith('/service-center/')) expect.soft(seen.h1, p).toContain(await h1Of(p));
      else if (p !== '/blog' && p !== '/service-center') expect.soft(seen.h1, p).toBe(decode(await h1Of(p)));
      if (POSTS.includes(p)) {
        // The article's own text: the first paragraph of the body its MDX file renders to.
        const body = (await data(p)).body as string | undefined;
        expect.soft(body, `${p}: the article has a body`).toBeTruthy();
        expect.soft(seen.articleText, `${p}: the article's first paragraph`).toBe(firstParagraphOf(body ?? ''));
        expect.soft(seen.needRepair, `${p}: the repair box's heading`).toBe(true);
        expect.soft(seen.contactUsHref, `${p}: the repair box's link`).toBe('/contact');
      }
      if (BRANDS.includes(p) || AREAS.includes(p)) {
        expect.soft(seen.bookRepairHref, `${p}: the hero's booking link`).toBe('/contact');
        expect.soft(seen.ready, `${p}: the closing banner's heading`).toBe(true);
      }
    }
  });

  test.describe('in the browser, one page of each kind', () => {
    test.use({ javaScriptEnabled: false });
    test('shows its h1 and its closing call to action', async ({ page }) => {
      for (const p of [BRANDS[0], AREAS[0], CENTRE_BRANDS[0], POSTS[0], '/blog', '/service-center'].filter((x): x is string => !!x)) {
        await test.step(p, async () => {
          await page.goto(p);
          await expect.soft(page.getByRole('heading', { level: 1 }), p).toBeVisible();
          if (POSTS.includes(p)) await expect.soft(page.getByRole('heading', { name: say('blog.post.repairBox.title') }), p).toBeVisible();
          if (BRANDS.includes(p) || AREAS.includes(p)) await expect.soft(page.getByRole('heading', { name: say('closingBanner.title') }), p).toBeVisible();
        });
      }
    });
  });
});

// With JavaScript, every page of the sitemap is checked for its h1, console errors and axe in
// pages.spec.ts (an article's body too); only what navigation adds is tested here.
test.describe('after hydration', () => {
  test('client-side navigation to an article brings its body with its data', async ({ page, consoleLog }) => {
    await page.goto('/blog');
    await waitForEnhanced(page);
    // The featured article's link (the grid holds the others, and may hold none).
    await page.locator('#featured a[href^="/blog/"]').first().click();
    await expect(page).toHaveURL(/\/blog\/[a-z0-9-]+$/);
    await expect(page.locator('#article-body p').first()).not.toBeEmpty();
    expect(consoleLog.errors).toEqual([]);
  });
});

test.describe('blog', () => {
  test('/blog: the featured article first, the grid of the rest, a required e-mail field that sends nothing, a links list', async ({ page }) => {
    await page.goto('/blog');
    await waitForEnhanced(page);
    const featured = page.locator('#featured');
    await expect(featured.getByRole('link')).toHaveAttribute('href', POSTS[0]!);
    await expect(page.locator('#post-grid article')).toHaveCount(Math.min(POSTS.length - 1, 24));
    const email = page.getByLabel(say('forms.newsletter.emailLabel'));
    await expect(email).toHaveAttribute('required', '');
    await expect(email).toHaveAttribute('type', 'email');
    await email.fill('reader@example.com');
    await page.getByRole('button', { name: say('forms.newsletter.submit') }).click();
    await expect(page).toHaveURL(/\/blog$/);
    await expect(page.getByRole('heading', { name: say('blog.index.related') })).toBeVisible();
  });

  test('the index page carries its grid once, as HTML: no page data for the browser', async ({ request }) => {
    const html = await (await request.get('/blog')).text();
    const config = /<script id="site-config" type="application\/json">(.*?)<\/script>/s.exec(html)![1]!;
    expect(Object.keys(JSON.parse(config) as object).sort()).toEqual(['analytics']);
    const dataScripts = [...html.matchAll(/<script[^>]*type="application\/json"[^>]*>/g)].map((m) => m[0]);
    expect(dataScripts).toEqual(['<script id="site-config" type="application/json">']);
    for (const p of POSTS.slice(1, 4)) expect(html.split(`href="${p}"`).length - 1).toBeGreaterThan(0);
  });

  test('an article: category, title, image, up to three related articles of its category', async ({ page }) => {
    const p = POSTS[0]!;
    const d = await data(p);
    await page.goto(p);
    await waitForEnhanced(page);
    await expect(page.getByText(d.card.category, { exact: true }).first()).toBeVisible();
    await expect(page.getByRole('img', { name: d.card.image.alt })).toBeVisible();
    expect(d.related.length).toBeLessThanOrEqual(3);
    for (const r of d.related) expect(r.category).toBe(d.card.category);
    const types = await page.locator('script[type="application/ld+json"]').allTextContents();
    expect(types.map((t) => JSON.parse(t)['@type'])).toContain('BlogPosting');
  });

  test('/blog/<id> finds each article by its id', async ({ request }) => {
    const posts = published('blog');
    expect(posts.length).toBeGreaterThan(0);
    for (const { id, slug } of posts) {
      const res = await request.get(`/blog/${id}`, { maxRedirects: 0 });
      // An id that is not the slug is an alias: a redirect to the article.
      if (id === slug) expect(res.status(), id).toBe(200);
      else expect([res.status(), res.headers().location], id).toEqual([301, `/blog/${slug}`]);
    }
  });

  for (const js of [false, true]) {
    test(`an unknown article answers 404 with the spec text and three links (JavaScript ${js ? 'on' : 'off'})`, async ({ browser }) => {
      const context = await browser.newContext({ javaScriptEnabled: js });
      const page = await context.newPage();
      const res = await page.goto('/blog/no-such-article');
      expect(res?.status()).toBe(404);
      if (js) await waitForEnhanced(page);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(say('notFound.post.title'));
      await expect(page.getByText(say('notFound.post.text'))).toBeVisible();
      const main = page.locator('main');
      for (const href of ['/blog', '/services', '/contact']) await expect(main.locator(`a[href="${href}"]`)).toHaveCount(1);
      await context.close();
    });
  }
});

test.describe('service centre', () => {
  test('/service-center: six feature cards and the workshop\'s address', async ({ page }) => {
    await page.goto('/service-center');
    await waitForEnhanced(page);
    await expect(page.locator('#features li')).toHaveCount(6);
    await expect(page.locator('#features')).toContainText(SITE.address.street);
    await expect(page.locator('#features')).toContainText(SITE.address.locality);
  });

  // On the site's own brand pages, or the fixture's when the site has none (fixture-site.ts).
  const centre = siteWith('service-center-brand');
  test.describe(() => {
    test.use({ baseURL: centre.baseURL });
    test('a brand page: its products, four problem groups, five steps, the request form and up to six other brands', async ({ page }) => {
      const brands = centre.routes().filter((r) => r.kind === 'service-center-brand').map((r) => r.path);
      expect(brands.length).toBeGreaterThan(0);
      test.setTimeout(brands.length * 30_000); // a hang guard, not a speed target
      for (const p of brands) {
        const d = await data(p, centre.dist);
        await page.goto(p);
        const offered = Object.keys(SITE.products).filter((k) => d.brand.services[k]);
        // The page is static HTML: its parts are read in one trip to the page.
        const seen = await page.evaluate(() => {
          const texts = (sel: string) => [...document.querySelectorAll(sel)].map((e) => e.textContent?.replace(/\s+/g, ' ').trim());
          const form = document.querySelector('#request-service form');
          const field = (name: string) => form?.querySelector<HTMLInputElement>(`[name="${name}"]`);
          const options = [...(form?.querySelectorAll<HTMLOptionElement>('select[name="serviceType"] option') ?? [])];
          return {
            services: document.querySelectorAll('#services li[id^="service-"]').length,
            problems: texts('#problems h3'),
            steps: texts('#process h3'),
            action: form?.getAttribute('action'),
            method: form?.getAttribute('method'),
            options: options.map((o) => o.value),
            firstOption: options[0]?.textContent?.trim(),
            subject: field('subject')?.value,
            brandName: field('brandName')?.value,
            required: ['name', 'email', 'phone', 'serviceType', 'area', 'message'].filter((n) => !field(n)?.hasAttribute('required')),
            emailType: field('email')?.type,
            phoneType: field('phone')?.type,
            others: [...document.querySelectorAll('#other-brands a')].map((a) => a.getAttribute('href')),
          };
        });
        expect.soft(seen.services, p).toBe(offered.length);
        expect.soft(seen.problems, p).toEqual(['display', 'power', 'sound', 'smart'].map((k) => say(`serviceCenter.brand.problems.${k}.title`)));
        expect.soft(seen.steps, p).toEqual(['diagnosis', 'quote', 'repair', 'check', 'delivery'].map((k) => say(`serviceCenter.brand.process.${k}.title`)));
        expect.soft(seen.action, p).toBe(SITE.forms.serviceRequestEndpoint);
        expect.soft(seen.method, p).toBe('post');
        expect.soft(seen.options, p).toEqual(['', ...offered]);
        expect.soft(seen.firstOption, p).toBe(say('forms.serviceRequest.serviceType.placeholder'));
        expect.soft(seen.subject, p).toBe(`${d.brand.name} Service Request from Website`);
        expect.soft(seen.brandName, p).toBe(d.brand.name);
        expect.soft(seen.required, `${p}: fields not required`).toEqual([]);
        expect.soft(seen.emailType, p).toBe('email');
        expect.soft(seen.phoneType, p).toBe('tel');
        expect.soft(seen.others.length, p).toBe(Math.min(brands.length - 1, 6));
        for (const other of seen.others) expect.soft(brands, `${p} links ${other}`).toContain(other);
        expect.soft(seen.others, p).not.toContain(p);
        await expect(page.getByText((FACTS.hours.alternatives?.serviceCenterBadge ?? FACTS.hours.primary).label)).toBeVisible();
      }
    });

    test('an unknown brand answers 404 with "Brand Not Found" and a link back', async ({ page }) => {
      const res = await page.goto('/service-center/no-such-brand');
      expect(res?.status()).toBe(404);
      await waitForEnhanced(page);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(say('notFound.brand.title'));
      await expect(page.getByText(say('notFound.brand.text'))).toBeVisible();
      await expect(page.locator('main a[href="/service-center"]')).toHaveCount(1);
    });
  });

  // A service centre without brand pages has no section of its own to be lost in: the site's 404.
  if (centre.fixture) {
    test('with no brand page, an unknown brand answers the site\'s own 404', async ({ page }) => {
      const res = await page.goto('/service-center/no-such-brand');
      expect(res?.status()).toBe(404);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(say('notFound.title'));
    });
  }
});

test.describe('brand and area pages (the spec\'s variants are data)', () => {
  test('brand and area pages describe a local service with its area served', async ({ request }) => {
    for (const p of [...BRANDS, ...AREAS]) {
      const html = await (await request.get(p)).text();
      const blocks = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((m) => JSON.parse(m[1]!));
      const service = blocks.find((b) => b['@type'] === 'Service');
      expect(service?.areaServed?.length, p).toBeGreaterThan(0);
      expect(blocks.some((b) => b['@type'] === 'BreadcrumbList'), p).toBe(true);
      expect(html).not.toContain('aggregateRating');
    }
  });

  test('each brand and area page shows the breadcrumb its file gives (or its URL\'s), and keeps its scroll position when its file says so', async ({ request }) => {
    for (const p of [...BRANDS, ...AREAS]) {
      const d = await data(p);
      const doc = parseDocument(await (await request.get(p)).text());
      const nav = DomUtils.findOne((e) => e.name === 'nav' && e.attribs['aria-label'] === say('breadcrumb.label'), doc.children)!;
      const links = DomUtils.findAll((e) => e.name === 'a', nav.children).map((a) => [a.attribs.href, DomUtils.textContent(a).trim()]);
      for (const step of d.meta.breadcrumb as { label: string; href?: string }[]) {
        if (step.href) expect.soft(links, p).toContainEqual([step.href, decode(step.label)]);
        else expect.soft(DomUtils.textContent(nav), p).toContain(decode(step.label));
      }
      expect.soft(d.meta.scrollToTop, p).toBe(landingFile(p).scrollToTop ?? true);
    }
  });

  test('a brand or area page that states a warranty states the reading its file names, or the primary one', async ({ request }) => {
    const alternatives = FACTS.warranty.alternatives ?? {};
    const labels = [FACTS.warranty.primary.label, ...Object.values(alternatives).map((a) => a.label)];
    let stated = 0;
    for (const p of [...BRANDS, ...AREAS]) {
      const named = landingFile(p).warranty;
      const reading = (named && alternatives[named]) || FACTS.warranty.primary;
      const main = DomUtils.textContent(DomUtils.findOne((e) => e.name === 'main', parseDocument(await (await request.get(p)).text()).children)!);
      if (!labels.some((l) => main.includes(l))) continue;
      stated++;
      expect.soft(main.includes(reading.label), `${p} states "${reading.label}"`).toBe(true);
      for (const other of labels) if (other !== reading.label) expect.soft(main.includes(other), `${p} states "${other}"`).toBe(false);
    }
    expect(stated).toBeGreaterThan(0);
  });

  test('a "call us" section shows the phone with and without +91; a related-links section keeps every link its file lists', async ({ page }) => {
    const local = SITE.contact.phone.replace(/^\+91(\d{5})(\d{5})$/, '$1 $2');
    for (const p of [...BRANDS, ...AREAS]) {
      const { sections } = landingFile(p);
      const related = (await data(p)).sections.find((s: { type: string }) => s.type === 'related-links');
      expect.soft(related?.links.length, p).toBe(sections.find((s) => s.type === 'related-links')?.links!.length);
      if (!sections.some((s) => s.type === 'phone-formats')) continue;
      await page.goto(p);
      await expect.soft(page.locator('main').getByRole('link', { name: `+91 ${local}`, exact: true }), p).toBeVisible();
      await expect.soft(page.locator('main').getByRole('link', { name: local, exact: true }), p).toBeVisible();
    }
  });

  test('the footer lists every brand and area page', async ({ page }) => {
    await page.goto('/');
    const footer = page.locator('footer');
    for (const p of [...BRANDS, ...AREAS]) await expect(footer.locator(`a[href="${p}"]`)).toHaveCount(1);
  });

  test('the home page shows the latest two posts', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('#latest-posts article')).toHaveCount(Math.min(POSTS.length, 2));
  });
});

// On a post of the site's with a table of contents, or the fixture's when it has none (fixture-site.ts).
const long = siteWith('toc-post');
test.describe(() => {
  test.use({ baseURL: long.baseURL });
  test('article headings can be linked: each has an id, its # mark shows on hover, and the table of contents leads to it', async ({ page }) => {
    const posts = long.routes().filter((r) => r.kind === 'post').map((r) => r.path);
    const tocs = await Promise.all(posts.map(async (p) => ((await pageData(p, long.dist)) as { toc?: unknown[] }).toc));
    // The table of contents shows from two headings on.
    const withToc = posts.find((_, i) => (tocs[i]?.length ?? 0) > 1);
    expect(withToc, 'a post with `toc: true` and two headings').toBeDefined();
    await page.goto(withToc!);
    await waitForEnhanced(page);
    const heading = page.locator('#article-body h2').first();
    const id = await heading.getAttribute('id');
    expect(id).toMatch(/^[a-z0-9-]+$/);
    // By what it is: a reader finds the mark by its link, not by a class.
    const mark = heading.locator(`a[href="#${id}"]`);
    await expect(mark).toHaveAccessibleName(/^Link to the section/);
    await expect(mark).toHaveCSS('opacity', '0');
    await heading.hover();
    await expect(mark).toHaveCSS('opacity', '1');
    await page.getByRole('navigation', { name: say('blog.post.toc') }).getByRole('link').first().click();
    await expect(page).toHaveURL(new RegExp(`#${id}$`));
  });
});
