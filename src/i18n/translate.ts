import type { Messages } from '../contract/site.ts';

// A catalogue's messages, and what is written in its words: times, opening hours, dates.

/** The values a message's {placeholders} stand for. */
export type MessageVars = Record<string, string | number>;

/**
 * The message `key` of a catalogue with its {placeholders} filled from `vars`. A key the catalogue
 * lacks, or a placeholder without a value, throws: the build fails on a typo instead of showing it.
 */
export function translate(messages: Messages, key: string, vars: MessageVars = {}): string {
  const text = messages[key];
  if (text === undefined) throw new Error(`Unknown message key "${key}" (content/messages/*.yaml)`);
  return text.replace(/\{([\w.]+)\}/g, (_, name: string) => {
    const value = vars[name];
    if (value === undefined) throw new Error(`Message "${key}" needs a value for {${name}}`);
    return String(value);
  });
}

/** The part of the day an hour belongs to, as the catalogues name it (format.period.*). */
function period(h: number): string {
  if (h < 5) return 'lateNight';
  if (h < 12) return 'morning';
  if (h < 16) return 'afternoon';
  if (h < 20) return 'evening';
  return 'night';
}

/** "08:00" in the words of a catalogue: "8:00 AM", "सुबह 8:00 बजे" (format.time, format.period.*). */
export function formatTime(hhmm: string, messages: Messages): string {
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  const hour = h % 12 === 0 ? 12 : h % 12;
  const minute = String(m).padStart(2, '0');
  return translate(messages, 'format.time', { hour, minute, period: translate(messages, `format.period.${period(h)}`) });
}

/** The times of a reading of the opening hours: "8:00 AM – 9:00 PM" (format.timeRange). */
export function hoursRange(hours: { opens: string; closes: string }, messages: Messages): string {
  return translate(messages, 'format.timeRange', { opens: formatTime(hours.opens, messages), closes: formatTime(hours.closes, messages) });
}

/** A reading of the opening hours as a phrase: "Monday to Sunday, 8:00 AM – 9:00 PM" (format.hours). */
export function hoursText(hours: { label: string; opens: string; closes: string }, messages: Messages): string {
  return translate(messages, 'format.hours', { label: hours.label, range: hoursRange(hours, messages) });
}

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];

/**
 * "2025-07-03" in the words of a catalogue: "3 July 2025", "3 जुलाई 2025" (format.date,
 * format.months.*). Written by hand: a DateTimeFormat loads locale data in every build process.
 */
export function formatDate(iso: string, messages: Messages): string {
  const [year, month, day] = iso.split('-').map(Number) as [number, number, number];
  return translate(messages, 'format.date', { day, month: translate(messages, `format.months.${MONTHS[month - 1]}`), year });
}
