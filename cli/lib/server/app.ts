import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { Hono } from 'hono';
import { compress } from 'hono/compress';
import { loadHostRules } from './host-rules.ts';

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
}

/**
 * The site's own server, behaving like the static hosts dist/ is made for: the headers of
 * dist/_headers, the redirects of dist/_redirects, every page at its path (dist/x.html at /x, no trailing slash), the
 * nearest 404.html with status 404 for unknown paths, and the analytics function on the same origin.
 */
export function createApp({ dist, analytics }: ServerOptions): Hono {
  const app = new Hono();
  const root = path.resolve(dist);
  const rules = loadHostRules(root);

  if (analytics) {
    app.all('/functions/v1/analytics', (c) => {
      const incoming = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined;
      return analytics(c.req.raw, incoming?.incoming?.socket?.remoteAddress);
    });
  }

  app.use('*', compress());

  const fileAt = (rel: string): string | undefined => {
    const abs = path.join(root, rel);
    if (!abs.startsWith(root + path.sep) && abs !== root) return undefined;
    return existsSync(abs) && statSync(abs).isFile() ? abs : undefined;
  };

  const send = (abs: string, urlPath: string, status = 200) => {
    const body = readFileSync(abs);
    return new Response(body, {
      status,
      headers: {
        'content-type': TYPES[path.extname(abs)] ?? 'application/octet-stream',
        'cache-control': status === 404 ? 'no-cache' : cacheControl(urlPath, abs),
        ...rules.headersFor(urlPath),
      },
    });
  };

  /** The nearest 404.html: dist/blog/404.html for /blog/…, else dist/404.html. */
  const notFound = (urlPath: string) => {
    const segments = urlPath.split('/').filter(Boolean);
    for (let i = segments.length - 1; i >= 0; i--) {
      const candidate = fileAt(path.join(...segments.slice(0, i), '404.html'));
      if (candidate) return send(candidate, urlPath, 404);
    }
    const root404 = fileAt('404.html');
    return root404 ? send(root404, urlPath, 404) : new Response('Not found', { status: 404 });
  };

  app.on(['GET', 'HEAD'], '*', (c) => {
    let urlPath: string;
    try {
      urlPath = decodeURIComponent(new URL(c.req.url).pathname);
    } catch {
      return c.text('Bad request', 400);
    }
    if (urlPath.includes('\0') || urlPath.split('/').includes('..')) return c.text('Bad request', 400);
    const url = new URL(c.req.url);
    const redirect = rules.redirects.get(urlPath);
    if (redirect) return c.redirect(`${redirect.to}${url.search}`, redirect.status as 301);
    if (urlPath.length > 1 && urlPath.endsWith('/')) {
      return c.redirect(`${urlPath.replace(/\/+$/, '') || '/'}${url.search}`, 301);
    }
    const rel = urlPath === '/' ? 'index.html' : urlPath.slice(1);
    const file = fileAt(rel) ?? (path.extname(rel) ? undefined : fileAt(`${rel}.html`));
    // 404.html files are pages for the unknown, not pages of their own.
    if (!file || path.basename(file) === '404.html') return notFound(urlPath);
    return send(file, urlPath);
  });

  return app;
}
