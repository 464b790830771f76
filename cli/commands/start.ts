import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Command } from 'commander';
import { parse as parseYaml } from 'yaml';
import { SiteSchema } from '#schemas/index.ts';
import { contentDir, distDir, projectRoot } from '../lib/paths.ts';
import { buildIsStale } from '../lib/server/stale.ts';
import { build } from './build.ts';

export function startCommand(): Command {
  return new Command('start')
    .description('Serve the built site (building it first when dist/ is missing or older than its sources).')
    .option('-p, --port <port>', 'port to listen on (default: $PORT or 4173)')
    .option('--host <host>', 'address to listen on', '127.0.0.1')
    .option('--dist <dir>', 'the built site to serve (default: dist/)')
    .option('--no-build', 'serve dist/ as it is, without rebuilding')
    .option('--no-analytics', 'serve the site without the analytics and leads functions')
    .addHelpText(
      'after',
      '\nEnvironment: SITE_TRUSTED_PROXY=loopback|<address>|<cidr>,… names the proxies in front of this server whose' +
        '\nx-forwarded-for is believed (unset: the socket address is the client).' +
        '\n\nExit codes: 1 content problems stopped the build, 2 could not start.',
    )
    .action(async (opts: { port?: string; host: string; dist?: string; build: boolean; analytics: boolean }) => {
      // Loaded here, not at the top: Vite, Hono and PGlite are heavy, and every command would pay for them.
      const [{ serve }, { createNodeFunctions }, { createApp }, { guardedCreateServer }, { parseTrustedProxies }, { currentFunctionsContent, readBuiltFunctionsContent }] = await Promise.all([
        import('@hono/node-server'),
        import('../lib/server/functions.ts'),
        import('../lib/server/app.ts'),
        import('../lib/server/node-server.ts'),
        import('#functions/_shared/client-address.ts'),
        import('#core/pipeline/functions-content.ts'),
      ]);
      const trustedProxies = (process.env.SITE_TRUSTED_PROXY ?? '').split(',').filter((s) => s.trim());
      try {
        parseTrustedProxies(trustedProxies);
      } catch (error) {
        process.stderr.write(`SITE_TRUSTED_PROXY: ${(error as Error).message}\n`);
        process.exitCode = 2;
        return;
      }
      const dist = distDir(opts.dist);
      const content = contentDir();
      if (opts.build && buildIsStale(projectRoot(), content, dist)) {
        process.stderr.write('Building the site…\n');
        if (!(await build(content, dist, true))) return;
      }
      // The functions' choices, words and business: those of the build they serve beside (a build
      // keeps them in its record), else what the last build wrote for the Supabase functions, else
      // made from content/.
      const functionsWords = opts.analytics
        ? (readBuiltFunctionsContent(dist) ?? (await currentFunctionsContent(projectRoot(), content).catch(() => undefined)))
        : undefined;
      if (opts.analytics && !functionsWords) {
        process.stderr.write('content/ has problems, so the functions have no words or choices: `site build` names them.\n');
        process.exitCode = 1;
        return;
      }
      const port = Number(opts.port ?? process.env.PORT ?? 4173);
      // Ctrl+C (or SIGTERM) while the database starts lets the start finish first: its migrations are
      // one transaction, and an embedded database killed while writing may not open again.
      let stopRequested = false;
      let stop = async () => {
        stopRequested = true;
      };
      const onSignal = () => void stop();
      process.once('SIGINT', onSignal);
      process.once('SIGTERM', onSignal);
      // The analytics function on the same origin: PGlite in .data/ (or SITE_DATA_DIR), or DATABASE_URL.
      // Pages are served while the database starts (an initdb and the migrations take seconds, more
      // on a busy machine); a request to a function waits for it.
      const analytics = opts.analytics
        ? createNodeFunctions({
            dataDir: path.resolve(process.env.SITE_DATA_DIR ?? path.join(projectRoot(), '.data')),
            databaseUrl: process.env.DATABASE_URL,
            allowedOrigins: [`http://localhost:${port}`, `http://127.0.0.1:${port}`, functionsWords!.site.origin],
            trustedProxies,
            content: functionsWords!,
            leads: formsOf(content),
          })
        : undefined;
      analytics?.catch(() => {}); // reported below, once the server is listening
      // A function request that waited for a database that then could not start gets a 503 and the
      // reason (it stored nothing), not an error page; the server stops below.
      const unavailable = () => Response.json({ error: 'the analytics database did not start; nothing was stored' }, { status: 503 });
      const app = createApp({
        dist,
        analytics: analytics && ((req, address) => analytics.then((a) => a.handle(req, address), unavailable)),
        leads: analytics && ((req, address) => analytics.then((a) => a.handleLeads(req, address), unavailable)),
      });
      const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
        const s = serve({ fetch: app.fetch, port, hostname: opts.host, createServer: guardedCreateServer }, () => resolve(s));
      });
      process.stderr.write(`\n  Site:       http://localhost:${port}\n`);
      let started = !analytics;
      stop = async () => {
        stopRequested = true;
        server.close();
        if (!started) process.stderr.write('  Stopping once the analytics database has started…\n');
        await analytics?.then((a) => a.close(), () => {});
        process.exit(0);
      };
      if (stopRequested) return stop();
      if (analytics) {
        let key: string;
        try {
          key = (await analytics).dashboardKey;
        } catch (error) {
          process.stderr.write(`The analytics database did not start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
          server.close();
          process.exitCode = 2;
          return;
        } finally {
          started = true;
        }
        if (stopRequested) return; // stop() closes it
        process.stderr.write(`  Analytics:  http://localhost:${port}/analytics#key=${key}\n`);
      }
      process.stderr.write('\n  Press Ctrl+C to stop.\n');
      await new Promise(() => {});
    });
}

/**
 * The leads function's settings: content/site.yaml `forms`, through its schema (the same values the
 * build validated); none when the file does not validate (`site build` names the problem).
 */
function formsOf(content: string) {
  try {
    return SiteSchema.safeParse(parseYaml(readFileSync(path.join(content, 'site.yaml'), 'utf8'))).data?.forms;
  } catch {
    return undefined;
  }
}
