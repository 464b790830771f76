import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, test } from 'vitest';
import { createApp } from '#cli/lib/server/app.ts';
import { chooseEncoding } from '#cli/lib/server/bodies.ts';

// `site start` sends dist/ the way static hosts do: text compressed (br, else gzip), negotiated by
// Accept-Encoding, with Vary; pictures as they are.
describe('compressed responses', () => {
  const dist = mkdtempSync(path.join(tmpdir(), 'site-compress-'));
  afterAll(() => rmSync(dist, { recursive: true, force: true }));
  const page = `<!DOCTYPE html><html><head><title>About</title></head><body>${'<p>We repair every TV brand in Jaipur.</p>'.repeat(200)}</body></html>`;
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), '<!DOCTYPE html><title>Home</title>');
  writeFileSync(path.join(dist, 'about.html'), page);
  writeFileSync(path.join(dist, 'assets', 'entry-1234.js'), `console.log(${JSON.stringify('x'.repeat(5000))})`);
  writeFileSync(path.join(dist, 'photo.png'), Buffer.alloc(5000, 7));
  const app = createApp({ dist });
  const get = (p: string, headers: Record<string, string> = {}, method = 'GET') => app.request(p, { method, headers });
  const bytes = async (res: Response) => Buffer.from(await res.arrayBuffer());

  test('a page goes out in brotli when the browser takes it, with Vary and the length it has', async () => {
    const res = await get('/about', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('vary')).toBe('Accept-Encoding');
    const body = await bytes(res);
    expect(Number(res.headers.get('content-length'))).toBe(body.length);
    expect(body.length).toBeLessThan(page.length / 10);
    expect(brotliDecompressSync(body).toString()).toBe(page);
  });

  test('in gzip for a browser that takes gzip only, or prefers it', async () => {
    for (const accept of ['gzip', 'gzip;q=1, br;q=0.5', 'br;q=0, *']) {
      const res = await get('/about', { 'accept-encoding': accept });
      expect(res.headers.get('content-encoding'), accept).toBe('gzip');
      expect(gunzipSync(await bytes(res)).toString(), accept).toBe(page);
    }
    const js = await get('/assets/entry-1234.js', { 'accept-encoding': 'gzip' });
    expect([js.headers.get('content-encoding'), js.headers.get('cache-control')]).toEqual(['gzip', 'public, max-age=31536000, immutable']);
  });

  test('as it is for a client that takes neither, still with Vary; pictures and tiny files as they are', async () => {
    for (const accept of [undefined, 'identity', 'br;q=0, gzip;q=0']) {
      const res = await get('/about', accept ? { 'accept-encoding': accept } : {});
      expect(res.headers.get('content-encoding'), accept).toBeNull();
      expect(res.headers.get('vary'), accept).toBe('Accept-Encoding');
      expect((await bytes(res)).toString(), accept).toBe(page);
    }
    const png = await get('/photo.png', { 'accept-encoding': 'br, gzip' });
    expect([png.headers.get('content-encoding'), png.headers.get('vary'), (await bytes(png)).length]).toEqual([null, null, 5000]);
    const tiny = await get('/', { 'accept-encoding': 'br, gzip' });
    expect(tiny.headers.get('content-encoding')).toBeNull();
  });

  test('HEAD answers with the headers of the GET it stands for', async () => {
    const [head, got] = await Promise.all([get('/about', { 'accept-encoding': 'br' }, 'HEAD'), get('/about', { 'accept-encoding': 'br' })]);
    for (const name of ['content-encoding', 'content-length', 'vary', 'content-type']) expect(head.headers.get(name), name).toBe(got.headers.get(name));
  });

  test('negotiation by q-values, br on a tie whatever the order', () => {
    expect(chooseEncoding('br;q=0.8, gzip;q=0.9')).toBe('gzip');
    expect(chooseEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(chooseEncoding('*;q=0.5')).toBe('br');
    expect(chooseEncoding('deflate')).toBeUndefined();
    expect(chooseEncoding('gzip;q=0, identity')).toBeUndefined();
    expect(chooseEncoding('')).toBeUndefined();
    expect(chooseEncoding(undefined)).toBeUndefined();
  });
});
