import { hintFor, type Problem } from '#core/content/problems.ts';
import { pageProblem, pathOfFile, type BuiltPage, type RuleContext } from './site.ts';

/** A link split into what the rules need. */
export type Target =
  | { type: 'internal'; path: string; fragment?: string }
  | { type: 'external'; url: string }
  | { type: 'contact'; scheme: 'tel' | 'mailto' | 'whatsapp'; value: string }
  | { type: 'skip' };

/** decodeURIComponent, or the text as it is when it is not valid percent-encoding. */
export function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** Classify one href/src as written on `page`; `origin` makes absolute links to the site internal. */
export function classify(value: string, pagePath: string, origin: string): Target {
  const v = value.trim();
  if (!v || /^(javascript|data|blob|about):/i.test(v)) return { type: 'skip' };
  if (/^tel:/i.test(v)) return { type: 'contact', scheme: 'tel', value: v.slice(4) };
  if (/^mailto:/i.test(v)) return { type: 'contact', scheme: 'mailto', value: v.slice(7) };
  // The common "/x#y" without a URL object: a big blog has tens of thousands of such links.
  if (v[0] === '/' && v[1] !== '/' && !v.includes('\\')) {
    const hash = v.indexOf('#');
    const beforeHash = hash < 0 ? v : v.slice(0, hash);
    const q = beforeHash.indexOf('?');
    const p = q < 0 ? beforeHash : beforeHash.slice(0, q);
    return { type: 'internal', path: safeDecode(p), fragment: hash < 0 ? undefined : safeDecode(v.slice(hash + 1)) };
  }
  let url: URL;
  try {
    url = new URL(v, `${origin}${pagePath}`);
  } catch {
    return { type: 'internal', path: v }; // unparseable: reported as a broken link
  }
  if (url.origin === origin) {
    return { type: 'internal', path: safeDecode(url.pathname), fragment: url.hash ? safeDecode(url.hash.slice(1)) : undefined };
  }
  if (/^(wa\.me|api\.whatsapp\.com|web\.whatsapp\.com)$/i.test(url.hostname)) {
    const phone = url.hostname.toLowerCase() === 'wa.me' ? url.pathname.slice(1) : (url.searchParams.get('phone') ?? '');
    return { type: 'contact', scheme: 'whatsapp', value: phone };
  }
  if (url.protocol === 'http:' || url.protocol === 'https:') return { type: 'external', url: url.href.replace(/#.*$/, '') };
  return { type: 'skip' };
}

/** Where an internal path lands: a page (fragments checked against its ids), an asset, or nothing. */
function resolve(ctx: RuleContext, p: string): { page?: BuiltPage; asset?: boolean; slash?: boolean } | undefined {
  const { pages, files } = ctx.site;
  let slash = false;
  if (p.length > 1 && p.endsWith('/')) {
    slash = true;
    p = p.replace(/\/+$/, '') || '/';
  }
  const page = pages.get(p);
  if (page) return { page, slash };
  const rel = p.slice(1);
  if (files.has(rel)) {
    const asHtml = rel.endsWith('.html') ? pages.get(pathOfFile(rel)) : undefined;
    return asHtml ? { page: asHtml, slash } : { asset: true, slash };
  }
  return undefined;
}

export interface ExternalLinkUse {
  url: string;
  pages: BuiltPage[];
}

/**
 * Internal links and #fragments: every href/src must land on a page or a file of dist/, and every
 * fragment on an id of the page it points to. One problem per (page, broken target) pair.
 */
export function checkLinks(ctx: RuleContext, external?: Map<string, ExternalLinkUse>): { problems: Problem[]; links: number } {
  const problems: Problem[] = [];
  const { origin } = ctx.site;
  let links = 0;
  for (const page of ctx.site.all) {
    const checked = new Set<string>();
    for (const link of page.facts.links) {
      links++;
      const t = classify(link.value, page.path, origin);
      if (t.type === 'external') {
        if (external) {
          const use = external.get(t.url) ?? { url: t.url, pages: [] };
          if (!use.pages.includes(page)) use.pages.push(page);
          external.set(t.url, use);
        }
        continue;
      }
      // The same value on a page gives the same problems: checked once.
      if (t.type !== 'internal' || checked.has(link.value)) continue;
      checked.add(link.value);
      // A same-page fragment ("#faq") is checked against this page's ids.
      const samePage = t.path === '' || (t.path === page.path && t.fragment !== undefined);
      const hit = samePage ? { page, slash: false } : resolve(ctx, t.path);
      if (!hit) {
        problems.push(
          pageProblem(ctx, page, {
            rule: 'broken-link',
            message: `${link.where} "${link.value}" points to a page or file that is not in the built site`,
            expected: 'a page of the site or a file in the build',
            received: t.path,
            hint: hintFor(t.path, ctx.site.pages.keys()),
            needles: [link.value, t.path],
          }),
        );
        continue;
      }
      if (hit.slash) {
        problems.push(
          pageProblem(ctx, page, {
            rule: 'trailing-slash',
            message: `${link.where} "${link.value}" has a trailing slash: the page is served without one, so this link redirects`,
            expected: t.path.replace(/\/+$/, '') || '/',
            received: t.path,
            severity: 'warning',
            needles: [link.value],
          }),
        );
      }
      if (hit.page && t.fragment && t.fragment !== 'top' && !hit.page.facts.ids.has(t.fragment)) {
        problems.push(
          pageProblem(ctx, page, {
            rule: 'broken-fragment',
            message: `${link.where} "${link.value}" points to an id that is not on ${samePage ? 'this page' : hit.page.path}`,
            expected: `an element with that id on ${samePage ? 'the page' : hit.page.path}`,
            received: `#${t.fragment}`,
            hint: hintFor(t.fragment, hit.page.facts.ids, (guess) => `#${guess}`),
            needles: [link.value],
          }),
        );
      }
    }
  }
  return { problems, links };
}

