/**
 * Display helpers for business facts that need no catalogue (dates, times and hours in a language's
 * words are src/i18n/translate.ts's). Pure functions: used on the server and in the browser.
 */

/** The logo's URL: the build writes site.yaml's `business.logo` at /logo.svg or /logo.png, else the generator's plain mark (public/logo.svg). */
export const logoUrl = (site: { business: { logo?: string } }) => `/logo.${site.business.logo?.split('.').pop() ?? 'svg'}`;

/** "Asha Rao" → "AR": an avatar's letters, the first of each of the first two words. */
export const initials = (name: string) => name.split(/\s+/).map((w) => w[0]).join('').slice(0, 2).toUpperCase();

/** "+919876543210" → "+91 98765 43210" */
export function formatPhone(e164: string): string {
  const m = /^\+91(\d{5})(\d{5})$/.exec(e164);
  return m ? `+91 ${m[1]} ${m[2]}` : e164;
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

/** Replace {price.audio}, {warranty}, {city} … in content text with site facts (any fact that is text, by its name); unknown ones are left as they are. */
export function fillFacts(text: string, facts: { prices: Record<string, number> }): string {
  return text.replace(/\{(?:price\.(\w+)|(\w+))\}/g, (whole, priceKey?: string, key?: string) => {
    if (priceKey) return facts.prices[priceKey] !== undefined ? formatPrice(facts.prices[priceKey]!) : whole;
    const fact = (facts as Record<string, unknown>)[key!];
    return typeof fact === 'string' ? fact : whole;
  });
}
