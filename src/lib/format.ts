/** Display helpers for business facts. Pure functions: used on the server and in the browser. */

/** "+919876543210" → "+91 98765 43210" */
export function formatPhone(e164: string): string {
  const m = /^\+91(\d{5})(\d{5})$/.exec(e164);
  return m ? `+91 ${m[1]} ${m[2]}` : e164;
}

/** "+919876543210" → "098765 43210" style local form without the country code: "98765 43210". */
export function formatPhoneLocal(e164: string): string {
  const m = /^\+91(\d{5})(\d{5})$/.exec(e164);
  return m ? `${m[1]} ${m[2]}` : e164;
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

/** 399 → "₹399" */
export function formatPrice(rupees: number): string {
  return `₹${rupees.toLocaleString('en-IN')}`;
}

/** "08:00" → "8:00 AM" */
export function formatTime(hhmm: string): string {
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  const suffix = h < 12 ? 'AM' : 'PM';
  const hour = h % 12 === 0 ? 12 : h % 12;
  return `${hour}:${String(m).padStart(2, '0')} ${suffix}`;
}

/** The times of a reading of the opening hours: "8:00 AM – 9:00 PM". */
export function hoursRange(hours: { opens: string; closes: string }): string {
  return `${formatTime(hours.opens)} – ${formatTime(hours.closes)}`;
}

/** A reading of the opening hours as a phrase: "Monday to Sunday, 8:00 AM – 9:00 PM". */
export function hoursText(hours: { label: string; opens: string; closes: string }): string {
  return `${hours.label}, ${hoursRange(hours)}`;
}

/** "2025-07-03" → "3 July 2025" */
// Made on first use: building a DateTimeFormat loads locale data, tens of milliseconds on a slow
// phone, which the browser's entry must not pay on pages that show no date.
let date: Intl.DateTimeFormat | undefined;

export function formatDate(iso: string): string {
  date ??= new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
  return date.format(new Date(`${iso}T00:00:00Z`));
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
