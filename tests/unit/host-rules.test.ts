import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { contentSecurityPolicy, headersFile, redirects, redirectsFile, securityHeaders } from '#core/pipeline/headers.ts';
import { createApp } from '#cli/lib/server/app.ts';
import { parseHeaders } from '#cli/lib/server/host-rules.ts';
import { parse } from 'yaml';
import { SiteSchema } from '#schemas/site.ts';
import type { RouteEntry } from '#core/page-data/route-entry.ts';
import { BOOT_SCRIPT } from '#src/document.tsx';
import { KEEP_SCROLL_SCRIPT, SPECULATION_RULES } from '#src/client/inline-scripts.ts';

// The business facts of the project's content/site.yaml, checked by its schema.
const site = SiteSchema.parse(parse(readFileSync(path.resolve('content/site.yaml'), 'utf8')));
const routes = [
  { path: '/', aliases: undefined },
  { path: '/about', aliases: ['/about-us'] },
] as RouteEntry[];

const hash = (s: string) => `'sha256-${createHash('sha256').update(s).digest('base64')}'`;

describe('the Content-Security-Policy', () => {
  const csp = contentSecurityPolicy(site);
  const directive = (name: string) => csp.split('; ').find((d) => d.startsWith(`${name} `))?.split(' ').slice(1);

  test('allows scripts from the site and the inline scripts by hash, never unsafe-inline', () => {
    expect(directive('script-src')).toEqual(["'self'", hash(BOOT_SCRIPT), hash(SPECULATION_RULES), hash(KEEP_SCROLL_SCRIPT)]);
    expect(directive('script-src')).not.toContain("'unsafe-inline'");
    expect(csp).not.toContain('unsafe-eval');
  });

  test("leaves each page's inlined stylesheet to the page's own policy, allows the form endpoints as form-action and the map as frame-src", () => {
    // Each page's <meta> policy allows its <style> by hash (tests/unit/page-css.test.ts); both policies apply.
    expect(directive('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    expect(directive('form-action')).toEqual(["'self'"]);
    expect(directive('frame-src')).toEqual([new URL(site.mapEmbedUrl).origin]);
    expect(directive('frame-ancestors')).toEqual(["'none'"]);
    expect(directive('connect-src')).toEqual(["'self'"]);
  });

  test('a leads function on another origin is allowed as form-action and connect-src (the newsletter posts with fetch)', () => {
    const fn = 'https://abc.supabase.co/functions/v1/leads';
    const other = contentSecurityPolicy({ ...site, forms: { ...site.forms, contactEndpoint: fn, serviceRequestEndpoint: fn } });
    expect(other).toContain("form-action 'self' https://abc.supabase.co;");
    expect(other).toContain("connect-src 'self' https://abc.supabase.co;");
  });

  test('adds the ad tag only when an ads id is configured', () => {
    const withAds = contentSecurityPolicy({ ...site, ads: { conversionId: 'AW-1', phoneLabel: 'x' } });
    expect(withAds).toContain('https://www.googletagmanager.com');
    expect(csp).not.toContain('googletagmanager');
  });
});

describe('_headers and _redirects', () => {
  test('_headers round-trips through the parser our server uses', () => {
    const rules = parseHeaders(headersFile(site));
    expect(rules).toHaveLength(2);
    expect(Object.fromEntries(rules[0]!.headers)).toEqual(securityHeaders(site));
    expect(rules[1]!.headers).toEqual([['Cache-Control', 'public, max-age=31536000, immutable']]);
  });

  test('_redirects lists trailing-slash forms, aliases and section not-found pages', () => {
    expect(redirectsFile(redirects(routes, ['/', '/blog']))).toBe('/about/ /about 301\n/about-us /about 301\n/blog/* /blog/404.html 404\n');
  });
});

describe('the Node server applies the host rules of dist/', () => {
  const dist = mkdtempSync(path.join(tmpdir(), 'site-dist-'));
  afterAll(() => rmSync(dist, { recursive: true, force: true }));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), '<!DOCTYPE html><title>Home</title>');
  writeFileSync(path.join(dist, 'about.html'), '<!DOCTYPE html><title>About</title>');
  writeFileSync(path.join(dist, '404.html'), '<!DOCTYPE html><title>Not found</title>');
  writeFileSync(path.join(dist, 'assets', 'app-1234.js'), 'console.log(1)');
  writeFileSync(path.join(dist, '_headers'), headersFile(site));
  writeFileSync(path.join(dist, '_redirects'), redirectsFile(redirects(routes, ['/'])));
  const app = createApp({ dist });

  test('every page and asset carries the headers that _headers lists for it', async () => {
    for (const p of ['/', '/about', '/assets/app-1234.js', '/nowhere']) {
      const res = await app.request(p);
      for (const [name, value] of Object.entries(securityHeaders(site))) expect(res.headers.get(name), `${p} ${name}`).toBe(value);
    }
    expect((await app.request('/assets/app-1234.js')).headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  test('an alias redirects (301) to its page', async () => {
    const res = await app.request('/about-us?ref=old');
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe('/about?ref=old');
  });
});
