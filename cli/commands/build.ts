import { existsSync } from 'node:fs';
import { Command } from 'commander';
import { formatProblems } from '#core/content/problems.ts';
import { contentDir, distDir, projectRoot } from '../lib/paths.ts';

/**
 * Build the site from `content` into `out`, logging each step when `log`; on content problems
 * (with `production`, also what must change before going live) print them, set exit code 1 and
 * resolve to undefined; with no content folder at all, say so and set exit code 2.
 */
export async function build(content: string, out: string, log: boolean, production = false) {
  if (!existsSync(content)) {
    process.stderr.write(`There is no content folder at ${content}: \`site init\` makes one, or name yours with --content <dir>.\n`);
    process.exitCode = 2;
    return undefined;
  }
  if (production) {
    const { checkGoLive } = await import('../lib/check/go-live.ts');
    const goLive = checkGoLive(content, projectRoot());
    if (goLive.problems.some((p) => p.severity === 'error')) {
      process.stderr.write(`${formatProblems(goLive.problems, goLive.files)}
Not built: --production needs the content ready to go live.
`);
      process.exitCode = 1;
      return undefined;
    }
  }
  // Loaded here, not at the top: Vite is heavy, and every other command would pay for it.
  const [{ buildSite }, { writeFunctionsContent }] = await Promise.all([import('#core/pipeline/index.ts'), import('#core/pipeline/functions-content.ts')]);
  const report = await buildSite({ root: projectRoot(), contentDir: content, outDir: out, log: log ? (line) => process.stderr.write(`  ${line}\n`) : undefined });
  if (!report.ok) {
    process.stderr.write(`${formatProblems(report.problems, report.filesChecked)}\n`);
    process.exitCode = 1;
    return undefined;
  }
  // The functions' words and the business, for `supabase functions deploy` (README, "The weekly
  // digest"): from the build of the site that is published, dist/; a build elsewhere (--out, a
  // test's or a bench's) leaves what the functions deploy as it was.
  if (out === distDir()) writeFunctionsContent(projectRoot(), report.functions!);
  return report;
}

export function buildCommand(): Command {
  return new Command('build')
    .description('Validate content/ and build the static site into dist/ (dist/ is replaced only when the build succeeds).')
    .option('--content <dir>', 'content folder to build from (default: content/, or $SITE_CONTENT_DIR)')
    .option('--out <dir>', 'output folder (default: dist/)')
    .option('--quiet', 'print only problems and the summary')
    .option('--production', 'refuse to build while the content still has sample values or archetype text (the checks of `site check --go-live`)')
    .addHelpText('after', '\nExit codes: 0 built, 1 content problems (nothing written), 2 could not run.')
    .action(async (opts: { content?: string; out?: string; quiet?: boolean; production?: boolean }) => {
      const t0 = performance.now();
      const report = await build(contentDir(opts.content), distDir(opts.out), !opts.quiet, opts.production);
      if (!report) return;
      const seconds = ((performance.now() - t0) / 1000).toFixed(1);
      process.stderr.write(`✔ built ${report.pages} pages into ${distDir(opts.out)} in ${seconds} s\n`);
    });
}
