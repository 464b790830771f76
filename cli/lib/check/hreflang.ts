import type { Problem } from '#core/content/problems.ts';
import { TWIN_KINDS, twinPath } from '#src/i18n/href.ts';
import { pageProblem, type BuiltPage, type RuleContext } from './site.ts';

/** "/hi" and "/hi/…" are the Hindi edition (decision 081). */
const isHindi = (p: string) => p === '/hi' || p.startsWith('/hi/');
/** "content/brands/kodak.mdx" → "content/hi/brands/kodak.mdx" (decision 080: the same path under content/hi/). */
const twinFile = (file: string) => file.replace(/^((?:.*\/)?content\/)/, '$1hi/');
const baseName = (file: string) => file.replace(/^.*\//, '').replace(/\.[a-z]+$/, '');

/**
 * The language versions of each page (decision 081): a page with a twin lists both versions and
 * x-default in <link rel="alternate" hreflang>, each listed page is a page of the site that lists
 * it back (no one-way hreflang), and a Hindi page always has them. On a site with a Hindi edition,
 * an English page of a kind that can have a twin but has none is a warning.
 */
export function checkHreflang(ctx: RuleContext): Problem[] {
  const problems: Problem[] = [];
  const { origin, pages } = ctx.site;
  const pathOf = (href: string): string | undefined => {
    if (!href.startsWith(`${origin}/`) && href !== origin) return undefined;
    const p = href.slice(origin.length).replace(/[?#].*$/, '');
    return p === '' ? '/' : p;
  };
  const urlOf = (page: BuiltPage) => `${origin}${page.path}`;
  const listed = (page: BuiltPage) => page.facts.alternates.filter((a) => a.hreflang !== 'x-default').map((a) => a.href);
  const indexable = [...pages.values()].filter((p) => !p.notFound && p.indexable);
  const hasHindi = indexable.some((p) => isHindi(p.path));

  for (const page of indexable) {
    const alternates = page.facts.alternates;
    const twin = isHindi(page.path) ? page.path.replace(/^\/hi/, '') || '/' : twinPath('hi', page.path);
    const twinPage = pages.get(twin);
    if (!alternates.length) {
      if (isHindi(page.path) || (twinPage && !twinPage.notFound)) {
        problems.push(pageProblem(ctx, page, {
          rule: 'hreflang',
          message: isHindi(page.path) ? 'a Hindi page without hreflang alternates' : `the page has a Hindi twin (${twin}) but no hreflang alternates`,
          expected: `<link rel="alternate" hreflang> for ${urlOf(page)}, ${origin}${twin} and x-default`,
          received: 'none',
        }));
      } else if (hasHindi && TWIN_KINDS.includes(page.kind)) {
        problems.push(pageProblem(ctx, page, {
          rule: 'no-twin',
          message: 'an English page without a Hindi twin',
          expected: `a Hindi twin in ${twinFile(page.source.file)}, the page ${twin}`,
          hint: page.kind === 'brand' || page.kind === 'area' ? `\`site new ${page.kind} ${baseName(page.source.file)} --lang hi\` scaffolds it` : undefined,
          received: 'none',
          severity: 'warning',
        }));
      }
      continue;
    }
    if (!listed(page).includes(urlOf(page))) {
      problems.push(pageProblem(ctx, page, { rule: 'hreflang', message: 'the hreflang alternates do not list the page itself', expected: urlOf(page), received: listed(page).join(', ') }));
    }
    if (!alternates.some((a) => a.hreflang === 'x-default')) {
      problems.push(pageProblem(ctx, page, { rule: 'hreflang', message: 'the hreflang alternates have no x-default', expected: `hreflang="x-default" (the English page)`, received: alternates.map((a) => a.hreflang).join(', ') }));
    }
    for (const alt of alternates) {
      const p = pathOf(alt.href);
      const target = p === undefined ? undefined : pages.get(p);
      if (!target || target.notFound) {
        problems.push(pageProblem(ctx, page, { rule: 'hreflang', message: `hreflang="${alt.hreflang}" points at no page of the site`, expected: 'the URL of a page of this site', received: alt.href }));
      } else if (target !== page && alt.hreflang !== 'x-default' && !listed(target).includes(urlOf(page))) {
        problems.push(pageProblem(ctx, page, {
          rule: 'hreflang',
          message: `one-way hreflang: ${target.path} does not list this page back`,
          expected: `<link rel="alternate" hreflang> for ${urlOf(page)} on ${target.path}`,
          received: listed(target).join(', ') || 'none',
        }));
      }
    }
  }
  return problems;
}
