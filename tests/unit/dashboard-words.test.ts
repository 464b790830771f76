// The owner's dashboard (/analytics) speaks its catalogue's words (dashboard.*) in any language:
// its parts render the messages of the catalogue they are given, and in a language whose words
// differ from the default language's, no default-language sentence is left. Every expectation is
// read from the catalogues of content/ and of the TV shop's fixture.

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createElement, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { LoadContext } from '#core/content/context.ts';
import { readMessages } from '#core/content/messages.ts';
import { formatProblems } from '#core/content/problems.ts';
import { RangePicker } from '#src/components/analytics/range-picker.tsx';
import { DashboardWords } from '#src/components/analytics/words.tsx';
import type { Messages } from '#src/contract/site.ts';
import { translate, type MessageVars } from '#src/i18n/translate.ts';
import { formatIst, rangeOf, type DashboardData } from '#src/lib/analytics-dashboard.ts';
import { DashboardFigures } from '#src/pages/analytics-figures.tsx';
import { WaitingDeliveries } from '#src/pages/analytics-leads.tsx';
import { Page } from '#src/pages/analytics-page.tsx';

/** The catalogues of a content/ folder, by language, the default first. */
function cataloguesOf(dir: string): [string, Messages][] {
  const ctx = new LoadContext(dir, path.dirname(dir));
  const { languages } = parse(readFileSync(path.join(dir, 'site.yaml'), 'utf8')) as { languages: string[] };
  const loaded = readMessages(ctx, languages);
  if (!loaded) throw new Error(formatProblems(ctx.problems, ctx.filesChecked));
  return languages.map((code) => [code, loaded.messages[code]!]);
}
const dashboardWords = (messages: Messages) => Object.fromEntries(Object.entries(messages).filter(([k]) => k.startsWith('dashboard.')));

const PROJECT = cataloguesOf(path.resolve('content'));
const FIXTURE = cataloguesOf(path.resolve('tests/fixtures/content'));

const NOW = Date.parse('2026-11-25T06:30:00.000Z');
const data: DashboardData = {
  range: { from: '2026-11-19T18:30:00.000Z', to: '2026-11-25T06:30:00.000Z' },
  previous: { from: '2026-11-12T18:30:00.000Z', to: '2026-11-19T18:30:00.000Z' },
  totals: { visitors: 3, sessions: 4, events: 5, uniqueIps: 2, pageViews: 4 },
  previousTotals: { visitors: 0, sessions: 4, events: 2, uniqueIps: 2, pageViews: 2 },
  topCountries: [{ country: 'IN', count: 1 }],
  perDay: [],
  top: { page: [{ key: '/', count: 2 }], entry: [], source: [], utm_source: [], utm_medium: [], utm_campaign: [], device: [], country: [] },
  leadsByPage: [{ key: '/contact', calls: 1, whatsapp: 0, forms: 2 }],
  leadsBySource: [],
  sessions: [],
  events: [],
};
const waiting = {
  from: '', to: '', leads: [], perDay: [], perPage: [], deliveryFailed: 2,
  waiting: [{ channel: 'telegram' as const, count: 3, oldest: '2026-11-25T04:30:00.000Z', last_error: 'HTTP 401: Unauthorized' }],
};

/** The dashboard's parts as the server renders them, in the words of `messages`. */
function render(messages: Messages): string {
  const words = dashboardWords(messages);
  const within = (children: ReactNode) => renderToStaticMarkup(createElement(DashboardWords, { value: words, children }));
  const range = rangeOf('7d', NOW);
  return [
    renderToStaticMarkup(createElement(Page, { title: 'Analytics', words, endpoints: { analytics: '/a', leads: '/l' } })),
    within(createElement(DashboardFigures, { data, range, endpoint: '/a', dashboardKey: 'k' })),
    within(createElement(WaitingDeliveries, { data: waiting })),
    within(createElement(RangePicker, { name: '7d', onPick: () => {} })),
  ].join('\n');
}
/** The text of the HTML (tags dropped, the entities the renderer writes decoded), then its aria-labels. */
const text = (html: string) =>
  [html.replace(/<[^>]+>/g, ' '), ...[...html.matchAll(/aria-label="([^"]*)"/g)].map((m) => m[1])]
    .join(' ')
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');

describe('the owner’s dashboard speaks its catalogue', () => {
  it.each([...FIXTURE, ...PROJECT].map(([code, m], i) => [`${i < FIXTURE.length ? 'tests/fixtures/content' : 'content'}/messages/${code}.yaml`, m] as const))(
    'in the words of %s: headings, cards, lists, tables, range buttons, warnings and the time zone',
    (_, messages) => {
      const shown = text(render(messages));
      const t = (key: string, vars?: MessageVars) => translate(messages, `dashboard.${key}`, vars);
      const against = t('compare.previousDays', { n: 7 });
      for (const words of [
        t('timeZone'), t('loading'),
        t('cards.visitors'), t('cards.sessions'), t('cards.topCountry'), t('compare.upFromZero', { against }), t('compare.same', { against }),
        t('visitorsNote'), t('top.title'), t('top.page'), t('top.views'), t('top.noTags'), t('top.leadsByPage'),
        [t('count.call.one', { n: 1 }), t('count.chat.many', { n: 0 }), t('count.request.many', { n: 2 })].join(' · '),
        t('sessions.caption'), t('sessions.coordinates'), t('events.caption'), t('table.empty'), t('table.region', { caption: t('events.caption') }),
        t('events.download'), t('countries.title'), t('count.session.one', { n: 1 }),
        t('leads.givenUp.many', { n: 2 }), t('range.label'), t('range.last7'), t('range.from'), t('range.show'),
      ]) expect(shown, words).toContain(words);
      expect(shown).toContain(t('leads.waiting.many', { n: 3, channel: t('leads.channel.telegram'), since: formatIst(waiting.waiting[0]!.oldest, t), error: t('leads.lastError', { error: 'HTTP 401: Unauthorized' }) }));
    },
  );

  it.each(PROJECT.slice(1).map(([code, m]) => [`content/messages/${code}.yaml`, m] as const))('%s: no sentence of the default language’s dashboard is left', (_, messages) => {
    const [, first] = PROJECT[0]!;
    const shown = text(render(messages));
    // The default language's messages without placeholders that this language words differently.
    const english = Object.keys(dashboardWords(first)).filter((k) => !/\{/.test(first[k]!) && first[k] !== messages[k] && first[k]!.length > 3);
    expect(english.filter((k) => shown.includes(first[k]!)).map((k) => `${k}: ${first[k]}`)).toEqual([]);
  });
});
