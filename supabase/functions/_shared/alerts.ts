// Where a lead goes after it is stored, and how one delivery is made: the external form service
// (site.yaml `forms.forwardTo`), a Telegram bot message to the owner's phone, and a signed JSON
// webhook (for n8n, Make or Zapier, which can turn it into WhatsApp or e-mail). The outbox
// (outbox.ts) decides when; this file only says what is sent and whether it arrived
// (docs/decisions/075-leads-outbox-and-alerts.md). Secrets come from the environment, never from
// the repository.

import { createHmac } from './ip.ts';
import type { Say } from './content.ts';
import { FORM_FIELDS, kindKey, type LeadRecord } from './lead-form.ts';
import { FIELD_RULES } from './lead-rules.ts';
import { IST_MS, istDate, type IsoRange } from './range.ts';

export const CHANNELS = ['forward', 'telegram', 'webhook'] as const;
export type Channel = (typeof CHANNELS)[number];

export interface AlertChannels {
  /** The external form service, e.g. https://formsubmit.co/owner@shop.in. */
  forward?: { url: string };
  /** A Telegram bot (from @BotFather) and the chat it writes to (the owner's). */
  telegram?: { token: string; chatId: string; /** Default https://api.telegram.org; tests point it at a local server. */ apiUrl?: string };
  /** A URL that receives each lead as JSON, signed with HMAC-SHA256 under `secret`. */
  webhook?: { url: string; secret: string };
}

export const DEFAULT_TELEGRAM_API = 'https://api.telegram.org';
/** The secrets and variables each channel reads (README, "Leads"). */
export const ALERT_ENV = {
  telegram: ['LEADS_TELEGRAM_BOT_TOKEN', 'LEADS_TELEGRAM_CHAT_ID'],
  telegramApi: 'LEADS_TELEGRAM_API_URL',
  webhook: ['LEADS_WEBHOOK_URL', 'LEADS_WEBHOOK_SECRET'],
} as const;
export const MIN_WEBHOOK_SECRET = 16;

const httpUrl = (s: string | undefined) => {
  const u = s ? URL.parse(s) : null;
  return u && (u.protocol === 'https:' || u.protocol === 'http:') ? u.href : null;
};

/**
 * The alert channels the environment configures, and one line for each that is half set (a
 * token without a chat, a webhook without its secret): such a channel stays off, and says why.
 */
export function alertChannelsFromEnv(get: (name: string) => string | undefined): { channels: AlertChannels; problems: string[] } {
  const channels: AlertChannels = {};
  const problems: string[] = [];
  const [token, chatId] = ALERT_ENV.telegram.map((n) => get(n)?.trim() || undefined);
  const apiUrl = get(ALERT_ENV.telegramApi)?.trim() || DEFAULT_TELEGRAM_API;
  if (token && chatId && httpUrl(apiUrl)) channels.telegram = { token, chatId, apiUrl: apiUrl.replace(/\/+$/, '') };
  else if (token || chatId) problems.push(`Telegram alerts are off: set both ${ALERT_ENV.telegram.join(' and ')}${httpUrl(apiUrl) ? '' : `, and ${ALERT_ENV.telegramApi} to an http(s) URL`}`);
  const [url, secret] = ALERT_ENV.webhook.map((n) => get(n)?.trim() || undefined);
  if (url && secret && httpUrl(url) && secret.length >= MIN_WEBHOOK_SECRET) channels.webhook = { url: httpUrl(url)!, secret };
  else if (url || secret) {
    problems.push(`Webhook alerts are off: set ${ALERT_ENV.webhook[0]} to an http(s) URL and ${ALERT_ENV.webhook[1]} to at least ${MIN_WEBHOOK_SECRET} characters`);
  }
  return { channels, problems };
}

/** A digest as the outbox sends it (digest.ts makes it): the same body at every attempt. */
export interface DigestMessage extends IsoRange {
  text: string;
  figures: unknown;
}

/** One delivery: of a lead, or of the owner's weekly digest. */
export type Delivery = {
  id: number;
  channel: Channel;
  idempotencyKey: string;
  attempts: number;
  /** An earlier attempt was sent and never answered: the receiver may have it already. */
  maybeDelivered?: boolean;
} & ({ lead: LeadRecord; digest?: undefined } | { lead?: undefined; digest: DigestMessage });

/** What a delivery is about, for a log line. */
export const deliveryLabel = (d: Delivery) => (d.lead ? `lead ${d.lead.id}` : `the digest of the week from ${istDate(Date.parse(d.digest.from))}`);

/**
 * How one attempt went. `retryAfterMs`: what the receiver asked for (429/503 Retry-After,
 * Telegram's retry_after); `answered`: the receiver answered (any status); `sent`: the request may
 * have reached it (false when no connection was made, or nothing was sent).
 */
export type AttemptResult = { ok: true } | { ok: false; error: string; retryAfterMs?: number; answered: boolean; sent: boolean };

/** "2026-12-18 10:15 IST". */
const istTime = (iso: string) => `${new Date(Date.parse(iso) + IST_MS).toISOString().slice(0, 16).replace('T', ' ')} IST`;

// Characters of a visitor's text that would change how the alert reads rather than what it says:
// controls (line breaks included) and the bidirectional controls, which reorder what follows them
// on screen ("Name: Asha\u202E…" shows the rest backwards). Tabs stay.
// eslint-disable-next-line no-control-regex -- control characters are what it looks for
const HIDDEN_EFFECT = /[\u0000-\u0008\u000a-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/gu;
// eslint-disable-next-line no-control-regex -- line breaks are what it looks for
const LINE_BREAK = /\r\n|[\n\r\u000b\u000c\u0085\u2028\u2029]/u;

/**
 * A visitor's text as an alert or a digest shows it: each such character written out ("[U+202E]"),
 * so that nothing a visitor sends can reorder or break the lines around it. Only the text sent
 * onward changes; what is stored stays as sent.
 */
export function shown(text: string): string {
  return text.replace(HIDDEN_EFFECT, (c) => `[U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}]`);
}

/** A message as an alert quotes it: each of its lines (whatever break ends it) behind "│ ", so none reads as a line of the alert. */
export function quoted(message: string): string[] {
  return message.split(LINE_BREAK).map((l) => `│ ${shown(l)}`);
}

/** The alert as a person reads it (Telegram's message, and `text` in the webhook's JSON), in the owner's words (`say`: the default language's). */
export function alertText(lead: LeadRecord, say: Say, siteOrigin = ''): string {
  const title = say(`alert.${kindKey(lead.kind)}`);
  const lines = [lead.kind === 'service-request' && lead.brand_name ? `${title}: ${shown(lead.brand_name)}` : title];
  if (lead.name !== null) lines.push(say('alert.name', { name: shown(lead.name) }));
  if (lead.phone !== null) lines.push(say('alert.phone', { phone: shown(lead.phone) }));
  lines.push(say('alert.email', { email: shown(lead.email) }));
  const what = [lead.service, lead.service_type, lead.area].filter((v) => v !== null).map(shown);
  if (what.length) lines.push(what.join(' · '));
  if (lead.message !== null) lines.push('', ...quoted(lead.message), '');
  const source = lead.source ? say('alert.cameFrom', { source: shown(lead.source) }) : '';
  lines.push(say('alert.from', { page: lead.page_path === null ? say('alert.unknownPage') : shown(lead.page_path), source, time: istTime(lead.created_at), id: lead.id }));
  if (siteOrigin) lines.push(`${siteOrigin}/analytics`);
  return lines.join('\n');
}

/** The webhook's JSON: the same for every attempt of one delivery, so its idempotency key names one body. */
export function webhookBody(d: Delivery, say: Say, siteOrigin = ''): string {
  if (d.digest) {
    const { from, to, text, figures } = d.digest;
    return JSON.stringify({ type: 'digest.weekly', id: d.idempotencyKey, from, to, text, figures });
  }
  const { lead } = d;
  return JSON.stringify({
    type: 'lead.created',
    id: d.idempotencyKey,
    lead,
    text: alertText(lead, say, siteOrigin),
    dashboard: siteOrigin ? `${siteOrigin}/analytics` : null,
  });
}

/** Seconds from a Retry-After header (seconds or an HTTP date), in ms. */
function retryAfterOf(res: Response, now: number): number | undefined {
  const v = res.headers.get('retry-after');
  if (!v) return undefined;
  const s = Number(v);
  if (Number.isFinite(s)) return Math.max(0, s * 1000);
  const t = Date.parse(v);
  return Number.isFinite(t) ? Math.max(0, t - now) : undefined;
}

/** One line, without a secret in it (a bot token is part of Telegram's URL). */
function errorLine(e: unknown, secrets: readonly string[]): string {
  let s = e instanceof Error ? `${e.name}: ${e.message}${e.cause instanceof Error ? ` (${e.cause.message})` : ''}` : String(e);
  for (const secret of secrets) if (secret) s = s.split(secret).join('…');
  return s.replace(/\s+/g, ' ').slice(0, 300);
}

export interface SendOptions {
  channels: AlertChannels;
  /** The owner's words (the default language's functions.* messages). */
  say: Say;
  siteOrigin?: string;
  /** Ends the attempt: at its time limit, or when the server stops. */
  signal: AbortSignal;
  now: () => number;
}

/** Makes one attempt at one delivery. Never throws. */
export async function attemptDelivery(d: Delivery, o: SendOptions): Promise<AttemptResult> {
  const secrets = [o.channels.telegram?.token ?? '', o.channels.webhook?.secret ?? ''];
  // `problem` reads the answer (never throws): null when delivered, else what went wrong and any wait the receiver asked for.
  let request: { url: string; init: RequestInit; problem: (res: Response) => Promise<{ error: string; retryAfterMs?: number } | null> };
  // The outbox claims deliveries only for the channels set in o.channels, and a digest is queued
  // only for DIGEST_CHANNELS (digest.ts): the form service gets leads alone.
  switch (d.channel) {
    case 'forward': {
      const lead = d.lead!;
      const fields = FORM_FIELDS[lead.kind].flatMap((f): [string, string][] => {
        const v = lead[FIELD_RULES[f].column];
        return v === null ? [] : [[f, v]];
      });
      request = {
        url: o.channels.forward!.url,
        // Form services answer a form post with a redirect: a 2xx or 3xx is delivered.
        init: { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html,application/json', 'idempotency-key': d.idempotencyKey }, body: new URLSearchParams(fields).toString() },
        problem: async (res) => (res.status >= 200 && res.status < 400 ? null : { error: `HTTP ${res.status}` }),
      };
      break;
    }
    case 'telegram': {
      const t = o.channels.telegram!;
      request = {
        url: `${t.apiUrl ?? DEFAULT_TELEGRAM_API}/bot${t.token}/sendMessage`,
        init: {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            chat_id: t.chatId,
            // Telegram takes no idempotency key: a try after one that got no answer says it may be a repeat.
            text: `${d.maybeDelivered ? `${o.say('alert.repeat')}\n` : ''}${d.digest ? d.digest.text : alertText(d.lead, o.say, o.siteOrigin)}`,
            link_preview_options: { is_disabled: true },
          }),
        },
        // The Bot API answers {"ok": true, …} or {"ok": false, "description": …, "parameters": {"retry_after": s}}.
        problem: async (res) => {
          const text = await res.text().catch(() => null);
          // The Bot API answers 200 only with {"ok": true}: a 200 whose body was lost on the way was taken.
          if (res.ok && text === null) return null;
          type BotAnswer = { ok?: boolean; description?: string; parameters?: { retry_after?: number } } | null;
          let body: BotAnswer = null;
          try {
            body = JSON.parse(text ?? '') as BotAnswer;
          } catch {
            // not the Bot API's JSON: reported by its status below
          }
          if (res.ok && body?.ok === true) return null;
          const wait = body?.parameters?.retry_after;
          return { error: `HTTP ${res.status}${body?.description ? `: ${body.description}` : ''}`, retryAfterMs: typeof wait === 'number' ? wait * 1000 : undefined };
        },
      };
      break;
    }
    case 'webhook': {
      const w = o.channels.webhook!;
      const body = webhookBody(d, o.say, o.siteOrigin);
      const timestamp = Math.floor(o.now() / 1000);
      request = {
        url: w.url,
        init: {
          method: 'POST',
          redirect: 'manual',
          headers: {
            'content-type': 'application/json',
            'idempotency-key': d.idempotencyKey,
            'x-lead-timestamp': String(timestamp),
            // HMAC-SHA256 of "<timestamp>.<body>", so that an old request cannot be replayed with a new time.
            'x-lead-signature': `sha256=${await createHmac(w.secret)(`${timestamp}.${body}`)}`,
          },
          body,
        },
        problem: async (res) => (res.status >= 200 && res.status < 300 ? null : { error: `HTTP ${res.status}` }),
      };
      break;
    }
  }
  let res: Response;
  try {
    res = await fetch(request.url, { ...request.init, signal: o.signal });
  } catch (e) {
    return { ok: false, error: errorLine(e, secrets), answered: false, sent: !neverSent(e) };
  }
  const problem = await request.problem(res);
  await res.body?.cancel().catch(() => {});
  if (!problem) return { ok: true };
  return { ok: false, error: errorLine(problem.error, secrets), retryAfterMs: problem.retryAfterMs ?? retryAfterOf(res, o.now()), answered: true, sent: true };
}

/** Failures that happen before a request can reach the receiver (Node's fetch: no connection was made). */
const NOT_SENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'UND_ERR_CONNECT_TIMEOUT', 'ERR_INVALID_URL']);
function neverSent(e: unknown): boolean {
  const cause = e instanceof Error ? (e.cause as { code?: string } | undefined) : undefined;
  return typeof cause?.code === 'string' && NOT_SENT_CODES.has(cause.code);
}
