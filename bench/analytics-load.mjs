// Load benchmark of the analytics function's Node entry on a real PostgreSQL (not a timed test):
//
//   1. POST throughput with p50/p99 latency: the entry runs in one process behind
//      @hono/node-server on 127.0.0.1; autocannon loads it from this process for 30 s with a mix of
//      session, page_view and click records from 20,000 client addresses.
//   2. Dashboard GET latency with 1,000,000 events (and 100,000 sessions) stored.
//
// Targets on the 2-core machine: ≥ 2,000 events/s with p99 < 50 ms; GET < 150 ms at 1M events.
// Run: node bench/analytics-load.mjs [--seconds 30] [--connections 32]
// It starts and removes its own throwaway Postgres cluster (Debian `postgresql` package).

import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const SELF = fileURLToPath(import.meta.url);
const ORIGIN = 'http://bench.local';
const KEY = 'bench-dashboard-key';
const UA = 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36';

// The project's helpers are TypeScript: run this file again under tsx's loader when needed.
if (!process.env.SITE_BENCH_TSX) {
  const r = spawnSync(process.execPath, ['--import', 'tsx', SELF, ...process.argv.slice(2)], {
    stdio: 'inherit',
    env: { ...process.env, SITE_BENCH_TSX: '1' },
  });
  process.exit(r.status ?? 1);
}

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};

if (process.argv.includes('--serve')) await serve();
else await main();

/** The server process: the Node entry mounted like `npm start` does, on a free loopback port. */
async function serve() {
  const { mkdtemp } = await import('node:fs/promises');
  const { tmpdir } = await import('node:os');
  const { join } = await import('node:path');
  const { Hono } = await import('hono');
  const { serve: listen } = await import('@hono/node-server');
  const { createNodeAnalytics } = await import('#cli/lib/server/analytics.ts');
  const analytics = await createNodeAnalytics({
    dataDir: await mkdtemp(join(tmpdir(), 'site-bench-')),
    databaseUrl: process.env.DATABASE_URL,
    allowedOrigins: [ORIGIN],
    dashboardKey: KEY,
    hmacSecret: 'bench-hmac-secret',
    poolSize: Number(process.env.POOL_SIZE ?? 10),
    // autocannon names 20,000 clients in x-forwarded-for from this host, as a local proxy would.
    trustedProxies: ['loopback'],
  });
  const app = new Hono();
  app.all('/functions/v1/analytics', (c) => analytics.handle(c.req.raw, c.env?.incoming?.socket?.remoteAddress));
  const server = listen({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, (info) => {
    process.stdout.write(`READY ${info.port}\n`);
  });
  process.on('SIGTERM', () => server.close(() => analytics.close().then(() => process.exit(0))));
}

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function main() {
  const autocannon = (await import('autocannon')).default;
  const { startPgCluster } = await import('#tests/support/pg-cluster.ts');
  const { postgresDb } = await import('#cli/lib/server/analytics.ts');
  const seconds = Number(arg('seconds', 30));
  const connections = Number(arg('connections', 32));

  // Bounded: whatever happens, stop after 6 minutes.
  const deadline = setTimeout(() => {
    console.error('bench: took longer than 6 minutes, giving up');
    process.exit(2);
  }, 6 * 60_000);
  deadline.unref();

  console.log('Starting a throwaway PostgreSQL cluster…');
  const cluster = await startPgCluster({ shared_buffers: '256MB', max_connections: '50' });
  const db = postgresDb(cluster.url, { max: 2 });
  const child = spawn(process.execPath, ['--import', 'tsx', SELF, '--serve'], {
    env: { ...process.env, DATABASE_URL: cluster.url },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    const port = await new Promise((resolve, reject) => {
      let out = '';
      child.stdout.on('data', (d) => {
        out += d;
        const m = /READY (\d+)/.exec(out);
        if (m) resolve(Number(m[1]));
      });
      child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
    });
    const url = `http://127.0.0.1:${port}/functions/v1/analytics`;

    // 1. POST load.
    let n = 0;
    const bodies = ['session', 'page_view', 'click'].map((kind) => (i) =>
      JSON.stringify({
        type: kind === 'session' ? 'session' : 'event',
        ...(kind === 'session' ? {} : { eventType: kind }),
        ...(kind === 'click' ? { elementClicked: 'tel:+911234567890' } : {}),
        sessionId: `session_1751537730000_b${i % 20_000}`,
        pageUrl: `${ORIGIN}/tv-repair-mansarovar`,
        userAgent: UA,
        referrer: '',
      }),
    );
    console.log(`POST load: ${connections} connections for ${seconds} s…`);
    const load = await autocannon({
      url,
      connections,
      duration: seconds,
      method: 'POST',
      headers: { 'content-type': 'text/plain;charset=UTF-8', origin: ORIGIN, 'user-agent': UA },
      requests: [
        {
          setupRequest: (req) => {
            const i = n++;
            const client = i % 20_000;
            return {
              ...req,
              body: bodies[i % 3](i),
              // 20,000 client addresses, so that the per-client rate limit is not what is measured.
              headers: { ...req.headers, 'x-forwarded-for': `100.64.${client >> 8}.${client & 255}` },
            };
          },
        },
      ],
    });
    const [stored] = await db.query(
      'select (select count(*) from public.user_sessions)::int + (select count(*) from public.user_events)::int as n',
    );
    const ok = load['2xx'];
    console.log('');
    console.log('POST /functions/v1/analytics (Node entry, postgres.js → PostgreSQL, loopback)');
    console.log(`  requests     ${load.requests.total} in ${load.duration.toFixed(1)} s, ${ok} answered 2xx, ${load.non2xx} not, ${load.errors} errors`);
    console.log(`  stored rows  ${stored.n}`);
    console.log(`  throughput   ${(stored.n / load.duration).toFixed(0)} events/s (target ≥ 2000)`);
    console.log(`  latency      p50 ${load.latency.p50} ms, p99 ${load.latency.p99} ms, max ${load.latency.max} ms (target p99 < 50)`);

    // 2. Dashboard GET at 1M events.
    console.log('');
    console.log('Inserting 1,000,000 events and 100,000 sessions…');
    const t0 = performance.now();
    await db.exec(`truncate public.user_sessions, public.user_events restart identity;
      insert into public.user_events (session_id, event_type, element_clicked, page_url, ip_address, ip_hash, "timestamp")
      select 'session_1751537730000_' || (g % 100000), case when g % 4 = 0 then 'click' else 'page_view' end,
        case when g % 4 = 0 then 'tel:+911234567890' end, '${ORIGIN}/', ('100.64.' || (g % 250) || '.0')::inet,
        md5((g % 30000)::text) || md5((g % 30000)::text), now() - make_interval(secs => 1000000 - g)
      from generate_series(1, 1000000) g;
      insert into public.user_sessions (session_id, ip_address, ip_hash, country, page_url, user_agent, created_at)
      select 'session_1751537730000_' || g, ('100.64.' || (g % 250) || '.0')::inet,
        md5((g % 30000)::text) || md5((g % 30000)::text), (array['IN','IN','IN','US','GB','AE','SG','DE'])[1 + g % 8],
        '${ORIGIN}/', '${UA}', now() - make_interval(secs => 100000 - g)
      from generate_series(1, 100000) g;`);
    await db.exec('vacuum analyze public.user_events');
    await db.exec('vacuum analyze public.user_sessions');
    console.log(`  inserted in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    const times = [];
    let totals;
    for (let i = 0; i < 101; i++) {
      const t = performance.now();
      const res = await fetch(url, { headers: { authorization: `Bearer ${KEY}`, origin: ORIGIN } });
      const data = await res.json();
      if (res.status !== 200) throw new Error(`GET answered ${res.status}`);
      if (i > 0) times.push(performance.now() - t); // the first read warms the caches
      totals = data.totals;
    }
    times.sort((a, b) => a - b);
    console.log('GET /functions/v1/analytics with the dashboard key (100 reads after one warm-up)');
    console.log(`  totals       ${JSON.stringify(totals)}`);
    console.log(`  latency      p50 ${percentile(times, 50).toFixed(1)} ms, p99 ${percentile(times, 99).toFixed(1)} ms (target < 150)`);
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => (child.exitCode !== null ? r() : child.once('exit', r)));
    await db.close();
    await cluster.stop();
  }
}
