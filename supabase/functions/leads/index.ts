// Supabase Edge Function entry (Deno) of the leads function. The handler lives in ../_shared/;
// this file only wires Postgres and the secrets (README, "Leads"; decisions 070, 075).
//
// Each lead's deliveries start after the answer (EdgeRuntime.waitUntil); what they leave undone
// (a receiver down, a worker ended) is made by the schedule's POST ?outbox=run every minute, which
// also makes the owner's weekly digest when it is due (Monday 09:00 in India; decision 112).

// The site's form choices, the functions' words and the business: `site build` writes them from content/ (README, "Leads", "Deploying").
import content from '../_generated/content.json' with { type: 'json' };
import { commaList } from '../_shared/client-address.ts';
import type { FunctionsContent } from '../_shared/content.ts';
import { deferOnEdge, entryEnv, serving } from '../_shared/entry.ts';
import { createLeadsHandler } from '../_shared/leads-handler.ts';

Deno.serve(
  serving(() => {
    const env = entryEnv('leads', (name) => Deno.env.get(name));
    const siteOrigin = new URL(env.required('LEADS_SITE_ORIGIN')).origin;
    const forwardUrl = env.get('LEADS_FORWARD_URL');
    return createLeadsHandler({
      query: env.query('LEADS_DB_POOL', 2),
      content: content as FunctionsContent,
      // The deliveries outlive the answer.
      defer: deferOnEdge,
      config: {
        siteOrigin,
        thankYouUrl: `${siteOrigin}/thank-you`,
        allowedOrigins: commaList(env.get('LEADS_ALLOWED_ORIGINS') || siteOrigin),
        dashboardKey: env.required('ANALYTICS_DASHBOARD_KEY'),
        hmacSecret: env.required('ANALYTICS_HMAC_SECRET'),
        channels: { ...env.alertChannels(), forward: forwardUrl ? { url: forwardUrl } : undefined },
        honeypotField: env.get('LEADS_HONEYPOT_FIELD') || undefined,
        clientAddress: env.clientAddress,
      },
    });
  }),
);
