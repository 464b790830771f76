import { gzipSync } from 'node:zlib';
import { build, type Rolldown } from 'vite';
import { expect, it } from 'vitest';

it('keeps the tracker at or under 1 KB gzipped when bundled and minified by Vite', async () => {
  // An app build with the tracker as its only entry (lib mode would keep the whitespace).
  const result = (await build({
    configFile: false,
    logLevel: 'silent',
    build: {
      write: false,
      minify: true,
      modulePreload: false,
      rolldownOptions: {
        input: new URL('../../src/tracker/index.ts', import.meta.url).pathname,
        preserveEntrySignatures: 'strict',
      },
    },
  })) as Rolldown.RolldownOutput | Rolldown.RolldownOutput[];
  const chunks = [result].flat().flatMap((o) => o.output).filter((o) => o.type === 'chunk');
  expect(chunks).toHaveLength(1); // nothing else was pulled in
  const code = chunks[0]!.code;
  expect(code).toContain('Analytics tracking error');
  expect(code).toMatch(/export\s*\{.*startTracker.*\}/);
  const gzipped = gzipSync(code, { level: 9 }).byteLength;
  expect(gzipped).toBeGreaterThan(200); // it really bundled the tracker
  expect(gzipped).toBeLessThanOrEqual(1024);
});
