-- create_leads: requests sent through the site's forms (quote, contact, brand service request)
-- and newsletter sign-ups, stored by the leads function.
--
-- tables   leads (one row per accepted submission)
-- access   row level security is on and anon/authenticated get nothing: a lead holds a visitor's
--          name, phone and e-mail. The function connects as the database owner (SUPABASE_DB_URL).
-- forward  when site.yaml names an external form service, the function forwards each lead to it;
--          forward_status says how that went ('none' when no service is named), so a failed
--          forward is visible on the dashboard and the lead itself is never lost.

create table public.leads (
  id bigint generated always as identity primary key,
  kind text not null check (kind in ('quote', 'contact', 'service-request', 'newsletter')),
  name text check (length(name) between 1 and 100),
  email text not null check (length(email) between 3 and 254),
  phone text check (length(phone) between 7 and 20),
  service text check (length(service) <= 100),
  service_type text check (service_type in ('tv', 'ac', 'refrigerator', 'microwave')),
  area text check (length(area) <= 100),
  message text check (length(message) <= 2000),
  subject text check (length(subject) <= 200),
  brand_name text check (length(brand_name) <= 60),
  page_path text check (length(page_path) <= 2048),
  forward_status text not null default 'none' check (forward_status in ('none', 'pending', 'sent', 'failed')),
  forward_attempts integer not null default 0 check (forward_attempts >= 0),
  forward_error text check (length(forward_error) <= 300),
  created_at timestamptz not null default now()
);

-- The dashboard lists the newest leads and counts them per day and kind over a date range.
create index leads_created_at_idx on public.leads (created_at desc, id desc);

-- The dashboard counts phone and WhatsApp taps (tracker clicks) per day over a date range: a
-- partial index holds just those events, with what the count reads, so the read scans no other event.
create index user_events_taps_idx on public.user_events ("timestamp") include (element_clicked, page_url)
  where event_type = 'click' and (element_clicked like 'tel:%' or element_clicked = 'whatsapp');

alter table public.leads enable row level security;

-- No policies, on purpose (as for the analytics tables): anon and authenticated see and write
-- nothing, and the default grants Supabase gives them are taken back.
revoke all on table public.leads from anon, authenticated;
revoke all on sequence public.leads_id_seq from anon, authenticated;
