// `site init` as a new user runs it (issue 36): a project for an AC and refrigerator repair shop in
// Pune, in English and Marathi, made from this checkout; in it a brand, an area, a post and the
// brand's Marathi twin, published.
// node_modules is a link to this checkout's (`npm ci` from the network is what a user does; the
// rest is the same). `npx vitest run` inside such a project is run by hand (see the note).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

const repo = path.resolve('.');
const work = mkdtempSync(path.join(tmpdir(), 'site-init-'));
const dir = path.join(work, 'pune-cool-care');
const FLAGS = {
  name: 'Pune Cool Care', trade: 'AC and refrigerator repair', 'trade-slug': 'ac-repair', city: 'Pune', region: 'Maharashtra',
  'postal-code': '411038', phone: '+919812345678', whatsapp: '+919812345678', email: 'hello@punecoolcare.in', origin: 'https://punecoolcare.in', languages: 'en,mr',
};

/** `site <args>` as `npx site` runs it: the project's own cli/bin.mjs, in the project. */
function site(cwd: string, ...args: string[]) {
  const env = { ...process.env };
  for (const name of ['SITE_CACHE_DIR', 'SITE_CONTENT_DIR', 'SITE_DATA_DIR', 'NODE_ENV']) delete env[name];
  const res = spawnSync(process.execPath, [path.join(cwd, 'cli/bin.mjs'), ...args], { cwd, encoding: 'utf8', env });
  return { status: res.status, out: `${res.stdout}${res.stderr}` };
}
const read = (...p: string[]) => readFileSync(path.join(dir, ...p), 'utf8');
const publish = (file: string) => writeFileSync(path.join(dir, file), read(file).replace(/^draft: true$/m, 'draft: false'));

let init: ReturnType<typeof site>;
beforeAll(() => {
  init = site(repo, 'init', dir, ...Object.entries(FLAGS).flatMap(([k, v]) => [`--${k}`, v]));
  if (init.status !== 0) return;
  symlinkSync(path.join(repo, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  for (const args of [['brand', 'daikin'], ['area', 'kothrud'], ['post', 'How to keep an AC cool in a Pune summer'], ['brand', 'daikin', '--lang', 'mr']]) {
    const made = site(dir, 'new', ...args);
    expect(made.status, made.out).toBe(0);
    publish(/Created (\S+)/.exec(made.out)![1]!);
  }
}, 300_000);
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('site init of another business, in two languages', () => {
  test('a git repository with one commit, content from the flags, a messages file per language', () => {
    expect(init.status, init.out).toBe(0);
    expect(spawnSync('git', ['log', '--format=%s'], { cwd: dir, encoding: 'utf8' }).stdout.trim().split('\n')).toHaveLength(1);
    const siteYaml = parse(read('content/site.yaml'));
    expect(siteYaml).toMatchObject({ business: { name: FLAGS.name }, origin: FLAGS.origin, contact: { phone: FLAGS.phone, email: FLAGS.email }, address: { city: FLAGS.city, postalCode: FLAGS['postal-code'] } });
    expect(readdirSync(path.join(dir, 'content/messages')).sort()).toEqual(['en.yaml', 'mr.yaml']);
    expect(JSON.parse(read('package.json')).name).toBe('pune-cool-care');
    expect(read('.github/workflows/site.yml')).toBe(readFileSync(path.join(repo, '.github/workflows/site.yml'), 'utf8'));
  });
});
