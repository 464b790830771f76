// What the tracker sends (spec §7). Shared by the function, the tests and anything in the app
// that wants the type; it lives here because Supabase deploys only supabase/functions/.

import { z } from 'zod';

/** The tracker's id: "session_" + Date.now() + a random string, e.g. "session_1718000000000_k3j9x2". */
export const SESSION_ID_PATTERN = /^session_\d{10,16}_?[A-Za-z0-9]{1,64}$/;

/** "page_view", "click", or a custom name such as "form_submit" or "quote:open". */
export const EVENT_TYPE_PATTERN = /^[A-Za-z][A-Za-z0-9_:.-]{0,63}$/;

const httpUrl = z
  .string()
  .max(2048)
  .refine((s) => /^https?:\/\//i.test(s) && URL.canParse(s), { message: 'Expected an absolute http(s) URL' });

const common = {
  sessionId: z.string().regex(SESSION_ID_PATTERN, { message: 'Expected "session_" + timestamp + random string' }),
  pageUrl: httpUrl,
  /** navigator.userAgent; the request's User-Agent header is used when it is missing. */
  userAgent: z.string().max(512).optional(),
  /** document.referrer; "" (no referrer) is stored as null. */
  referrer: z.union([z.literal(''), httpUrl]).nullish(),
};

/** Sent once per page load. */
export const SessionRecordSchema = z.object({
  type: z.literal('session'),
  ...common,
});

/** Sent for each page view and each tracked click. */
export const EventRecordSchema = z.object({
  type: z.literal('event'),
  ...common,
  eventType: z.union([z.enum(['page_view', 'click']), z.string().regex(EVENT_TYPE_PATTERN)]),
  /** A short descriptor of what was clicked, e.g. "tel:+919876543210", "whatsapp", "a:/services". */
  elementClicked: z.string().max(256).nullish(),
  /** Free-form details; the 8 KB body cap bounds its size. */
  eventData: z.record(z.string(), z.json()).nullish(),
});

export const AnalyticsPayloadSchema = z.discriminatedUnion('type', [SessionRecordSchema, EventRecordSchema]);

export type SessionRecord = z.output<typeof SessionRecordSchema>;
export type EventRecord = z.output<typeof EventRecordSchema>;
export type AnalyticsPayload = z.output<typeof AnalyticsPayloadSchema>;
