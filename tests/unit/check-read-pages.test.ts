import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { readPage } from '#cli/lib/check/page.ts';
import { readPages } from '#cli/lib/check/read-pages.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'site-read-pages-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Pages of different lengths, each with its own title, ids and links. */
const files = Array.from({ length: 700 }, (_, i) => {
  const file = `p${i}.html`;
  const links = Array.from({ length: i % 7 }, (_, k) => `<a href="/p${k}#s${k}">to ${k}</a>`).join('');
  writeFileSync(
    path.join(dir, file),
    `<!DOCTYPE html><html><head><title>Page ${i}</title><link rel="canonical" href="https://x.example/p${i}"></head><body><main><h2 id="s${i}">Section ${i}</h2>${links}</main></body></html>`,
  );
  return file;
});

test('a big site is read by worker threads, with the same facts in the same order as in one thread', async () => {
  const inThread = files.map((f) => readPage(readFileSync(path.join(dir, f))));
  const inWorkers = await readPages(dir, files, 2);
  expect(inWorkers).toHaveLength(files.length);
  expect(inWorkers).toEqual(inThread);
  expect(inWorkers[699]!.title).toBe('Page 699');
  expect(inWorkers[699]!.ids).toEqual(new Set(['s699']));
});

test('a small site is read in this thread, with the same answer', async () => {
  expect(await readPages(dir, files.slice(0, 5), 2)).toEqual(await readPages(dir, files.slice(0, 5), 1));
});
