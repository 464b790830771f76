import { Command } from 'commander';
import { serve } from '@hono/node-server';
import { buildSite } from '../lib/build/index.ts';
import { formatProblems } from '../../src/lib/content/problems.ts';
import { contentDir, distDir, PROJECT_ROOT } from '../lib/paths.ts';
import { createApp } from '../lib/server/app.ts';
import { buildIsStale } from '../lib/server/stale.ts';

export function startCommand(): Command {
  return new Command('start')
    .description('Serve the built site (building it first when dist/ is missing or older than its sources).')
    .option('-p, --port <port>', 'port to listen on (default: $PORT or 4173)')
    .option('--host <host>', 'address to listen on', '127.0.0.1')
    .option('--dist <dir>', 'the built site to serve (default: dist/)')
    .option('--no-build', 'serve dist/ as it is, without rebuilding')
    .addHelpText('after', '\nExit codes: 1 content problems stopped the build, 2 could not start.')
    .action(async (opts: { port?: string; host: string; dist?: string; build: boolean }) => {
      const dist = distDir(opts.dist);
      const content = contentDir();
      if (opts.build && buildIsStale(PROJECT_ROOT, content, dist)) {
        process.stderr.write('Building the site…\n');
        const report = await buildSite({ root: PROJECT_ROOT, contentDir: content, outDir: dist, log: (l) => process.stderr.write(`  ${l}\n`) });
        if (!report.ok) {
          process.stderr.write(`${formatProblems(report.problems, report.filesChecked)}\n`);
          process.exitCode = 1;
          return;
        }
      }
      const port = Number(opts.port ?? process.env.PORT ?? 4173);
      const app = createApp({ dist });
      await new Promise<void>((resolve) => {
        serve({ fetch: app.fetch, port, hostname: opts.host }, () => resolve());
      });
      process.stderr.write(`\n  Site:       http://localhost:${port}\n\n  Press Ctrl+C to stop.\n`);
      await new Promise(() => {});
    });
}
