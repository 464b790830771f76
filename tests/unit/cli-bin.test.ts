import { spawnSync } from 'node:child_process';
import { appendFileSync, cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, test } from 'vitest';
import type { CheckReport } from '#cli/lib/check/index.ts';

// The `site` binary (cli/bin.mjs) as a user runs it: a process, its exit code and output.
const BIN = path.resolve('cli/bin.mjs');
const work = mkdtempSync(path.join(tmpdir(), 'site-bin-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const site = (cwd: string, ...args: string[]) => {
  const env = { ...process.env };
  for (const name of ['SITE_CONTENT_DIR', 'NODE_ENV']) delete env[name];
  return spawnSync(process.execPath, [BIN, ...args], { cwd, encoding: 'utf8', env: { ...env, SITE_CACHE_DIR: path.join(work, 'cache') } });
};

test('`site --help` lists the commands and exits 0; an unknown command exits 2', () => {
  const help = site(process.cwd(), '--help');
  expect(help.status, help.stderr).toBe(0);
  for (const command of ['build', 'check', 'new', 'dev', 'start']) expect(help.stdout).toMatch(new RegExp(`^  ${command}\\b`, 'm'));
  const unknown = site(process.cwd(), 'deploy');
  expect(unknown.status).toBe(2);
  expect(unknown.stderr).toContain("unknown command 'deploy'");
});

test("run in a project whose tsconfig.json compiles JSX another way, the CLI's own sources compile by its own settings", () => {
  // A project of its own (package.json) that says JSX is React.createElement with React in scope:
  // the CLI's components (an MDX body's <Tip>) must not be compiled by that.
  const project = path.join(work, 'project');
  cpSync('tests/fixtures/content', path.join(project, 'content'), { recursive: true });
  writeFileSync(path.join(project, 'package.json'), '{ "private": true }\n');
  writeFileSync(path.join(project, 'tsconfig.json'), '{ "compilerOptions": { "jsx": "react" } }\n');
  const post = readdirSync(path.join(project, 'content', 'blog')).find((f) => f.endsWith('.mdx'))!;
  appendFileSync(path.join(project, 'content', 'blog', post), '\n<Tip>Unplug the set before you clean it.</Tip>\n');

  const res = site(project, 'check', path.resolve('tests/fixtures/check/clean'), '--json');
  const report = JSON.parse(res.stdout) as CheckReport;
  expect(report.checked.contentFiles).toBeGreaterThan(1);
  expect(report.problems.filter((p) => p.file.endsWith(post))).toEqual([]);
});

test('`site build` in a project with no content folder says so, names `site init`, exits 2 and writes nothing', () => {
  const project = path.join(work, 'no-content');
  mkdirSync(project, { recursive: true });
  writeFileSync(path.join(project, 'package.json'), '{ "private": true }\n');
  for (const args of [['build'], ['build', '--production']]) {
    const res = site(project, ...args);
    expect(res.status, res.stderr).toBe(2);
    expect(res.stderr).toBe(`There is no content folder at ${path.join(project, 'content')}: \`site init\` makes one, or name yours with --content <dir>.\n`);
    expect(readdirSync(project)).toEqual(['package.json']);
  }
});
