// Load benchmark of the leads function's Node entry on a real PostgreSQL (not a timed test):
//
//   1. Form POST throughput with p50/p99 latency: the entry behind @hono/node-server on
//      127.0.0.1, loaded by autocannon for 20 s with quote forms from 20,000 client addresses
//      (x-forwarded-for from a trusted loopback proxy), so that the per-client limit is not measured.
//   2. The dashboard's leads read for a 30-day range with 1,000,000 events (250,000 clicks, 25,000
//      of them phone and WhatsApp taps) and 20,000 leads stored.
//
// Target on the 2-core machine: the 30-day read under 150 ms.
// Run: node bench/leads-load.mjs [--seconds 20] [--connections 32]

import { fileURLToPath } from 'node:url';
import { arg, percentile, rerunUnderTsx, serveFunctions, withServer } from './load-support.mjs';

const SELF = fileURLToPath(import.meta.url);
const ORIGIN = 'http://bench.local';
const KEY = 'bench-dashboard-key';

rerunUnderTsx(SELF);

if (process.argv.includes('--serve')) {
  await serveFunctions({ allowedOrigins: [ORIGIN], dashboardKey: KEY, hmacSecret: 'bench-hmac-secret' }, (app, fns) =>
    app.all('/functions/v1/leads', (c) => fns.handleLeads(c.req.raw, c.env?.incoming?.socket?.remoteAddress)),
  );
} else await main();

async function main() {
  const autocannon = (await import('autocannon')).default;
  const { QUOTE, form } = await import('#tests/support/hostile-leads.ts');
  const seconds = Number(arg('seconds', 20));
  const connections = Number(arg('connections', 32));
  await withServer(SELF, async ({ port, db }) => {
    const url = `http://127.0.0.1:${port}/functions/v1/leads`;

    let n = 0;
    console.log(`Form POST load: ${connections} connections for ${seconds} s…`);
    const load = await autocannon({
      url,
      connections,
      duration: seconds,
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN, referer: `${ORIGIN}/contact` },
      requests: [
        {
          setupRequest: (req) => {
            const i = n++;
            const client = i % 20_000;
            return {
              ...req,
              body: form({ ...QUOTE, name: `Bench Visitor ${i}` }),
              headers: { ...req.headers, 'x-forwarded-for': `100.64.${client >> 8}.${client & 255}` },
            };
          },
        },
      ],
    });
    const [stored] = await db.query('select count(*)::int as n from public.leads');
    console.log('');
    console.log('POST /functions/v1/leads (Node entry, postgres.js → PostgreSQL, loopback)');
    console.log(`  requests     ${load.requests.total} in ${load.duration.toFixed(1)} s; 3xx ${load['3xx']}, other ${load.non2xx - load['3xx']}, errors ${load.errors}`);
    console.log(`  stored leads ${stored.n}`);
    console.log(`  throughput   ${(stored.n / load.duration).toFixed(0)} leads/s`);
    console.log(`  latency      p50 ${load.latency.p50} ms, p99 ${load.latency.p99} ms, max ${load.latency.max} ms`);

    console.log('');
    console.log('Inserting 1,000,000 events over 30 days (250,000 clicks, 25,000 of them phone and WhatsApp taps) and 20,000 leads…');
    const t0 = performance.now();
    await db.exec(`truncate public.user_events, public.leads, public.leads_outbox restart identity;
      insert into public.user_events (session_id, event_type, element_clicked, page_url, "timestamp")
      select 'session_1751537730000_' || (g % 100000), case when g % 4 = 0 then 'click' else 'page_view' end,
        case when g % 80 = 0 then 'tel:+911234567890' when g % 40 = 0 then 'whatsapp' when g % 4 = 0 then 'a:/services' end,
        '${ORIGIN}/page-' || (g % 40) || '?utm_source=x', now() - make_interval(secs => (g * 2.592)::int)
      from generate_series(1, 1000000) g;
      insert into public.leads (kind, name, email, phone, message, subject, page_path, created_at)
      select 'quote', 'Visitor ' || g, 'v' || g || '@gmail.com', '9829012345', 'No picture', 'New Quote Request from Website',
        '/page-' || (g % 40), now() - make_interval(secs => g * 129)
      from generate_series(1, 20000) g;`);
    await db.exec('vacuum analyze public.user_events');
    await db.exec('vacuum analyze public.leads');
    console.log(`  inserted in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    const to = new Date();
    const from = new Date(to.getTime() - 30 * 86_400_000);
    const read = `${url}?from=${from.toISOString()}&to=${to.toISOString()}`;
    const times = [];
    let summary;
    for (let i = 0; i < 21; i++) {
      const t = performance.now();
      const res = await fetch(read, { headers: { authorization: `Bearer ${KEY}`, origin: ORIGIN } });
      const data = await res.json();
      if (res.status !== 200) throw new Error(`GET answered ${res.status}`);
      if (i > 0) times.push(performance.now() - t);
      summary = { days: new Set(data.perDay.map((d) => d.day)).size, taps: data.perDay.filter((d) => d.kind === 'call' || d.kind === 'whatsapp').reduce((s, d) => s + d.count, 0), leads: data.leads.length };
    }
    times.sort((a, b) => a - b);
    console.log('GET /functions/v1/leads, 30-day range, with the dashboard key (20 reads after one warm-up)');
    console.log(`  read         ${JSON.stringify(summary)}`);
    console.log(`  latency      p50 ${percentile(times, 50).toFixed(1)} ms, p99 ${percentile(times, 99).toFixed(1)} ms (target < 150)`);
  });
}
