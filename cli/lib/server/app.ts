import path from 'node:path';
import { type Context, Hono } from 'hono';
import { bodyCache, chooseEncoding, COMPRESSIBLE } from './body-cache.ts';
import { type DistIndex, liveDistIndex, resolve } from './dist-index.ts';
import { SERVER_ANSWER_HEADERS } from './node-server.ts';

export { guardedCreateServer } from './node-server.ts';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.webmanifest': 'application/manifest+json',
};

/** Hashed build assets never change under their name; everything else must be revalidated. */
function cacheControl(urlPath: string, file: string): string {
  if (urlPath.startsWith('/assets/')) return 'public, max-age=31536000, immutable';
  if (/\.(html|json|xml|txt)$/.test(file)) return 'public, max-age=0, must-revalidate';
  return 'public, max-age=3600';
}

export interface ServerOptions {
  /** The built site. */
  dist: string;
  /** The analytics function, mounted at /functions/v1/analytics. */
  analytics?: (req: Request, remoteAddress?: string) => Promise<Response>;
  /** The leads function, mounted at /functions/v1/leads. */
  leads?: (req: Request, remoteAddress?: string) => Promise<Response>;
  /** Stops watching dist/ for rebuilds. */
  signal?: AbortSignal;
}

/**
 * The site's own server, behaving like the static hosts dist/ is made for: the headers of
 * dist/_headers, the redirects of dist/_redirects, every page at its path (dist/x.html at /x, no trailing slash), the
 * nearest 404.html with status 404 for unknown paths, and the analytics function on the same origin.
 * Which file answers comes from an index of dist/ held in memory (dist-index.ts); bodies are read
 * asynchronously and kept in a bounded cache (body-cache.ts), so no request blocks the others.
 */
export function createApp({ dist, analytics, leads, signal }: ServerOptions): Hono {
  const app = new Hono();
  const root = path.resolve(dist);
  const site = liveDistIndex(root, signal);
  const bodies = bodyCache<DistIndex>();

  for (const [name, fn] of [['analytics', analytics], ['leads', leads]] as const) {
    if (!fn) continue;
    app.all(`/functions/v1/${name}`, (c) => {
      const incoming = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined;
      return fn(c.req.raw, incoming?.incoming?.socket?.remoteAddress);
    });
  }

  /** The answer from one index of dist/; undefined when a file it lists is gone (dist/ was just replaced). */
  const answer = async (c: Context, index: DistIndex, url: URL): Promise<Response | undefined> => {
    const found = resolve(index, url.pathname, url.search);
    if (found.kind === 'refuse') return c.text(found.message, found.status, SERVER_ANSWER_HEADERS);
    if (found.kind === 'redirect') return c.body(null, found.status as 301, { ...SERVER_ANSWER_HEADERS, location: found.location });
    if (!found.file) return c.text('Not found', 404, SERVER_ANSWER_HEADERS);
    const file = path.join(root, found.file);
    const body = await bodies.read(index, file);
    if (!body) return undefined;
    const type = TYPES[path.extname(found.file)] ?? 'application/octet-stream';
    // Text goes out compressed (br, else gzip), as static hosts send it: the size a visitor waits for.
    const compressible = COMPRESSIBLE.test(type) && body.length >= 1024;
    const encoding = compressible ? chooseEncoding(c.req.header('accept-encoding')) : undefined;
    const sent = encoding ? await bodies.encoded(index, file, body, encoding) : body;
    return new Response(sent, {
      status: found.status,
      headers: {
        'content-type': type,
        'cache-control': found.status === 404 ? 'no-cache' : cacheControl(found.urlPath, found.file),
        ...(compressible ? { vary: 'Accept-Encoding' } : {}),
        ...(encoding ? { 'content-encoding': encoding } : {}),
        'content-length': String(sent.length),
        ...index.rules.headersFor(found.urlPath),
      },
    });
  };

  app.on(['GET', 'HEAD'], '*', async (c) => {
    const url = new URL(c.req.url);
    return (await answer(c, site.current(), url)) ?? (await answer(c, await site.refresh(), url)) ?? c.text('Not found', 404, SERVER_ANSWER_HEADERS);
  });

  return app;
}
