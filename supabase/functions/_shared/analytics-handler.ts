// The analytics function as a web-standard handler: POST stores a tracker record, GET returns the
// dashboard's data to the holder of the dashboard key. Everything outside zod is injected, so the
// Deno entry (Supabase) and the Node entry (`npm start`, tests) run exactly this code.

import { isbot } from 'isbot';
import { checkJsonNumbers, checkJsonValue, CONTROL_CHARACTER, decodeUtf8, readBody, type BodyIssue, type BodyProblem } from './body.ts';
import type { AlertChannels } from './alerts.ts';
import { wordsOf, type FunctionsContent } from './content.ts';
import { csvResponse } from './csv.ts';
import { DIGEST_CHANNELS, makeDigest, queueDigest, reportedWeek } from './digest.ts';
import { AnalyticsPayloadSchema, clip, CONTROL_MESSAGE, MAX_USER_AGENT_LENGTH, NORMALISED_FIELDS, type AnalyticsPayload } from './event-schema.ts';
import { readDashboard } from './figures.ts';
import { geoFromHeaders } from './geo.ts';
import { answering, functionBase, json, type FunctionConfig, type FunctionDeps, type FunctionHandler } from './http.ts';
import { formatIp, truncateIp, type ParsedIp } from './ip.ts';
import { createOutbox, type Outbox } from './outbox.ts';
import { DEFAULT_RATE_LIMIT } from './rate-limit.ts';
import { istDate, isoRange } from './range.ts';
import { EVENTS_CSV_SQL, INSERT_EVENT_SQL, INSERT_SESSION_SQL } from './sql.ts';
import { hostOf, visitorHash } from './visitor.ts';

export interface AnalyticsConfig extends FunctionConfig {
  /** Store the full IP instead of its /24 (IPv4) or /48 (IPv6) network. Off unless the owner opts in. */
  storeRawIp?: boolean;
  /** Where a digest sent by hand goes (Telegram, the webhook: the leads function's alert channels). Used when no `outbox` is given. */
  channels?: AlertChannels;
  /** The site's origin, for the dashboard link in the digest ('' for none). */
  siteOrigin?: string;
}

export interface AnalyticsDeps extends FunctionDeps<AnalyticsConfig> {
  /** ISO country code for an address, from a local database; null when unknown. */
  lookupCountry?: (ip: ParsedIp) => string | null;
  /** The words and the business of content/ (the weekly digest's); without it the digest answers 503. */
  content?: FunctionsContent;
  /** The outbox that sends a digest asked for with POST ?digest=send (the Node entry shares the leads function's); made from `config.channels` when absent. `defer` keeps its delivery running after the answer. */
  outbox?: Outbox;
}

/** Rows of the events CSV: at most this many, newest first. */
export const MAX_CSV_EVENTS = 100_000;
const EVENT_CSV_COLUMNS = ['time_ist', 'event_type', 'element_clicked', 'page_path', 'page_url', 'session_id', 'ip_network'] as const;

export const MAX_BODY_BYTES = 8 * 1024;
/** How long the deliveries of a digest sent by hand may go on after the answer. */
const DIGEST_DRAIN_MS = 60_000;

const ALLOWED_HEADERS = 'authorization, content-type, apikey, x-client-info';

const invalidRecord = (issues: BodyIssue[]) => ({ error: 'Invalid analytics record', issues });

export function createAnalyticsHandler(deps: AnalyticsDeps): FunctionHandler {
  const { query, config } = deps;
  const { now, logError, defer, identify, salts, refusedKey, dashboardRequest } = functionBase('analytics', deps, DEFAULT_RATE_LIMIT);
  // Without content there is no digest to send (503), and no words for one.
  const outbox = deps.outbox ?? (deps.content && createOutbox({ query, channels: config.channels ?? {}, say: wordsOf(deps.content), siteOrigin: config.siteOrigin, now, logError }));
  const bodyRefused: Record<BodyProblem, [number, Record<string, unknown>]> = {
    type: [415, { error: 'Send the record as text/plain or application/json' }],
    charset: [415, { error: 'Send the record in UTF-8' }],
    'too-large': [413, { error: `Body is larger than ${MAX_BODY_BYTES} bytes` }],
    unreadable: [400, { error: 'The body could not be read to its end', issues: [] }],
  };

  async function collect(req: Request, cors: Record<string, string>, remoteAddress?: string): Promise<Response> {
    const { client, ipHash, allowed } = await identify(req.headers, remoteAddress);
    if (!allowed) return json(429, { error: 'Too many requests' }, { ...cors, 'retry-after': '60' });
    const bytes = await readBody(req, MAX_BODY_BYTES, (type) => !type || type === 'text/plain' || type === 'application/json');
    if (typeof bytes === 'string') return json(...bodyRefused[bytes], cors);

    const headerUa = req.headers.get('user-agent') ?? '';
    // Crawlers, link previewers, monitors, HTTP libraries and headless browsers, by isbot's list
    // (docs/decisions/043-parsers-from-libraries.md).
    if (isbot(headerUa)) return new Response(null, { status: 204, headers: cors });

    const body = decodeUtf8(bytes);
    if (body === null) return json(400, { error: 'Body is not valid UTF-8', issues: [] }, cors);
    let raw: unknown;
    try {
      raw = JSON.parse(body);
    } catch {
      return json(400, { error: 'Body is not valid JSON', issues: [] }, cors);
    }
    // Depth, size, strings and numbers first: the schema's recursion never sees a deep value.
    const unsafe = checkJsonValue(raw) ?? checkJsonNumbers(body);
    if (unsafe) return json(400, invalidRecord([unsafe]), cors);
    const parsed = AnalyticsPayloadSchema.safeParse(raw);
    if (!parsed.success) {
      const issues = parsed.error.issues.map((i) => ({ path: i.path.join('.'), code: i.code, message: i.message }));
      return json(400, invalidRecord(issues), cors);
    }
    const record = parsed.data;
    const sent = raw as Record<string, unknown>;
    const normalised: string[] = NORMALISED_FIELDS.filter(
      (f) => typeof sent[f] === 'string' && sent[f] !== '' && sent[f] !== record[f as keyof AnalyticsPayload],
    );

    // The bot check reads the user agent as sent, before it is cut to 512 characters.
    const sentUa = record.userAgent ? String(sent.userAgent) : headerUa;
    if (!sentUa || isbot(sentUa)) return new Response(null, { status: 204, headers: cors });
    let userAgent = record.userAgent;
    if (!userAgent) {
      if (CONTROL_CHARACTER.test(headerUa)) {
        return json(400, invalidRecord([{ path: 'headers.user-agent', code: 'custom', message: CONTROL_MESSAGE }]), cors);
      }
      userAgent = clip(headerUa, MAX_USER_AGENT_LENGTH);
      if (userAgent !== headerUa) normalised.push('userAgent');
    }

    const { ip, geoHeadersTrusted } = client;
    try {
      const storedIp = ip ? formatIp(config.storeRawIp ? ip : truncateIp(ip)) : null;
      const at = now().toISOString();
      if (record.type === 'event') {
        await query(INSERT_EVENT_SQL, [
          record.sessionId,
          record.eventType,
          record.elementClicked ?? null,
          // The parsed body's own value, not the schema's copy: that copy loses keys like "__proto__".
          record.eventData == null ? null : JSON.stringify(sent.eventData),
          record.pageUrl,
          storedIp,
          ipHash,
          at,
        ]);
      } else {
        // Untrusted geo headers are the client's own words: none is read.
        const geo = geoFromHeaders(geoHeadersTrusted ? req.headers : new Headers());
        const country = (ip && deps.lookupCountry?.(ip)) || geo.country;
        // Without a client address there is nothing to tell people apart by: the session counts alone.
        const visitorId = ipHash ? await visitorHash(await salts.get(now()), ipHash, userAgent, hostOf(record.pageUrl)) : null;
        await query(INSERT_SESSION_SQL, [
          record.sessionId,
          storedIp,
          ipHash,
          country,
          geo.city,
          geo.region,
          geo.latitude,
          geo.longitude,
          record.pageUrl,
          userAgent,
          record.referrer ?? null,
          at,
          visitorId,
        ]);
      }
    } catch (error) {
      logError('analytics: could not store the record', error);
      return json(500, { error: 'Could not store the record' }, cors);
    }
    return json(201, normalised.length ? { ok: true, normalised } : { ok: true }, cors);
  }

  /**
   * The weekly digest, for the dashboard key (decision 112): GET ?digest=week gives the digest of
   * the last whole week (Monday to Sunday in India) as it is sent on Monday, { from, to, text,
   * figures }; POST ?digest=send sends it now to the alert channels, to try a setup (a delivery of
   * its own, not the week's scheduled one).
   */
  async function digest(req: Request, cors: Record<string, string>, remoteAddress?: string): Promise<Response> {
    const refused = await refusedKey(req, cors, remoteAddress);
    if (refused) return refused;
    await req.body?.cancel().catch(() => {});
    const asked = new URL(req.url).searchParams.get('digest');
    if (req.method === 'GET' ? asked !== 'week' : asked !== 'send') return json(400, { error: 'digest must be week (GET) or send (POST)' }, cors);
    const content = deps.content;
    if (!content) return json(503, { error: 'The functions were given no content: run `site build`, which writes supabase/functions/_generated/content.json' }, cors);
    if (req.method === 'POST' && !DIGEST_CHANNELS.some((c) => outbox?.channels.includes(c))) {
      return json(409, { error: 'No alert channel is set to send the digest to: set LEADS_TELEGRAM_BOT_TOKEN and LEADS_TELEGRAM_CHAT_ID, or LEADS_WEBHOOK_URL and LEADS_WEBHOOK_SECRET' }, cors);
    }
    try {
      const made = await makeDigest(query, content, reportedWeek(now()), now());
      if (req.method === 'GET') return json(200, made, cors);
      const sent = await queueDigest(query, made, outbox!.channels, false, now());
      // Bounded, as a lead's deliveries are (Supabase ends a worker after a while): what is left is
      // made by the schedule's next call.
      defer(outbox!.drain(Date.now() + DIGEST_DRAIN_MS).catch((error) => logError('analytics: the digest delivery stopped', error)));
      return json(202, { sent, from: made.from, to: made.to }, cors);
    } catch (error) {
      logError('analytics: could not make the digest', error);
      return json(500, { error: 'Could not make the digest' }, cors);
    }
  }

  async function dashboard(req: Request, cors: Record<string, string>, remoteAddress?: string): Promise<Response> {
    const asked = await dashboardRequest(req, cors, remoteAddress);
    if (asked instanceof Response) return asked;
    const r = asked.range;
    try {
      if (asked.csv) {
        const rows = await query(EVENTS_CSV_SQL, [...Object.values(isoRange(r)), MAX_CSV_EVENTS]);
        // Named by the first and last day in India.
        const name = `events-${istDate(r.from.getTime())}-${istDate(r.to.getTime() - 1)}.csv`;
        return csvResponse(name, EVENT_CSV_COLUMNS, rows, rows.length === MAX_CSV_EVENTS ? { ...cors, 'x-truncated': `newest ${MAX_CSV_EVENTS} events` } : cors);
      }
      return json(200, await readDashboard(query, r, now()), cors);
    } catch (error) {
      logError('analytics: could not read the dashboard data', error);
      return json(500, { error: 'Could not read the analytics data' }, cors);
    }
  }

  const withDigest = (other: typeof collect) => (req: Request, cors: Record<string, string>, remoteAddress?: string) =>
    (new URL(req.url).searchParams.has('digest') ? digest : other)(req, cors, remoteAddress);
  return answering(config.allowedOrigins, ALLOWED_HEADERS, (cors) => json(403, { error: 'Origin not allowed' }, cors), { POST: withDigest(collect), GET: withDigest(dashboard) });
}
