import { existsSync } from 'node:fs';
import path from 'node:path';
import { SiteSchema } from '#schemas/site.ts';
import { LoadContext } from '#core/content/context.ts';
import { readMessages } from '#core/content/messages.ts';
import { checkContactLinks } from './contact.ts';
import { checkExternal, type ExternalOptions } from './external.ts';
import { checkFacts } from './facts.ts';
import { checkGoLive, listedLanguages } from './go-live.ts';
import { checkHreflang } from './hreflang.ts';
import { checkJsonLd } from './jsonld.ts';
import { checkLinks, type ExternalLinkUse } from './links.ts';
import { checkSeo } from './seo.ts';
import { checkShellLanguage } from './shell-language.ts';
import { checkSimilar } from './similar.ts';
import { CheckSetupError, readBuiltSite, SourceLocator, type RuleContext } from './site.ts';

export { CheckSetupError } from './site.ts';

export interface ContentCheckOptions {
  /** The content folder the site was built from. */
  contentDir: string;
  /** The project root: problem file names are relative to it. */
  root: string;
  /** Skip content validation (site.yaml and the message catalogues are still read for the rules). */
  skipContent?: boolean;
  /** Also report what must change before going live (sample values, archetype text): go-live.ts. */
  goLive?: boolean;
}

export interface CheckOptions {
  /** The built site (dist/ or any folder `site build --out` wrote). */
  dist: string;
  /** The project root: problem file names are relative to it. */
  root: string;
  /** What checkContent() found in the content the site was built from. */
  content: Awaited<ReturnType<typeof checkContent>>;
  /** Also request outbound http(s) links. */
  external?: ExternalOptions;
  /** Share of shingled text above which two brand (or area) pages are near-duplicates; default 0.8. */
  similarity?: number;
}

/**
 * The first half of `site check`: every problem the content pipeline reports, run as `site build`
 * runs it (loaded on demand: it is heavy), or with `skipContent` only site.yaml's; with `goLive`,
 * what must change before going live. Also what the rules compare the built pages with.
 */
export async function checkContent(opts: ContentCheckOptions) {
  if (!existsSync(opts.contentDir)) throw new CheckSetupError(`The content folder ${opts.contentDir} does not exist (use --content <dir>).`);
  const t0 = performance.now();
  // What the rules compare the pages with: site.yaml (validated; undefined when it has problems) and
  // the catalogues of the languages it lists, as written (the content check reports their problems).
  // Read without the content loader, which pulls in MDX and React (`--skip-content` starts in a
  // fraction of the time), and also when the loader finds problems elsewhere (then it gives no content).
  const ctx = new LoadContext(opts.contentDir, opts.root);
  const facts = ctx.readYaml('site.yaml', SiteSchema, 'site');
  let problems = [...ctx.problems];
  const source = ctx.sources.get(ctx.display(path.join(opts.contentDir, 'site.yaml')));
  const catalogues = source && readMessages(ctx, listedLanguages(source.value));
  let files = 1;
  if (!opts.skipContent) {
    const { cacheDirOf, prepareSite } = await import('#core/pipeline/prepare.ts');
    const prepared = await prepareSite({ root: opts.root, contentDir: opts.contentDir, cacheDir: cacheDirOf(opts.root), buildDate: new Date().toISOString().slice(0, 10) });
    problems = prepared.ok ? [] : prepared.problems;
    files = prepared.filesChecked;
  }
  if (opts.goLive) problems.push(...checkGoLive(opts.contentDir, opts.root).problems);
  return { facts, catalogues, problems, files, ms: Math.round(performance.now() - t0) };
}

/**
 * The second half of `site check`: the built site, offline, against what checkContent() found:
 * links and #fragments, canonicals and sitemap, titles and descriptions, JSON-LD, hreflang, contact
 * links, business facts, near-duplicate pages and shell text; outbound links only when asked.
 */
export async function checkSite(opts: CheckOptions) {
  const timings: Record<string, number> = { content: opts.content.ms };
  const time = async <T>(name: string, fn: () => T | Promise<T>): Promise<T> => {
    const t0 = performance.now();
    const out = await fn();
    timings[name] = Math.round(performance.now() - t0);
    return out;
  };
  const site = await time('read', () => readBuiltSite(path.resolve(opts.dist)));
  const { facts, catalogues } = opts.content;
  const ctx: RuleContext = { site, facts, locate: new SourceLocator(opts.root) };
  const problems = [...opts.content.problems];
  if (facts && facts.origin !== site.origin) {
    const home = site.pages.get('/');
    problems.push({
      file: home?.source.file ?? 'content/site.yaml',
      line: home?.source.line ?? 1,
      column: 1,
      rule: 'origin',
      message: 'the built site was made for another origin than content/site.yaml states (rebuild it)',
      expected: facts.origin,
      received: site.origin,
      severity: 'error',
    });
  }
  const { external } = opts;
  const outbound = external ? new Map<string, ExternalLinkUse>() : undefined;
  const links = await time('links', () => checkLinks(ctx, outbound));
  problems.push(...links.problems);
  const rules = { seo: checkSeo, jsonld: checkJsonLd, hreflang: checkHreflang, contact: checkContactLinks, facts: checkFacts };
  for (const [name, rule] of Object.entries(rules)) problems.push(...(await time(name, () => rule(ctx))));
  problems.push(...(await time('similar', () => checkSimilar(ctx, opts.similarity ?? 0.8))));
  problems.push(...(await time('shellLanguage', () => checkShellLanguage(ctx, catalogues))));
  const ext = external && outbound ? await time('external', () => checkExternal(ctx, outbound, external)) : undefined;
  problems.push(...(ext?.problems ?? []));
  return {
    ok: !problems.some((p) => p.severity === 'error'),
    checked: { contentFiles: opts.content.files, pages: site.all.length, links: links.links, externalLinks: ext?.checked ?? 0 },
    problems,
    timings,
  };
}

/** What `site check` found: ok when there are no errors (warnings allowed), how many things were looked at, wall milliseconds per phase. */
export type CheckReport = Awaited<ReturnType<typeof checkSite>>;
