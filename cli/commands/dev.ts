import { Command } from 'commander';
import { contentDir, projectRoot } from '../lib/paths.ts';
import { numberArg } from './check.ts';

export function devCommand(): Command {
  return new Command('dev')
    .description('Serve the site from content/ and src/ with Vite: pages rendered on request, code changes hot-reloaded, content changes shown without a restart.')
    .option('-p, --port <port>', 'port to listen on (default: $PORT or 5173)', numberArg((n) => Number.isInteger(n) && n >= 0 && n <= 65535, 'a port number'))
    .option('--host <host>', 'address to listen on', '127.0.0.1')
    .option('--content <dir>', 'content folder (default: content/, or $SITE_CONTENT_DIR)')
    .addHelpText('after', '\nExit codes: 2 could not start (bad flags, port in use). Stop with Ctrl+C.')
    .action(async (opts: { port?: number; host: string; content?: string }) => {
      // Loaded here, not at the top: Vite is heavy, and every other command would pay for it.
      const { startDevServer } = await import('../lib/dev/server.ts');
      const server = await startDevServer({
        root: projectRoot(),
        contentDir: contentDir(opts.content),
        port: opts.port ?? Number(process.env.PORT ?? 5173),
        host: opts.host,
        log: (line) => process.stderr.write(`  ${line}\n`),
      });
      process.stderr.write(`\n  Dev server: ${server.url}\n  Content:    ${contentDir(opts.content)} (changes reload the page)\n\n  Press Ctrl+C to stop.\n`);
      const stop = async () => {
        await server.close();
        process.exit(0);
      };
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
      await new Promise(() => {});
    });
}
