// The Supabase entry (supabase/functions/analytics/index.ts) type-checked and run by Deno from the
// `deno` npm package, resolving `npm:` specifiers itself (--node-modules-dir=none) as Supabase
// does, against a throwaway PostgreSQL. The functions run from a copy of supabase/functions/ with
// the _generated/content.json that `site build` writes (here, the fixture content's), as
// `supabase functions deploy` takes them after a build.

import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { applyMigrations } from '#cli/lib/server/database.ts';
import { postgresDb, type Db } from '#functions/_shared/db.ts';
import { writeFunctionsContent } from '#core/pipeline/functions-content.ts';
import { describeHostileInputs } from '../support/analytics-contract.ts';
import { sendRaw } from '../support/hostile-inputs.ts';
import { CONTACT } from '../support/hostile-leads.ts';
import { startReceiver, verifyWebhook, type Receiver } from '../support/receiver.ts';
import { testDatabase } from '../support/pg-cluster.ts';
import { functionsContentOf, say, TV_SHOP } from '../support/functions-content.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const DENO_DIR = join(ROOT, 'node_modules/.cache/deno');
const CONTENT = functionsContentOf();
/** A project root of the test's own holding supabase/functions/ and what a build writes there. */
const STAGE = mkdtempSync(join(tmpdir(), 'site-deno-functions-'));
cpSync(join(ROOT, 'supabase/functions'), join(STAGE, 'supabase/functions'), { recursive: true, filter: (src) => !src.includes('_generated') });
writeFunctionsContent(STAGE, CONTENT);
const FUNCTION_DIR = join(STAGE, 'supabase/functions/analytics');
const LEADS_DIR = join(STAGE, 'supabase/functions/leads');
const ORIGIN = 'https://tv-repair.example';
const SECRETS = {
  ANALYTICS_HMAC_SECRET: 'deno-test-hmac-secret',
  ANALYTICS_DASHBOARD_KEY: 'deno-test-dashboard-key',
  ANALYTICS_ALLOWED_ORIGINS: `${ORIGIN}, https://www.tv-repair.example`,
};
const UA = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36';

/** The Deno binary that the `deno` npm package ships for this platform. */
function denoBinary(): string {
  const require = createRequire(import.meta.url);
  const exe = join(dirname(require.resolve('deno/package.json')), 'deno');
  if (existsSync(exe)) return exe;
  return (require('deno/install_api.cjs') as { runInstall(): string }).runInstall();
}

const deno = denoBinary();
const denoArgs = ['--node-modules-dir=none', '--no-lock', '--config', join(FUNCTION_DIR, 'deno.json')];
const denoEnv = { ...process.env, DENO_DIR, NO_COLOR: '1' };

/** Starts the entry with `env` on a free port; resolves once Deno.serve listens. */
async function serveEntry(env: Record<string, string>, dir = FUNCTION_DIR): Promise<{ url: string; proc: ChildProcess }> {
  const args = ['--node-modules-dir=none', '--no-lock', '--config', join(dir, 'deno.json')];
  const proc = spawn(
    deno,
    ['run', ...args, '--allow-net', '--allow-env', '--allow-read', join(dir, 'index.ts')],
    { env: { ...denoEnv, DENO_SERVE_ADDRESS: 'tcp:127.0.0.1:0', ...env }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const m = /Listening on (http:\/\/[\d.]+:\d+)/.exec(output);
      if (m) resolve(m[1]!);
    };
    proc.stdout!.on('data', onData);
    proc.stderr!.on('data', onData);
    proc.once('exit', (code) => reject(new Error(`deno exited with ${code} before listening:\n${output}`)));
  });
  return { url, proc };
}

async function stop(proc: ChildProcess | undefined): Promise<void> {
  if (!proc || proc.exitCode !== null) return;
  const exited = new Promise((resolve) => proc.once('exit', resolve));
  proc.kill('SIGTERM');
  await exited;
}

let database: Awaited<ReturnType<typeof testDatabase>>;
let db: Db;

beforeAll(async () => {
  database = await testDatabase(inject('pgUrl'), 'site_deno_test');
  db = postgresDb(database.url);
  await applyMigrations(db);
});

afterAll(async () => {
  rmSync(STAGE, { recursive: true, force: true });
  await db?.close();
  await database?.drop();
});

describe('the Deno entry of the analytics function', () => {
  it('type-checks with deno check', async () => {
    // A type error makes `deno check` exit non-zero, which rejects here. (It prints "Check …" only
    // when it had to check: an unchanged file is answered from Deno's cache, silently.)
    const { stderr } = await promisify(execFile)(deno, ['check', ...denoArgs, join(FUNCTION_DIR, 'index.ts')], {
      env: denoEnv,
      cwd: FUNCTION_DIR,
    });
    expect(stderr).not.toMatch(/error/i);
  }, 300_000);

  it('the leads entry type-checks with deno check too', async () => {
    const args = ['check', '--node-modules-dir=none', '--no-lock', '--config', join(LEADS_DIR, 'deno.json'), join(LEADS_DIR, 'index.ts')];
    const { stderr } = await promisify(execFile)(deno, args, { env: denoEnv, cwd: LEADS_DIR });
    expect(stderr).not.toMatch(/error/i);
  }, 300_000);

  describe('running on Postgres', () => {
    let server: { url: string; proc: ChildProcess };
    beforeAll(async () => {
      server = await serveEntry({ SUPABASE_DB_URL: database.url, ...SECRETS });
    }, 300_000);
    afterAll(() => stop(server?.proc));

    it('stores a POSTed session with the country from the bundled database and a truncated IP', async () => {
      const res = await fetch(server.url, {
        method: 'POST',
        headers: {
          'content-type': 'text/plain;charset=UTF-8',
          origin: 'https://www.tv-repair.example',
          'user-agent': UA,
          // What Cloudflare, in front of Supabase, sets; the forged x-forwarded-for is not believed.
          'cf-connecting-ip': '49.36.10.20',
          'x-forwarded-for': '8.8.8.8',
        },
        body: JSON.stringify({
          type: 'session',
          sessionId: 'session_1751537730000_deno01',
          pageUrl: `${ORIGIN}/tv-repair-mansarovar`,
          userAgent: UA,
          referrer: '',
        }),
      });
      expect(res.status).toBe(201);
      expect(res.headers.get('access-control-allow-origin')).toBe('https://www.tv-repair.example');
      expect(
        await db.query('select session_id, host(ip_address) as ip, ip_hash, country, page_url from public.user_sessions'),
      ).toEqual([
        {
          session_id: 'session_1751537730000_deno01',
          ip: '49.36.10.0',
          ip_hash: createHmac('sha256', SECRETS.ANALYTICS_HMAC_SECRET).update('49.36.10.20').digest('hex'),
          country: 'IN',
          page_url: `${ORIGIN}/tv-repair-mansarovar`,
        },
      ]);
    });

    it('answers the dashboard read with the key, and 401 without it', async () => {
      const ok = await fetch(server.url, {
        headers: { authorization: `Bearer ${SECRETS.ANALYTICS_DASHBOARD_KEY}`, origin: ORIGIN },
      });
      expect(ok.status).toBe(200);
      const data = (await ok.json()) as { totals: unknown; topCountries: unknown };
      expect(data.totals).toEqual({ visitors: 1, sessions: 1, events: 0, uniqueIps: 1, pageViews: 0 });
      expect(data.topCountries).toEqual([{ country: 'IN', count: 1 }]);
      expect((await fetch(server.url, { headers: { origin: ORIGIN } })).status).toBe(401);
    });

    it('gives the weekly digest in the words and the name of the content it was built with (GET ?digest=week)', async () => {
      const res = await fetch(`${server.url}?digest=week`, { headers: { authorization: `Bearer ${SECRETS.ANALYTICS_DASHBOARD_KEY}`, origin: ORIGIN } });
      expect(res.status).toBe(200);
      const digest = (await res.json()) as { from: string; to: string; text: string };
      expect(digest.text.split('\n')[0]).toContain(CONTENT.site.name);
      expect(digest.text).toContain(`${CONTENT.site.origin}/analytics`);
      expect(Date.parse(digest.to) - Date.parse(digest.from)).toBe(7 * 24 * 3_600_000);
      // Without alert channels (none in this entry's environment), a digest cannot be sent.
      const send = await fetch(`${server.url}?digest=send`, { method: 'POST', headers: { authorization: `Bearer ${SECRETS.ANALYTICS_DASHBOARD_KEY}`, origin: ORIGIN } });
      expect(send.status).toBe(409);
    });

    describeHostileInputs('the Deno entry', () => ({
      url: server.url,
      site: { origin: ORIGIN, headers: { 'cf-connecting-ip': '49.36.10.20' } },
      dashboardKey: SECRETS.ANALYTICS_DASHBOARD_KEY,
    }));

    describe('geo headers from the edge', () => {
      const send = (sessionId: string, headers: Record<string, string>) =>
        sendRaw(server.url, {
          headers: { 'content-type': 'text/plain', origin: ORIGIN, 'user-agent': UA, ...headers },
          body: JSON.stringify({ type: 'session', sessionId, pageUrl: `${ORIGIN}/` }),
        });
      const row = async (sessionId: string) =>
        (await db.query('select host(ip_address) as ip, country, city from public.user_sessions where session_id = $1', [sessionId]))[0];

      it('(issue 10.7) are stored for a public client, never for a private or loopback one', async () => {
        expect((await send('session_1751537730000_dpub', { 'cf-connecting-ip': '2.2.2.2', 'cf-ipcountry': 'FR', 'cf-ipcity': 'Paris' })).status).toBe(201);
        expect((await send('session_1751537730000_dlan', { 'cf-connecting-ip': '10.1.2.3', 'cf-ipcountry': 'KP', 'cf-ipcity': 'Pyongyang' })).status).toBe(201);
        expect((await send('session_1751537730000_dlo', { 'cf-connecting-ip': '::1', 'cf-ipcountry': 'KP' })).status).toBe(201);
        expect(await row('session_1751537730000_dpub')).toEqual({ ip: '2.2.2.0', country: 'FR', city: 'Paris' });
        expect(await row('session_1751537730000_dlan')).toEqual({ ip: '10.1.2.0', country: null, city: null });
        expect(await row('session_1751537730000_dlo')).toEqual({ ip: '::', country: null, city: null });
      });

      it('(issue 10.3) a NUL in a geo header loses the city, not the visit', async () => {
        expect((await send('session_1751537730000_dnul', { 'cf-connecting-ip': '2.2.2.2', 'cf-ipcity': 'Pa%00ris' })).status).toBe(201);
        expect(await row('session_1751537730000_dnul')).toEqual({ ip: '2.2.2.0', country: null, city: null });
      });
    });
  });

  describe('the leads entry, running on Postgres', () => {
    let server: { url: string; proc: ChildProcess };
    let receiver: Receiver;
    const WEBHOOK_SECRET = 'deno-test-webhook-secret-0123456789';
    beforeAll(async () => {
      receiver = await startReceiver();
      server = await serveEntry(
        {
          SUPABASE_DB_URL: database.url,
          LEADS_SITE_ORIGIN: ORIGIN,
          ANALYTICS_DASHBOARD_KEY: SECRETS.ANALYTICS_DASHBOARD_KEY,
          ANALYTICS_HMAC_SECRET: SECRETS.ANALYTICS_HMAC_SECRET,
          LEADS_WEBHOOK_URL: `${receiver.url}/hook`,
          LEADS_WEBHOOK_SECRET: WEBHOOK_SECRET,
          LEADS_TELEGRAM_BOT_TOKEN: '123456:deno-test-token',
          LEADS_TELEGRAM_CHAT_ID: '4242',
          LEADS_TELEGRAM_API_URL: receiver.url,
        },
        LEADS_DIR,
      );
    }, 300_000);
    afterAll(async () => {
      await stop(server?.proc);
      await receiver?.close();
    });

    it('alerts the owner of a lead: a Telegram message and a signed webhook; the schedule\'s call answers 202', async () => {
      const body = new URLSearchParams({ name: 'Deno Alert', email: 'deno.alert@gmail.com', phone: '+91 98290 12345', message: 'No sound', subject: 'New Quote Request from Website' });
      const res = await fetch(server.url, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN, 'cf-connecting-ip': '49.36.10.21' },
        body,
      });
      expect(res.status).toBe(303);
      await receiver.waitFor(2);
      const hook = receiver.received.find((r) => r.path === '/hook')!;
      expect(verifyWebhook(WEBHOOK_SECRET, hook)).toBe(true);
      expect(JSON.parse(hook.body)).toMatchObject({ type: 'lead.created', lead: { name: 'Deno Alert', phone: '+91 98290 12345' } });
      const telegram = receiver.received.find((r) => r.path === '/bot123456:deno-test-token/sendMessage')!;
      expect(JSON.parse(telegram.body)).toMatchObject({ chat_id: '4242', text: expect.stringContaining(`${say('alert.name', { name: 'Deno Alert' })}\n${say('alert.phone', { phone: '+91 98290 12345' })}`) });
      const run = await fetch(`${server.url}?outbox=run`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
      expect([run.status, await run.json()]).toEqual([202, { ok: true }]);
      expect(run.headers.get('x-content-type-options')).toBe('nosniff');
    });

    it('stores a posted quote form, sends the browser to the site\'s /thank-you, and gives it to the dashboard key only', async () => {
      const body = new URLSearchParams({ name: 'Deno Lead', email: 'deno.lead@gmail.com', phone: '+91 98290 12345', message: 'No sound', subject: 'New Quote Request from Website' });
      const res = await fetch(server.url, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN, referer: `${ORIGIN}/contact`, 'user-agent': UA, 'cf-connecting-ip': '49.36.10.20' },
        body,
      });
      expect([res.status, res.headers.get('location')]).toEqual([303, `${ORIGIN}/thank-you`]);
      expect(await db.query(`select kind, name, page_path from public.leads where email = 'deno.lead@gmail.com'`)).toEqual([
        { kind: 'quote', name: 'Deno Lead', page_path: '/contact' },
      ]);
      const read = await fetch(`${server.url}?format=csv`, { headers: { authorization: `Bearer ${SECRETS.ANALYTICS_DASHBOARD_KEY}`, origin: ORIGIN } });
      expect(read.status).toBe(200);
      expect(await read.text()).toContain(',quote,Deno Lead,');
      expect((await fetch(server.url, { headers: { origin: ORIGIN } })).status).toBe(401);
    });
  });

  describe('the leads entry takes the choices of _generated/content.json', () => {
    let server: { url: string; proc: ChildProcess };
    beforeAll(async () => {
      server = await serveEntry(
        { SUPABASE_DB_URL: database.url, LEADS_SITE_ORIGIN: ORIGIN, ANALYTICS_DASHBOARD_KEY: SECRETS.ANALYTICS_DASHBOARD_KEY, ANALYTICS_HMAC_SECRET: SECRETS.ANALYTICS_HMAC_SECRET },
        LEADS_DIR,
      );
    }, 300_000);
    afterAll(() => stop(server?.proc));

    it('stores a contact lead for a service the site offers (303), and refuses one it does not with a 400 and the reason', async () => {
      const post = (service: string, accept = 'text/html') =>
        fetch(server.url, {
          method: 'POST',
          redirect: 'manual',
          headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN, accept, 'cf-connecting-ip': '49.36.10.22' },
          body: new URLSearchParams({ ...CONTACT, email: 'deno.choice@gmail.com', service }),
        });
      const [offered] = TV_SHOP.choices.service;
      expect((await post(offered!.value)).status).toBe(303);
      const refused = await post(`${offered!.value} and more`, 'application/json');
      expect([refused.status, await refused.json()]).toEqual([400, { error: say('form.invalid'), issues: [{ path: 'service', code: 'invalid', message: say('rules.notChosen.service') }] }]);
      expect(await db.query(`select service from public.leads where email = 'deno.choice@gmail.com'`)).toEqual([{ service: offered!.value }]);
    });
  });

  it('says which secret is missing instead of failing silently', async () => {
    const server = await serveEntry({ SUPABASE_DB_URL: database.url, ...SECRETS, ANALYTICS_HMAC_SECRET: '' });
    try {
      const res = await fetch(server.url, { method: 'POST', body: '{}' });
      expect(res.status).toBe(500);
      expect(await res.json()).toEqual({ error: 'analytics: the secret ANALYTICS_HMAC_SECRET is not set' });
    } finally {
      await stop(server.proc);
    }
  }, 180_000);
});
