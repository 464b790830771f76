import type { Problem } from '#core/content/problems.ts';
import { classify, safeDecode } from './links.ts';
import { pageProblem, type RuleContext } from './site.ts';

const digits = (s: string) => s.replace(/[^\d]/g, '');

/** Every tel:, WhatsApp (wa.me) and mailto: link uses the number or address of content/site.yaml. */
export function checkContactLinks(ctx: RuleContext): Problem[] {
  const site = ctx.facts;
  if (!site) return [];
  const problems: Problem[] = [];
  const phone = site.contact.phone;
  const whatsapp = digits(site.contact.whatsapp);
  const email = site.contact.email.toLowerCase();
  for (const page of ctx.site.all) {
    const reported = new Set<string>();
    for (const link of page.facts.links) {
      // A path on this site ("/x#y", most of a page's links) is never a contact link: not classified again here.
      if (link.value[0] === '/' && link.value[1] !== '/') continue;
      const t = classify(link.value, page.path, ctx.site.origin);
      if (t.type !== 'contact' || reported.has(link.value)) continue;
      const fail = (expected: string, received: string, message: string, severity: Problem['severity'] = 'error') => {
        reported.add(link.value);
        problems.push(pageProblem(ctx, page, { rule: 'contact-link', message, expected, received, severity, needles: [link.value, received] }));
      };
      if (t.scheme === 'tel') {
        const value = safeDecode(t.value);
        const normalised = value.startsWith('+') ? `+${digits(value)}` : digits(value);
        if (normalised === phone) continue;
        if (normalised === digits(phone).slice(-10) || normalised === `0${digits(phone).slice(-10)}`) {
          fail(`tel:${phone}`, link.value, 'the tel: link has the right number without the country code (it fails from abroad)', 'warning');
        } else {
          fail(`tel:${phone}`, link.value, 'the tel: link does not call the number in content/site.yaml');
        }
      } else if (t.scheme === 'whatsapp') {
        if (digits(t.value) !== whatsapp) fail(`https://wa.me/${whatsapp}`, link.value, 'the WhatsApp link does not open a chat with the number in content/site.yaml');
      } else {
        const address = safeDecode(t.value.split('?')[0] ?? '').toLowerCase();
        if (address !== email) fail(`mailto:${site.contact.email}`, link.value, 'the mailto: link does not write to the address in content/site.yaml');
      }
    }
  }
  return problems;
}
