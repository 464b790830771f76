import { createHash } from 'node:crypto';
import type { Site } from '#schemas/index.ts';
import type { RouteEntry } from '../page-data/route-entry.ts';
import { BOOT_SCRIPT } from '#src/document.tsx';
import { KEEP_SCROLL_SCRIPT, SPECULATION_RULES } from '#src/client/inline-scripts.ts';

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
const originOf = (url: string) => new URL(url).origin;

/**
 * The Content-Security-Policy of every page: only what the pages use. The inline scripts (the boot
 * script, decision 002; the speculation rules and the keep-scroll script, decision 091) are allowed
 * by hash; JSON-LD and the client config are data blocks, which CSP does not execute. Each page
 * inlines its own stylesheet, so no one hash fits every page: this policy allows inline styles and
 * each page narrows it with a policy of its own in a <meta> that allows its <style> by hash
 * (core/pipeline/page-css.ts, decision 092). A style must pass both.
 */
export function contentSecurityPolicy(site: Site): string {
  const analytics = site.analytics.endpoint.startsWith('https://') ? [originOf(site.analytics.endpoint)] : [];
  const ads = site.ads ? ['https://www.googletagmanager.com', 'https://www.google.com', 'https://googleads.g.doubleclick.net'] : [];
  // A path is the site's own server ('self'); the newsletter also posts with fetch (connect-src).
  const forms = [...new Set([site.forms.contactEndpoint, site.forms.serviceRequestEndpoint].filter((u) => u.startsWith('https://')).map(originOf))];
  const directives: [string, string[]][] = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'", sha256(BOOT_SCRIPT), sha256(SPECULATION_RULES), sha256(KEEP_SCROLL_SCRIPT), ...(site.ads ? ['https://www.googletagmanager.com'] : [])]],
    ['style-src', ["'self'", "'unsafe-inline'"]],
    ['img-src', ["'self'", 'data:', ...ads]],
    ['font-src', ["'self'"]],
    ['connect-src', ["'self'", ...new Set([...analytics, ...forms]), ...ads]],
    ['frame-src', [originOf(site.mapEmbedUrl), ...(site.ads ? ['https://td.doubleclick.net'] : [])]],
    ['form-action', ["'self'", ...forms]],
    ['frame-ancestors', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['object-src', ["'none'"]],
  ];
  return directives.map(([name, values]) => `${name} ${values.join(' ')}`).join('; ');
}

/** The headers every response of the site carries. */
export function securityHeaders(site: Site): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(site),
    'Strict-Transport-Security': 'max-age=63072000; includeSubDomains',
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy':
      'accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=(), interest-cohort=(), browsing-topics=()',
    'Cross-Origin-Opener-Policy': 'same-origin',
  };
}

/** `_headers` for Netlify and Cloudflare Pages; our own server reads the same file. */
export function headersFile(site: Site): string {
  const lines = ['/*'];
  for (const [name, value] of Object.entries(securityHeaders(site))) lines.push(`  ${name}: ${value}`);
  lines.push('/assets/*', '  Cache-Control: public, max-age=31536000, immutable', '');
  return lines.join('\n');
}

type Redirect = { from: string; to: string; status: 301 | 404 };

/**
 * `_redirects`: every page's trailing-slash form and its declared aliases (301 to the page), and the
 * section not-found pages (`/blog/*` → /blog/404.html with status 404).
 */
export function redirects(routes: RouteEntry[], notFoundDirs: string[]): Redirect[] {
  const list: Redirect[] = [];
  for (const r of routes) {
    if (r.path !== '/') list.push({ from: `${r.path}/`, to: r.path, status: 301 });
    for (const alias of r.aliases ?? []) list.push({ from: alias, to: r.path, status: 301 });
  }
  for (const dir of notFoundDirs.filter((d) => d !== '/')) list.push({ from: `${dir}/*`, to: `${dir}/404.html`, status: 404 });
  return list;
}

export function redirectsFile(list: Redirect[]): string {
  return `${list.map((r) => `${r.from} ${r.to} ${r.status}`).join('\n')}\n`;
}
