// Benchmark of the dashboard's read of a date range on a real PostgreSQL (not a timed test): the
// Node entries of the analytics and leads functions on a throwaway Debian cluster, with
// 1,000,000 events, 100,000 sessions and 20,000 leads over the last 30 days (varied pages,
// referrers, utm_* tags, user agents and visitors).
//
//   1. The first 30-day read, which counts the closed days once into analytics_daily.
//   2. The 30-day analytics read (every figure of the range and of the 30 days before), 20 times.
//   3. What /analytics asks for at once: that read plus the leads of the range and of the period
//      before (three requests in parallel), 20 times.
//   4. The "today" read (rows only: no closed day inside), 20 times.
//
// Target on the 2-core machine: the 30-day dashboard read under 150 ms.
// Run: node bench/dashboard-load.mjs

import { fileURLToPath } from 'node:url';
import { percentile, rerunUnderTsx, serveFunctions, withServer } from './load-support.mjs';

const SELF = fileURLToPath(import.meta.url);
const ORIGIN = 'http://bench.local';
const KEY = 'bench-dashboard-key';
const DAY = 86_400_000;

rerunUnderTsx(SELF);

if (process.argv.includes('--serve')) {
  await serveFunctions({ allowedOrigins: [ORIGIN], dashboardKey: KEY, hmacSecret: 'bench-hmac-secret' }, (app, fns) => {
    app.all('/functions/v1/analytics', (c) => fns.handle(c.req.raw, '127.0.0.1'));
    app.all('/functions/v1/leads', (c) => fns.handleLeads(c.req.raw, '127.0.0.1'));
  });
} else await main();

async function timed(n, fn) {
  const times = [];
  let last;
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    last = await fn();
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return { last, text: `p50 ${percentile(times, 50).toFixed(1)} ms, p99 ${percentile(times, 99).toFixed(1)} ms` };
}

async function main() {
  await withServer(SELF, async ({ port, db }) => {
    const base = `http://127.0.0.1:${port}/functions/v1`;
    console.log('Inserting 1,000,000 events, 100,000 sessions and 20,000 leads over 30 days…');
    const t0 = performance.now();
    // Sessions: 40 pages, a quarter from Google with utm tags, some from Facebook, a third on
    // desktop; 30,000 visitors (about 1,000 a day, three page loads each). Events: three quarters
    // page views, a tenth of the clicks phone and WhatsApp taps.
    await db.exec(`truncate public.user_sessions, public.user_events, public.leads, public.leads_outbox, public.analytics_daily, public.analytics_daily_done restart identity;
      insert into public.user_sessions (session_id, ip_address, ip_hash, visitor_id, country, page_url, user_agent, referrer, created_at)
      select 'session_1751537730000_' || g, ('100.64.' || (g % 250) || '.0')::inet, md5((g % 30000)::text) || md5((g % 30000)::text),
        md5((g / 3)::text), (array['IN','IN','IN','US','GB','AE','SG','DE'])[1 + g % 8],
        '${ORIGIN}/page-' || (g % 40) || case when g % 4 = 0 then '?utm_source=google&utm_medium=cpc&utm_campaign=c' || (g % 5) else '' end,
        case when g % 3 = 0 then 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0 Safari/537.36'
          else 'Mozilla/5.0 (Linux; Android 14; Pixel 8) Chrome/130.0 Mobile Safari/537.36' end,
        case when g % 4 = 0 then 'https://www.google.com/' when g % 7 = 0 then 'https://m.facebook.com/' else '' end,
        now() - make_interval(secs => (g * 25.92)::int)
      from generate_series(1, 100000) g;
      insert into public.user_events (session_id, event_type, element_clicked, page_url, ip_address, ip_hash, "timestamp")
      select 'session_1751537730000_' || (g / 10), case when g % 4 = 0 then 'click' else 'page_view' end,
        case when g % 80 = 0 then 'tel:+911234567890' when g % 40 = 0 then 'whatsapp' when g % 4 = 0 then 'a:/services' end,
        '${ORIGIN}/page-' || (g % 40), ('100.64.' || (g % 250) || '.0')::inet, md5((g % 30000)::text) || md5((g % 30000)::text),
        now() - make_interval(secs => (g * 2.592)::int)
      from generate_series(1, 1000000) g;
      insert into public.leads (kind, name, email, phone, message, subject, page_path, source, created_at)
      select 'quote', 'Visitor ' || g, 'v' || g || '@gmail.com', '9829012345', 'No picture', 'New Quote Request from Website',
        '/page-' || (g % 40), case when g % 4 = 0 then 'google' end, now() - make_interval(secs => g * 129)
      from generate_series(1, 20000) g;`);
    for (const t of ['user_events', 'user_sessions', 'leads']) await db.exec(`vacuum analyze public.${t}`);
    console.log(`  inserted in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

    const to = new Date();
    const range = (days) => `from=${new Date(to.getTime() - days * DAY).toISOString()}&to=${to.toISOString()}`;
    const get = async (path) => {
      const res = await fetch(`${base}/${path}`, { headers: { authorization: `Bearer ${KEY}`, origin: ORIGIN } });
      if (res.status !== 200) throw new Error(`GET ${path} answered ${res.status}`);
      return res.json();
    };
    const month = `analytics?${range(30)}`;

    const first = await timed(1, () => get(month));
    console.log('GET /functions/v1/analytics, 30-day range, first read (counts 60 closed days once)');
    console.log(`  latency      ${first.text}`);

    const warm = await timed(20, () => get(month));
    const t = warm.last.totals;
    console.log('GET /functions/v1/analytics, 30-day range and the 30 days before (20 reads)');
    console.log(`  read         ${JSON.stringify({ ...t, days: warm.last.perDay.length, topPage: warm.last.top.page[0] })}`);
    console.log(`  latency      ${warm.text} (target < 150)`);

    const prev = `from=${new Date(to.getTime() - 60 * DAY).toISOString()}&to=${new Date(to.getTime() - 30 * DAY).toISOString()}`;
    const page = await timed(20, () => Promise.all([get(month), get(`leads?${range(30)}`), get(`leads?${prev}`)]));
    console.log('What /analytics reads at once for 30 days: analytics + leads of the range + leads before (20 times)');
    console.log(`  latency      ${page.text}`);

    const midnight = new Date(Math.floor((to.getTime() + 19_800_000) / DAY) * DAY - 19_800_000);
    const today = await timed(20, () => get(`analytics?from=${midnight.toISOString()}&to=${to.toISOString()}`));
    console.log('GET /functions/v1/analytics, today (from the rows, 20 reads)');
    console.log(`  latency      ${today.text}`);
  });
}
