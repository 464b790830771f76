import { existsSync, readFileSync } from 'node:fs';
import { buildInfoFile } from '#core/pipeline/record.ts';
import { Command, InvalidArgumentError, Option } from 'commander';
import { contentDir, distDir, projectRoot } from '../lib/paths.ts';

/** A flag's number, refused with what it should be unless `ok`. */
export const numberArg = (ok: (n: number) => boolean, expected: string) => (value: string) => {
  const n = Number(value);
  if (!ok(n)) throw new InvalidArgumentError(`expected ${expected}, got "${value}"`);
  return n;
};
const integer = (min: number) => numberArg((n) => Number.isInteger(n) && n >= min, `a whole number ≥ ${min}`);

/** The content folder a built site came from: --content, $SITE_CONTENT_DIR, the build's record, content/. */
function contentFor(dist: string, flag?: string): string {
  if (flag || process.env.SITE_CONTENT_DIR) return contentDir(flag);
  try {
    const recorded = (JSON.parse(readFileSync(buildInfoFile(dist), 'utf8')) as { content?: string }).content;
    if (recorded && existsSync(recorded)) return recorded;
  } catch {
    /* no record: the project's content/ */
  }
  return contentDir();
}

interface CheckFlags {
  content?: string;
  skipContent?: boolean;
  json?: boolean;
  format: 'human' | 'json' | 'github';
  external?: boolean;
  concurrency: number;
  timeout: number;
  retries: number;
  similarity: number;
  goLive?: boolean;
}

export function checkCommand(): Command {
  return new Command('check')
    .description('Validate content/, then check the built site offline: links and #fragments, canonicals and sitemap, titles and descriptions, JSON-LD, contact links, business facts, near-duplicate pages.')
    .argument('[dir]', 'the built site to check', 'dist')
    .option('--content <dir>', 'content folder the site was built from (default: the one `site build` recorded, else content/)')
    .option('--skip-content', 'do not validate content/ (content/site.yaml is still read for the business facts)')
    .option('--json', 'print the report as JSON on stdout, and nothing else')
    .addOption(new Option('--format <format>', 'output format').choices(['human', 'json', 'github']).default('human'))
    .option('--external', 'also request outbound http(s) links (off by default: needs the network)')
    .option('--concurrency <n>', 'outbound requests at once, with --external', integer(1), 8)
    .option('--timeout <ms>', 'time limit per outbound request, with --external', integer(1), 10000)
    .option('--retries <n>', 'retries after a network error, 429 or 5xx, with --external', integer(0), 2)
    .option('--go-live', 'also fail on what must change before going live: sample business values, .example and example.com addresses, sample phone numbers, form endpoints at sample addresses, archetype text left in a page')
    .option('--similarity <share>', 'warn when two brand or area pages share more than this share of their text', numberArg((n) => n > 0 && n <= 1, 'a share between 0 and 1 such as 0.8'), 0.8)
    .addHelpText(
      'after',
      `
Output: problems grouped by source file on stderr, one summary line last; --json prints only the
JSON report on stdout; --format github prints ::error/::warning annotations on stdout for CI.

Exit codes:
  0  no errors (warnings are allowed)
  1  errors found
  2  could not run (bad flags, no built site, no route manifest, no content folder)`,
    )
    .action(async (dir: string, opts: CheckFlags) => {
      const format = opts.json ? 'json' : opts.format;
      const dist = distDir(dir);
      // Loaded here, not at the top: the checks and their HTML parser are not what other commands run.
      const [{ CheckSetupError, checkContent, checkSite }, { formatGithub, formatHuman }] = await Promise.all([import('../lib/check/index.ts'), import('../lib/check/format.ts')]);
      const root = projectRoot();
      let report;
      try {
        const content = await checkContent({ contentDir: contentFor(dist, opts.content), root, skipContent: opts.skipContent, goLive: opts.goLive });
        report = await checkSite({
          dist,
          root,
          content,
          similarity: opts.similarity,
          external: opts.external ? { concurrency: opts.concurrency, timeout: opts.timeout, retries: opts.retries } : undefined,
        });
      } catch (err) {
        if (!(err instanceof CheckSetupError)) throw err;
        if (format === 'json') process.stdout.write(`${JSON.stringify({ ok: false, error: err.message })}\n`);
        else process.stderr.write(`site check: ${err.message}\n`);
        process.exitCode = 2;
        return;
      }
      if (format === 'json') {
        process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
      } else {
        if (format === 'github' && report.problems.length) process.stdout.write(`${formatGithub(report.problems)}\n`);
        process.stderr.write(`${formatHuman(report)}\n`);
      }
      process.exitCode = report.ok ? 0 : 1;
    });
}
