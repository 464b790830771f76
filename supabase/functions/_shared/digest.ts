// The owner's weekly digest (issue 38, docs/decisions/112-the-weekly-digest.md): every Monday at
// 09:00 in India, the seven days before (Monday to Sunday) against the seven before those, sent
// through the outbox to Telegram (plain text that reads well on a phone) and the webhook (JSON,
// "type": "digest.weekly", one idempotency key per week). The figures are the dashboard's: they
// are read with the dashboard's own reads (figures.ts), never counted a second way. The words come
// from content (`functions.digest.*`); numbers and dates are formatted here.

import { shown, type Channel } from './alerts.ts';
import { wordsOf, type FunctionsContent, type Say } from './content.ts';
import type { Query } from './db.ts';
import { readDashboard, readLeadsFigures, type LeadsBy, type TopItem } from './figures.ts';
import { kindKey, LEAD_KINDS, type LeadKind } from './lead-form.ts';
import { DAY_MS, istDate, istMonday, isoRange, previousOf, type Range } from './range.ts';
import { DIGEST_QUEUED_SQL, INSERT_DIGEST_SQL } from './sql.ts';

const HOUR_MS = 3_600_000;
/** The digest goes out on Monday from 09:00 in India… */
export const DIGEST_HOUR = 9;
/** …and is still made until Tuesday 09:00 by a server that was down at the time (no later: the next one would repeat its days). */
export const DIGEST_WINDOW_MS = 24 * HOUR_MS;
/** The channels a digest goes to: the owner's phone and the webhook, not the e-mail form service. */
export const DIGEST_CHANNELS: readonly Channel[] = ['telegram', 'webhook'];
const TOP = 5;
/** A page path or a source longer than this is cut in the text (the figures keep it whole). */
const NAME_CHARS = 48;

/** The week a digest made at `at` reports: the seven India days (Monday to Sunday) before the Monday of `at`'s week. */
export function reportedWeek(at: Date): Range {
  const monday = istMonday(at.getTime());
  return { from: new Date(monday - 7 * DAY_MS), to: new Date(monday) };
}

/** The week whose scheduled digest is due at `at` (Monday 09:00 to Tuesday 09:00 in India), else null. */
export function dueWeek(at: Date): Range | null {
  const since = at.getTime() - (istMonday(at.getTime()) + DIGEST_HOUR * HOUR_MS);
  return since >= 0 && since < DIGEST_WINDOW_MS ? reportedWeek(at) : null;
}

/** A figure of the week and of the week before. */
export type Compared = { week: number; before: number };

export type DigestFigures = Awaited<ReturnType<typeof readDigestFigures>>;
/** What GET ?digest=week answers, and what the outbox sends. */
export type Digest = Awaited<ReturnType<typeof makeDigest>>;

const byLeads = (items: LeadsBy[]) =>
  items
    .map((i) => ({ key: i.key, n: i.calls + i.whatsapp + i.forms }))
    .filter((i) => i.n > 0)
    .sort((a, b) => b.n - a.n || a.key.localeCompare(b.key))
    .slice(0, TOP);
const top = (items: TopItem[]) => items.slice(0, TOP);

/** The week's figures and the week before's, as the dashboard reads them for that week. */
export async function readDigestFigures(query: Query, week: Range, now: Date) {
  const before = previousOf(week);
  const [dashboard, leads, leadsBefore] = await Promise.all([readDashboard(query, week, now), readLeadsFigures(query, week, now), readLeadsFigures(query, before, now)]);
  const count = (f: typeof leads, kind: string) => f.perDay.filter((d) => d.kind === kind).reduce((n, d) => n + d.count, 0);
  const compared = (kind: string): Compared => ({ week: count(leads, kind), before: count(leadsBefore, kind) });
  const figures = {
    week: isoRange(week),
    before: isoRange(before),
    visitors: { week: dashboard.totals.visitors, before: dashboard.previousTotals.visitors },
    pageViews: { week: dashboard.totals.pageViews, before: dashboard.previousTotals.pageViews },
    // Phone and WhatsApp taps, and form leads of each kind.
    calls: compared('call'),
    whatsapp: compared('whatsapp'),
    leads: Object.fromEntries(LEAD_KINDS.map((k) => [k, compared(k)])) as Record<LeadKind, Compared>,
    pagesByLeads: byLeads(dashboard.leadsByPage).map((i) => ({ page: i.key, leads: i.n })),
    pagesByViews: top(dashboard.top.page).map((i) => ({ page: i.key, views: i.count })),
    sourcesByLeads: byLeads(dashboard.leadsBySource).map((i) => ({ source: i.key, leads: i.n })),
    sourcesByVisits: top(dashboard.top.source).map((i) => ({ source: i.key, visits: i.count })),
    // Deliveries pending for more than ten minutes, whatever their week (as the dashboard warns).
    waiting: leads.waiting,
  };
  const all: Compared[] = [figures.visitors, figures.pageViews, figures.calls, figures.whatsapp, ...Object.values(figures.leads)];
  // firstWeek: nothing at all was counted the week before, so there is nothing to compare with.
  return { ...figures, firstWeek: all.every((c) => c.before === 0) };
}

/** The digest as the owner reads it on a phone: short lines, a blank line between parts. */
export function digestText(f: DigestFigures, say: Say, lang: string, site: { name: string; origin: string }): string {
  // The product counts in India's time; the language is the content's.
  const locale = `${lang}-IN`;
  const number = new Intl.NumberFormat(locale);
  const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 });
  const day = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'Asia/Kolkata' });
  const lastDay = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Asia/Kolkata' });
  const n = (v: number) => number.format(v);
  const change = ({ week, before }: Compared) => {
    if (week === before) return say('digest.same');
    if (before === 0) return say('digest.fromNone');
    return say(week > before ? 'digest.up' : 'digest.down', { percent: percent.format(Math.abs(week - before) / before), before: n(before) });
  };
  const figure = (key: string, c: Compared) => {
    const line = say(key, { n: n(c.week) });
    return f.firstWeek ? line : say('digest.withChange', { figure: line, change: change(c) });
  };
  const name = (raw: string) => {
    const special = raw === '(direct)' ? say('digest.direct') : raw === '(unknown)' ? say('digest.unknown') : null;
    if (special) return special;
    const chars = [...shown(raw)];
    return chars.length > NAME_CHARS ? `${chars.slice(0, NAME_CHARS - 1).join('')}…` : chars.join('');
  };
  const list = (heading: string, items: { name: string; n: number }[]) => [
    '',
    say(heading),
    ...(items.length ? items.map((item, i) => say('digest.item', { rank: i + 1, name: name(item.name), n: n(item.n) })) : [say('digest.noneYet')]),
  ];
  const noVisits = f.visitors.week === 0 && f.pageViews.week === 0;
  const lines = [
    say('digest.title', { site: site.name, from: day.format(new Date(f.week.from)), to: lastDay.format(new Date(Date.parse(f.week.to) - 1)) }),
    ...(f.firstWeek ? [say('digest.firstWeek')] : []),
    ...(noVisits ? [say('digest.noVisits')] : []),
    '',
    figure('digest.visitors', f.visitors),
    figure('digest.pageViews', f.pageViews),
    figure('digest.calls', f.calls),
    figure('digest.whatsapp', f.whatsapp),
    ...LEAD_KINDS.map((k) => figure(`digest.leads.${kindKey(k)}`, f.leads[k])),
    ...list('digest.pagesByLeads', f.pagesByLeads.map((p) => ({ name: p.page, n: p.leads }))),
    ...(noVisits ? [] : list('digest.pagesByViews', f.pagesByViews.map((p) => ({ name: p.page, n: p.views })))),
    ...list('digest.sourcesByLeads', f.sourcesByLeads.map((s) => ({ name: s.source, n: s.leads }))),
    ...(noVisits ? [] : list('digest.sourcesByVisits', f.sourcesByVisits.map((s) => ({ name: s.source, n: s.visits })))),
    '',
    ...(f.waiting.length
      ? [
          say('digest.waiting'),
          ...f.waiting.map((w) => say('digest.waitingItem', { channel: say(`digest.channel.${w.channel}`), n: n(w.count), since: day.format(new Date(w.oldest)) })),
        ]
      : [say('digest.allDelivered')]),
    '',
    say('digest.dashboard', { url: `${site.origin}/analytics` }),
  ];
  return lines.join('\n');
}

/** The digest of `week`, in the default language of the content. */
export async function makeDigest(query: Query, content: FunctionsContent, week: Range, now: Date) {
  const figures = await readDigestFigures(query, week, now);
  const lang = content.languages[0]!;
  return { from: figures.week.from, to: figures.week.to, text: digestText(figures, wordsOf(content, lang), lang, content.site), figures };
}

/**
 * Puts `digest` into the outbox for the digest channels among `configured`: as the scheduled
 * digest of its week (once per week and channel), or, with `scheduled` false, as a delivery of its
 * own (one sent by hand). Returns the channels it was put in for.
 */
export async function queueDigest(query: Query, digest: Digest, configured: readonly Channel[], scheduled: boolean, now: Date): Promise<Channel[]> {
  const channels = DIGEST_CHANNELS.filter((c) => configured.includes(c));
  if (channels.length === 0) return [];
  const rows = await query(INSERT_DIGEST_SQL, [JSON.stringify(digest), scheduled ? istDate(Date.parse(digest.from)) : null, channels.join(','), now.toISOString()]);
  return rows.length ? channels : [];
}

/**
 * Makes and queues the scheduled digest when it is due at `now` and not made yet (by this
 * instance or another); what `site start`'s timer and the schedule's ?outbox=run call. Returns
 * whether it queued one.
 */
export async function queueDueDigest(query: Query, content: FunctionsContent | undefined, configured: readonly Channel[], now: Date): Promise<boolean> {
  const week = dueWeek(now);
  if (!week || !content || !DIGEST_CHANNELS.some((c) => configured.includes(c))) return false;
  const [row] = await query(DIGEST_QUEUED_SQL, [istDate(week.from.getTime())]);
  if (row?.queued === true) return false;
  const digest = await makeDigest(query, content, week, now);
  return (await queueDigest(query, digest, configured, true, now)).length > 0;
}
