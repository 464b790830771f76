import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { CheckReport } from '#cli/lib/check/index.ts';
import { projectRoot } from '#cli/lib/paths.ts';
import { recordDir } from '#core/pipeline/record.ts';
import { site } from '../support/cli.ts';

const PROJECT_ROOT = projectRoot();

const FIX = 'tests/fixtures/check';
const CONTENT = `${FIX}/content`;
const check = (dir: string, ...more: string[]) => site('check', dir, '--content', CONTENT, '--skip-content', ...more);
const summary = (r: CheckReport) =>
  r.problems.map((p) => [p.rule, p.severity, p.url!.replace('https://fixture.example', ''), `${p.file.replace(`${CONTENT}/`, '')}:${p.line}`, p.received]);

const work = mkdtempSync(path.join(tmpdir(), 'site-check-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('site check on fixture sites', () => {
  test('a clean site: exit 0, an empty JSON report on stdout and nothing else', async () => {
    const { code, stdout, stderr } = await check(`${FIX}/clean`, '--json');
    expect(code).toBe(0);
    expect(stderr).toBe('');
    const report = JSON.parse(stdout) as CheckReport;
    expect(report).toMatchObject({ ok: true, problems: [], checked: { pages: 7, contentFiles: 1 } });
    expect(report.checked.links).toBeGreaterThan(50);
  });

  test('a broken site: every fault, each pointed at its source file and line, exit 1', async () => {
    const { code, stdout } = await check(`${FIX}/broken`, '--json');
    expect(code).toBe(1);
    const report = JSON.parse(stdout) as CheckReport;
    expect(report.ok).toBe(false);
    expect(summary(report)).toEqual([
      // links and fragments: line of the link in the source when it is written there
      ['broken-link', 'error', '/broken-links', 'broken-links.md:5', '/abuot'],
      ['broken-fragment', 'error', '/broken-links', 'broken-links.md:5', '#nope'],
      ['broken-fragment', 'error', '/broken-links', 'broken-links.md:1', '#nowhere'],
      ['broken-link', 'error', '/broken-links', 'broken-links.md:1', '/img/missing.png'],
      ['trailing-slash', 'warning', '/broken-links', 'broken-links.md:1', '/about/'],
      // canonicals, sitemap, noindex, titles and descriptions
      ['sitemap', 'error', '/thank-you', 'pages.yaml:19', 'https://fixture.example/thank-you'],
      ['canonical', 'error', '/no-canonical', 'pages.yaml:25', 'none'],
      ['canonical', 'error', '/relative-canonical', 'pages.yaml:26', '/relative-canonical'],
      ['canonical', 'error', '/wrong-canonical', 'pages.yaml:27', 'https://fixture.example/about'],
      ['canonical', 'error', '/two-canonicals', 'pages.yaml:28', 'https://fixture.example/two-canonicals, https://fixture.example/two-canonicals'],
      ['sitemap', 'error', '/not-in-sitemap', 'pages.yaml:29', 'not listed'],
      ['title', 'error', '/no-title', 'pages.yaml:30', 'none'],
      ['description-length', 'warning', '/short-description', 'pages.yaml:32', '"Too short."'],
      ['description', 'error', '/no-description', 'pages.yaml:33', 'none'],
      ['noindex', 'error', '/404', 'pages.yaml:1', 'robots "index, follow"'],
      ['sitemap', 'error', '/services', 'pages.yaml:7', 'https://fixture.example/services/'],
      ['sitemap', 'error', '/', 'pages.yaml:1', 'https://fixture.example/ghost'],
      ['duplicate-title', 'error', '/same-title', 'pages.yaml:31', '"About Us | Fixture TV Care"'],
      // JSON-LD
      ['json-ld', 'error', '/bad-json-ld', 'pages.yaml:34', 'Expected double-quoted property name in JSON at position 60'],
      ['json-ld', 'error', '/bad-json-ld', 'pages.yaml:34', 'none'],
      ['json-ld-business', 'error', '/bad-json-ld', 'pages.yaml:34', '"+919111111111"'],
      ['json-ld-business', 'error', '/bad-json-ld', 'pages.yaml:34', '"Mo-Su 07:00-23:00"'],
      // contact links
      ['contact-link', 'error', '/bad-contact', 'bad-contact.md:3', 'tel:+919111111111'],
      ['contact-link', 'warning', '/bad-contact', 'bad-contact.md:1', 'tel:9000000001'],
      ['contact-link', 'error', '/bad-contact', 'bad-contact.md:5', 'https://wa.me/919222222222'],
      ['contact-link', 'error', '/bad-contact', 'bad-contact.md:1', 'mailto:someone@example.org'],
      // business facts: a declared alternative reading is a warning, anything else an error
      ['fact-hours', 'warning', '/facts', 'facts.md:3', '"10AM-7PM"'],
      ['fact-hours', 'error', '/facts', 'facts.md:1', '"7 AM – 10 PM"'],
      ['fact-warranty', 'warning', '/facts', 'facts.md:5', '"6 Months Warranty"'],
      ['fact-warranty', 'error', '/facts', 'facts.md:1', '"1-year warranty"'],
      ['fact-price', 'error', '/facts', 'facts.md:7', '"₹299"'],
      ['fact-years', 'error', '/facts', 'facts.md:9', '"15+ years of experience"'],
      // near-duplicate brand pages
      ['near-duplicate', 'warning', '/samsung-copy-tv-repair', 'brands/samsung-copy.mdx:1', `100% shared with /samsung-tv-repair (${CONTENT}/brands/samsung.mdx)`],
    ]);
    const broken = report.problems[0]!;
    expect(broken).toEqual({
      file: `${CONTENT}/broken-links.md`,
      line: 5,
      column: 9,
      rule: 'broken-link',
      message: 'a[href] "/abuot" points to a page or file that is not in the built site',
      expected: 'a page of the site or a file in the build',
      received: '/abuot',
      hint: 'did you mean "/about"?',
      url: 'https://fixture.example/broken-links',
      severity: 'error',
    });
    const hours = report.problems.find((p) => p.received === '"10AM-7PM"');
    expect(hours?.hint).toBe('site.yaml declares this as the "serviceCenterBadge" reading (the badge on per-brand service-centre pages)');
  });

  test('human output: problems grouped by file on stderr, one summary line, nothing on stdout', async () => {
    const { code, stdout, stderr } = await check(`${FIX}/broken`);
    expect(code).toBe(1);
    expect(stdout).toBe('');
    const lines = stderr.trimEnd().split('\n');
    expect(lines.at(-1)).toBe('✖ 27 problems, 6 warnings in 5 files (1 content files and 21 pages checked)');
    expect(stderr).toContain(
      [
        `${CONTENT}/broken-links.md:5:9  a[href] "/abuot" points to a page or file that is not in the built site  (https://fixture.example/broken-links)`,
        '  expected  a page of the site or a file in the build',
        '  got       /abuot  (did you mean "/about"?)',
      ].join('\n'),
    );
    const files = lines.filter((l) => !l.startsWith(' ') && l.includes(':')).map((l) => l.split(':')[0]);
    expect(files).toEqual([...files].sort()); // grouped: each file's problems together
  });

  test('--format github: one annotation per problem on stdout', async () => {
    const { code, stdout } = await check(`${FIX}/broken`, '--format', 'github');
    expect(code).toBe(1);
    const lines = stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(33);
    expect(lines[0]).toBe(
      `::error file=${CONTENT}/broken-links.md,line=5,col=9,title=site check%3A broken-link::a[href] "/abuot" points to a page or file that is not in the built site%0Apage: https://fixture.example/broken-links%0Aexpected: a page of the site or a file in the build%0Agot: /abuot%0Ahint: did you mean "/about"?`,
    );
    expect(lines.filter((l) => l.startsWith('::warning '))).toHaveLength(6);
  });

  test('--similarity changes the near-duplicate threshold', async () => {
    const strict = JSON.parse((await check(`${FIX}/clean`, '--json', '--similarity', '0.1')).stdout) as CheckReport;
    expect(strict.problems.map((p) => [p.rule, p.severity, p.url])).toEqual([['near-duplicate', 'warning', 'https://fixture.example/lg-tv-repair']]);
  });
});

describe('site check: could not run (exit 2)', () => {
  test('no built site', async () => {
    const { code, stderr } = await check(path.join(work, 'nothing-here'));
    expect(code).toBe(2);
    expect(stderr).toMatch(/^site check: There is no built site at .*nothing-here\. Run `site build` first/);
  });

  test('a folder without the route manifest', async () => {
    const dir = path.join(work, 'no-manifest');
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'index.html'), '<title>x</title>');
    const { code, stdout } = await check(dir, '--json');
    expect(code).toBe(2);
    expect(JSON.parse(stdout)).toEqual({ ok: false, error: expect.stringContaining('manifest.json is missing') });
  });

  test('bad flags', async () => {
    expect((await check(`${FIX}/clean`, '--format', 'xml')).code).toBe(2);
    expect((await check(`${FIX}/clean`, '--similarity', '3')).code).toBe(2);
    expect((await check(`${FIX}/clean`, '--no-such-flag')).code).toBe(2);
    expect((await site('check', `${FIX}/clean`, '--content', path.join(work, 'no-content'))).code).toBe(2);
  });

  test('--help states the exit codes', async () => {
    const out = await site('check', '--help');
    const help = out.stdout;
    expect(out.code).toBe(0);
    expect(help).toContain('0  no errors (warnings are allowed)');
    expect(help).toContain('1  errors found');
    expect(help).toContain('2  could not run (bad flags, no built site, no route manifest, no content folder)');
  });
});

describe('site check: content validation', () => {
  /** A copy of the project's content/ with one error of each kind put in. */
  function brokenContent(): { dir: string; lineOf: (file: string, text: string) => number } {
    const dir = path.join(work, 'content-errors');
    cpSync(path.join(PROJECT_ROOT, 'content'), dir, { recursive: true });
    const edit = (file: string, fn: (s: string) => string) => writeFileSync(path.join(dir, file), fn(readFileSync(path.join(dir, file), 'utf8')));
    edit('site.yaml', (s) => `${s.replace(/phone: "\+91\d+"/, 'phone: "12345"')}\ncolour: blue\n`); // schema: pattern, unknown key
    edit('pages.yaml', (s) => `${s}\n- path: /about\n  kind: about\n  title: About again\n  description: A second page at the same path, which the loader must refuse as a duplicate.\n`); // duplicate
    edit('faqs.yaml', (s) => `${s}\n  - [unclosed\n`); // YAML syntax
    rmSync(path.join(dir, 'testimonials.yaml')); // missing file
    const lineOf = (file: string, text: string) => readFileSync(path.join(dir, file), 'utf8').split('\n').findIndex((l) => l.includes(text)) + 1;
    return { dir, lineOf };
  }

  test('every loader problem is reported with its file and line, and the exit code is 1', async () => {
    const { dir, lineOf } = brokenContent();
    const { code, stdout } = await site('check', `${FIX}/clean`, '--content', dir, '--json');
    expect(code).toBe(1);
    const report = JSON.parse(stdout) as CheckReport;
    const rel = (f: string) => path.relative(PROJECT_ROOT, path.join(dir, f));
    expect(report.problems).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ file: rel('site.yaml'), line: lineOf('site.yaml', 'phone: "12345"'), received: '"12345"', severity: 'error' }),
        expect.objectContaining({ file: rel('pages.yaml'), rule: 'duplicate', line: lineOf('pages.yaml', 'title: About again') - 2 }),
        expect.objectContaining({ file: rel('site.yaml'), rule: 'unknown-field', line: lineOf('site.yaml', 'colour: blue') }),
        expect.objectContaining({ file: rel('faqs.yaml'), rule: 'yaml-syntax' }),
        expect.objectContaining({ file: rel('testimonials.yaml'), rule: 'missing-file' }),
      ]),
    );
    // site.yaml is invalid, so the fact rules have nothing to compare with; the built site is still checked.
    expect(report.checked.pages).toBe(7);
  });
});

describe('site check --external', () => {
  let server: Server;
  let base = '';
  const hits: Record<string, number> = {};
  beforeAll(async () => {
    server = createServer((req, res) => {
      const url = req.url ?? '/';
      hits[url] = (hits[url] ?? 0) + 1;
      if (url === '/ok') return void res.writeHead(200).end('ok');
      if (url === '/gone') return void res.writeHead(404).end('gone');
      if (url === '/flaky') return void res.writeHead(hits[url]! <= 2 ? 503 : 200).end(); // HEAD then retry
      if (url === '/no-head') return void res.writeHead(req.method === 'HEAD' ? 405 : 200).end();
      if (url === '/slow') return; // never answers: a time limit is reached however fast the machine
      res.writeHead(500).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections(); // the requests to /slow are still open
        server.close(() => resolve());
      }),
  );

  /** The clean fixture site with links to `paths` of the local server on its about page. */
  function siteLinkingTo(name: string, paths: string[]): string {
    const dir = path.join(work, name);
    cpSync(`${PROJECT_ROOT}/${FIX}/clean`, dir, { recursive: true });
    cpSync(`${PROJECT_ROOT}/${FIX}/.site/clean`, recordDir(dir), { recursive: true });
    const about = path.join(dir, 'about.html');
    const links = paths.map((p) => `<a href="${base}${p}">x</a>`).join('');
    writeFileSync(about, readFileSync(about, 'utf8').replace('</main>', `${links}</main>`));
    return dir;
  }

  test('outbound links are requested only when asked, retried after a 5xx, and a dead one reported', async () => {
    const dir = siteLinkingTo('external', ['/ok', '/gone', '/flaky', '/no-head']);
    const offline = await check(dir, '--json');
    expect(offline.code).toBe(0);
    expect(Object.keys(hits)).toEqual([]);

    // A time limit far above any answer from this machine: only the answers decide the report.
    const { code, stdout } = await check(dir, '--json', '--external', '--timeout', '60000', '--retries', '2', '--concurrency', '2');
    expect(code).toBe(1);
    const report = JSON.parse(stdout) as CheckReport;
    expect(report.checked.externalLinks).toBe(4);
    expect(report.problems.map((p) => [p.rule, p.url, p.message, p.received])).toEqual([
      ['external-link', 'https://fixture.example/about', `the outbound link ${base}/gone does not answer`, 'HTTP 404'],
    ]);
    expect(hits['/flaky']).toBeGreaterThanOrEqual(3);
  });

  test('an outbound link that never answers is reported at the time limit', async () => {
    const dir = siteLinkingTo('external-slow', ['/slow']);
    const { code, stdout } = await check(dir, '--json', '--external', '--timeout', '300', '--retries', '0');
    expect(code).toBe(1);
    const report = JSON.parse(stdout) as CheckReport;
    expect(report.problems.map((p) => [p.rule, p.url, p.message, p.received])).toEqual([
      ['external-link', 'https://fixture.example/about', `the outbound link ${base}/slow does not answer`, 'no answer within 300 ms'],
    ]);
  });
});

test('the real binary: `node cli/bin.mjs check --json` exits 1 on the broken site with only JSON on stdout', () => {
  const res = spawnSync(process.execPath, ['cli/bin.mjs', 'check', `${FIX}/broken`, '--content', CONTENT, '--skip-content', '--json'], { cwd: PROJECT_ROOT, encoding: 'utf8' });
  expect(res.status).toBe(1);
  expect(res.stderr).toBe('');
  const report = JSON.parse(res.stdout) as CheckReport;
  expect(report.problems.filter((p) => p.severity === 'error')).toHaveLength(27);
  const clean = spawnSync(process.execPath, ['cli/bin.mjs', 'check', `${FIX}/clean`, '--content', CONTENT, '--skip-content'], { cwd: PROJECT_ROOT, encoding: 'utf8' });
  expect(clean.status).toBe(0);
  expect(clean.stdout).toBe('');
  expect(clean.stderr).toBe('✔ no problems (1 content files and 7 pages checked)\n');
});
