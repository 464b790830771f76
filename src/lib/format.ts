/** Display helpers for business facts. Pure functions: used on the server and in the browser. */

import type { Messages } from '../contract/site.ts';
import { translate } from '../i18n/translate.ts';

/** The logo's URL: the build writes site.yaml's `business.logo` at /logo.svg or /logo.png, else the generator's plain mark (public/logo.svg). */
export const logoUrl = (site: { business: { logo?: string } }) => `/logo.${site.business.logo?.split('.').pop() ?? 'svg'}`;

/** "+919876543210" → "+91 98765 43210" */
export function formatPhone(e164: string): string {
  const m = /^\+91(\d{5})(\d{5})$/.exec(e164);
  return m ? `+91 ${m[1]} ${m[2]}` : e164;
}

export function telHref(e164: string): string {
  return `tel:${e164}`;
}

export function whatsappHref(e164: string, text: string): string {
  return `https://wa.me/${e164.replace(/^\+/, '')}?text=${encodeURIComponent(text)}`;
}

export function mailtoHref(email: string): string {
  return `mailto:${email}`;
}

/**
 * 1234567 → "12,34,567": whole numbers grouped as toLocaleString('en-IN') groups them (three
 * digits, then twos), without loading ICU's locale data in every process that formats a number.
 */
export function indianNumber(n: number): string {
  if (!Number.isSafeInteger(n)) return n.toLocaleString('en-IN');
  const digits = String(Math.abs(n));
  const head = digits.slice(0, -3);
  const grouped = head ? `${head.replace(/\B(?=(\d{2})+$)/g, ',')},${digits.slice(-3)}` : digits;
  return n < 0 ? `-${grouped}` : grouped;
}

/** 399 → "₹399", 12500 → "₹12,500" */
export function formatPrice(rupees: number): string {
  return `₹${indianNumber(rupees)}`;
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

/** Replace {price.audio}, {warranty}, {hours}, {phone} … in content text with site facts. */
export function fillFacts(
  text: string,
  facts: { prices: Record<string, number>; warranty: string; hours: string; phone: string; years: string },
): string {
  return text.replace(/\{(price\.(\w+)|warranty|hours|phone|years)\}/g, (whole, key: string, priceKey?: string) => {
    if (priceKey) return facts.prices[priceKey] !== undefined ? formatPrice(facts.prices[priceKey]!) : whole;
    return (facts as unknown as Record<string, string>)[key] ?? whole;
  });
}
