// `site check --go-live` and `site build --production`: sample content names every value a live
// site must change, by file and line; content with real-looking values passes. The expectations
// are read from the content each test checks: the project's content/, and the fixtures of a TV
// shop with its sample values (tests/fixtures/content) and of a second business (tests/fixtures/ac-repair).

import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test, vi } from 'vitest';
import { parseDocument } from 'yaml';
import { checkGoLive } from '#cli/lib/check/go-live.ts';
import type { Problem } from '#core/content/problems.ts';
import { projectRoot } from '#cli/lib/paths.ts';
import { site } from '../support/cli.ts';

const PROJECT_ROOT = projectRoot();
const CONTENT = path.join(PROJECT_ROOT, 'content');
const TV_SHOP = path.join(PROJECT_ROOT, 'tests/fixtures/content');
const AC_SHOP = path.join(PROJECT_ROOT, 'tests/fixtures/ac-repair');

const work = mkdtempSync(path.join(tmpdir(), 'site-go-live-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** An alert channel set, as the owner sets it before going live (a secret in the environment). */
const ALERTS = { LEADS_WEBHOOK_URL: 'https://n8n.example.in/webhook/leads', LEADS_WEBHOOK_SECRET: 'a-secret-of-thirty-two-characters' };
const show = (p: Problem) => `${p.file}:${p.line}:${p.column} ${p.severity} ${p.rule} ${p.received ?? ''}`;
const listed = (contentDir: string, root = PROJECT_ROOT, env: Record<string, string | undefined> = ALERTS) => checkGoLive(contentDir, root, env).problems.map(show).sort();
const linesOf = (dir: string) => readFileSync(path.join(dir, 'site.yaml'), 'utf8').split('\n');
/** The 1-based numbers of the lines of site.yaml that match `re`. */
const linesMatching = (dir: string, re: RegExp) => linesOf(dir).flatMap((l, i) => (re.test(l) ? [i + 1] : []));

/**
 * A copy of `from` as an owner would leave it before going live: the "# sample" marks gone (the
 * values they marked are now the business's own), real-looking contact details and domain, the
 * functions on Supabase and the leads forwarded by e-mail.
 */
function liveContent(from: string, name = 'live'): string {
  const dir = path.join(work, name);
  rmSync(dir, { recursive: true, force: true });
  cpSync(from, dir, { recursive: true });
  const file = path.join(dir, 'site.yaml');
  const doc = parseDocument(readFileSync(file, 'utf8').replace(/ # sample.*$/gm, ''));
  doc.setIn(['business', 'sample'], false);
  doc.setIn(['origin'], 'https://www.ourshop.in');
  doc.setIn(['contact', 'phone'], '+919829012345');
  doc.setIn(['contact', 'whatsapp'], '+919829012345');
  doc.setIn(['contact', 'email'], 'owner@ourshop.in');
  doc.setIn(['forms', 'contactEndpoint'], 'https://abcdefgh.supabase.co/functions/v1/leads');
  doc.setIn(['forms', 'serviceRequestEndpoint'], 'https://abcdefgh.supabase.co/functions/v1/leads');
  doc.setIn(['forms', 'forwardTo'], 'https://formsubmit.co/owner@ourshop.in');
  doc.setIn(['analytics', 'endpoint'], 'https://abcdefgh.supabase.co/functions/v1/analytics');
  writeFileSync(file, String(doc));
  return dir;
}

/**
 * What the go-live check names in the project's content/ outside site.yaml (pages or words not yet
 * written), as the copy `name` shows them: what stays when only site.yaml is made live.
 */
const beyondSiteYaml = (name: string) =>
  checkGoLive(CONTENT, PROJECT_ROOT, ALERTS)
    .problems.filter((p) => p.file !== 'content/site.yaml')
    .map((p) => show({ ...p, file: p.file.replace(/^content\//, `${name}/`) }));

describe('the go-live check', () => {
  test.each([
    ['the project’s content', CONTENT],
    ['a TV shop with its sample values', TV_SHOP],
    ['a second business', AC_SHOP],
  ])('on %s names every value of site.yaml marked "# sample" by its line, and each function on the site’s own server', (_, dir) => {
    const lines = linesOf(dir);
    const problems = checkGoLive(dir, PROJECT_ROOT, ALERTS).problems.filter((p) => p.file.endsWith('/site.yaml'));
    // The placeholders: a value marked "# sample", the sample flag, an address at a reserved example
    // domain. A line that is only a comment names none.
    const samples = linesMatching(dir, /^\s*[^#\s].*(?:#\s*sample\b|[.@]example\b)|^\s*sample:\s*true\b/);
    const errors = problems.filter((p) => p.severity === 'error');
    expect([...new Set(errors.map((p) => p.line))]).toEqual(samples);
    // Each names the value as it is written on its line, at its column or at the mark's.
    for (const p of errors) expect(lines[p.line - 1], show(p)).toContain(p.received);
    for (const p of errors) expect([lines[p.line - 1]!.indexOf(p.received!) + 1, lines[p.line - 1]!.indexOf('#') + 1], show(p)).toContain(p.column);
    const functions = linesMatching(dir, /^\s*(?:contactEndpoint|serviceRequestEndpoint|endpoint):\s*"?\//);
    expect(problems.filter((p) => p.severity === 'warning').map((p) => [p.line, p.rule, p.received])).toEqual(
      functions.map((l) => [l, 'go-live-function-url', lines[l - 1]!.replace(/^[^:]*:\s*/, '').replace(/\s+#.*$/, '')]),
    );
  });

  test('the sample values of the TV shop: its name, founder, flag, domain, phones, e-mail and street', () => {
    const rules = checkGoLive(TV_SHOP, PROJECT_ROOT, ALERTS).problems.map((p) => p.rule);
    expect(rules.filter((r) => r === 'go-live-sample').length).toBeGreaterThan(3);
    expect(rules.filter((r) => r === 'go-live-sample-phone')).toHaveLength(2);
    expect(rules).toContain('go-live-example-domain');
    expect(rules).toContain('go-live-example-email');
  });

  test('passes content with real-looking values, and still names archetype text left in a published page', () => {
    // Of the fixtures, nothing is left.
    expect(listed(liveContent(TV_SHOP, 'tv'), work)).toEqual([]);
    expect(listed(liveContent(AC_SHOP, 'ac'), work)).toEqual([]);
    // Of the project's content/, only what its pages and words still hold.
    const dir = liveContent(CONTENT);
    const rest = beyondSiteYaml('live').sort();
    expect(listed(dir, work)).toEqual(rest);
    const brand = path.join(dir, 'brands', 'acme.mdx');
    const archetype = readFileSync(path.join(CONTENT, '_archetypes/brand.mdx'), 'utf8').replaceAll('{{name}}', 'Acme');
    writeFileSync(brand, archetype);
    expect(listed(dir, work)).toEqual(rest); // a draft never ships
    writeFileSync(brand, archetype.replace('draft: true', 'draft: false'));
    const added = listed(dir, work).filter((p) => !rest.includes(p));
    expect(added).toEqual([expect.stringMatching(/^live\/brands\/acme\.mdx:\d+:1 error go-live-archetype-text Describe here what goes wrong with Acme/)]);
    rmSync(brand);
  });

  test('warns when no alert channel is set, or one is half set, and is quiet when Telegram or the webhook is', () => {
    const dir = liveContent(AC_SHOP, 'alerts');
    const forms = linesMatching(dir, /^forms:/);
    expect(forms).toHaveLength(1);
    expect(listed(dir, work, {})).toEqual([`alerts/site.yaml:${forms[0]}:1 warning go-live-lead-alerts none set here`]);
    const [half] = checkGoLive(dir, work, { LEADS_TELEGRAM_BOT_TOKEN: '123:abc' }).problems;
    expect(half?.message).toBe("no alert channel for new leads: the owner's phone hears of none (Telegram alerts are off: set both LEADS_TELEGRAM_BOT_TOKEN and LEADS_TELEGRAM_CHAT_ID)");
    expect(listed(dir, work, { LEADS_TELEGRAM_BOT_TOKEN: '123:abc', LEADS_TELEGRAM_CHAT_ID: '42' })).toEqual([]);
    expect(listed(dir, work, ALERTS)).toEqual([]);
  });

  test('a form endpoint at a sample address is named as such', () => {
    const dir = liveContent(AC_SHOP, 'endpoint');
    const file = path.join(dir, 'site.yaml');
    writeFileSync(file, readFileSync(file, 'utf8').replace('forwardTo: https://formsubmit.co/owner@ourshop.in', 'forwardTo: https://formsubmit.co/repairs@example.com'));
    expect(listed(dir, work)).toEqual([expect.stringMatching(/^endpoint\/site\.yaml:\d+:\d+ error go-live-form-endpoint repairs@example\.com$/)]);
  });

  test('`site build --production` refuses sample content with exit 1 and builds nothing', async () => {
    const content = path.join(work, 'production', 'content');
    cpSync(TV_SHOP, content, { recursive: true });
    const out = path.join(work, 'production', 'dist');
    // No alert channel in this environment: one more warning.
    const { problems } = checkGoLive(content, PROJECT_ROOT, {});
    const count = (severity: string) => problems.filter((p) => p.severity === severity).length;
    const [flag] = linesMatching(content, /^\s*sample:\s*true\b/);
    const [forms] = linesMatching(content, /^forms:/);
    for (const name of [...Object.keys(ALERTS), 'LEADS_TELEGRAM_BOT_TOKEN', 'LEADS_TELEGRAM_CHAT_ID']) vi.stubEnv(name, '');
    const { code, stderr } = await site('build', '--production', '--quiet', '--content', content, '--out', out).finally(() => vi.unstubAllEnvs());
    const file = path.relative(PROJECT_ROOT, path.join(content, 'site.yaml')).split(path.sep).join('/');
    expect(code).toBe(1);
    expect(stderr).toContain(`${file}:${flag}:3  business.sample is true`);
    expect(stderr).toContain(`${file}:${forms}:1  no alert channel for new leads: the owner's phone hears of none`);
    expect(stderr).toContain(`✖ ${count('error')} problems, ${count('warning')} warnings in 1 file`);
    expect(count('error')).toBeGreaterThan(1);
    expect(stderr).toContain('Not built: --production needs the content ready to go live.');
  });

  test('`site check --go-live` on a built sample site exits 1 with the go-live problems; without the flag they are not reported', { timeout: 300_000 }, async () => {
    const content = path.join(work, 'built', 'content');
    cpSync(TV_SHOP, content, { recursive: true });
    const built = path.join(work, 'built', 'dist');
    expect((await site('build', '--quiet', '--content', content, '--out', built)).code).toBe(0);
    const goLive = await site('check', built, '--skip-content', '--content', content, '--go-live', '--json');
    expect(goLive.code).toBe(1);
    const rules = (JSON.parse(goLive.stdout) as { problems: { rule: string }[] }).problems.map((p) => p.rule).filter((r) => r.startsWith('go-live'));
    expect(rules).toEqual(checkGoLive(content, PROJECT_ROOT).problems.map((p) => p.rule));
    expect(rules.length).toBeGreaterThan(1);
    const plain = await site('check', built, '--skip-content', '--content', content, '--json');
    expect((JSON.parse(plain.stdout) as { problems: { rule: string }[] }).problems.filter((p) => p.rule.startsWith('go-live'))).toEqual([]);
  });
});
