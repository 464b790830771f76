import { EmailLink, PhoneLink } from '../components/contact-links.tsx';
import { Hero } from '../components/hero.tsx';
import { useSiteData } from '../components/site-context.tsx';
import { formatDate } from '../lib/format.ts';
import type { PageData } from '../contract/pages.ts';

function Block({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className="mb-10">
      <h2 id={id} className="mb-3 text-2xl font-bold text-brand-900">
        {title}
      </h2>
      <div className="space-y-3 text-ink">{children}</div>
    </section>
  );
}

export function Page(_: { data: PageData<'privacy-policy'> }) {
  const { site, buildDate } = useSiteData();
  // The static HTML carries the build date; src/client/shell.ts shows the visitor's current date
  // (spec: "the last-updated date shown is always the current date").
  const updated = buildDate;
  const name = site.business.name;
  return (
    <>
      <Hero title="Privacy Policy" lead={`How ${name} collects, uses and protects your information.`} />
      <div className="mx-auto max-w-3xl px-4 py-12 leading-relaxed">
        <p className="mb-10 text-sm text-muted">
          Last updated: <time dateTime={updated} data-today="">{formatDate(updated)}</time>
        </p>
        <Block id="introduction" title="Introduction">
          <p>
            {name} ("we", "us") repairs televisions in {site.address.city}, {site.address.region}. This policy explains what
            information we collect when you visit this website, call or message us, or book a repair, and how we use it.
          </p>
        </Block>
        <Block id="information-we-collect" title="Information We Collect">
          <p>When you ask for a quote, book a repair or send a form, you give us:</p>
          <ul className="list-disc space-y-1 pl-6">
            <li>your name, phone number and e-mail address;</li>
            <li>the service address where we collect or repair the TV;</li>
            <li>the TV's brand, model and a description of the fault, and the repair details we record;</li>
            <li>payment information when you pay for a repair.</li>
          </ul>
          <p>
            When you browse the site, we record visits without cookies: the page, the link or button pressed, the browser's
            description of itself, the referring page, and an approximate location (country, and city when our host provides
            it). Your IP address is shortened before it is stored, so it does not identify your connection.
          </p>
        </Block>
        <Block id="how-we-use" title="How We Use Your Information">
          <ul className="list-disc space-y-1 pl-6">
            <li>to answer your request, give a quote, and schedule pickup, repair and delivery;</li>
            <li>to honour the warranty on a repair;</li>
            <li>to understand which pages help visitors, so we can improve the site;</li>
            <li>to meet our legal and accounting obligations.</li>
          </ul>
        </Block>
        <Block id="sharing" title="Information Sharing and Disclosure">
          <p>
            We do not sell your information. Forms are delivered to us by a form-collection service that processes them on
            our behalf. We share details with a courier or parts supplier only as far as a repair needs it, and with
            authorities when the law requires it.
          </p>
        </Block>
        <Block id="security" title="Data Security">
          <p>
            The site is served over HTTPS. Visit records are kept in a database that the public cannot read, and are deleted
            after 13 months. Paper job cards are kept at the shop and destroyed once the warranty ends.
          </p>
        </Block>
        <Block id="cookies" title="Cookies and Tracking Technologies">
          <p>
            This site sets no cookies of its own. If you have turned on "Do Not Track" or Global Privacy Control in your
            browser, we record nothing about your visit. When an advertising tag is enabled, it may note that a phone link
            was pressed, so we can tell whether our adverts work.
          </p>
        </Block>
        <Block id="your-rights" title="Your Rights">
          <p>
            You can ask us what information we hold about you, ask us to correct it, or ask us to delete it when we no longer
            need it for a repair or the law. Contact us using the details below.
          </p>
        </Block>
        <Block id="third-party-links" title="Third-Party Links">
          <p>
            Links to WhatsApp, maps, review sites and brand websites lead to services with their own privacy policies, which
            we do not control.
          </p>
        </Block>
        <Block id="childrens-privacy" title="Children's Privacy">
          <p>
            Our services are meant for adults. We do not knowingly collect information from anyone under 18; if you believe a
            child has sent us their details, tell us and we will delete them.
          </p>
        </Block>
        <Block id="changes" title="Changes to This Policy">
          <p>We may update this policy when our services change. The date at the top shows when it was last revised.</p>
        </Block>
        <Block id="contact-us" title="Contact Us">
          <address className="not-italic">
            <p className="font-semibold">{name}</p>
            <p>
              {site.address.street}, {site.address.locality}, {site.address.city}, {site.address.region} {site.address.postalCode}
            </p>
            <p>
              Phone: <PhoneLink className="text-brand-700 underline" />
            </p>
            <p>
              E-mail: <EmailLink className="text-brand-700 underline" />
            </p>
          </address>
        </Block>
      </div>
    </>
  );
}
