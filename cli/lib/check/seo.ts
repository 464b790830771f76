import type { Problem } from '#core/content/problems.ts';
import { pageProblem, type BuiltPage, type RuleContext } from './site.ts';

/** Lengths search engines show without cutting; outside them is a warning, not an error. */
const LENGTHS = { title: { min: 10, max: 90 }, description: { min: 50, max: 170 } };

const isThankYou = (p: BuiltPage) => p.kind === 'thank-you' || p.path === '/thank-you';

/**
 * The head of every page and the sitemap: one absolute canonical equal to origin + path on every
 * indexable page, pointing at a page in sitemap.xml; the sitemap lists those pages and nothing else;
 * not-found and thank-you pages are noindex and not listed; titles and descriptions present, unique
 * and of a sensible length.
 */
export function checkSeo(ctx: RuleContext): Problem[] {
  const problems: Problem[] = [];
  const { site } = ctx;
  const { origin } = site;
  const urlOf = (p: string) => `${origin}${p}`;
  const inSitemap = new Set(site.sitemap ?? []);
  const home = site.pages.get('/');

  for (const route of site.manifest.routes) {
    if (!site.files.has(route.file)) {
      problems.push({
        file: route.source?.file ?? '_site/manifest.json',
        line: route.source?.line ?? 1,
        column: 1,
        rule: 'missing-page',
        message: `the manifest lists ${route.path}, but ${route.file} is not in the build`,
        url: urlOf(route.path),
        severity: 'error',
      });
    }
  }

  if (!site.sitemap && home) {
    problems.push(pageProblem(ctx, home, { rule: 'sitemap', message: 'sitemap.xml is missing from the build', expected: 'sitemap.xml listing every indexable page', received: 'no file' }));
  }

  for (const page of site.all) {
    const { facts } = page;
    const noindex = (facts.robots ?? '').includes('noindex');
    const own = urlOf(page.path);
    const mustHide = page.notFound || isThankYou(page) || !page.indexable;
    if (mustHide) {
      if (!noindex) {
        problems.push(pageProblem(ctx, page, {
          rule: 'noindex',
          message: `${page.notFound ? 'a not-found page' : isThankYou(page) ? 'the thank-you page' : 'a page marked noindex in content'} must tell search engines not to index it`,
          expected: '<meta name="robots" content="noindex, …">',
          received: facts.robots ? `robots "${facts.robots}"` : 'no robots meta',
          needles: ['noindex'],
        }));
      }
      if (inSitemap.has(own)) {
        problems.push(pageProblem(ctx, page, { rule: 'sitemap', message: 'a noindex page is listed in sitemap.xml', expected: 'not in sitemap.xml', received: own }));
      }
    } else {
      if (noindex) {
        problems.push(pageProblem(ctx, page, { rule: 'noindex', message: 'an indexable page says noindex', expected: 'robots "index, follow" (or no robots meta)', received: `robots "${facts.robots}"` }));
      }
      checkCanonical(ctx, page, own, inSitemap, problems);
      if (site.sitemap && !inSitemap.has(own)) {
        problems.push(pageProblem(ctx, page, { rule: 'sitemap', message: 'an indexable page is missing from sitemap.xml', expected: `<loc>${own}</loc> in sitemap.xml`, received: 'not listed' }));
      }
    }
    checkText(ctx, page, 'title', facts.title, facts.titleCount, problems);
    checkText(ctx, page, 'description', facts.description, facts.descriptionCount, problems);
  }

  // The sitemap lists indexable pages of this origin, once each, and nothing else.
  if (site.sitemap && home) {
    const seen = new Set<string>();
    for (const loc of site.sitemap) {
      if (seen.has(loc)) {
        problems.push(pageProblem(ctx, home, { rule: 'sitemap', message: 'sitemap.xml lists a URL twice', expected: 'each URL once', received: loc }));
        continue;
      }
      seen.add(loc);
      const p = loc.startsWith(`${origin}/`) ? loc.slice(origin.length) : undefined;
      // A page's own path has no trailing slash: "/about/" is /about, listed the wrong way (below).
      const page = p === undefined ? undefined : site.pages.get(p === '/' ? p : p.replace(/\/$/, ''));
      if (!page) {
        problems.push(pageProblem(ctx, home, {
          rule: 'sitemap',
          message: 'sitemap.xml lists a URL that is not a page of the site',
          expected: `a page under ${origin}/`,
          received: loc,
        }));
      } else if (page.path !== '/' && p!.endsWith('/')) {
        problems.push(pageProblem(ctx, page, { rule: 'sitemap', message: 'sitemap.xml lists a URL with a trailing slash', expected: urlOf(page.path), received: loc }));
      }
    }
  }

  // Unique titles and descriptions among the pages search engines see, in each language: a page's
  // twins in other languages are its alternates, not duplicates (an untranslated one is --go-live's).
  for (const field of ['title', 'description'] as const) {
    const byValue = new Map<string, BuiltPage>();
    for (const page of site.all) {
      if (!page.indexable || page.notFound) continue;
      const value = page.facts[field];
      if (!value) continue;
      const key = `${page.lang ?? ''}\n${value}`;
      const first = byValue.get(key);
      if (!first) {
        byValue.set(key, page);
        continue;
      }
      problems.push(pageProblem(ctx, page, {
        rule: `duplicate-${field}`,
        message: `the ${field} is the same as on ${first.path}`,
        expected: `a ${field} no other page has`,
        received: JSON.stringify(value),
        needles: [value],
      }));
    }
  }
  return problems;
}

function checkCanonical(ctx: RuleContext, page: BuiltPage, own: string, inSitemap: Set<string>, problems: Problem[]) {
  const { canonicals } = page.facts;
  if (canonicals.length !== 1) {
    problems.push(pageProblem(ctx, page, {
      rule: 'canonical',
      message: canonicals.length ? 'the page has more than one canonical link' : 'the page has no canonical link',
      expected: `exactly one <link rel="canonical" href="${own}">`,
      received: canonicals.length ? canonicals.join(', ') : 'none',
    }));
    if (!canonicals.length) return;
  }
  const href = canonicals[0]!;
  if (!/^https?:\/\//.test(href)) {
    problems.push(pageProblem(ctx, page, { rule: 'canonical', message: 'the canonical link is not an absolute URL', expected: own, received: href || '""' }));
    return;
  }
  if (href !== own) {
    const target = href.startsWith(`${ctx.site.origin}/`) ? ctx.site.pages.get(href.slice(ctx.site.origin.length).replace(/(.)\/$/, '$1')) : undefined;
    problems.push(pageProblem(ctx, page, {
      rule: 'canonical',
      message: target ? `the canonical link points to another page (${target.path})` : 'the canonical link is not this page’s URL',
      expected: own,
      received: href,
      needles: [href],
    }));
    if (!target) {
      problems.push(pageProblem(ctx, page, { rule: 'canonical', message: 'the canonical link points to a page that is not in the built site', expected: 'a page of the site', received: href }));
    } else if (!inSitemap.has(href)) {
      problems.push(pageProblem(ctx, page, { rule: 'canonical', message: 'the canonical link points to a page that is not in sitemap.xml', expected: 'a URL listed in sitemap.xml', received: href }));
    }
  }
}

function checkText(ctx: RuleContext, page: BuiltPage, field: 'title' | 'description', value: string | undefined, count: number, problems: Problem[]) {
  const tag = field === 'title' ? '<title>' : '<meta name="description">';
  if (!value) {
    problems.push(pageProblem(ctx, page, { rule: field, message: `the page has no ${field}`, expected: `a ${tag}`, received: count ? 'an empty one' : 'none' }));
    return;
  }
  if (count > 1) {
    problems.push(pageProblem(ctx, page, { rule: field, message: `the page has ${count} ${tag} tags`, expected: 'exactly one', received: String(count) }));
  }
  const { min, max } = LENGTHS[field];
  if (value.length < min || value.length > max) {
    problems.push(pageProblem(ctx, page, {
      rule: `${field}-length`,
      message: `the ${field} is ${value.length < min ? 'too short' : 'too long'} (${value.length} characters)`,
      expected: `${min}–${max} characters`,
      received: JSON.stringify(value),
      severity: 'warning',
      needles: [value],
    }));
  }
}
