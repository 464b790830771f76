-- leads_rules_and_outbox: one rule per field of a lead, and a durable outbox for everything the
-- leads function sends onward (docs/decisions/075-leads-outbox-and-alerts.md).
--
-- checks   leads_<column>_rule: made by leadRulesSql() (supabase/functions/_shared/lead-rules.ts)
--          from the rules the function validates a form with; the block between the "generated"
--          lines is its output, verbatim (tests/unit/leads-rules.test.ts). They replace the
--          length-only checks, which let through values the form refused and refused values it
--          let through (a phone of 21 characters: a 503 for a valid form). Added NOT VALID, then
--          validated: a row stored under an older rule is kept, and named in a notice.
-- tables   leads_outbox: one row per delivery of a lead (to the form service, Telegram, the
--          webhook) with its attempts, next try and last error, written in the statement that
--          stores the lead; leads_settings: the function's URL, for the schedule.
-- moved    leads.forward_status, forward_attempts and forward_error become forward deliveries;
--          one left pending (a server stopped mid-forward) or failed is tried again.
-- schedule public.leads_outbox_kick() every minute with pg_cron (Supabase): when a delivery is
--          due it asks the leads function (through pg_net) to make it; otherwise it does nothing.
-- access   row level security on, no policies, no grants to anon/authenticated (as for the others).

alter table public.leads
  drop constraint if exists leads_name_check,
  drop constraint if exists leads_email_check,
  drop constraint if exists leads_phone_check,
  drop constraint if exists leads_service_check,
  drop constraint if exists leads_service_type_check,
  drop constraint if exists leads_area_check,
  drop constraint if exists leads_message_check,
  drop constraint if exists leads_subject_check,
  drop constraint if exists leads_brand_name_check;

-- begin generated: leadRulesSql()
alter table public.leads add constraint leads_name_rule check (
    name ~ '[^ ]'
    and name ~ '^[^\u0000-\u001f\u007f-\u009f\u2028\u2029]*$'
    and length(name) <= 100) not valid;
alter table public.leads add constraint leads_email_rule check (
    email ~ '^[A-Za-z0-9.!#$%&''*+/=?^_`{|}~-]+@[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$'
    and length(email) <= 254) not valid;
alter table public.leads add constraint leads_phone_rule check (
    phone ~ '^[ ().-]*[+]?[0-9 ().-]*$'
    and phone ~ '^[^0-9]*([0-9][^0-9]*){10,13}$'
    and length(phone) <= 30) not valid;
alter table public.leads add constraint leads_message_rule check (
    message ~ '[^ \t\r\n]'
    and message ~ '^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]*$'
    and length(message) <= 2000) not valid;
alter table public.leads add constraint leads_service_rule check (
    service in ('Screen Repair', 'Power Supply Issues', 'Audio Problems', 'Motherboard Repair', 'TV Wall Mounting', 'Other')) not valid;
alter table public.leads add constraint leads_service_type_rule check (
    service_type in ('tv', 'ac', 'refrigerator', 'microwave')) not valid;
alter table public.leads add constraint leads_area_rule check (
    area ~ '[^ ]'
    and area ~ '^[^\u0000-\u001f\u007f-\u009f\u2028\u2029]*$'
    and length(area) <= 100) not valid;
alter table public.leads add constraint leads_brand_name_rule check (
    brand_name ~ '[^ ]'
    and brand_name ~ '^[^\u0000-\u001f\u007f-\u009f\u2028\u2029]*$'
    and length(brand_name) <= 60) not valid;
alter table public.leads add constraint leads_subject_rule check (
    subject ~ '[^ ]'
    and subject ~ '^[^\u0000-\u001f\u007f-\u009f\u2028\u2029]*$'
    and length(subject) <= 100) not valid;
-- end generated: leadRulesSql()

do $$
declare
  c record;
begin
  for c in select conname from pg_constraint
    where conrelid = 'public.leads'::regclass and conname like 'leads\_%\_rule' and not convalidated
  loop
    begin
      execute format('alter table public.leads validate constraint %I', c.conname);
    exception when check_violation then
      raise notice 'public.leads: rows stored before this migration break %; they are kept, new rows follow it', c.conname;
    end;
  end loop;
end
$$;

create table public.leads_outbox (
  id bigint generated always as identity primary key,
  lead_id bigint not null references public.leads (id) on delete cascade,
  channel text not null check (channel in ('forward', 'telegram', 'webhook')),
  -- Sent with every attempt: a receiver that got a delivery whose success was never recorded (the
  -- server died in between) drops the repeat by this key.
  idempotency_key uuid not null default gen_random_uuid() unique,
  -- pending until delivered ('sent'); 'failed' once it was still failing a week after the lead.
  status text not null default 'pending' check (status in ('pending', 'sent', 'failed')),
  attempts integer not null default 0 check (attempts >= 0),
  -- When it may be tried next: a claim moves it past the attempt's time limit, a failure by the backoff.
  next_try_at timestamptz not null default now(),
  last_error text check (length(last_error) <= 300),
  created_at timestamptz not null default now(),
  sent_at timestamptz,
  unique (lead_id, channel)
);

-- The claim reads the due pending rows, oldest first; the dashboard counts the pending ones.
create index leads_outbox_due_idx on public.leads_outbox (next_try_at, id) where status = 'pending';

-- Forwards recorded on the leads themselves become deliveries: a sent one as sent, any other
-- (left pending by a stopped server, or failed after three tries) due now.
insert into public.leads_outbox (lead_id, channel, status, attempts, last_error, created_at, sent_at, next_try_at)
select id, 'forward', case when forward_status = 'sent' then 'sent' else 'pending' end, forward_attempts, forward_error,
  created_at, case when forward_status = 'sent' then created_at end, now()
from public.leads where forward_status <> 'none';

alter table public.leads drop column forward_status, drop column forward_attempts, drop column forward_error;

-- Settings the database itself needs: the leads function's public URL, for the schedule
-- ('https://<ref>.supabase.co/functions/v1/leads'). Not a secret: the URL is in every page's forms.
create table public.leads_settings (
  name text primary key check (name in ('function_url')),
  value text not null check (value ~ '^https?://' and length(value) <= 2048)
);

alter table public.leads_outbox enable row level security;
alter table public.leads_settings enable row level security;

-- No policies, on purpose (as for the other tables): the outbox holds what is sent about a lead.
revoke all on table public.leads_outbox, public.leads_settings from anon, authenticated;
revoke all on sequence public.leads_outbox_id_seq from anon, authenticated;

-- What the schedule runs every minute: nothing when no delivery is due; otherwise one POST to the
-- leads function's ?outbox=run (through pg_net), which makes the due deliveries. Returns what it did.
create function public.leads_outbox_kick(at timestamptz default now())
returns text
language plpgsql
set search_path = ''
as $$
declare
  due integer;
  url text;
begin
  select count(*) into due from (
    select 1 from public.leads_outbox where status = 'pending' and next_try_at <= at limit 1000) d;
  if due = 0 then
    return 'nothing due';
  end if;
  select value into url from public.leads_settings where name = 'function_url';
  if url is null then
    return format('%s due; no function_url in public.leads_settings', due);
  end if;
  if to_regprocedure('net.http_post(text, jsonb, jsonb, jsonb, integer)') is null then
    return format('%s due; pg_net is not installed', due);
  end if;
  execute 'select net.http_post(url := $1, body := $2, headers := $3, timeout_milliseconds := 30000)'
    using url || '?outbox=run', jsonb_build_object('due', due), '{"content-type": "application/json"}'::jsonb;
  return format('%s due; asked %s to deliver', due, url);
end
$$;

comment on function public.leads_outbox_kick(timestamptz) is
  'Asks the leads function to make the outbox deliveries due at the given time (default now); run every minute by pg_cron.';

revoke execute on function public.leads_outbox_kick(timestamptz) from public, anon, authenticated;

-- Every minute where pg_cron is set up (Supabase, where the analytics migration created it), with
-- pg_net for the request. Elsewhere the Node server delivers by itself (cli/lib/server/analytics.ts).
do $$
begin
  if exists (select 1 from pg_extension where extname = 'pg_cron') then
    if exists (select 1 from pg_available_extensions where name = 'pg_net') then
      create extension if not exists pg_net;
    end if;
    perform cron.schedule('leads-outbox', '* * * * *', 'select public.leads_outbox_kick()');
  end if;
end
$$;
