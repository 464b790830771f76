import type { Problem } from '#core/content/problems.ts';
import type { Language } from '#src/contract/site.ts';
import { pathIn } from '#src/i18n/href.ts';
import { pageProblem, type BuiltPage, type RuleContext } from './site.ts';

/** The `site new` word of a page kind made from a folder collection (schemas/collections.ts). */
const NEW_COMMAND: Record<string, string> = { brand: 'brand', area: 'area', post: 'post', 'service-center-brand': 'service-center' };
const baseName = (file: string) => file.replace(/^.*\//, '').replace(/\.[a-z]+$/, '');
/** "content/brands/kodak.mdx" → "content/hi/brands/kodak.mdx": the same path under content/<code>/ (decision 080). */
const twinFile = (file: string, code: string) => file.replace(/^((?:.*\/)?content\/)/, `$1${code}/`);

/**
 * The language versions of each page (decisions 081, 110): a page with twins lists every version
 * and x-default in <link rel="alternate" hreflang>, each listed page is a page of the site that
 * lists it back (no one-way hreflang), and a page of a language after the first always has them.
 * A page without a twin in a language that has twins of other pages of its kind is a warning.
 */
export function checkHreflang(ctx: RuleContext): Problem[] {
  const problems: Problem[] = [];
  const { origin, pages, manifest } = ctx.site;
  const languages: readonly Language[] = manifest.languages ?? [];
  const [first] = languages;
  const pathOf = (href: string): string | undefined => {
    if (!href.startsWith(`${origin}/`) && href !== origin) return undefined;
    const p = href.slice(origin.length).replace(/[?#].*$/, '');
    return p === '' ? '/' : p;
  };
  const urlOf = (page: BuiltPage) => `${origin}${page.path}`;
  const listed = (page: BuiltPage) => page.facts.alternates.filter((a) => a.hreflang !== 'x-default').map((a) => a.href);
  const indexable = [...pages.values()].filter((p) => !p.notFound && p.indexable);

  // Each page's language, and its path in the default language: what its twins share.
  const inPrefix = (p: string, l: Language) => !!l.prefix && (p === l.prefix || p.startsWith(`${l.prefix}/`));
  const languageOf = (page: BuiltPage) => languages.find((l) => l.code === page.lang) ?? languages.find((l) => inPrefix(page.path, l)) ?? first;
  const defaultPathOf = (page: BuiltPage) => {
    const l = languageOf(page);
    return l && inPrefix(page.path, l) ? page.path.slice(l.prefix.length) || '/' : page.path;
  };
  const versions = new Map<string, Map<string, BuiltPage>>();
  const kindsIn = new Map<string, Set<string>>();
  for (const page of indexable) {
    const l = languageOf(page);
    if (!l) continue;
    const key = defaultPathOf(page);
    versions.set(key, (versions.get(key) ?? new Map()).set(l.code, page));
    if (l !== first) kindsIn.set(l.code, (kindsIn.get(l.code) ?? new Set()).add(page.kind));
  }

  for (const page of indexable) {
    const alternates = page.facts.alternates;
    const language = languageOf(page);
    if (!alternates.length) {
      const twins = [...(versions.get(defaultPathOf(page)) ?? new Map<string, BuiltPage>()).values()].filter((p) => p !== page);
      if ((language && language !== first) || twins.length) {
        problems.push(pageProblem(ctx, page, {
          rule: 'hreflang',
          message: twins.length ? `the page has ${twins.length === 1 ? 'a twin' : 'twins'} (${twins.map((t) => t.path).join(', ')}) but no hreflang alternates` : `a page in language "${language!.code}" without hreflang alternates`,
          expected: `<link rel="alternate" hreflang> for ${[page, ...twins].map(urlOf).join(', ')} and x-default`,
          received: 'none',
        }));
      } else {
        for (const other of languages.slice(1)) {
          if (!kindsIn.get(other.code)?.has(page.kind)) continue;
          const command = NEW_COMMAND[page.kind];
          problems.push(pageProblem(ctx, page, {
            rule: 'no-twin',
            message: `a page without its twin in language "${other.code}"`,
            expected: `its twin in ${twinFile(page.source.file, other.code)}, the page ${pathIn(other, page.path)}`,
            hint: command ? `\`site new ${command} ${baseName(page.source.file)} --lang ${other.code}\` scaffolds it` : undefined,
            received: 'none',
            severity: 'warning',
          }));
        }
      }
      continue;
    }
    if (!listed(page).includes(urlOf(page))) {
      problems.push(pageProblem(ctx, page, { rule: 'hreflang', message: 'the hreflang alternates do not list the page itself', expected: urlOf(page), received: listed(page).join(', ') }));
    }
    if (!alternates.some((a) => a.hreflang === 'x-default')) {
      problems.push(pageProblem(ctx, page, { rule: 'hreflang', message: 'the hreflang alternates have no x-default', expected: `hreflang="x-default" (the page in the default language)`, received: alternates.map((a) => a.hreflang).join(', ') }));
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
