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

import { fileURLToPath } from 'node:url';
import { arg, percentile, rerunUnderTsx, serveFunctions, withServer } from './load-support.mjs';

const SELF = fileURLToPath(import.meta.url);
const ORIGIN = 'http://bench.local';
const KEY = 'bench-dashboard-key';
const UA = 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36';

rerunUnderTsx(SELF);

if (process.argv.includes('--serve')) {
  await serveFunctions({ allowedOrigins: [ORIGIN], dashboardKey: KEY, hmacSecret: 'bench-hmac-secret' }, (app, fns) =>
    app.all('/functions/v1/analytics', (c) => fns.handle(c.req.raw, c.env?.incoming?.socket?.remoteAddress)),
  );
} else await main();

async function main() {
  const autocannon = (await import('autocannon')).default;
  const seconds = Number(arg('seconds', 30));
  const connections = Number(arg('connections', 32));
  await withServer(SELF, async ({ port, db }) => {
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
  });
}
