import { existsSync } from 'node:fs';
import path from 'node:path';
import { SiteSchema, type Site } from '#schemas/site.ts';
import type { Problem } from '#core/content/problems.ts';
import { LoadContext } from '#core/content/context.ts';
import { readMessages, type Catalogues } from '#core/content/messages.ts';
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

/** What the check takes from content/: its problems, and what the rules compare the built pages with. */
export interface CheckedContent {
  /** content/site.yaml, validated; undefined when it has problems (the fact rules are skipped). */
  facts?: Site;
  /** The message catalogues of the site's languages (content/messages/); undefined when they do not load (the content check says why). */
  catalogues?: Catalogues;
  problems: Problem[];
  /** How many content files were checked. */
  files: number;
  /** Wall milliseconds it took. */
  ms: number;
}

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
  content: CheckedContent;
  /** Also request outbound http(s) links. */
  external?: ExternalOptions;
  /** Share of shingled text above which two brand (or area) pages are near-duplicates; default 0.8. */
  similarity?: number;
}

export interface CheckReport {
  /** No errors (warnings allowed). */
  ok: boolean;
  /** How many things were looked at. */
  checked: { contentFiles: number; pages: number; links: number; externalLinks: number };
  problems: Problem[];
  /** Wall milliseconds per phase. */
  timings: Record<string, number>;
}

/**
 * content/site.yaml and the message catalogues alone, for the rules. Read without the content
 * loader, which pulls in MDX and React: `site check --skip-content` starts in a fraction of the time.
 */
function readFacts(contentDir: string, root: string): Omit<CheckedContent, 'files' | 'ms'> {
  const ctx = new LoadContext(contentDir, root);
  const facts = ctx.readYaml('site.yaml', SiteSchema, 'site');
  const problems = [...ctx.problems];
  const source = ctx.sources.get(ctx.display(path.join(contentDir, 'site.yaml')));
  if (!source) return { problems };
  // The catalogues of the languages site.yaml lists, as written (the content check reports their problems).
  const catalogues = readMessages(ctx, listedLanguages(source.value));
  return { facts, catalogues, problems };
}

/**
 * The first half of `site check`: every problem the content pipeline reports, run as `site build`
 * runs it (loaded on demand: it is heavy), or with `skipContent` only site.yaml's; with `goLive`,
 * what must change before going live.
 */
export async function checkContent(opts: ContentCheckOptions): Promise<CheckedContent> {
  if (!existsSync(opts.contentDir)) throw new CheckSetupError(`The content folder ${opts.contentDir} does not exist (use --content <dir>).`);
  const t0 = performance.now();
  // What the rules compare the pages with comes from site.yaml and the catalogues alone, also when
  // the loader finds problems elsewhere (then it gives no content).
  const { problems, ...forRules } = readFacts(opts.contentDir, opts.root);
  let found = { ...forRules, problems, files: 1 };
  if (!opts.skipContent) {
    const { cacheDirOf, prepareSite } = await import('#core/pipeline/prepare.ts');
    const prepared = await prepareSite({ root: opts.root, contentDir: opts.contentDir, cacheDir: cacheDirOf(opts.root), buildDate: new Date().toISOString().slice(0, 10) });
    found = { ...forRules, problems: prepared.ok ? [] : prepared.problems, files: prepared.filesChecked };
  }
  if (opts.goLive) found.problems.push(...checkGoLive(opts.contentDir, opts.root).problems);
  return { ...found, ms: Math.round(performance.now() - t0) };
}

/**
 * The second half of `site check`: the built site, offline, against what checkContent() found:
 * links and #fragments, canonicals and sitemap, titles and descriptions, JSON-LD, hreflang, contact
 * links, business facts, near-duplicate pages and shell text; outbound links only when asked.
 */
export async function checkSite(opts: CheckOptions): Promise<CheckReport> {
  const timings: Record<string, number> = { content: opts.content.ms };
  const time = <T>(name: string, fn: () => T): T => {
    const t0 = performance.now();
    const out = fn();
    timings[name] = Math.round(performance.now() - t0);
    return out;
  };
  const site = time('read', () => readBuiltSite(path.resolve(opts.dist)));
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
  const outbound = opts.external ? new Map<string, ExternalLinkUse>() : undefined;
  const links = time('links', () => checkLinks(ctx, outbound));
  problems.push(...links.problems);
  problems.push(...time('seo', () => checkSeo(ctx)));
  problems.push(...time('jsonld', () => checkJsonLd(ctx)));
  problems.push(...time('hreflang', () => checkHreflang(ctx)));
  problems.push(...time('contact', () => checkContactLinks(ctx)));
  problems.push(...time('facts', () => checkFacts(ctx)));
  problems.push(...time('similar', () => checkSimilar(ctx, opts.similarity ?? 0.8)));
  problems.push(...time('shellLanguage', () => checkShellLanguage(ctx, catalogues)));
  let externalLinks = 0;
  if (opts.external && outbound) {
    const t0 = performance.now();
    const ext = await checkExternal(ctx, outbound, opts.external);
    problems.push(...ext.problems);
    externalLinks = ext.checked;
    timings.external = Math.round(performance.now() - t0);
  }
  return {
    ok: !problems.some((p) => p.severity === 'error'),
    checked: { contentFiles: opts.content.files, pages: site.all.length, links: links.links, externalLinks },
    problems,
    timings,
  };
}
