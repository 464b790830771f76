import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { SiteSchema, type Site } from '#schemas/site.ts';
import type { Problem } from '#core/content/problems.ts';
import { parseYamlSource } from '#core/content/yaml-source.ts';
import { zodProblems } from '#core/content/zod-problems.ts';
import { checkContactLinks } from './contact.ts';
import { checkExternal, type ExternalOptions } from './external.ts';
import { checkFacts } from './facts.ts';
import { checkGoLive } from './go-live.ts';
import { checkHreflang } from './hreflang.ts';
import { checkJsonLd } from './jsonld.ts';
import { checkLinks, type ExternalLinkUse } from './links.ts';
import { checkSeo } from './seo.ts';
import { checkShellLanguage, readCatalogues } from './shell-language.ts';
import { checkSimilar } from './similar.ts';
import { CheckSetupError, readBuiltSite, SourceLocator, type RuleContext } from './site.ts';

export { CheckSetupError } from './site.ts';

export interface CheckOptions {
  /** The built site (dist/ or any folder `site build --out` wrote). */
  dist: string;
  /** The content folder the site was built from. */
  contentDir: string;
  /** The project root: problem file names are relative to it. */
  root: string;
  /** Skip content validation (site.yaml is still read for the business facts). */
  skipContent?: boolean;
  /** Also request outbound http(s) links. */
  external?: ExternalOptions;
  /** Share of shingled text above which two brand (or area) pages are near-duplicates; default 0.8. */
  similarity?: number;
  /** Also report what must change before going live (sample values, archetype text): go-live.ts. */
  goLive?: boolean;
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
 * content/site.yaml alone, for the business facts. Read without the content loader, which pulls in
 * MDX and React: `site check --skip-content` starts in a fraction of the time.
 */
function readSiteFacts(contentDir: string, root: string): { site?: Site; problems: Problem[] } {
  const abs = path.join(contentDir, 'site.yaml');
  const file = path.relative(root, abs).split(path.sep).join('/');
  if (!existsSync(abs)) {
    return { problems: [{ file, line: 1, column: 1, rule: 'missing-file', message: 'site: the file is missing', severity: 'error' }] };
  }
  const source = parseYamlSource(file, readFileSync(abs, 'utf8'));
  if (source.problems.length) return { problems: source.problems };
  const result = SiteSchema.safeParse(source.value, { reportInput: true });
  return result.success ? { site: result.data, problems: [] } : { problems: zodProblems(result.error, source, 'site', SiteSchema) };
}

/** Every problem the content pipeline reports, run as `site build` runs it (loaded on demand: it is heavy). */
async function validateContent(contentDir: string, root: string): Promise<{ site?: Site; problems: Problem[]; files: number }> {
  const { cacheDirOf, prepareSite } = await import('#core/pipeline/prepare.ts');
  const prepared = await prepareSite({ root, contentDir, cacheDir: cacheDirOf(root), buildDate: new Date().toISOString().slice(0, 10) });
  if (prepared.ok) return { site: prepared.site.content.site, problems: [], files: prepared.filesChecked };
  return { site: readSiteFacts(contentDir, root).site, problems: prepared.problems, files: prepared.filesChecked };
}

/**
 * `site check`: validate content/ (every problem the loader reports), then check the built site
 * offline: links and #fragments, canonicals and sitemap, titles and descriptions, JSON-LD, hreflang, contact
 * links, business facts and near-duplicate pages; outbound links only when asked.
 */
export async function checkSite(opts: CheckOptions): Promise<CheckReport> {
  const timings: Record<string, number> = {};
  const time = <T>(name: string, fn: () => T): T => {
    const t0 = performance.now();
    const out = fn();
    timings[name] = Math.round(performance.now() - t0);
    return out;
  };
  if (!existsSync(opts.contentDir)) throw new CheckSetupError(`The content folder ${opts.contentDir} does not exist (use --content <dir>).`);

  const problems: Problem[] = [];
  const t0 = performance.now();
  const content = opts.skipContent ? { ...readSiteFacts(opts.contentDir, opts.root), files: 1 } : await validateContent(opts.contentDir, opts.root);
  timings.content = Math.round(performance.now() - t0);
  problems.push(...content.problems);
  const facts = content.site;
  const contentFiles = content.files;

  const readStart = performance.now();
  const site = await readBuiltSite(path.resolve(opts.dist));
  timings.read = Math.round(performance.now() - readStart);
  const ctx: RuleContext = { site, facts, locate: new SourceLocator(opts.root) };
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
  const external = opts.external ? new Map<string, ExternalLinkUse>() : undefined;
  const links = time('links', () => checkLinks(ctx, external));
  problems.push(...links.problems);
  problems.push(...time('seo', () => checkSeo(ctx)));
  problems.push(...time('jsonld', () => checkJsonLd(ctx)));
  problems.push(...time('hreflang', () => checkHreflang(ctx)));
  problems.push(...time('contact', () => checkContactLinks(ctx)));
  problems.push(...time('facts', () => checkFacts(ctx)));
  problems.push(...time('similar', () => checkSimilar(ctx, opts.similarity ?? 0.8)));
  problems.push(...time('shellLanguage', () => checkShellLanguage(ctx, readCatalogues(opts.contentDir, opts.root))));
  if (opts.goLive) problems.push(...time('goLive', () => checkGoLive(opts.contentDir, opts.root).problems));
  let externalLinks = 0;
  if (opts.external && external) {
    const t0 = performance.now();
    const ext = await checkExternal(ctx, external, opts.external);
    problems.push(...ext.problems);
    externalLinks = ext.checked;
    timings.external = Math.round(performance.now() - t0);
  }
  return {
    ok: !problems.some((p) => p.severity === 'error'),
    checked: { contentFiles, pages: site.all.length, links: links.links, externalLinks },
    problems,
    timings,
  };
}
