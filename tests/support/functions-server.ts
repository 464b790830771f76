// `site start`'s server as a test runs it: the app (createApp) with both functions
// (createNodeFunctions) on a data folder of the test's own that starts from a copy of the run's
// migrated PGlite, on a free port of 127.0.0.1, and two receivers standing where the alerts go
// (Telegram's Bot API and the owner's webhook: tests/support/receiver.ts).

import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import { createApp } from '#cli/lib/server/app.ts';
import { createNodeFunctions, type NodeFunctions, type NodeFunctionsOptions } from '#cli/lib/server/functions.ts';
import { migratedDataDir } from './pglite.ts';
import { startReceiver, type Receiver } from './receiver.ts';

export interface FunctionsServer {
  /** http://127.0.0.1:PORT */
  base: string;
  fns: NodeFunctions;
  telegram: Receiver;
  hook: Receiver;
  /** Stops the server, the functions and the receivers, and removes the data folder. */
  close(): Promise<void>;
}

/**
 * Starts it: `options` are the functions' options but the data folder, given the receivers;
 * `seed` writes into the data folder's database before the functions open it.
 */
export async function startFunctionsServer(
  options: (receivers: { telegram: Receiver; hook: Receiver }) => Omit<NodeFunctionsOptions, 'dataDir'>,
  seed?: (pgliteDir: string) => Promise<void>,
): Promise<FunctionsServer> {
  const work = await mkdtemp(join(tmpdir(), 'site-functions-'));
  const dataDir = join(work, 'data');
  await mkdir(dataDir);
  await migratedDataDir(join(dataDir, 'pglite'));
  await seed?.(join(dataDir, 'pglite'));
  const [telegram, hook] = await Promise.all([startReceiver(), startReceiver()]);
  const fns = await createNodeFunctions({ ...options({ telegram, hook }), dataDir });
  const app = createApp({ dist: join(work, 'dist'), analytics: (req, remote) => fns.handle(req, remote), leads: (req, remote) => fns.handleLeads(req, remote) });
  const server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 });
  await new Promise<void>((resolve) => server.once('listening', resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    fns,
    telegram,
    hook,
    async close() {
      await new Promise((r) => server.close(r));
      await fns.close();
      await Promise.all([telegram.close(), hook.close()]);
      await rm(work, { recursive: true, force: true });
    },
  };
}
