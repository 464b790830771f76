-- create_analytics: visitor sessions and events recorded by the analytics function.
--
-- tables   user_sessions (one row per page load), user_events (page views, clicks, custom events)
-- access   row level security is on and anon/authenticated get nothing: the anon key ships in every
--          page, so any grant or policy for it would publish visitor data. The function connects
--          with the database owner's credentials (SUPABASE_DB_URL) and reads and writes as that role.
-- privacy  ip_address holds the /24 (IPv4) or /48 (IPv6) network unless the owner opts in to raw
--          addresses; ip_hash is an HMAC of the full address, used only to count unique visitors.
-- retention rows older than 13 months are deleted by public.analytics_purge_expired(), run daily
--          by pg_cron where it is available (Supabase) and by the Node server otherwise.

create table public.user_sessions (
  id bigint generated always as identity primary key,
  session_id text not null check (length(session_id) <= 100),
  ip_address inet,
  ip_hash text check (length(ip_hash) = 64),
  country text check (country ~ '^[A-Z]{2}$'),
  city text check (length(city) <= 100),
  region text check (length(region) <= 100),
  latitude double precision check (latitude between -90 and 90),
  longitude double precision check (longitude between -180 and 180),
  page_url text not null check (length(page_url) <= 2048),
  user_agent text check (length(user_agent) <= 512),
  referrer text check (length(referrer) <= 2048),
  created_at timestamptz not null default now()
);

create table public.user_events (
  id bigint generated always as identity primary key,
  session_id text not null check (length(session_id) <= 100),
  event_type text not null check (length(event_type) <= 64),
  element_clicked text check (length(element_clicked) <= 256),
  event_data jsonb,
  page_url text not null check (length(page_url) <= 2048),
  ip_address inet,
  ip_hash text check (length(ip_hash) = 64),
  "timestamp" timestamptz not null default now()
);

-- The dashboard reads the newest rows first (id breaks ties), counts all rows (index-only scans
-- on these narrow indexes), counts distinct ip_hash and groups sessions by country. The retention
-- purge uses the time indexes too.
create index user_sessions_created_at_idx on public.user_sessions (created_at desc, id desc);
create index user_events_timestamp_idx on public.user_events ("timestamp" desc, id desc);
create index user_sessions_country_idx on public.user_sessions (country) where country is not null;
create index user_sessions_ip_hash_idx on public.user_sessions (ip_hash);

alter table public.user_sessions enable row level security;
alter table public.user_events enable row level security;

-- No policies, on purpose: with row level security on and no policy, anon and authenticated see
-- no rows and can write none. Supabase also grants them table privileges by default; take those
-- back so that a request with the public key fails outright instead of returning an empty list.
revoke all on table public.user_sessions, public.user_events from anon, authenticated;
revoke all on sequence public.user_sessions_id_seq, public.user_events_id_seq from anon, authenticated;

-- Retention: keep 13 months by default. Call with another interval to keep less or more, e.g.
-- select public.analytics_purge_expired(interval '6 months');
create function public.analytics_purge_expired(keep interval default interval '13 months')
returns bigint
language sql
set search_path = ''
as $$
  with s as (delete from public.user_sessions where created_at < now() - keep returning 1),
       e as (delete from public.user_events where "timestamp" < now() - keep returning 1)
  select (select count(*) from s) + (select count(*) from e);
$$;

comment on function public.analytics_purge_expired(interval) is
  'Deletes analytics sessions and events older than keep (default 13 months); returns the number of rows deleted.';

-- Functions are executable by everyone by default, and PostgREST would expose this one as an RPC.
revoke execute on function public.analytics_purge_expired(interval) from public, anon, authenticated;

-- Run the purge daily where pg_cron exists (Supabase ships it); elsewhere the Node server runs it.
do $$
begin
  if exists (select 1 from pg_available_extensions where name = 'pg_cron') then
    create extension if not exists pg_cron with schema pg_catalog;
    perform cron.schedule('analytics-retention', '17 3 * * *', 'select public.analytics_purge_expired()');
  end if;
end
$$;
