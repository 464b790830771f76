import { Command } from 'commander';
import { formatProblems } from '#core/content/problems.ts';
import { contentDir, distDir, productionReact, projectRoot } from '../lib/paths.ts';

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
      productionReact();
      if (opts.production) {
        const { checkGoLive } = await import('../lib/check/go-live.ts');
        const goLive = checkGoLive(contentDir(opts.content), projectRoot());
        if (goLive.problems.some((p) => p.severity === 'error')) {
          process.stderr.write(`${formatProblems(goLive.problems, goLive.files)}
Not built: --production needs the content ready to go live.
`);
          process.exitCode = 1;
          return;
        }
      }
      // Loaded here, not at the top: Vite is heavy, and every other command would pay for it.
      const { buildSite } = await import('#core/pipeline/index.ts');
      const report = await buildSite({
        root: projectRoot(),
        contentDir: contentDir(opts.content),
        outDir: distDir(opts.out),
        log: opts.quiet ? undefined : (line) => process.stderr.write(`  ${line}\n`),
      });
      if (!report.ok) {
        process.stderr.write(`${formatProblems(report.problems, report.filesChecked)}\n`);
        process.exitCode = 1;
        return;
      }
      // The functions' words and the business, for `supabase functions deploy` (README, "The weekly
      // digest"): from the build of the site that is published, dist/; a build elsewhere (--out, a
      // test's or a bench's) leaves what the functions deploy as it was.
      if (distDir(opts.out) === distDir()) {
        const { writeFunctionsContent } = await import('#core/pipeline/functions-content.ts');
        writeFunctionsContent(projectRoot(), report.functions!);
      }
      const seconds = ((performance.now() - t0) / 1000).toFixed(1);
      process.stderr.write(`✔ built ${report.pages} pages into ${distDir(opts.out)} in ${seconds} s\n`);
    });
}
