// The public files of a built site, listed in memory at start and listed again whenever dist/ is
// replaced, so that answering a request costs no file-system lookup and no work that grows faster
// than the length of its path (decision 050).

import { type Dirent, readdirSync, readFileSync, watch } from 'node:fs';
import path from 'node:path';
import { hostRules, type HostRules } from './host-rules.ts';

/** The longest URL path answered, in characters as sent; longer ones get 414 before any other work. */
export const MAX_PATH_LENGTH = 2048;

/** Top-level folders of dist/ named with a leading "_" that are public all the same. */
const PUBLIC_UNDERSCORE = new Set(['_img']);

export interface DistIndex {
  /** The public files, relative to dist/ with "/" separators: "about.html", "blog/404.html". */
  files: ReadonlySet<string>;
  /** The folders holding a 404.html ("" for dist/ itself), deepest first. */
  notFoundDirs: readonly string[];
  rules: HostRules;
}

/**
 * Whether a file of dist/ may be served: no dot-file or dot-folder (except .well-known/ at the
 * top, RFC 8615), and no build internal (a top-level name starting with "_": _site/, _headers,
 * _redirects), except the pictures in _img/.
 */
export function isPublic(rel: string): boolean {
  const segments = rel.split('/');
  const top = segments[0]!;
  if (top.startsWith('_') && !PUBLIC_UNDERSCORE.has(top)) return false;
  return segments.every((s, i) => !s.startsWith('.') || (i === 0 && s === '.well-known' && segments.length > 1));
}

/** The index of a recursive listing of dist/. Regular files only: a symbolic link is not followed out of dist/. */
export function indexDist(root: string, entries: Dirent[], headersText: string, redirectsText: string): DistIndex {
  const files = new Set<string>();
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const rel = path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/');
    if (isPublic(rel)) files.add(rel);
  }
  const notFoundDirs = [...files]
    .filter((f) => f === '404.html' || f.endsWith('/404.html'))
    .map((f) => (f === '404.html' ? '' : f.slice(0, -'/404.html'.length)))
    .sort((a, b) => b.length - a.length);
  return { files, notFoundDirs, rules: hostRules(headersText, redirectsText) };
}

/**
 * A path segment written the one way this server answers it at: every character a path may hold
 * as it is (RFC 3986's unreserved characters, sub-delims, ":" and "@"), any other percent-encoded
 * in upper case. "%61nalytics" is "analytics", "caf%c3%a9" is "caf%C3%A9".
 */
function canonicalSegment(segment: string): string {
  return encodeURIComponent(segment).replace(/%(2[146-9ABC]|3[ABD]|40)/g, (escape) => decodeURIComponent(escape));
}

export type Resolution =
  | { kind: 'file'; status: 200 | 404; file?: string; urlPath: string }
  | { kind: 'redirect'; status: number; location: string }
  | { kind: 'refuse'; status: 400 | 414; message: string };

/**
 * What the server answers for a URL path (`rawPath` as sent, percent-encoded), from the index
 * alone: at most two set lookups and a walk over the 404 folders, whatever the path's length.
 * A page is dist/x.html at /x; a trailing slash redirects (301) to the path without it; an unknown
 * path gets the nearest 404.html (dist/blog/404.html for /blog/…) with status 404.
 */
export function resolve(index: DistIndex, rawPath: string, search = ''): Resolution {
  if (rawPath.length > MAX_PATH_LENGTH) return { kind: 'refuse', status: 414, message: 'URI too long' };
  let urlPath: string;
  try {
    urlPath = decodeURIComponent(rawPath);
  } catch {
    return { kind: 'refuse', status: 400, message: 'Bad request' };
  }
  const segments = urlPath.split('/');
  if (urlPath.includes('\0') || segments.includes('..')) return { kind: 'refuse', status: 400, message: 'Bad request' };
  const redirect = index.rules.redirects.get(urlPath);
  if (redirect) return { kind: 'redirect', status: redirect.status, location: `${redirect.to}${search}` };
  const named = segments.filter(Boolean);
  const at = (rel: string): Resolution => ({ kind: 'redirect', status: 301, location: `/${rel.split('/').filter(Boolean).map(canonicalSegment).join('/')}${search}` });
  // A trailing slash, an empty segment ("//analytics", "/blog//x"), or a spelling other than the
  // canonical one ("/%61nalytics", "/analytic%73"): one page has one address, so the dashboard is
  // never served (and its visit counted) at another (issues 25.7, 38 N4). Rebuilt from the decoded
  // segments, each written canonically: one leading "/", never "//" or "/\", which a browser would
  // read as another origin (an open redirect from "//evil.example/").
  if (urlPath.length > 1 && (urlPath.endsWith('/') || urlPath.includes('//'))) return at(named.join('/'));
  if (rawPath !== `/${named.map(canonicalSegment).join('/')}`) return at(named.join('/'));
  const rel = named.join('/');
  // A page asked for by its file name ("/analytics.html", "/index.html") goes to its address, as
  // Netlify's and Cloudflare Pages' pretty URLs do.
  if (rel.endsWith('.html') && index.files.has(rel) && !/(^|\/)(404|index)\.html$/.test(rel)) return at(rel.slice(0, -'.html'.length));
  if (rel === 'index.html') return at('');
  const candidates = rel === '' ? ['index.html'] : path.posix.extname(rel) ? [rel] : [rel, `${rel}.html`];
  const file = candidates.find((f) => index.files.has(f));
  // 404.html files are pages for the unknown, not pages of their own.
  if (file && path.posix.basename(file) !== '404.html') return { kind: 'file', status: 200, file, urlPath };
  const dir = index.notFoundDirs.find((d) => d === '' || rel.startsWith(`${d}/`));
  return { kind: 'file', status: 404, file: dir === undefined ? undefined : dir ? `${dir}/404.html` : '404.html', urlPath };
}

/** The index of dist/ in `root`; `last` (else an empty index) when dist/ cannot be listed. */
function readIndex(root: string, last?: DistIndex): DistIndex {
  const text = (name: string) => {
    try {
      return readFileSync(path.join(root, name), 'utf8');
    } catch {
      return '';
    }
  };
  let entries: Dirent[];
  try {
    entries = readdirSync(root, { recursive: true, withFileTypes: true });
  } catch {
    // No dist/ (yet, or for the moment a build replaces it): the last index, or nothing found.
    return last ?? indexDist(root, [], '', '');
  }
  return indexDist(root, entries, text('_headers'), text('_redirects'));
}

export interface LiveDistIndex {
  /** The index as last read. */
  current(): DistIndex;
  /** Lists dist/ again; keeps the last index while dist/ is missing. */
  refresh(): DistIndex;
}

/**
 * The index of dist/, read now and again whenever an entry of dist/'s name changes in its parent
 * folder: `site build` replaces dist/ by renaming a finished folder onto it, so a server may keep
 * running across builds. The listing is synchronous: a few milliseconds once per build.
 */
export function liveDistIndex(root: string): LiveDistIndex {
  let index = readIndex(root);
  const refresh = () => (index = readIndex(root, index));
  try {
    const watcher = watch(path.dirname(root), { persistent: false }, (_event, name) => {
      if (!name || name === path.basename(root)) refresh();
    });
    watcher.on('error', () => {});
  } catch {
    // Without a watcher (an unwatchable folder) a vanished file still triggers a refresh; see app.ts.
  }
  return { current: () => index, refresh };
}
