import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/integration/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // The integration suites start real servers (Postgres, Deno); keep the 2-core machine calm.
    fileParallelism: true,
    maxWorkers: 2,
  },
});
