// The floor of a browser bench: the same paths as the built site, each a page with nothing but a
// heading, a sentence and links to the others (no stylesheet, no font, no picture, no script but
// the site's own speculation rules), served by the same server with the site's own headers. Run
// beside the site in one bench, it shows what this machine and browser give a page that does
// nothing: a target the floor itself misses is out of reach of any page on that machine, and the
// distance from the floor is what the site's own pages cost.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DIST as dist, startSiteServer, stopServer } from './serve.mjs';

/** The floor site for `paths` (URL paths of the built site) in a new temporary folder. */
export function writeFloorSite(paths) {
  // The home page's speculation rules, byte for byte, so that the CSP of dist/_headers (which lists
  // the hash of that script) allows them, and the next page is prefetched and prerendered as on the site.
  // Read before the folder is made: a missing build leaves no folder behind.
  const home = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const headers = readFileSync(path.join(dist, '_headers'));
  const rules = /<script type="speculationrules">[\s\S]*?<\/script>/.exec(home)?.[0] ?? '';
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-floor-'));
  writeFileSync(path.join(dir, '_headers'), headers);
  const escape = (s) => s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
  const links = paths.map((p) => `<li><a href="${escape(p)}">${escape(p)}</a></li>`).join('');
  for (const p of new Set(['/', ...paths])) {
    const file = path.join(dir, p === '/' ? 'index.html' : `${p.slice(1)}.html`);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(
      file,
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
        `<link rel="icon" href="data:,"><title>Floor ${escape(p)}</title><meta name="description" content="A page with nothing but text and links.">${rules}</head>` +
        `<body><main><h1>Floor ${escape(p)}</h1><p>A page with nothing but this sentence and links to the others.</p><ul>${links}</ul></main></body></html>`,
    );
  }
  return dir;
}

/** The floor site for `paths`, served on `port`; `stop()` ends the server and removes the folder. */
export async function startFloorServer(port, paths) {
  const dir = writeFloorSite(paths);
  const server = await startSiteServer(port, { dist: dir }).catch((error) => {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  });
  return {
    stop: async () => {
      await stopServer(server);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
