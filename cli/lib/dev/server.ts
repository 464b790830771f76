import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { createServer as createViteServer } from 'vite';
import type { Assets } from '#src/document.tsx';
import type { RenderInput } from '#src/entry-server.tsx';
import { formatProblems, type Problem } from '#core/content/problems.ts';
import { businessJsonLdOf } from '#core/page-data/seo.ts';
import { cacheDirOf, prepareSite, type PreparedSite } from '#core/pipeline/prepare.ts';
import { functionsContent, writeFunctionsContent } from '#core/pipeline/functions-content.ts';
import { renderSocialCard } from '#core/pipeline/social-images.ts';
import { escapeXml } from '#core/pipeline/escape.ts';
import { siteOf, type RouteEntry, type SiteIndex } from '#core/page-data/route-entry.ts';
import { typeOf } from '../server/bodies.ts';

export interface DevOptions {
  /** The project root (vite.config.ts, src/). */
  root: string;
  contentDir: string;
  port: number;
  host: string;
  /** Called with each content reload: how long it took, or the problems that stopped it. */
  log: (line: string) => void;
}

export interface DevServer {
  url: string;
  close(): Promise<void>;
}

type Indexed = { site: PreparedSite; index: SiteIndex; byPath: Map<string, RouteEntry> } | { problems: Problem[]; filesChecked: number };

/**
 * The browser entry and the stylesheet, served by Vite from src/: the stylesheet linked whole (no
 * flash of unstyled page; Vite updates it in place) where the build inlines each page's part of it,
 * under the same class names (decision 113).
 */
const DEV_ASSETS: Assets = { css: ['/src/styles.css'], js: '/src/entry-client.tsx' };

/**
 * `site dev`: Vite in middleware mode renders each page on request with the SSR entry
 * (`ssrLoadModule`, so code changes apply at once) from a content index held in memory. A change
 * under content/ drops the index and reloads the browser; the next request rebuilds it.
 */
export async function startDevServer(opts: DevOptions): Promise<DevServer> {
  const http = createHttpServer();
  const vite = await createViteServer({
    root: opts.root,
    configFile: path.join(opts.root, 'vite.config.ts'),
    appType: 'custom',
    logLevel: 'warn',
    server: { middlewareMode: true, hmr: { server: http } },
  });

  let indexed: Promise<Indexed> | undefined;
  const contentDir = path.resolve(opts.contentDir);
  const getIndex = () =>
    (indexed ??= (async (): Promise<Indexed> => {
      const t0 = performance.now();
      // The same pipeline as `site build` (drafts included): the same image markup and social images.
      const prepared = await prepareSite({ root: opts.root, contentDir, cacheDir: cacheDirOf(opts.root), buildDate: new Date().toISOString().slice(0, 10), includeDrafts: true });
      if (!prepared.ok) return { problems: prepared.problems, filesChecked: prepared.filesChecked };
      const { index } = prepared.site;
      // The functions served beside it (`supabase functions serve`) take the forms' choices and their words from here.
      writeFunctionsContent(opts.root, functionsContent(prepared.site.content));
      opts.log(`content: ${index.routes.length} pages in ${Math.round(performance.now() - t0)} ms`);
      return { site: prepared.site, index, byPath: new Map(index.routes.map((r) => [r.path, r])) };
    })());

  // content/ may live outside the project (--content): watch it too.
  vite.watcher.add(contentDir);
  vite.watcher.on('all', (_event, file) => {
    if (!path.resolve(file).startsWith(contentDir + path.sep)) return;
    indexed = undefined;
    opts.log(`changed: ${path.relative(opts.root, file)}`);
    vite.ws.send({ type: 'full-reload', path: '*' });
  });

  const send = (res: ServerResponse, status: number, type: string, body: string | Buffer) => {
    res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
    res.end(body);
  };
  const sendFile = async (res: ServerResponse, file: string) => send(res, 200, typeOf(file), await readFile(file));

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://dev.local');
    let p: string;
    try {
      p = decodeURIComponent(url.pathname);
    } catch {
      return send(res, 400, 'text/plain', 'Bad request');
    }
    if (p.length > 1 && p.endsWith('/')) {
      res.writeHead(301, { location: `${p.replace(/\/+$/, '')}${url.search}` });
      return void res.end();
    }
    const state = await getIndex();
    if (!('index' in state)) {
      const text = formatProblems(state.problems, state.filesChecked);
      opts.log(text);
      const page = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Content problems</title></head><body><h1>Content problems</h1><p>Fix these and save: the page reloads by itself.</p><pre>${escapeXml(text)}</pre></body></html>`;
      return send(res, 500, 'text/html; charset=utf-8', await vite.transformIndexHtml(p, page));
    }
    const { index, byPath } = state;

    // Processed images, social cards and the logo, as the build copies them into dist/_img/, dist/og/ and dist/.
    const image = p.startsWith('/_img/') && state.site.images.find((name) => `/_img/${name}` === p);
    if (image) return sendFile(res, path.join(state.site.imageCacheDir, image));
    const card = p.startsWith('/og/') && [...state.site.cards.values()].find((c) => c.url === p);
    if (card) return sendFile(res, await renderSocialCard(card, state.site.cardDir));
    if (p === state.site.logo.url) return sendFile(res, state.site.logo.file);

    // The nearest not-found page: /blog/x → the blog's 404, else the site's.
    const route = byPath.get(p) ?? [...index.notFound].sort((a, b) => b.dir.length - a.dir.length).find((nf) => nf.dir === '/' || p.startsWith(`${nf.dir}/`)); // /history is not under /hi
    if (!route) return send(res, 404, 'text/plain', 'Not found');
    const { render } = (await vite.ssrLoadModule('/src/entry-server.tsx')) as { render: (input: RenderInput) => string };
    const shell = siteOf(index, route);
    const html = await render({
      url: `${index.site.site.origin}${p}`,
      site: shell,
      page: route.data,
      assets: DEV_ASSETS,
      businessJsonLd: businessJsonLdOf(index, shell),
    });
    send(res, byPath.has(p) ? 200 : 404, 'text/html; charset=utf-8', await vite.transformIndexHtml(p, html));
  };

  http.on('request', (req, res) => {
    vite.middlewares(req, res, () => {
      handle(req, res).catch((err: Error) => {
        vite.ssrFixStacktrace(err);
        process.stderr.write(`${err.stack ?? err.message}\n`);
        if (!res.headersSent) send(res, 500, 'text/plain; charset=utf-8', err.stack ?? err.message);
        else res.end();
      });
    });
  });
  // The content is read before the first request, and the functions' copy written before serving;
  // a failure shows on the page that asks for it, as after a change.
  await getIndex().catch(() => {});
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(opts.port, opts.host, () => resolve());
  });
  const address = http.address();
  const port = typeof address === 'object' && address ? address.port : opts.port;
  return {
    url: `http://${opts.host === '0.0.0.0' ? 'localhost' : opts.host}:${port}`,
    async close() {
      await vite.close();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}
