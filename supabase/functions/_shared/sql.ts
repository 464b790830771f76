// The statements the handler runs. Plain SQL with $n parameters so that any driver (postgres.js,
// PGlite) can run them; jsonb arrives as text and is cast in SQL (postgres.js would otherwise
// encode a JSON string twice).

export const INSERT_SESSION_SQL = `insert into public.user_sessions
  (session_id, ip_address, ip_hash, country, city, region, latitude, longitude, page_url, user_agent, referrer, created_at)
  values ($1, $2::inet, $3, $4, $5, $6, $7::float8, $8::float8, $9, $10, $11, $12::timestamptz)`;

export const INSERT_EVENT_SQL = `insert into public.user_events
  (session_id, event_type, element_clicked, event_data, page_url, ip_address, ip_hash, "timestamp")
  values ($1, $2, $3, $4::text::jsonb, $5, $6::inet, $7, $8::timestamptz)`;

const iso = (column: string) => `to_char(${column} at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

// The dashboard's read, as three statements that the handler runs at once (each on its own pooled
// connection with postgres.js; PGlite runs them in turn). Totals cover every row; unique IPs are
// distinct ip_hash values over sessions (every visit sends a session record), counted through a
// hash aggregate, which is about twice as fast as count(distinct). The row lists never include
// ip_hash, and order by the qualified column (t.created_at): the bare name would mean the to_char
// text alias.
export const DASHBOARD_EVENT_COUNT_SQL = 'select count(*) as events from public.user_events';

export const DASHBOARD_SESSION_STATS_SQL = `select
  (select count(*) from public.user_sessions) as sessions,
  (select count(*) from (select distinct ip_hash from public.user_sessions where ip_hash is not null) d) as unique_ips,
  (select coalesce(json_agg(c order by c.count desc, c.country), '[]'::json) from (
    select country, count(*)::int as count from public.user_sessions
    where country is not null group by country order by count(*) desc, country limit 5) c) as top_countries`;

export const DASHBOARD_LATEST_SQL = `select
  (select coalesce(json_agg(s order by s.created_at desc, s.id desc), '[]'::json) from (
    select id, session_id, host(ip_address) as ip_address, country, city, region, latitude, longitude,
      page_url, user_agent, referrer, ${iso('created_at')} as created_at
    from public.user_sessions t order by t.created_at desc, t.id desc limit 50) s) as latest_sessions,
  (select coalesce(json_agg(e order by e.timestamp desc, e.id desc), '[]'::json) from (
    select id, session_id, event_type, element_clicked, event_data, page_url, host(ip_address) as ip_address,
      ${iso('"timestamp"')} as "timestamp"
    from public.user_events t order by t."timestamp" desc, t.id desc limit 100) e) as latest_events`;

// The leads function's statements (supabase/migrations/*_create_leads.sql).
export const INSERT_LEAD_SQL = `insert into public.leads
  (kind, name, email, phone, service, service_type, area, message, subject, brand_name, page_path, forward_status, created_at)
  values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13::timestamptz) returning id`;

export const MARK_FORWARD_SQL = `update public.leads set forward_status = $2, forward_attempts = $3, forward_error = $4 where id = $1`;

/** Leads created in [$1, $2), newest first, at most $3. */
export const LEADS_IN_RANGE_SQL = `select id, kind, name, email, phone, service, service_type, area, message, subject, brand_name,
    page_path, forward_status, forward_attempts, forward_error, ${iso('created_at')} as created_at
  from public.leads t where t.created_at >= $1::timestamptz and t.created_at < $2::timestamptz
  order by t.created_at desc, t.id desc limit $3`;

/**
 * Leads per day (Asia/Kolkata) and kind in [$1, $2), with the phone and WhatsApp taps the tracker
 * recorded as clicks ('tel:…', 'whatsapp'); leads and taps per page; the failed forwards.
 */
export const LEADS_SUMMARY_SQL = `with tap_groups as (
    -- Counted per day, kind and page URL first: the URL is cut to its path once per group, not per tap.
    select (("timestamp" at time zone 'Asia/Kolkata')::date) as day,
      case when element_clicked = 'whatsapp' then 'whatsapp' else 'call' end as kind, page_url, count(*)::int as n
    from public.user_events
    where event_type = 'click' and (element_clicked like 'tel:%' or element_clicked = 'whatsapp')
      and "timestamp" >= $1::timestamptz and "timestamp" < $2::timestamptz
    group by 1, 2, 3),
  all_leads as (
    select day, kind, split_part(split_part(regexp_replace(page_url, '^[a-z]+://[^/]+', ''), '?', 1), '#', 1) as page, n
    from tap_groups
    union all
    select (created_at at time zone 'Asia/Kolkata')::date, kind, coalesce(page_path, '(unknown)'), 1
    from public.leads where created_at >= $1::timestamptz and created_at < $2::timestamptz)
select
  (select coalesce(json_agg(d order by d.day, d.kind), '[]'::json) from (
    select to_char(day, 'YYYY-MM-DD') as day, kind, sum(n)::int as count from all_leads group by 1, 2) d) as per_day,
  (select coalesce(json_agg(p order by p.count desc, p.page), '[]'::json) from (
    select coalesce(nullif(page, ''), '/') as page, sum(n)::int as count
    from all_leads where kind <> 'newsletter' group by 1 order by 2 desc, 1 limit 10) p) as per_page,
  (select count(*)::int from public.leads
    where created_at >= $1::timestamptz and created_at < $2::timestamptz and forward_status = 'failed') as forward_failed`;
