import path from 'node:path';
import { type Context, Hono } from 'hono';
import { type Body, bodiesOf, chooseEncoding } from './bodies.ts';
import { type DistIndex, liveDistIndex, resolve } from './dist-index.ts';
import { SECURITY_HEADERS } from '#functions/_shared/http.ts';

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
}

/**
 * The site's own server, behaving like the static hosts dist/ is made for: the headers of
 * dist/_headers, the redirects of dist/_redirects, every page at its path (dist/x.html at /x, no trailing slash), the
 * nearest 404.html with status 404 for unknown paths, and the analytics function on the same origin.
 * Which file answers comes from an index of dist/ held in memory (dist-index.ts); its text is read
 * and compressed once, with the index (bodies.ts), so no request blocks the others.
 */
export function createApp({ dist, analytics, leads }: ServerOptions): Hono {
  const app = new Hono();
  const root = path.resolve(dist);
  const site = liveDistIndex(root);
  const bodies = new WeakMap<DistIndex, (file: string) => Promise<Body | undefined>>();
  const bodiesFor = (index: DistIndex) => bodies.get(index) ?? bodies.set(index, bodiesOf(root, index.files)).get(index)!;
  // Now, not at the first request: the site's text is compressed while the server starts.
  bodiesFor(site.current());

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
    if (found.kind === 'refuse') return c.text(found.message, found.status, SECURITY_HEADERS);
    if (found.kind === 'redirect') return c.body(null, found.status as 301, { ...SECURITY_HEADERS, location: found.location });
    if (!found.file) return c.text('Not found', 404, SECURITY_HEADERS);
    const body = await bodiesFor(index)(found.file);
    if (!body) return undefined;
    // Text goes out compressed (br, else gzip), as static hosts send it: the size a visitor waits for.
    const encoding = body.encoded && chooseEncoding(c.req.header('accept-encoding'));
    const sent = encoding ? body.encoded![encoding] : body.identity;
    return new Response(sent, {
      status: found.status,
      headers: {
        'content-type': body.type,
        'cache-control': found.status === 404 ? 'no-cache' : cacheControl(found.urlPath, found.file),
        ...(body.encoded ? { vary: 'Accept-Encoding' } : {}),
        ...(encoding ? { 'content-encoding': encoding } : {}),
        'content-length': String(sent.length),
        ...index.rules.headersFor(found.urlPath),
      },
    });
  };

  app.on(['GET', 'HEAD'], '*', async (c) => {
    const url = new URL(c.req.url);
    return (await answer(c, site.current(), url)) ?? (await answer(c, site.refresh(), url)) ?? c.text('Not found', 404, SECURITY_HEADERS);
  });

  return app;
}
