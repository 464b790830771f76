import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { buildSite } from '#core/pipeline/index.ts';

const work = mkdtempSync(path.join(tmpdir(), 'site-incremental-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const files = (dir: string, rel = ''): string[] =>
  readdirSync(path.join(dir, rel), { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(dir, `${rel}${e.name}/`) : [`${rel}${e.name}`])).sort();

describe('incremental output (issue 12)', () => {
  test('an edit re-renders its page, a deleted post loses its page, index pages follow, the rest is left alone; the result equals a full build', async () => {
    const content = path.join(work, 'content');
    cpSync(path.resolve('content'), content, { recursive: true });
    const out = path.join(work, 'dist');
    const build = (to: string) => buildSite({ root: path.resolve('.'), contentDir: content, outDir: to, buildDate: '2026-01-01' });
    expect((await build(out)).ok).toBe(true);

    const posts = readdirSync(path.join(content, 'blog')).filter((f) => f.endsWith('.mdx')).sort();
    const slugOf = (f: string) => /^slug: (.*)$/m.exec(readFileSync(path.join(content, 'blog', f), 'utf8'))![1]!.trim();
    const [gone, edited] = [posts[0]!, posts[1]!];
    const goneSlug = slugOf(gone);
    const editedSlug = slugOf(edited);
    const untouched = path.join(out, 'services.html');
    const before = statSync(untouched).mtimeMs;

    unlinkSync(path.join(content, 'blog', gone));
    writeFileSync(path.join(content, 'blog', edited), `${readFileSync(path.join(content, 'blog', edited), 'utf8')}\nA sentence added by the incremental test.\n`);
    const second = await build(out);
    expect(second.ok).toBe(true);
    // In place: no staging copy of the whole site (its "images" step).
    expect(Object.keys(second.timings)).not.toContain('images');

    expect(existsSync(path.join(out, 'blog', `${goneSlug}.html`))).toBe(false);
    expect(readFileSync(path.join(out, 'blog', `${editedSlug}.html`), 'utf8')).toContain('A sentence added by the incremental test.');
    for (const f of ['blog.html', 'sitemap.xml', 'rss.xml']) expect(readFileSync(path.join(out, f), 'utf8'), f).not.toContain(`/blog/${goneSlug}`);
    const manifest = JSON.parse(readFileSync(path.join(work, '.site', 'dist', 'manifest.json'), 'utf8')) as { routes: { path: string }[] };
    expect(manifest.routes.map((r) => r.path)).not.toContain(`/blog/${goneSlug}`);
    // Left as it was: not written again.
    expect(statSync(untouched).mtimeMs).toBe(before);

    // The same files, byte for byte, as a build from nothing.
    const full = path.join(work, 'full');
    expect((await build(full)).ok).toBe(true);
    expect(files(out)).toEqual(files(full));
    for (const f of files(full)) expect(readFileSync(path.join(out, f), 'utf8') === readFileSync(path.join(full, f), 'utf8'), f).toBe(true);
    expect(readFileSync(path.join(work, '.site', 'dist', 'manifest.json'), 'utf8')).toBe(readFileSync(path.join(work, '.site', 'full', 'manifest.json'), 'utf8'));
  }, 300_000);
});
