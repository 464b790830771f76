// The analytics function as a web-standard handler: POST stores a tracker record, GET returns the
// dashboard's data to the holder of the dashboard key. Everything outside zod is injected, so the
// Deno entry (Supabase) and the Node entry (`npm start`, tests) run exactly this code.

import { isbot } from 'isbot';
import { checkJsonNumbers, checkJsonValue, CONTROL_CHARACTER, decodeUtf8, readCapped, type BodyIssue } from './body.ts';
import type { ClientAddress, ClientAddressOptions } from './client-address.ts';
import {
  AnalyticsPayloadSchema,
  clip,
  CONTROL_MESSAGE,
  MAX_USER_AGENT_LENGTH,
  NORMALISED_FIELDS,
  type AnalyticsPayload,
} from './event-schema.ts';
import { geoFromHeaders, type HostGeo } from './geo.ts';
import { charsetOf, corsFor, createClientGate, createKeyCheck, json, mediaTypeOf, methodNotAllowed, preflight, secured } from './http.ts';
import { formatIp, truncateIp, type ParsedIp } from './ip.ts';
import { consoleLogError, rateLimitedLog, type LogError } from './log.ts';
import { DEFAULT_RATE_LIMIT, type RateLimitOptions } from './rate-limit.ts';
import { istDate, previousOf, RANGE_PROBLEM, rangeFromQuery, splitRange, type Range } from './range.ts';
import {
  COUNT_DAYS_SQL,
  DASHBOARD_FIGURES_SQL,
  DASHBOARD_LATEST_IN_RANGE_SQL,
  DASHBOARD_TOTALS_SQL,
  DASHBOARD_UNIQUE_IPS_SQL,
  EVENTS_CSV_SQL,
  INSERT_EVENT_SQL,
  INSERT_SESSION_SQL,
} from './sql.ts';
import { createDailySalt, hostOf, visitorHash } from './visitor.ts';
import { csvTable } from './csv.ts';

/** Runs one parameterised statement and returns its rows. */
export type Query = (sql: string, params?: readonly unknown[]) => Promise<readonly Record<string, unknown>[]>;

export interface AnalyticsConfig {
  /**
   * Origins allowed to call the function, e.g. ["https://example.in"]; "*" allows any. Only these:
   * the request's own Host says nothing, since the caller writes it.
   */
  allowedOrigins: readonly string[];
  /** The secret the dashboard sends as `Authorization: Bearer …`. */
  dashboardKey: string;
  /** Key of the HMAC that turns an IP into the hash counted as a unique visitor. */
  hmacSecret: string;
  /** Store the full IP instead of its /24 (IPv4) or /48 (IPv6) network. Off unless the owner opts in. */
  storeRawIp?: boolean;
  /** Largest accepted body, in bytes. */
  maxBodyBytes?: number;
  rateLimit?: RateLimitOptions;
  /** Who tells the client's address; by default the socket peer is the client (client-address.ts). */
  clientAddress?: ClientAddressOptions;
}

export interface AnalyticsDeps {
  query: Query;
  config: AnalyticsConfig;
  /** ISO country code for an address, from a local database; null when unknown. */
  lookupCountry?: (ip: ParsedIp) => string | null;
  now?: () => Date;
  /** Where server-side failures are reported; called at most 10 times a minute (log.ts). */
  logError?: LogError;
}

export type AnalyticsHandler = (req: Request, info?: { remoteAddress?: string }) => Promise<Response>;

/** A stored session as the dashboard read returns it (times in ISO 8601, UTC). */
export interface StoredSession {
  id: number;
  session_id: string;
  ip_address: string | null;
  country: string | null;
  city: string | null;
  region: string | null;
  latitude: number | null;
  longitude: number | null;
  page_url: string;
  user_agent: string | null;
  referrer: string | null;
  /** mobile, tablet or desktop, from the user agent. */
  device: string | null;
  created_at: string;
}

/** A stored event as the dashboard read returns it. */
export interface StoredEvent {
  id: number;
  session_id: string;
  event_type: string;
  element_clicked: string | null;
  event_data: unknown;
  page_url: string;
  ip_address: string | null;
  timestamp: string;
}

/** The figures of a range that are compared with the period before. */
export interface RangeTotals {
  /** People, counted once a day each by the daily salted hash (decision 074). */
  visitors: number;
  /** Session records: one per page load (spec §4). */
  sessions: number;
  events: number;
  uniqueIps: number;
}

/** One India day of the range (YYYY-MM-DD): visitors, page loads, events, and the leads of each kind. */
export interface DayFigures {
  day: string;
  visitors: number;
  sessions: number;
  events: number;
  calls: number;
  whatsapp: number;
  forms: number;
}

export type TopList = 'page' | 'entry' | 'source' | 'utm_source' | 'utm_medium' | 'utm_campaign' | 'device' | 'country';
export interface TopItem {
  key: string;
  count: number;
}
export interface LeadsBy {
  key: string;
  calls: number;
  whatsapp: number;
  forms: number;
}

/**
 * The body of a successful GET, for the range [from, to) (default: the last 30 days): totals with
 * those of the period before, figures per day, the top 10 of each list, leads per page and
 * source, and the newest 50 sessions and 100 events of the range.
 */
export interface DashboardData {
  range: { from: string; to: string };
  previous: { from: string; to: string };
  totals: RangeTotals;
  previousTotals: RangeTotals;
  topCountries: { country: string; count: number }[];
  perDay: DayFigures[];
  top: Record<TopList, TopItem[]>;
  leadsByPage: LeadsBy[];
  leadsBySource: LeadsBy[];
  sessions: StoredSession[];
  events: StoredEvent[];
}

/** Rows of the events CSV: at most this many, newest first. */
export const MAX_CSV_EVENTS = 100_000;
/** A day is counted once it ended this long ago, so that a request stamped just before midnight is in. */
const SETTLE_MS = 10 * 60_000;
const TOP_LISTS: readonly TopList[] = ['page', 'entry', 'source', 'utm_source', 'utm_medium', 'utm_campaign', 'device', 'country'];
const EVENT_CSV_COLUMNS = ['time_ist', 'event_type', 'element_clicked', 'page_path', 'page_url', 'session_id', 'ip_network'] as const;

export const MAX_BODY_BYTES = 8 * 1024;

/**
 * Crawlers, link previewers, monitors, HTTP libraries and headless browsers, by isbot's list
 * (docs/decisions/043-parsers-from-libraries.md).
 */
export function isBotUserAgent(ua: string): boolean {
  return isbot(ua);
}

const ALLOWED_HEADERS = 'authorization, content-type, apikey, x-client-info';

const NO_GEO: HostGeo = { country: null, city: null, region: null, latitude: null, longitude: null };

const invalidRecord = (issues: BodyIssue[]) => ({ error: 'Invalid analytics record', issues });

export function createAnalyticsHandler(deps: AnalyticsDeps): AnalyticsHandler {
  const { query, config } = deps;
  if (!config.hmacSecret || !config.dashboardKey) {
    throw new Error('analytics: hmacSecret and dashboardKey must be set');
  }
  const now = deps.now ?? (() => new Date());
  const logError = rateLimitedLog(deps.logError ?? consoleLogError, () => now().getTime());
  const maxBody = config.maxBodyBytes ?? MAX_BODY_BYTES;
  const gate = createClientGate({
    hmacSecret: config.hmacSecret,
    rateLimit: config.rateLimit ?? DEFAULT_RATE_LIMIT,
    clientAddress: config.clientAddress,
    now: () => now().getTime(),
  });
  const salts = createDailySalt(query);
  const checkKey = createKeyCheck({ key: config.dashboardKey, gate, now: () => now().getTime() });

  async function collect(req: Request, cors: Record<string, string>, remoteAddress?: string): Promise<Response> {
    const { client, ipHash, allowed } = await gate.identify(req.headers, remoteAddress);
    if (!allowed) return json(429, { error: 'Too many requests' }, { ...cors, 'retry-after': '60' });
    const contentType = req.headers.get('content-type') ?? '';
    const type = mediaTypeOf(contentType);
    if (type && type !== 'text/plain' && type !== 'application/json') {
      return json(415, { error: 'Send the record as text/plain or application/json' }, cors);
    }
    const charset = charsetOf(contentType);
    if (charset && charset !== 'utf-8' && charset !== 'utf8') {
      return json(415, { error: 'Send the record in UTF-8' }, cors);
    }
    const bytes = await readCapped(req, maxBody);
    if (bytes === 'too-large') return json(413, { error: `Body is larger than ${maxBody} bytes` }, cors);
    if (bytes === 'unreadable') return json(400, { error: 'The body could not be read to its end', issues: [] }, cors);

    const headerUa = req.headers.get('user-agent') ?? '';
    if (isBotUserAgent(headerUa)) return new Response(null, { status: 204, headers: cors });

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
    if (!sentUa || isBotUserAgent(sentUa)) return new Response(null, { status: 204, headers: cors });
    let userAgent = record.userAgent;
    if (!userAgent) {
      if (CONTROL_CHARACTER.test(headerUa)) {
        return json(400, invalidRecord([{ path: 'headers.user-agent', code: 'custom', message: CONTROL_MESSAGE }]), cors);
      }
      userAgent = clip(headerUa, MAX_USER_AGENT_LENGTH);
      if (userAgent !== headerUa) normalised.push('userAgent');
    }

    try {
      await store(record, sent.eventData, req.headers, client, ipHash, userAgent);
    } catch (error) {
      logError('analytics: could not store the record', error);
      return json(500, { error: 'Could not store the record' }, cors);
    }
    return json(201, normalised.length ? { ok: true, normalised } : { ok: true }, cors);
  }

  async function store(
    record: AnalyticsPayload,
    eventData: unknown,
    headers: Headers,
    { ip, geoHeadersTrusted }: ClientAddress,
    ipHash: string | null,
    userAgent: string,
  ): Promise<void> {
    const storedIp = ip ? formatIp(config.storeRawIp ? ip : truncateIp(ip)) : null;
    const at = now().toISOString();
    if (record.type === 'event') {
      await query(INSERT_EVENT_SQL, [
        record.sessionId,
        record.eventType,
        record.elementClicked ?? null,
        // The parsed body's own value, not the schema's copy: that copy loses keys like "__proto__".
        record.eventData == null ? null : JSON.stringify(eventData),
        record.pageUrl,
        storedIp,
        ipHash,
        at,
      ]);
      return;
    }
    const geo = geoHeadersTrusted ? geoFromHeaders(headers) : NO_GEO;
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

  /** Every figure of [from, to) and of the period before, computed in SQL. */
  async function readRange(r: Range): Promise<DashboardData> {
    const prev = previousOf(r);
    const closedBefore = now().getTime() - SETTLE_MS;
    const parts = [splitRange(r, closedBefore), splitRange(prev, closedBefore)];
    // Closed days are counted once, before the reads that use the counts.
    for (const p of parts) if (p.firstDay < p.endDay) await query(COUNT_DAYS_SQL, [p.firstDay, p.endDay]);
    const params = (p: (typeof parts)[number]) => [p.firstDay, p.endDay, p.head.from.toISOString(), p.head.to.toISOString(), p.tail.from.toISOString(), p.tail.to.toISOString()];
    const iso = (x: Range) => [x.from.toISOString(), x.to.toISOString()];
    // Five statements at once: with a pool they run on separate connections. The period before
    // needs only its totals.
    const [[now_], [before], [ips], [ipsBefore], [latest]] = await Promise.all([
      query(DASHBOARD_FIGURES_SQL, params(parts[0]!)),
      query(DASHBOARD_TOTALS_SQL, params(parts[1]!)),
      query(DASHBOARD_UNIQUE_IPS_SQL, iso(r)),
      query(DASHBOARD_UNIQUE_IPS_SQL, iso(prev)),
      query(DASHBOARD_LATEST_IN_RANGE_SQL, iso(r)),
    ]);
    const parse = <T>(v: unknown, empty: T) => (typeof v === 'string' ? JSON.parse(v) : (v ?? empty)) as T;
    const totals = (row: Record<string, unknown> | undefined, uniqueIps: unknown): RangeTotals => {
      const t = parse<Record<string, number | string>>(row?.totals, {});
      return { visitors: Number(t.visitors ?? 0), sessions: Number(t.sessions ?? 0), events: Number(t.events ?? 0), uniqueIps: Number(uniqueIps ?? 0) };
    };
    const tops = parse<(TopItem & { metric: TopList })[]>(now_?.tops, []);
    const top = Object.fromEntries(TOP_LISTS.map((l) => [l, tops.filter((t) => t.metric === l).map(({ key, count }) => ({ key, count }))])) as Record<TopList, TopItem[]>;
    const leadsBy = parse<(LeadsBy & { by: string })[]>(now_?.leads_by, []);
    const by = (kind: string) => leadsBy.filter((l) => l.by === kind).map(({ key, calls, whatsapp, forms }) => ({ key, calls, whatsapp, forms }));
    return {
      range: { from: r.from.toISOString(), to: r.to.toISOString() },
      previous: { from: prev.from.toISOString(), to: prev.to.toISOString() },
      totals: totals(now_, ips?.unique_ips),
      previousTotals: totals(before, ipsBefore?.unique_ips),
      topCountries: top.country.slice(0, 5).map(({ key, count }) => ({ country: key, count })),
      perDay: parse(now_?.per_day, []),
      top,
      leadsByPage: by('page'),
      leadsBySource: by('source'),
      sessions: parse(latest?.latest_sessions, []),
      events: parse(latest?.latest_events, []),
    };
  }

  async function dashboard(req: Request, cors: Record<string, string>, remoteAddress?: string): Promise<Response> {
    const key = await checkKey(req, remoteAddress);
    if (key === 'throttled') return json(429, { error: 'Too many wrong dashboard keys from this address; wait a minute' }, { ...cors, 'retry-after': '60' });
    if (key === 'wrong') return json(401, { error: 'A valid dashboard key is required' }, { ...cors, 'www-authenticate': 'Bearer' });
    const url = new URL(req.url);
    const r = rangeFromQuery(url, now());
    if (!r) return json(400, { error: RANGE_PROBLEM }, cors);
    const format = url.searchParams.get('format');
    if (format !== null && format !== 'csv') return json(400, { error: 'format must be csv, or left out for JSON' }, cors);
    try {
      if (format === 'csv') {
        const rows = await query(EVENTS_CSV_SQL, [r.from.toISOString(), r.to.toISOString(), MAX_CSV_EVENTS]);
        return new Response(csvTable(EVENT_CSV_COLUMNS, rows), {
          headers: {
            ...cors,
            'content-type': 'text/csv; charset=utf-8',
            'cache-control': 'no-store',
            // The first and last day in India.
            'content-disposition': `attachment; filename="events-${istDate(r.from.getTime())}-${istDate(r.to.getTime() - 1)}.csv"`,
            ...(rows.length === MAX_CSV_EVENTS ? { 'x-truncated': `newest ${MAX_CSV_EVENTS} events` } : {}),
          },
        });
      }
      return json(200, await readRange(r), cors);
    } catch (error) {
      logError('analytics: could not read the dashboard data', error);
      return json(500, { error: 'Could not read the analytics data' }, cors);
    }
  }

  async function answer(req: Request, remoteAddress?: string): Promise<Response> {
    const { allowed, cors } = corsFor(req, config.allowedOrigins);
    if (!allowed) return json(403, { error: 'Origin not allowed' }, cors);

    switch (req.method) {
      case 'OPTIONS':
        return preflight(cors, ALLOWED_HEADERS);
      case 'POST':
        return collect(req, cors, remoteAddress);
      case 'GET':
        return dashboard(req, cors, remoteAddress);
      default:
        return methodNotAllowed(cors);
    }
  }

  return async (req, info) => secured(await answer(req, info?.remoteAddress));
}
