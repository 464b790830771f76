// `site check --go-live` and `site build --production`: the sample content names every value a
// live site must change, by file and line; content with real-looking values passes.

import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test, vi } from 'vitest';
import { checkGoLive } from '#cli/lib/check/go-live.ts';
import { projectRoot } from '#cli/lib/paths.ts';
import { site } from '../support/cli.ts';

const PROJECT_ROOT = projectRoot();

const work = mkdtempSync(path.join(tmpdir(), 'site-go-live-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** An alert channel set, as the owner sets it before going live (a secret in the environment). */
const ALERTS = { LEADS_WEBHOOK_URL: 'https://n8n.example.in/webhook/leads', LEADS_WEBHOOK_SECRET: 'a-secret-of-thirty-two-characters' };
const listed = (contentDir: string, root = PROJECT_ROOT, env: Record<string, string | undefined> = ALERTS) =>
  checkGoLive(contentDir, root, env).problems.map((p) => `${p.file}:${p.line}:${p.column} ${p.severity} ${p.rule} ${p.received ?? ''}`);

/** A copy of content/ as an owner would leave it before going live: the shop's own values. */
function liveContent(): string {
  const dir = path.join(work, 'live');
  cpSync(path.resolve('content'), dir, { recursive: true });
  const file = path.join(dir, 'site.yaml');
  const text = readFileSync(file, 'utf8')
    .replace(/ # sample.*$/gm, '')
    .replace('sample: true', 'sample: false')
    .replace('https://jaipurtvcare.example', 'https://www.jaipurtvcare.in')
    .replaceAll('+919000000001', '+919829012345')
    .replace('repairs@example.com', 'repairs@jaipurtvcare.in')
    .replaceAll('/functions/v1/', 'https://abcdefgh.supabase.co/functions/v1/')
    .replace('  # forwardTo: https://formsubmit.co/owner@yourshop.in', '  forwardTo: https://formsubmit.co/repairs@jaipurtvcare.in');
  writeFileSync(file, text);
  return dir;
}

describe('the go-live check', () => {
  test('on the sample content names every placeholder by line', () => {
    expect(listed(path.resolve('content'))).toEqual([
      'content/site.yaml:9:24 error go-live-sample Jaipur TV Care',
      'content/site.yaml:10:25 error go-live-sample Jaipur TV Care',
      'content/site.yaml:15:25 error go-live-sample Rakesh Sharma',
      // The logo is the sample business's: marked "# sample" like its name.
      'content/site.yaml:21:18 error go-live-sample logo.svg',
      'content/site.yaml:22:3 error go-live-sample sample: true',
      'content/site.yaml:24:17 error go-live-example-domain jaipurtvcare.example',
      'content/site.yaml:27:11 error go-live-sample-phone +919000000001',
      'content/site.yaml:28:14 error go-live-sample-phone +919000000001',
      'content/site.yaml:30:10 error go-live-example-email repairs@example.com',
      'content/site.yaml:33:27 error go-live-sample 14, Shipra Path',
      'content/site.yaml:45:88 error go-live-sample https://search.google.com/local/writereview?placeid=ChIJsample0000000000000',
      'content/site.yaml:136:20 warning go-live-function-url /functions/v1/leads',
      'content/site.yaml:137:27 warning go-live-function-url /functions/v1/leads',
      'content/site.yaml:145:13 warning go-live-function-url /functions/v1/analytics',
    ]);
  });

  test('passes content with real-looking values, and still names archetype text left in a published page', () => {
    const dir = liveContent();
    expect(listed(dir, work)).toEqual([]);
    const brand = path.join(dir, 'brands', 'haier.mdx');
    const archetype = readFileSync(path.resolve('content/_archetypes/brand.mdx'), 'utf8').replaceAll('{{name}}', 'Haier');
    writeFileSync(brand, archetype);
    expect(listed(dir, work)).toEqual([]); // a draft never ships
    writeFileSync(brand, archetype.replace('draft: true', 'draft: false'));
    expect(listed(dir, work)).toEqual([expect.stringMatching(/^live\/brands\/haier\.mdx:\d+:1 error go-live-archetype-text Describe here what goes wrong with Haier/)]);
    rmSync(brand);
  });

  test('warns when no alert channel is set, or one is half set, and is quiet when Telegram or the webhook is', () => {
    const dir = liveContent();
    expect(listed(dir, work, {})).toEqual(['live/site.yaml:134:1 warning go-live-lead-alerts none set here']);
    const [half] = checkGoLive(dir, work, { LEADS_TELEGRAM_BOT_TOKEN: '123:abc' }).problems;
    expect(half?.message).toBe("no alert channel for new leads: the owner's phone hears of none (Telegram alerts are off: set both LEADS_TELEGRAM_BOT_TOKEN and LEADS_TELEGRAM_CHAT_ID)");
    expect(listed(dir, work, { LEADS_TELEGRAM_BOT_TOKEN: '123:abc', LEADS_TELEGRAM_CHAT_ID: '42' })).toEqual([]);
    expect(listed(dir, work, ALERTS)).toEqual([]);
  });

  test('a form endpoint at a sample address is named as such', () => {
    const dir = liveContent();
    const file = path.join(dir, 'site.yaml');
    writeFileSync(file, readFileSync(file, 'utf8').replace('forwardTo: https://formsubmit.co/repairs@jaipurtvcare.in', 'forwardTo: https://formsubmit.co/repairs@example.com'));
    expect(listed(dir, work)).toEqual([expect.stringMatching(/^live\/site\.yaml:\d+:\d+ error go-live-form-endpoint repairs@example\.com$/)]);
  });

  test('`site build --production` refuses the sample content with exit 1 and builds nothing', async () => {
    const out = path.join(work, 'dist');
    // No alert channel in this environment: a fourth warning.
    for (const name of [...Object.keys(ALERTS), 'LEADS_TELEGRAM_BOT_TOKEN', 'LEADS_TELEGRAM_CHAT_ID']) vi.stubEnv(name, '');
    const { code, stderr } = await site('build', '--production', '--quiet', '--out', out).finally(() => vi.unstubAllEnvs());
    expect(code).toBe(1);
    expect(stderr).toContain('content/site.yaml:22:3  business.sample is true');
    expect(stderr).toContain("content/site.yaml:134:1  no alert channel for new leads: the owner's phone hears of none");
    expect(stderr).toMatch(/✖ 11 problems, 4 warnings in 1 file/);
    expect(stderr).toContain('Not built: --production needs the content ready to go live.');
  });

  test('`site check --go-live` on the built sample site exits 1 with the go-live problems; without the flag they are not reported', { timeout: 300_000 }, async () => {
    // A site of its own: the test runs before (and without) the project's dist/.
    const built = path.join(work, 'built');
    expect((await site('build', '--quiet', '--out', built)).code).toBe(0);
    const goLive = await site('check', built, '--skip-content', '--go-live', '--json');
    expect(goLive.code).toBe(1);
    const rules = (JSON.parse(goLive.stdout) as { problems: { rule: string }[] }).problems.map((p) => p.rule).filter((r) => r.startsWith('go-live'));
    expect(rules).toEqual(checkGoLive(path.resolve('content'), PROJECT_ROOT).problems.map((p) => p.rule));
    const plain = await site('check', built, '--skip-content', '--json');
    expect((JSON.parse(plain.stdout) as { problems: { rule: string }[] }).problems.filter((p) => p.rule.startsWith('go-live'))).toEqual([]);
  });
});
