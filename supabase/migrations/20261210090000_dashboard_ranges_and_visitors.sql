-- dashboard_ranges_and_visitors: what the dashboard needs to show any date range quickly, and to
-- count visitors the way privacy-friendly tools do (docs/decisions/074-dashboard-ranges-and-visitors.md).
--
-- tables   analytics_salts (one random salt per day in India; older ones are deleted, so a
--          visitor hash cannot be linked across days), analytics_daily (per-day counts of each
--          closed day: sessions, events, visitors, pages, sources, devices, countries, leads),
--          analytics_daily_done (which days are counted)
-- columns  user_sessions: visitor_id (hash of the day's salt, the keyed IP hash, the user agent and
--          the site), and generated from the stored record: page_path, referrer_host, utm_source,
--          utm_medium, utm_campaign, device; user_events: page_path. leads: source.
-- access   row level security on, no policies, no grants to anon/authenticated (as for the others).

-- The page path (no scheme, host, query or fragment), the host of a URL, a utm_* value.
create function public.url_path(url text) returns text
language sql immutable parallel safe set search_path = '' as $$
  select coalesce(nullif(split_part(split_part(regexp_replace(url, '^[a-zA-Z][a-zA-Z0-9+.-]*://[^/?#]*', ''), '?', 1), '#', 1), ''), '/')
$$;

create function public.url_host(url text) returns text
language sql immutable parallel safe set search_path = '' as $$
  select nullif(lower(substring(url from '^[a-zA-Z][a-zA-Z0-9+.-]*://(?:[^/?#@]*@)?([^/?#:]+)')), '')
$$;

create function public.url_param(url text, name text) returns text
language sql immutable parallel safe set search_path = '' as $$
  select nullif(left(lower(replace(replace(substring(split_part(url, '#', 1) from '[?&]' || name || '=([^&]*)'), '+', ' '), '%20', ' ')), 100), '')
$$;

-- Mobile, tablet or desktop, from the user agent: tablets first (iPad, Android without "Mobile",
-- Kindle), then phones ("Mobi", iPhone, Android), the rest desktop. An iPad in desktop mode
-- (iPadOS 13+ sends a Mac user agent) counts as desktop.
create function public.ua_device(ua text) returns text
language sql immutable parallel safe set search_path = '' as $$
  select case
    when ua is null or ua = '' then null
    when ua ~* '(ipad|tablet|kindle|silk/|playbook)' or (ua ~* 'android' and ua !~* 'mobile') then 'tablet'
    when ua ~* '(mobi|iphone|ipod|android|blackberry|opera mini|windows phone)' then 'mobile'
    else 'desktop' end
$$;

-- Where a visit came from: the referrer's host without "www.", unless it is the site itself.
create function public.referrer_source(referrer text, page_url text) returns text
language sql immutable parallel safe set search_path = '' as $$
  select case when public.url_host(referrer) is null or public.url_host(referrer) = public.url_host(page_url) then null
    else regexp_replace(public.url_host(referrer), '^www\.', '') end
$$;

-- These five only compute text from their arguments and read no table, so they keep the default
-- execute grant: the generated columns below call them on every insert, whoever inserts.

alter table public.user_sessions
  add column visitor_id text check (length(visitor_id) = 32),
  add column page_path text generated always as (public.url_path(page_url)) stored,
  add column referrer_host text generated always as (public.referrer_source(referrer, page_url)) stored,
  add column utm_source text generated always as (public.url_param(page_url, 'utm_source')) stored,
  add column utm_medium text generated always as (public.url_param(page_url, 'utm_medium')) stored,
  add column utm_campaign text generated always as (public.url_param(page_url, 'utm_campaign')) stored,
  add column device text generated always as (public.ua_device(user_agent)) stored,
  -- The first 64 bits of ip_hash as a number: counting distinct numbers over a month of sessions
  -- is about twice as fast as counting distinct 64-character texts (the Unique IPs of a range).
  add column ip_key bigint generated always as (('x' || substr(ip_hash, 1, 16))::bit(64)::bigint) stored;

alter table public.user_events
  add column page_path text generated always as (public.url_path(page_url)) stored;

-- Where the visitor who sent a form came from (their first visit that day), when the tracker saw them.
alter table public.leads add column source text check (length(source) <= 200);

-- Unique IPs of a range (index-only), a visitor's first session of the day (the source of a lead).
create index user_sessions_created_ip_idx on public.user_sessions (created_at) include (ip_key);
create index user_sessions_visitor_idx on public.user_sessions (visitor_id, created_at) where visitor_id is not null;

create table public.analytics_salts (
  day date primary key,
  salt text not null check (length(salt) between 32 and 128)
);

create table public.analytics_daily (
  day date not null,
  metric text not null,
  key text not null default '',
  n bigint not null,
  primary key (day, metric, key)
);

create table public.analytics_daily_done (
  day date primary key,
  counted_at timestamptz not null default now()
);

alter table public.analytics_salts enable row level security;
alter table public.analytics_daily enable row level security;
alter table public.analytics_daily_done enable row level security;
-- No policies, on purpose: only the functions (as the database owner) read or write these.
revoke all on table public.analytics_salts, public.analytics_daily, public.analytics_daily_done from anon, authenticated;

-- The figures of the rows stored in [lo, hi), per day in India (Asia/Kolkata): one row per day,
-- metric and key. Used for the closed days (counted once, into analytics_daily) and for the rest
-- of a range (today, a part day at either end), so both give the same numbers.
--   sessions, events, visitors (distinct visitor_id; a session without one counts alone)
--   page (page views per path), entry (sessions per first page), source (referrer host or
--   "(direct)"), utm_source, utm_medium, utm_campaign, device, country
--   call, whatsapp, form (leads per day), call_page, whatsapp_page, form_page (per page),
--   call_source, whatsapp_source, form_source (per source of the visit)
create function public.analytics_facts(lo timestamptz, hi timestamptz)
returns table (day date, metric text, key text, n bigint)
language sql stable set search_path = '' as $$
  with s as (
    select (created_at at time zone 'Asia/Kolkata')::date as d, session_id, visitor_id, page_path, referrer_host,
      utm_source, utm_medium, utm_campaign, device, country
    from public.user_sessions where created_at >= lo and created_at < hi),
  e as (
    select ("timestamp" at time zone 'Asia/Kolkata')::date as d, session_id, event_type, element_clicked, page_path
    from public.user_events where "timestamp" >= lo and "timestamp" < hi),
  -- The source of each tap's visit: its session record, stored at most a day before the tap.
  tap_sessions as (
    select distinct on (session_id) session_id, coalesce(utm_source, referrer_host, '(direct)') as source
    from public.user_sessions where created_at >= lo - interval '1 day' and created_at < hi
    order by session_id, created_at),
  taps as (
    select e.d, case when e.element_clicked = 'whatsapp' then 'whatsapp' else 'call' end as kind, e.page_path,
      coalesce(ts.source, '(unknown)') as source
    from e left join tap_sessions ts on ts.session_id = e.session_id
    where e.event_type = 'click' and (e.element_clicked like 'tel:%' or e.element_clicked = 'whatsapp')),
  forms as (
    select (created_at at time zone 'Asia/Kolkata')::date as d, coalesce(page_path, '(unknown)') as page_path,
      coalesce(source, '(unknown)') as source
    from public.leads where created_at >= lo and created_at < hi and kind <> 'newsletter')
  select d, 'sessions', '', count(*) from s group by d
  union all select d, 'visitors', '', count(distinct visitor_id) + count(*) filter (where visitor_id is null) from s group by d
  union all select d, 'entry', page_path, count(*) from s group by d, page_path
  union all select d, 'source', coalesce(referrer_host, '(direct)'), count(*) from s group by 1, 3
  union all select d, 'utm_source', utm_source, count(*) from s where utm_source is not null group by 1, 3
  union all select d, 'utm_medium', utm_medium, count(*) from s where utm_medium is not null group by 1, 3
  union all select d, 'utm_campaign', utm_campaign, count(*) from s where utm_campaign is not null group by 1, 3
  union all select d, 'device', coalesce(device, 'unknown'), count(*) from s group by 1, 3
  union all select d, 'country', country, count(*) from s where country is not null group by 1, 3
  union all select d, 'events', '', count(*) from e group by d
  union all select d, 'page', page_path, count(*) from e where event_type = 'page_view' group by 1, 3
  union all select d, kind, '', count(*) from taps group by 1, 2
  union all select d, kind || '_page', page_path, count(*) from taps group by 1, 2, 3
  union all select d, kind || '_source', source, count(*) from taps group by 1, 2, 3
  union all select d, 'form', '', count(*) from forms group by d
  union all select d, 'form_page', page_path, count(*) from forms group by 1, 3
  union all select d, 'form_source', source, count(*) from forms group by 1, 3
$$;

-- Counts each day in [first_day, end_day) not counted yet into analytics_daily, once: two reads
-- at the same time wait for each other on a per-day lock. The caller passes only closed days
-- (rows are stamped by the functions' clock, so a closed day gets no new rows). Returns the
-- number of days counted.
create function public.analytics_count_days(first_day date, end_day date)
returns integer
language plpgsql set search_path = '' as $$
declare
  d date;
  counted integer := 0;
begin
  for d in select g::date from generate_series(first_day::timestamp, (end_day - 1)::timestamp, interval '1 day') g
    where not exists (select 1 from public.analytics_daily_done x where x.day = g::date)
  loop
    perform pg_advisory_xact_lock(hashtext('analytics daily counts'), d - date '2000-01-01');
    continue when exists (select 1 from public.analytics_daily_done x where x.day = d);
    insert into public.analytics_daily (day, metric, key, n)
      select f.day, f.metric, f.key, f.n
      from public.analytics_facts(d::timestamp at time zone 'Asia/Kolkata', (d + 1)::timestamp at time zone 'Asia/Kolkata') f
      where f.day = d;
    insert into public.analytics_daily_done (day) values (d);
    counted := counted + 1;
  end loop;
  return counted;
end
$$;

revoke execute on function public.analytics_facts(timestamptz, timestamptz), public.analytics_count_days(date, date)
  from public, anon, authenticated;

-- Retention (decision 012) now also drops the day counts and salts of the days it deletes.
create or replace function public.analytics_purge_expired(keep interval default interval '13 months')
returns bigint
language sql
set search_path = ''
as $$
  with s as (delete from public.user_sessions where created_at < now() - keep returning 1),
       e as (delete from public.user_events where "timestamp" < now() - keep returning 1),
       c as (delete from public.analytics_daily where day < ((now() - keep) at time zone 'Asia/Kolkata')::date returning 1),
       k as (delete from public.analytics_daily_done where day < ((now() - keep) at time zone 'Asia/Kolkata')::date returning 1),
       t as (delete from public.analytics_salts where day < ((now() - interval '2 days') at time zone 'Asia/Kolkata')::date returning 1)
  select (select count(*) from s) + (select count(*) from e);
$$;
