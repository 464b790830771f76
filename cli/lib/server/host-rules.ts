/** One block of a `_headers` file: a path pattern and the headers for paths it matches. */
interface HeaderRule {
  pattern: RegExp;
  headers: [string, string][];
}

const toRegExp = (pattern: string) => new RegExp(`^${pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`);

/** Parse the `_headers` format of Netlify and Cloudflare Pages: a path line, then indented "Name: value" lines. */
export function parseHeaders(text: string): HeaderRule[] {
  const rules: HeaderRule[] = [];
  for (const line of text.split('\n')) {
    if (!line.trim() || line.trim().startsWith('#')) continue;
    if (!/^\s/.test(line)) {
      rules.push({ pattern: toRegExp(line.trim()), headers: [] });
      continue;
    }
    const at = line.indexOf(':');
    if (at > 0) rules.at(-1)?.headers.push([line.slice(0, at).trim(), line.slice(at + 1).trim()]);
  }
  return rules;
}

/** Parse `_redirects`: "from to status" lines; only exact paths are redirects here (splat 404 rules are the nearest-404 pages). */
export function parseRedirects(text: string): Map<string, { to: string; status: number }> {
  const map = new Map<string, { to: string; status: number }>();
  for (const line of text.split('\n')) {
    const [from, to, status] = line.trim().split(/\s+/);
    if (!from || !to || from.startsWith('#') || from.includes('*')) continue;
    const code = Number(status ?? 301);
    if (code >= 300 && code < 400) map.set(from, { to, status: code });
  }
  return map;
}

export type HostRules = ReturnType<typeof hostRules>;

/** The host rules a built site ships (the text of `dist/_headers` and `dist/_redirects`), applied by our server as a static host would. */
export function hostRules(headersText: string, redirectsText: string) {
  const headerRules = parseHeaders(headersText);
  const redirects = parseRedirects(redirectsText);
  return {
    redirects,
    /** The headers for a URL path, later rules overriding earlier ones. */
    headersFor(urlPath: string): Record<string, string> {
      const out: Record<string, string> = {};
      for (const rule of headerRules) if (rule.pattern.test(urlPath)) for (const [k, v] of rule.headers) out[k.toLowerCase()] = v;
      return out;
    },
  };
}
