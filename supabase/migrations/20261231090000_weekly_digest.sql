-- weekly_digest: the owner's weekly digest goes through the outbox, beside the leads' alerts
-- (issue 38; docs/decisions/075-leads-outbox-and-alerts.md, 112-the-weekly-digest.md).
--
-- columns  leads_outbox.digest: the digest a delivery sends ({from, to, text, figures}, made once,
--          so that every attempt sends the same body under the same idempotency key); a delivery
--          carries a lead or a digest, never both. leads_outbox.digest_week: the Monday (India's
--          date) of the week a scheduled digest reports; one delivery per week and channel (a
--          digest sent by hand to try a setup has none, and is a delivery of its own).
-- function weekly_digest_due(at): whether the scheduled digest is due at `at` and not made yet:
--          from Monday 09:00 to Tuesday 09:00 in India (Asia/Kolkata), for the seven days before
--          that Monday. digest.ts holds the same rule for `site start` (dueWeek()).
-- schedule leads_outbox_kick() asks the leads function also when the digest is due; pg_cron runs
--          it every minute (the outbox's schedule) and, to name the digest's time where the
--          schedules are listed, at 03:30 UTC on Mondays (09:00 in India).

alter table public.leads_outbox
  alter column lead_id drop not null,
  add column digest jsonb,
  add column digest_week date,
  add constraint leads_outbox_lead_or_digest check ((lead_id is null) <> (digest is null)),
  add constraint leads_outbox_digest_channel check (digest is null or channel in ('telegram', 'webhook')),
  add constraint leads_outbox_digest_week check (digest_week is null or (digest is not null and extract(isodow from digest_week) = 1));

create unique index leads_outbox_digest_week_idx on public.leads_outbox (digest_week, channel) where digest_week is not null;

create function public.weekly_digest_due(at timestamptz default now())
returns boolean
language sql
stable
set search_path = ''
as $$
  with w as (select date_trunc('week', at at time zone 'Asia/Kolkata') as monday)
  select (at at time zone 'Asia/Kolkata') >= w.monday + interval '9 hours'
    and (at at time zone 'Asia/Kolkata') < w.monday + interval '33 hours'
    and not exists (select 1 from public.leads_outbox o where o.digest_week = (w.monday - interval '7 days')::date)
  from w
$$;

revoke execute on function public.weekly_digest_due(timestamptz) from public, anon, authenticated;

-- As before, and also when the weekly digest is due: one POST to the leads function's
-- ?outbox=run, which makes the digest and the deliveries that are due.
create or replace function public.leads_outbox_kick(at timestamptz default now())
returns text
language plpgsql
set search_path = ''
as $$
declare
  due integer;
  digest boolean;
  what text;
  url text;
begin
  select count(*) into due from (
    select 1 from public.leads_outbox where status = 'pending' and next_try_at <= at limit 1000) d;
  digest := public.weekly_digest_due(at);
  if due = 0 and not digest then
    return 'nothing due';
  end if;
  what := format('%s due', due) || case when digest then ' and the weekly digest' else '' end;
  select value into url from public.leads_settings where name = 'function_url';
  if url is null then
    return format('%s; no function_url in public.leads_settings', what);
  end if;
  if to_regprocedure('net.http_post(text, jsonb, jsonb, jsonb, integer)') is null then
    return format('%s; pg_net is not installed', what);
  end if;
  execute 'select net.http_post(url := $1, body := $2, headers := $3, timeout_milliseconds := 30000)'
    using url || '?outbox=run', jsonb_build_object('due', due, 'digest', digest), '{"content-type": "application/json"}'::jsonb;
  return format('%s; asked %s to deliver', what, url);
end
$$;

revoke execute on function public.leads_outbox_kick(timestamptz) from public, anon, authenticated;

do $$
begin
  if exists (select 1 from pg_extension where extname = 'pg_cron') then
    -- pg_cron reads its schedules in UTC (cron.timezone, GMT by default; UTC on Supabase).
    perform cron.schedule('leads-weekly-digest', '30 3 * * 1', 'select public.leads_outbox_kick()');
  end if;
end
$$;
