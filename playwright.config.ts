import { rmSync } from 'node:fs';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { FIXTURE_DIST, FIXTURE_PORT, fixtureDataDir, MISSING } from './tests/e2e/fixture-site.ts';

const PORT = Number(process.env.E2E_PORT ?? 4174);
// Each run starts the analytics database afresh (tests assert what is stored). The main process
// clears it once and passes the folder to its workers through the environment, so they do not.
if (!process.env.E2E_DATA_DIR) {
  process.env.E2E_DATA_DIR = process.env.SITE_DATA_DIR ?? '.data/e2e';
  rmSync(process.env.E2E_DATA_DIR, { recursive: true, force: true });
  rmSync(fixtureDataDir(), { recursive: true, force: true });
}

/**
 * Browser tests run on the built site (dist/, built by `npm test` first) served by our own server,
 * in Debian's Chromium: never a downloaded browser.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  // Two cores: one browser page per core. More workers only queue for the CPU (and the server's).
  workers: 2,
  forbidOnly: true,
  reporter: [['list']],
  // Hang guards, not speed targets: a passing test never waits for them, and on a busy machine
  // (load 15-20 on 2 cores) one axe run took 25-34 s. Tests wait for events, attributes and
  // responses, never for a time (decision 100).
  timeout: 120_000,
  expect: { timeout: 30_000 },
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      // --in-process-gpu: with no GPU, Chromium composites every frame in software in a process of
      // its own; in the browser process it skips that process and its IPC per frame (figures in
      // decision 100). Rendering, bfcache, prerender and view transitions are the same code.
      args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-gpu', '--in-process-gpu'],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: [
    {
      command: `node cli/bin.mjs start --no-build --port ${PORT}`,
      url: `http://127.0.0.1:${PORT}/`,
      timeout: 180_000,
      env: { SITE_DATA_DIR: process.env.E2E_DATA_DIR },
    },
    // A shape of content some tests need and content/ lacks (a new project's starter has no service
    // centre, no post with a table of contents): content/ with it added, built and served beside the site.
    ...(MISSING.length
      ? [
          {
            command: [
              'node --import tsx tests/e2e/fixture-site.ts',
              `node cli/bin.mjs build --quiet --content ${path.join(path.dirname(FIXTURE_DIST), 'content')} --out ${FIXTURE_DIST}`,
              `node cli/bin.mjs start --no-build --dist ${FIXTURE_DIST} --port ${FIXTURE_PORT}`,
            ].join(' && '),
            url: `http://127.0.0.1:${FIXTURE_PORT}/`,
            timeout: 300_000,
            env: { SITE_DATA_DIR: fixtureDataDir() },
          },
        ]
      : []),
  ],
});
