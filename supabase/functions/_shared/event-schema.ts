// What the tracker sends (spec §7). Shared by the function, the tests and anything in the app
// that wants the type; it lives here because Supabase deploys only supabase/functions/.
//
// Each text field is either refused with a reason or normalised in a way the answer reports
// (docs/decisions/040-hostile-input.md): raw control characters are refused, a user agent is cut
// to 512 characters, a URL too long to store loses its query, and a referrer that is not an
// http(s) or android-app URL is stored as "no referrer".

import { z } from 'zod';
import { CONTROL_CHARACTER as CONTROL } from './body.ts';

/** The tracker's id: "session_" + Date.now() + a random string, e.g. "session_1718000000000_k3j9x2". */
export const SESSION_ID_PATTERN = /^session_\d{10,16}_?[A-Za-z0-9]{1,64}$/;

/** "page_view", "click", or a custom name such as "form_submit" or "quote:open". */
export const EVENT_TYPE_PATTERN = /^[A-Za-z][A-Za-z0-9_:.-]{0,63}$/;

export const MAX_URL_LENGTH = 2048;
export const MAX_USER_AGENT_LENGTH = 512;
export const MAX_ELEMENT_LENGTH = 256;

export const CONTROL_MESSAGE = 'Control characters (U+0000–U+001F, U+007F–U+009F) are not accepted';

/** The schemes a referrer is kept with: web pages, and Android apps ("android-app://com.google.android.gm/"). */
const REFERRER_SCHEMES = new Set(['http:', 'https:', 'android-app:']);

/** Cuts to at most `max` UTF-16 code units without splitting a surrogate pair. */
export function clip(s: string, max: number): string {
  if (s.length <= max) return s;
  const cut = s.slice(0, max);
  return /[\ud800-\udbff]$/.test(cut) ? cut.slice(0, -1) : cut;
}

/**
 * A URL as stored: as sent when it fits in 2,048 characters, else without its query and fragment,
 * else only its scheme and host ("https://example.in/"); null when even that does not fit.
 */
export function fitUrl(sent: string, url: URL): string | null {
  if (sent.length <= MAX_URL_LENGTH) return sent;
  const withoutQuery = sent.split(/[?#]/, 1)[0]!;
  if (withoutQuery.length <= MAX_URL_LENGTH) return withoutQuery;
  const origin = `${url.protocol}//${url.host}/`;
  return origin.length <= MAX_URL_LENGTH ? origin : null;
}

const refuse = (ctx: z.core.$RefinementCtx<string>, input: string, message: string) => {
  ctx.issues.push({ code: 'custom', message, input });
  return z.NEVER;
};

/** An absolute URL whose text starts with `scheme://`, or null. */
function absoluteUrl(s: string): URL | null {
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(s) ? URL.parse(s) : null;
}

const pageUrl = z.string().transform((s, ctx) => {
  if (CONTROL.test(s)) return refuse(ctx, s, CONTROL_MESSAGE);
  const url = absoluteUrl(s);
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    return refuse(ctx, s, 'Expected an absolute http(s) URL');
  }
  return fitUrl(s, url) ?? refuse(ctx, s, `The URL's host is longer than ${MAX_URL_LENGTH} characters`);
});

const referrer = z.string().transform((s, ctx): string | null => {
  if (CONTROL.test(s)) return refuse(ctx, s, CONTROL_MESSAGE);
  const url = absoluteUrl(s);
  return url && REFERRER_SCHEMES.has(url.protocol) ? fitUrl(s, url) : null;
});

const userAgent = z.string().transform((s, ctx) =>
  CONTROL.test(s) ? refuse(ctx, s, CONTROL_MESSAGE) : clip(s, MAX_USER_AGENT_LENGTH),
);

// The tracker copies a link's href, and an href may hold tabs or line breaks: they become spaces.
const elementClicked = z.string().transform((s, ctx) => {
  const text = s.replace(/[\t\n\v\f\r]+/g, ' ');
  if (CONTROL.test(text)) return refuse(ctx, s, CONTROL_MESSAGE);
  if (text.length > MAX_ELEMENT_LENGTH) return refuse(ctx, s, `Expected at most ${MAX_ELEMENT_LENGTH} characters`);
  return text;
});

const common = {
  sessionId: z.string().regex(SESSION_ID_PATTERN, { message: 'Expected "session_" + timestamp + random string' }),
  pageUrl,
  /** navigator.userAgent; the request's User-Agent header is used when it is missing. */
  userAgent: userAgent.optional(),
  /** document.referrer; "" (no referrer) is stored as null. */
  referrer: referrer.nullish(),
};

export const AnalyticsPayloadSchema = z.discriminatedUnion('type', [
  // Sent once per page load.
  z.object({ type: z.literal('session'), ...common }),
  // Sent for each page view and each tracked click.
  z.object({
    type: z.literal('event'),
    ...common,
    eventType: z.union([z.enum(['page_view', 'click']), z.string().regex(EVENT_TYPE_PATTERN)]),
    /** A short descriptor of what was clicked, e.g. "tel:+919876543210", "whatsapp", "a:/services". */
    elementClicked: elementClicked.nullish(),
    /**
     * Free-form details, stored as sent (keys such as "__proto__" included): the handler checks the
     * whole body's depth, size, strings and numbers before this schema runs, and stores the parsed
     * value, not this schema's copy of it.
     */
    eventData: z.record(z.string(), z.unknown()).nullish(),
  }),
]);

export type AnalyticsPayload = z.output<typeof AnalyticsPayloadSchema>;

/** The text fields whose stored value may differ from what was sent. */
export const NORMALISED_FIELDS = ['pageUrl', 'referrer', 'userAgent', 'elementClicked'] as const;
