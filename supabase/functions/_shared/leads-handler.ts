// The leads function as a web-standard handler: POST takes a form of the site (native,
// application/x-www-form-urlencoded), stores it as sent with one outbox row per delivery (the form
// service, Telegram, the webhook), sends the browser to /thank-you and then makes the deliveries;
// POST ?outbox=run makes the deliveries that are due (the schedule's call); GET gives the dashboard
// the leads of a date range (JSON or CSV) and the deliveries still waiting, for the dashboard key.
// Same rules as the analytics function: configured origins only, client from the socket or a named
// proxy, size cap, fatal UTF-8, rate limit, bounded logging, never a 5xx for bad input
// (docs/decisions/070-leads-function.md, 075-leads-outbox-and-alerts.md).

import type { AlertChannels, Channel } from './alerts.ts';
import { readBody, type BodyIssue, type BodyProblem } from './body.ts';
import { languageOf, wordsOf, type FunctionsContent } from './content.ts';
import { csvResponse } from './csv.ts';
import { queueDueDigest } from './digest.ts';
import { readLeadsFigures, type LeadsFigures } from './figures.ts';
import { answering, functionBase, json, originAllowed, type FunctionConfig, type FunctionDeps, type FunctionHandler } from './http.ts';
import { DEFAULT_HONEYPOT_FIELD, parseFormBody, readLead, type FormFields, type LeadRecord } from './lead-form.ts';
import { FIELD_RULES } from './lead-rules.ts';
import { invalidLeadPage, refusalPage, subscribedPage, type PageWords } from './lead-page.ts';
import { createOutbox, type Outbox } from './outbox.ts';
import type { RateLimitOptions } from './rate-limit.ts';
import { istMidnight, isoRange, type IsoRange } from './range.ts';
import { INSERT_LEAD_SQL, LEADS_IN_RANGE_SQL } from './sql.ts';
import { hostOf, visitorHash } from './visitor.ts';

export interface LeadsConfig extends FunctionConfig {
  /** Where a browser goes after a form: "/thank-you" on the same origin, else the site's URL. */
  thankYouUrl: string;
  /** The site's origin for the links of the function's own pages ('' when on the same origin). */
  siteOrigin: string;
  /**
   * Where each lead is sent after it is stored: the external form service (site.yaml
   * `forms.forwardTo`), Telegram, the signed webhook. Used when no `outbox` is given.
   */
  channels?: AlertChannels;
  /** The hidden spam-trap field (site.yaml `forms.honeypotField`). */
  honeypotField?: string;
}

export interface LeadsDeps extends FunctionDeps<LeadsConfig> {
  /** The built site's form choices, the functions' words and the business (supabase/functions/_generated/content.json); the schedule's call makes the weekly digest with them when it is due. */
  content: FunctionsContent;
  /** The outbox that makes the deliveries (the Node entry shares one with its timer); made from `config.channels` when absent. */
  outbox?: Outbox;
  /** How long the deliveries started by one request may go on (Supabase ends a worker after a while). */
  drainMs?: number;
}

/** A stored lead as the dashboard read returns it: with where it came from and how each of its deliveries went. */
export type StoredLead = LeadRecord & {
  /** The forward to the form service: 'none' when none was made. */
  forward_status: 'none' | 'pending' | 'sent' | 'failed';
  forward_error: string | null;
  /** Every delivery of the lead (forward, Telegram, webhook) and how it went. */
  deliveries: { channel: Channel; status: 'pending' | 'sent' | 'failed'; attempts: number; last_error: string | null }[];
};

/** The body of a GET: the leads of [from, to), per day (IST) and kind, per page (taps included), and the deliveries. */
export interface LeadsData extends LeadsFigures, IsoRange {
  leads: StoredLead[];
}

/**
 * A form needs a few hundred bytes, but the largest one the rules allow (a 2,000-character message
 * of four-byte characters, each percent-encoded to 12 bytes, and every other field at its cap)
 * is about 28 KB: it must fit, or a valid form would be refused.
 */
export const MAX_LEAD_BODY_BYTES = 32 * 1024;
/**
 * A person sends a form a few times at most, but a household or an office shares one address:
 * a burst of 20, then one a minute.
 */
export const LEADS_RATE_LIMIT: RateLimitOptions = { burst: 20, perSecond: 1 / 60 };

const HTML_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
};

/** A body not read: the status, and the catalogue's title and message of the refusal. */
const BODY_REFUSED: Record<BodyProblem, [number, string, string]> = {
  type: [415, 'refusal.unsupportedTitle', 'refusal.notUrlencoded'],
  charset: [415, 'refusal.unsupportedTitle', 'refusal.notUtf8'],
  'too-large': [413, 'refusal.tooLargeTitle', 'refusal.tooLarge'],
  unreadable: [400, 'refusal.notSentTitle', 'refusal.notWhole'],
};

const CSV_COLUMNS = ['created_at', 'kind', 'name', 'phone', 'email', 'service', 'service_type', 'area', 'brand_name', 'message', 'page_path', 'source', 'forward_status', 'forward_error'] as const;
/** The deliveries one request starts may go on this long after its answer (the schedule takes what is left). */
const DEFAULT_DRAIN_MS = 60_000;

export function createLeadsHandler(deps: LeadsDeps): FunctionHandler {
  const { query, config, content } = deps;
  const { now, logError, defer, identify, salts, dashboardRequest } = functionBase('leads', deps, LEADS_RATE_LIMIT);
  const honeypot = config.honeypotField ?? DEFAULT_HONEYPOT_FIELD;
  const outbox = deps.outbox ?? createOutbox({ query, channels: config.channels ?? {}, say: wordsOf(content), siteOrigin: config.siteOrigin, now, logError });
  /** Makes the due deliveries after the answer, within the time one request may take. */
  const deliverLater = () => defer(outbox.drain(Date.now() + (deps.drainMs ?? DEFAULT_DRAIN_MS)).catch((error) => logError('leads: the deliveries stopped', error)));

  /** The page path the form was on, from Referer, when that page is on an allowed origin. */
  function pagePath(req: Request): string | null {
    const ref = URL.parse(req.headers.get('referer') ?? '');
    return ref && originAllowed(config.allowedOrigins, ref.origin) && ref.pathname.length <= 2048 ? ref.pathname : null;
  }

  /** The sender's visitor hash of today (as the tracker's session got it), null when the tracker made no salt today. */
  async function visitorOf(req: Request, ipHash: string | null, at: Date): Promise<string | null> {
    const ua = req.headers.get('user-agent');
    const salt = ipHash && ua ? await salts.peek(at) : null;
    return salt && ipHash && ua ? visitorHash(salt, ipHash, ua, hostOf(req.headers.get('origin') ?? req.headers.get('referer'))) : null;
  }

  /** What a page of the function is written with: the words of the page the form was on (its language, from Referer), and where its form posts. */
  const wordsFor = (page: string | null, action: string): PageWords => {
    const lang = languageOf(content, page);
    return { lang, say: wordsOf(content, lang), choices: content.choices, action, siteOrigin: config.siteOrigin };
  };
  const html = (status: number, page: string, headers: Record<string, string>) => new Response(page, { status, headers: { ...headers, ...HTML_HEADERS } });

  async function collect(req: Request, cors: Record<string, string>, remoteAddress?: string): Promise<Response> {
    // A browser gets a page; a script that asked for JSON (the newsletter's enhancement) gets JSON.
    const asJson = /application\/json/i.test(req.headers.get('accept') ?? '');
    const page = pagePath(req);
    const words = wordsFor(page, new URL(req.url).pathname);
    const { say } = words;
    const refuse = (status: number, title: string, message: string, issues: BodyIssue[] = [], extra: Record<string, string> = {}) =>
      asJson
        ? json(status, { error: say(message), issues }, { ...cors, ...extra })
        : html(status, refusalPage(say(title), say(message, { bytes: MAX_LEAD_BODY_BYTES }), words), { ...cors, ...extra });

    const { allowed, ipHash } = await identify(req.headers, remoteAddress);
    if (!allowed) return refuse(429, 'refusal.tooManyTitle', 'refusal.tooMany', [], { 'retry-after': '60' });
    const bytes = await readBody(req, MAX_LEAD_BODY_BYTES, (type) => type === 'application/x-www-form-urlencoded');
    if (typeof bytes === 'string') return refuse(...BODY_REFUSED[bytes]);

    const parsed = parseFormBody(bytes);
    if ('issue' in parsed) return refuse(400, 'page.check', parsed.issue.message, [{ ...parsed.issue, message: say(parsed.issue.message) }]);
    const fields: FormFields = parsed.fields;
    const trap = fields.get(honeypot);
    fields.delete(honeypot);
    // A bot filled the field people never see: it is told what a person is told, and nothing is kept.
    if (trap) return asJson ? json(201, { ok: true }, cors) : new Response(null, { status: 303, headers: { ...cors, location: config.thankYouUrl } });

    const result = readLead(fields, content, say);
    if (!result.ok) {
      if (asJson) return json(400, { error: say('form.invalid'), issues: result.issues }, cors);
      return html(400, invalidLeadPage(fields, result.issues, words), cors);
    }
    const { lead } = result;
    try {
      // The lead and its deliveries in one statement; a newsletter sign-up is no reason to buzz the owner's phone.
      const at = now();
      const visitor = await visitorOf(req, ipHash, at).catch(() => null);
      const channels = outbox.channels.filter((c) => c !== 'telegram' || lead.kind !== 'newsletter').join(',');
      const fields = Object.values(FIELD_RULES).map((r) => lead[r.column]);
      await query(INSERT_LEAD_SQL, [lead.kind, page, at.toISOString(), visitor, new Date(istMidnight(at.getTime())).toISOString(), channels, ...fields]);
    } catch (error) {
      logError('leads: could not store the lead', error);
      return refuse(503, 'refusal.notSentTitle', 'refusal.notSaved', [], { 'retry-after': '60' });
    }
    if (outbox.channels.length > 0) deliverLater();
    if (asJson) return json(201, { ok: true }, cors);
    if (lead.kind === 'newsletter') return html(200, subscribedPage(words), cors);
    return new Response(null, { status: 303, headers: { ...cors, location: config.thankYouUrl } });
  }

  async function read(req: Request, cors: Record<string, string>, remoteAddress?: string): Promise<Response> {
    const asked = await dashboardRequest(req, cors, remoteAddress);
    if (asked instanceof Response) return asked;
    const { range: r, csv } = asked;
    const { from, to } = isoRange(r);
    try {
      const [leads, figures] = await Promise.all([query(LEADS_IN_RANGE_SQL, [from, to, csv ? 100_000 : 50]), csv ? null : readLeadsFigures(query, r, now())]);
      const rows = leads.map((r) => JSON.parse(String(r.lead)) as StoredLead);
      if (csv) {
        return csvResponse(`leads-${from.slice(0, 10)}-${to.slice(0, 10)}.csv`, CSV_COLUMNS, rows, cors);
      }
      const body: LeadsData = { from, to, leads: rows, ...figures! };
      return json(200, body, cors);
    } catch (error) {
      logError('leads: could not read the leads', error);
      return json(500, { error: 'Could not read the leads' }, cors);
    }
  }

  /**
   * The schedule's call (pg_cron through pg_net, or any scheduler): makes the deliveries that are
   * due, after answering. It needs no key: it can only make due deliveries sooner, to their own
   * receivers, and a client is held to the rate limit like any other. Its answer says nothing of
   * the setup (which channels are on is the owner's business; issue 38, N7).
   */
  async function runOutbox(cors: Record<string, string>, req: Request, remoteAddress?: string): Promise<Response> {
    const { allowed } = await identify(req.headers, remoteAddress);
    if (!allowed) return json(429, { error: 'Too many requests' }, { ...cors, 'retry-after': '60' });
    await req.body?.cancel().catch(() => {});
    // The weekly digest, once its time has come (Monday 09:00 in India) and only once a week.
    await queueDueDigest(query, deps.content, outbox.channels, now()).catch((error) => logError('leads: could not make the weekly digest', error));
    deliverLater();
    return json(202, { ok: true }, cors);
  }

  const refuseOrigin = (cors: Record<string, string>) => {
    const words = wordsFor(null, '');
    return html(403, refusalPage(words.say('refusal.notAllowedTitle'), words.say('refusal.notAllowed'), words), cors);
  };
  return answering(config.allowedOrigins, 'authorization, content-type, accept', refuseOrigin, {
    POST: (req, cors, remoteAddress) => (new URL(req.url).searchParams.get('outbox') === 'run' ? runOutbox(cors, req, remoteAddress) : collect(req, cors, remoteAddress)),
    GET: read,
  });
}
