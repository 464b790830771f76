// Supabase Edge Function entry (Deno) of the leads function. The handler lives in ../_shared/;
// this file only wires Postgres (postgres.js on SUPABASE_DB_URL) and the secrets from the env.
//
// Secrets: LEADS_SITE_ORIGIN (the site's https origin: the browser is sent to its /thank-you, and
// only its pages may post), ANALYTICS_DASHBOARD_KEY and ANALYTICS_HMAC_SECRET (shared with the
// analytics function: one key opens the dashboard), optional LEADS_FORWARD_URL (the external form
// service of site.yaml `forms.forwardTo`), the alert channels LEADS_TELEGRAM_BOT_TOKEN with
// LEADS_TELEGRAM_CHAT_ID and LEADS_WEBHOOK_URL with LEADS_WEBHOOK_SECRET, LEADS_HONEYPOT_FIELD
// (default _honey), LEADS_ALLOWED_ORIGINS (default: LEADS_SITE_ORIGIN) and ANALYTICS_CLIENT_IP_HEADER
// (docs/decisions/041-client-address.md, 070-leads-function.md, 075-leads-outbox-and-alerts.md).
//
// Each lead's deliveries start after the answer (EdgeRuntime.waitUntil); what they leave undone
// (a receiver down, a worker ended) is made by the schedule's POST ?outbox=run every minute, which
// also makes the owner's weekly digest when it is due (Monday 09:00 in India; decision 112).

import postgres from 'postgres';
// The site's form choices, the functions' words and the business: `site build` writes them from content/ (README, "Leads", "Deploying").
import content from '../_generated/content.json' with { type: 'json' };
import { alertChannelsFromEnv } from '../_shared/alerts.ts';
import type { FunctionsContent } from '../_shared/content.ts';
import { createLeadsHandler, type LeadsHandler } from '../_shared/leads-handler.ts';

declare const EdgeRuntime: { waitUntil(p: Promise<unknown>): void } | undefined;

function required(name: string): string {
  const value = Deno.env.get(name);
  if (!value) throw new Error(`leads: the secret ${name} is not set`);
  return value;
}

function createHandler(): LeadsHandler {
  const sql = postgres(required('SUPABASE_DB_URL'), {
    max: Number(Deno.env.get('LEADS_DB_POOL') ?? 2),
    prepare: false,
    onnotice: () => {},
  });
  const siteOrigin = new URL(required('LEADS_SITE_ORIGIN')).origin;
  const forwardUrl = Deno.env.get('LEADS_FORWARD_URL');
  const alerts = alertChannelsFromEnv((name) => Deno.env.get(name));
  for (const problem of alerts.problems) console.error(`leads: ${problem}`);
  return createLeadsHandler({
    query: async (text, params) =>
      (await sql.unsafe(text, params ? ([...params] as postgres.ParameterOrJSON<never>[]) : undefined)) as Record<string, unknown>[],
    content: content as FunctionsContent,
    // The deliveries outlive the answer; the edge runtime keeps the worker alive for them.
    defer: (work) => (typeof EdgeRuntime !== 'undefined' ? EdgeRuntime.waitUntil(work) : void work),
    config: {
      siteOrigin,
      thankYouUrl: `${siteOrigin}/thank-you`,
      allowedOrigins: (Deno.env.get('LEADS_ALLOWED_ORIGINS') || siteOrigin)
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
      dashboardKey: required('ANALYTICS_DASHBOARD_KEY'),
      hmacSecret: required('ANALYTICS_HMAC_SECRET'),
      channels: { ...alerts.channels, forward: forwardUrl ? { url: forwardUrl } : undefined },
      honeypotField: Deno.env.get('LEADS_HONEYPOT_FIELD') || undefined,
      clientAddress: { header: Deno.env.get('ANALYTICS_CLIENT_IP_HEADER') || 'cf-connecting-ip' },
    },
  });
}

let handler: LeadsHandler | Error;
try {
  handler = createHandler();
} catch (error) {
  handler = error instanceof Error ? error : new Error('leads is not configured');
  console.error(handler.message);
}

Deno.serve((req, info) => {
  if (handler instanceof Error) return Response.json({ error: handler.message }, { status: 500 });
  const remote = info.remoteAddr;
  return handler(req, { remoteAddress: remote.transport === 'tcp' ? remote.hostname : undefined });
});
