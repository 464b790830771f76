import { FIELD_RULES } from './lead-rules.ts';

// The statements the functions run. Plain SQL with $n parameters so that any driver (postgres.js,
// PGlite) can run them; jsonb arrives as text and is cast in SQL (postgres.js would otherwise
// encode a JSON string twice).

export const INSERT_SESSION_SQL = `insert into public.user_sessions
  (session_id, ip_address, ip_hash, country, city, region, latitude, longitude, page_url, user_agent, referrer, created_at, visitor_id)
  values ($1, $2::inet, $3, $4, $5, $6, $7::float8, $8::float8, $9, $10, $11, $12::timestamptz, $13)`;

export const INSERT_EVENT_SQL = `insert into public.user_events
  (session_id, event_type, element_clicked, event_data, page_url, ip_address, ip_hash, "timestamp")
  values ($1, $2, $3, $4::text::jsonb, $5, $6::inet, $7, $8::timestamptz)`;

const iso = (column: string) => `to_char(${column} at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

// The leads function's statements (supabase/migrations/*_create_leads.sql, *_leads_rules_and_outbox.sql).

/** The columns of public.leads that hold a form's fields, in the order of the rules (lead-rules.ts). */
const FIELD_COLUMNS = Object.values(FIELD_RULES).map((r) => r.column);

/**
 * Stores a lead ($1 its kind, $2 its page, $3 its time, then each field's column in FIELD_COLUMNS'
 * order from $7) and, in the same statement, one outbox row per channel named in $6 (comma-
 * separated, '' for none), due at once: a lead is never stored without its deliveries.
 */
export const INSERT_LEAD_SQL = `with lead as (
    insert into public.leads (kind, page_path, created_at, source, ${FIELD_COLUMNS.join(', ')})
    values ($1, $2, $3::timestamptz,
      -- Where the visitor came from: their first session of the day (same visitor hash $4 since $5).
      (select coalesce(s.utm_source, s.referrer_host, '(direct)') from public.user_sessions s
        where s.visitor_id = $4 and s.created_at >= $5::timestamptz order by s.created_at limit 1),
      ${FIELD_COLUMNS.map((_, i) => `$${i + 7}`).join(', ')})
    returning id, created_at),
  deliveries as (
    insert into public.leads_outbox (lead_id, channel, next_try_at, created_at)
    select lead.id, c, lead.created_at, lead.created_at from lead, unnest(string_to_array(nullif($6, ''), ',')) c
    returning 1)
  select id, (select count(*)::int from deliveries) as deliveries from lead`;

// A lead's text is read back inside JSON: PGlite decodes each text column with a TextDecoder
// that drops a leading U+FEFF ("\uFEFFAsha" would come back as "Asha"); inside a JSON document the
// character is not at the start and survives. The object is a LeadRecord (lead-form.ts).
const LEAD_JSON = `json_build_object(${['id', 'kind', ...FIELD_COLUMNS, 'page_path', 'source'].map((c) => `'${c}', l.${c}`).join(', ')},
    'created_at', ${iso('l.created_at')})`;

/**
 * Claims at most $2 deliveries of channel $4 due at $1 (the oldest first), for $3 seconds: their
 * next try moves to then, so that no other instance takes them meanwhile (SKIP LOCKED: two
 * instances claiming at once get different rows), and one that was claimed by an instance that
 * died is taken again after it. Each comes with its lead (or its digest), and whether an earlier
 * attempt may have been delivered (sent, never answered).
 */
export const CLAIM_DELIVERIES_SQL = `with due as (
    select id, lead_id from public.leads_outbox
    where status = 'pending' and channel = $4 and next_try_at <= $1::timestamptz
    order by next_try_at, id
    limit $2
    for update skip locked)
  update public.leads_outbox o
  set attempts = o.attempts + 1, next_try_at = $1::timestamptz + make_interval(secs => $3::float8)
  from due left join public.leads l on l.id = due.lead_id
  where o.id = due.id
  returning o.id as delivery_id, o.channel, o.idempotency_key::text as idempotency_key, o.attempts, o.maybe_delivered,
    case when l.id is null then null else ${LEAD_JSON}::text end as lead, o.digest::text as digest`;

/**
 * Puts a digest ($1, JSON text) into the outbox, one delivery per channel named in $3
 * (comma-separated), made and due at $4; with $2 (the Monday of the week it reports) once per
 * week and channel: a second call for the same week adds nothing. Returns the deliveries added.
 */
export const INSERT_DIGEST_SQL = `insert into public.leads_outbox (channel, digest, digest_week, next_try_at, created_at)
  select c, $1::text::jsonb, $2::date, $4::timestamptz, $4::timestamptz from unnest(string_to_array(nullif($3, ''), ',')) c
  on conflict (digest_week, channel) where digest_week is not null do nothing
  returning id`;

/** Whether the digest of the week starting on Monday $1 is in the outbox. */
export const DIGEST_QUEUED_SQL = `select exists (select 1 from public.leads_outbox where digest_week = $1::date) as queued`;

/** Gives back deliveries $1 claimed at $2 and never tried (a stop came while the claim ran): due again, with the attempt not counted. */
export const RELEASE_CLAIMS_SQL = `update public.leads_outbox set attempts = attempts - 1, next_try_at = $2::timestamptz
  where id = any($1::bigint[]) and status = 'pending' and attempts > 0`;

/** A delivery arrived ($1 the delivery, $2 when). */
export const MARK_DELIVERED_SQL = `update public.leads_outbox set status = 'sent', sent_at = $2::timestamptz, last_error = null
  where id = $1 and status = 'pending'`;

/**
 * An attempt failed ($1 the delivery, $2 the attempt number claimed, $3 the next try, $4 the
 * error, $6 whether it was sent and never answered, so that the receiver may have it): recorded
 * only if no later claim of the same delivery exists; given up ('failed') when the delivery is
 * older than $5.
 */
export const MARK_ATTEMPT_FAILED_SQL = `update public.leads_outbox
  set next_try_at = $3::timestamptz, last_error = $4, maybe_delivered = maybe_delivered or $6::boolean,
    status = case when created_at < $5::timestamptz then 'failed' else 'pending' end
  where id = $1 and attempts = $2 and status = 'pending'`;

/**
 * Deliveries still pending that were made before $1 (ten minutes ago), per channel: how many, the
 * oldest, and the error of the latest attempt; and those given up ('failed') in [$2, $3).
 */
export const OUTBOX_WAITING_SQL = `select
  (select coalesce(json_agg(w order by w.channel), '[]'::json) from (
    select channel, count(*)::int as count, ${iso('min(created_at)')} as oldest,
      (array_agg(last_error order by next_try_at desc) filter (where last_error is not null))[1] as last_error
    from public.leads_outbox where status = 'pending' and created_at < $1::timestamptz group by channel) w) as waiting,
  (select count(*)::int from public.leads_outbox
    where status = 'failed' and created_at >= $2::timestamptz and created_at < $3::timestamptz) as failed`;

/**
 * Leads created in [$1, $2), newest first, at most $3, each (one JSON object, see LEAD_JSON) with
 * how its deliveries went.
 */
export const LEADS_IN_RANGE_SQL = `select (${LEAD_JSON}::jsonb || jsonb_build_object(
    'forward_status', coalesce((select o.status from public.leads_outbox o where o.lead_id = l.id and o.channel = 'forward'), 'none'),
    'forward_error', (select o.last_error from public.leads_outbox o where o.lead_id = l.id and o.channel = 'forward'),
    'deliveries', (select coalesce(jsonb_agg(jsonb_build_object('channel', o.channel, 'status', o.status, 'attempts', o.attempts,
      'last_error', o.last_error) order by o.channel), '[]'::jsonb) from public.leads_outbox o where o.lead_id = l.id)))::text as lead
  from public.leads l where l.created_at >= $1::timestamptz and l.created_at < $2::timestamptz
  order by l.created_at desc, l.id desc limit $3`;

/**
 * Leads per day (Asia/Kolkata) and kind in [$1, $2), with the phone and WhatsApp taps the tracker
 * recorded as clicks ('tel:…', 'whatsapp'); leads and taps per page.
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
    from all_leads where kind <> 'newsletter' group by 1 order by 2 desc, 1 limit 10) p) as per_page`;

// The dashboard's read of a date range (docs/decisions/074-dashboard-ranges-and-visitors.md).

/** Counts the closed days [$1, $2) not counted yet (once; concurrent reads wait for each other). */
export const COUNT_DAYS_SQL = 'select public.analytics_count_days($1::date, $2::date) as counted';

/** The day counts of the closed days [$1, $2) of a range plus the facts of its rows in [$3, $4) and [$5, $6). */
const RANGE_FACTS = `select day, metric, key, n from public.analytics_daily where day >= $1::date and day < $2::date
    union all select * from public.analytics_facts($3::timestamptz, $4::timestamptz)
    union all select * from public.analytics_facts($5::timestamptz, $6::timestamptz)`;
/** {metric: n} of the keyless metrics of the facts f, and page: the page views. */
const TOTALS = `select coalesce(json_object_agg(metric, n), '{}'::json) from (
    select metric, sum(n)::bigint as n from f where key = '' or metric = 'page' group by metric) t`;

/**
 * Every figure of a range (RANGE_FACTS): totals (TOTALS); per_day: the chart's figures per India
 * day; tops: the 10 largest keys of each list; leads_by: calls, WhatsApp taps and form requests
 * per page and per source (10 each).
 */
export const DASHBOARD_FIGURES_SQL = `with f as materialized (${RANGE_FACTS}),
  keyed as (select metric, key, sum(n)::int as count from f where key <> '' group by metric, key),
  leads_by as (
    select split_part(metric, '_', 2) as by, key,
      coalesce(sum(count) filter (where metric like 'call\\_%'), 0)::int as calls,
      coalesce(sum(count) filter (where metric like 'whatsapp\\_%'), 0)::int as whatsapp,
      coalesce(sum(count) filter (where metric like 'form\\_%'), 0)::int as forms
    from keyed where metric in ('call_page', 'whatsapp_page', 'form_page', 'call_source', 'whatsapp_source', 'form_source')
    group by 1, 2)
select
  (${TOTALS}) as totals,
  (select coalesce(json_agg(d order by d.day), '[]'::json) from (
    select to_char(day, 'YYYY-MM-DD') as day,
      coalesce(sum(n) filter (where metric = 'visitors'), 0)::int as visitors,
      coalesce(sum(n) filter (where metric = 'sessions'), 0)::int as sessions,
      coalesce(sum(n) filter (where metric = 'events'), 0)::int as events,
      coalesce(sum(n) filter (where metric = 'call'), 0)::int as calls,
      coalesce(sum(n) filter (where metric = 'whatsapp'), 0)::int as whatsapp,
      coalesce(sum(n) filter (where metric = 'form'), 0)::int as forms
    from f where key = '' group by day) d) as per_day,
  (select coalesce(json_agg(t order by t.metric, t.count desc, t.key), '[]'::json) from (
    select metric, key, count, row_number() over (partition by metric order by count desc, key) as rank
    from keyed where metric in ('page', 'entry', 'source', 'utm_source', 'utm_medium', 'utm_campaign', 'device', 'country')) t
    where t.rank <= 10) as tops,
  (select coalesce(json_agg(t order by t.by, t.calls + t.whatsapp + t.forms desc, t.key), '[]'::json) from (
    select by, key, calls, whatsapp, forms,
      row_number() over (partition by by order by calls + whatsapp + forms desc, key) as rank from leads_by) t
    where t.rank <= 10) as leads_by`;

/** Distinct keyed IP hashes (by their first 64 bits, ip_key) of the sessions in [$1, $2) (index-only). */
export const DASHBOARD_UNIQUE_IPS_SQL = `select count(*)::int as unique_ips from (select distinct ip_key from public.user_sessions
  where created_at >= $1::timestamptz and created_at < $2::timestamptz and ip_key is not null) d`;

/** Only the totals of a range (the period compared with), counted as DASHBOARD_FIGURES_SQL counts them. */
export const DASHBOARD_TOTALS_SQL = `with f as (${RANGE_FACTS}) select (${TOTALS}) as totals`;

/** The newest 50 sessions and 100 events of [$1, $2). */
export const DASHBOARD_LATEST_IN_RANGE_SQL = `select
  (select coalesce(json_agg(s order by s.created_at desc, s.id desc), '[]'::json) from (
    select id, session_id, host(ip_address) as ip_address, country, city, region, latitude, longitude,
      page_url, user_agent, referrer, device, ${iso('created_at')} as created_at
    from public.user_sessions t where t.created_at >= $1::timestamptz and t.created_at < $2::timestamptz
    order by t.created_at desc, t.id desc limit 50) s) as latest_sessions,
  (select coalesce(json_agg(e order by e.timestamp desc, e.id desc), '[]'::json) from (
    select id, session_id, event_type, element_clicked, event_data, page_url, host(ip_address) as ip_address,
      ${iso('"timestamp"')} as "timestamp"
    from public.user_events t where t."timestamp" >= $1::timestamptz and t."timestamp" < $2::timestamptz
    order by t."timestamp" desc, t.id desc limit 100) e) as latest_events`;

/** The events of [$1, $2) for the CSV, newest first, at most $3. */
export const EVENTS_CSV_SQL = `select to_char("timestamp" at time zone 'Asia/Kolkata', 'YYYY-MM-DD HH24:MI:SS') as time_ist,
    event_type, element_clicked, page_path, page_url, session_id, host(ip_address) as ip_network
  from public.user_events t where t."timestamp" >= $1::timestamptz and t."timestamp" < $2::timestamptz
  order by t."timestamp" desc, t.id desc limit $3`;
