import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Hang guards, not speed targets: a passing test never waits for them. On a busy machine (two
    // CPU hogs beside load 13 on 2 cores) one PGlite start took 50 s and a test that builds the
    // site 97 s; tests that need a clock get one they can hold, and wait for events (decision 100).
    testTimeout: 180_000,
    hookTimeout: 300_000,
    // Two cores; the integration files start real servers (Postgres, Deno).
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        // A folder per run for copies of a migrated PGlite database, which the files that need
        // one start from instead of an initdb each (tests/support/pglite.ts, decision 102).
        test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], globalSetup: ['tests/support/pglite-global.ts'] },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          // One PostgreSQL cluster for every integration file, each file in a database of its own;
          // started only when an integration file runs.
          globalSetup: ['tests/support/pg-global.ts', 'tests/support/pglite-global.ts'],
        },
      },
    ],
  },
});
