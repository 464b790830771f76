import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';

const repo = path.resolve('.');
const work = mkdtempSync(path.join(tmpdir(), 'site-copy-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The files of this checkout that git keeps (tracked, or new and not ignored) in a folder of their own, node_modules a link to this checkout's. */
function copyOfProject(): string {
  const copy = path.join(work, 'project');
  for (const file of execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: repo, encoding: 'utf8' }).split('\0').filter(Boolean)) {
    if (!existsSync(path.join(repo, file))) continue; // deleted in the work tree, not yet committed
    mkdirSync(path.dirname(path.join(copy, file)), { recursive: true });
    cpSync(path.join(repo, file), path.join(copy, file));
  }
  symlinkSync(path.join(repo, 'node_modules'), path.join(copy, 'node_modules'), 'dir');
  return copy;
}

/** `site <args>` run as `npm run` runs it: the copy's own cli/bin.mjs, in the copy. */
const site = (cwd: string, ...args: string[]) => {
  const env = { ...process.env };
  for (const name of ['SITE_CACHE_DIR', 'SITE_CONTENT_DIR', 'NODE_ENV']) delete env[name];
  const res = spawnSync(process.execPath, ['cli/bin.mjs', ...args], { cwd, encoding: 'utf8', env });
  return { status: res.status, out: `${res.stdout}${res.stderr}` };
};

describe('the project is where the command runs (cli/lib/paths.ts)', () => {
  test('a copy whose node_modules links to another checkout builds and checks itself; a lockfile change renders every body again', () => {
    const copy = copyOfProject();
    const blog = path.join(copy, 'content', 'blog');
    const post = readdirSync(blog).find((f) => f.endsWith('.mdx'))!;
    const text = readFileSync(path.join(blog, post), 'utf8');
    writeFileSync(path.join(blog, post), text.replace(/^category: .*$/m, 'category: Gossip'));

    // The copy's own content is read: its problem stops its build.
    const broken = site(copy, 'build');
    expect(broken.status).toBe(1);
    expect(broken.out).toContain(`content/blog/${post}:`);
    expect(broken.out).toContain('"Gossip"');
    expect(existsSync(path.join(copy, 'dist'))).toBe(false);

    writeFileSync(path.join(blog, post), text);
    const built = site(copy, 'build');
    expect(built.status, built.out).toBe(0);
    expect(built.out).toContain(`into ${path.join(copy, 'dist')} in`);
    // Rendered here, not taken from the other checkout's cache; a body written twice over (a twin
    // not yet translated) is rendered once, and its second is counted as from the cache.
    const [rendered, repeated] = /MDX bodies: (\d+) rendered, (\d+) from the cache/.exec(built.out)!.slice(1).map(Number) as [number, number];
    expect(rendered).toBeGreaterThan(0);
    const bodies = readdirSync(path.join(copy, 'content'), { recursive: true, withFileTypes: true })
      .filter((d) => d.isFile() && d.name.endsWith('.mdx') && !d.parentPath.includes('_archetypes'))
      .map((d) => readFileSync(path.join(d.parentPath, d.name), 'utf8').replace(/^---\n[\s\S]*?\n---\n/, ''));
    expect(repeated).toBeLessThanOrEqual(bodies.length - new Set(bodies).size);
    expect(existsSync(path.join(copy, 'dist', 'index.html'))).toBe(true);
    expect(existsSync(path.join(copy, '.cache', 'content'))).toBe(true);
    const checked = site(copy, 'check');
    expect(checked.status, checked.out).toBe(0);

    // Nothing changed: every body from the cache.
    expect(site(copy, 'build').out).toContain(`MDX bodies: 0 rendered, ${rendered + repeated} from the cache`);

    // Only the lockfile: a transitive package of the renderer at another version renders every body again.
    const lock = path.join(copy, 'package-lock.json');
    const json = JSON.parse(readFileSync(lock, 'utf8')) as { packages: Record<string, { version: string }> };
    expect(json.packages['node_modules/mdast-util-to-hast']).toBeDefined();
    json.packages['node_modules/mdast-util-to-hast']!.version += '-patched';
    writeFileSync(lock, `${JSON.stringify(json, null, 2)}\n`);
    const upgraded = site(copy, 'build');
    expect(upgraded.status, upgraded.out).toBe(0);
    expect(upgraded.out).toContain(`MDX bodies: ${rendered} rendered, ${repeated} from the cache`);
  }, 600_000);
});
