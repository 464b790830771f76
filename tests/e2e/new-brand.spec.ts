import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from './support.ts';

/**
 * DESIGN.md §1: the route list comes from content. A brand file dropped into a copy of content/
 * (made from the archetype, as `site new brand haier` does) gets its page, footer link, brand-grid
 * tile and sitemap entry from `site build --content` alone, with no change to src/.
 */
test.describe('a new brand file', () => {
  test.describe.configure({ mode: 'serial', timeout: 180_000 });
  const tmp = mkdtempSync(path.join(tmpdir(), 'site-new-brand-'));
  const content = path.join(tmp, 'content');
  const dist = path.join(tmp, 'dist');

  test.beforeAll(() => {
    cpSync(path.resolve('content'), content, { recursive: true });
    const file = readFileSync(path.resolve('content/_archetypes/brand.mdx'), 'utf8')
      .replaceAll('{{slug}}', 'zenith')
      .replaceAll('{{name}}', 'Zenith')
      .replaceAll('{{date}}', '2025-07-03');
    writeFileSync(path.join(content, 'brands', 'zenith.mdx'), file);
    execFileSync(process.execPath, ['cli/bin.mjs', 'build', '--quiet', '--content', content, '--out', dist], { stdio: 'pipe' });
  });
  test.afterAll(() => rmSync(tmp, { recursive: true, force: true }));

  test('gets its page, footer link, grid tile and sitemap entry', () => {
    const page = readFileSync(path.join(dist, 'zenith-tv-repair.html'), 'utf8');
    expect(page).toMatch(/<h1[^>]*>Zenith TV Repair in Jaipur<\/h1>/);
    expect(page).toContain('<link rel="canonical" href="');
    const home = readFileSync(path.join(dist, 'index.html'), 'utf8');
    const footer = home.slice(home.indexOf('<footer'));
    expect(footer).toContain('href="/zenith-tv-repair"');
    const grids = readdirSync(dist)
      .filter((f) => f.endsWith('.html') && f !== 'zenith-tv-repair.html')
      .map((f) => readFileSync(path.join(dist, f), 'utf8'))
      .filter((html) => html.includes('id="brand-grid-'));
    expect(grids.length).toBeGreaterThan(0);
    for (const html of grids) expect(html).toContain('href="/zenith-tv-repair"');
    expect(readFileSync(path.join(dist, 'sitemap.xml'), 'utf8')).toContain('/zenith-tv-repair</loc>');
  });

  test('and src/ is untouched by it', () => {
    expect(existsSync(path.resolve('content/brands/zenith.mdx'))).toBe(false);
    expect(execFileSync('git', ['status', '--porcelain', '--', 'src'], { encoding: 'utf8' })).not.toContain('zenith');
  });
});
