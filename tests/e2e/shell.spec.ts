import type { Page } from '@playwright/test';
import { ALL_ROUTES, ROUTES, say, SITE } from './screen-support.ts';
import { expect, ORIGIN, pageData, test, waitForEnhanced } from './support.ts';

/** The business's phone and WhatsApp links as content/site.yaml makes them (never literals: going live changes them). */
const TEL = `tel:${SITE.contact.phone}`;
const WHATSAPP = `https://wa.me/${SITE.contact.whatsapp.replace(/^\+/, '')}?text=${encodeURIComponent(SITE.contact.whatsappText)}`;
/** The first page of a kind in the built site, if it has one. */
const first = (kind: string) => ROUTES.find((r) => r.kind === kind)?.path;

/** The shell's controls work before JavaScript arrives (native <details>) and with it (decision 090). */
for (const js of [true, false]) {
  const when = js ? 'with JavaScript' : 'without JavaScript';

  test.describe(`on a phone, ${when}`, () => {
    test.use({ viewport: { width: 360, height: 740 }, javaScriptEnabled: js });
    const ready = async (page: Page) => (js ? waitForEnhanced(page) : undefined);

    test('the menu opens from the toggle and a link in it leads to its page', async ({ page }) => {
      await page.goto('/');
      await ready(page);
      const toggle = page.getByRole('navigation', { name: say('nav.label') }).locator('summary');
      const menu = page.locator('#main-menu');
      await expect(menu).toBeHidden();
      await toggle.click();
      await expect(menu).toBeVisible();
      await expect(menu.getByRole('link', { name: say('nav.blog') })).toBeInViewport();
      await menu.getByRole('link', { name: say('nav.about') }).click();
      await expect(page).toHaveURL(/\/about$/);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.locator('#main-menu')).toBeHidden();
    });

    test('the FAQ keeps one answer open and lets it close', async ({ page }) => {
      await page.goto('/');
      await ready(page);
      const { faqs } = (await pageData('/')) as { faqs: unknown[] };
      const items = page.locator('#faq details');
      await expect(items).toHaveCount(faqs.length);
      await expect(items.nth(0)).toHaveAttribute('open', '');
      // The last question: opening it closes the first (with one question, the first closes itself).
      const last = items.nth(faqs.length - 1);
      if (faqs.length > 1) {
        await last.locator('summary').click();
        await expect(last).toHaveAttribute('open', '');
        await expect(page.locator('#faq details[open]')).toHaveCount(1);
        await expect(last.locator('summary + *')).toBeVisible();
      }
      await last.locator('summary').click();
      await expect(page.locator('#faq details[open]')).toHaveCount(0);
    });

    // One page object for the four pages: a fresh browser page costs more than the checks.
    test('/, /services, a brand page and /contact: one tap calls or chats, from the first screen', async ({ page }) => {
      for (const url of ['/', '/services', first('brand'), '/contact'].filter((u): u is string => !!u)) {
        await test.step(url, async () => {
          await page.goto(url);
          await ready(page);
          const bar = page.getByRole('complementary', { name: say('contactWidget.callBar') });
          await expect.soft(bar.getByRole('link', { name: say('common.callNow') }), url).toHaveAttribute('href', TEL);
          await expect.soft(bar.getByRole('link', { name: say('common.whatsApp') }), url).toHaveAttribute('href', WHATSAPP);
          await expect.soft(bar.getByRole('link', { name: say('common.callNow') }), url).toBeInViewport({ ratio: 1 });
          await expect.soft(bar.getByRole('link', { name: say('common.whatsApp') }), url).toBeInViewport({ ratio: 1 });
        });
      }
    });

    test('the call bar covers nothing: the last line of the page shows above it', async ({ page }) => {
      await page.goto('/contact');
      await ready(page);
      const copyright = page.locator('footer p').last();
      await copyright.scrollIntoViewIfNeeded();
      await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }));
      const box = (await copyright.boundingBox())!;
      const bar = (await page.getByRole('complementary', { name: say('contactWidget.callBar') }).boundingBox())!;
      expect(box.y + box.height).toBeLessThanOrEqual(bar.y);
    });

    test('the newsletter heading keeps "E-mail" in one piece', async ({ page }) => {
      await page.goto('/blog');
      const lines = await page.locator('#newsletter-title').evaluate((h) => {
        const text = h.firstChild!;
        const at = text.textContent!.indexOf('E');
        const range = document.createRange();
        range.setStart(text, at);
        range.setEnd(text, at + 6);
        return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
      });
      expect(lines).toBe(1);
    });
  });

  test.describe(`on a computer, ${when}`, () => {
    test.use({ javaScriptEnabled: js });
    const ready = async (page: Page) => (js ? waitForEnhanced(page) : undefined);

    test('the contact widget opens a panel with Call Now and WhatsApp, and covers no line of the page', async ({ page }) => {
      await page.goto('/');
      await ready(page);
      const panel = page.locator('#contact-panel');
      const toggle = page.locator('summary[aria-label="Contact us: call or WhatsApp"]');
      await expect(panel).toBeHidden();
      await toggle.click();
      await expect(panel.getByRole('link', { name: say('common.callNow') })).toHaveAttribute('href', TEL);
      await expect(panel.getByRole('link', { name: say('common.whatsApp') })).toHaveAttribute('href', WHATSAPP);
      await expect(panel.getByRole('link', { name: say('common.callNow') })).toBeInViewport();
      await toggle.click();
      await expect(panel).toBeHidden();
      await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }));
      const copyright = (await page.locator('footer p').last().boundingBox())!;
      const button = (await toggle.boundingBox())!;
      expect(copyright.y + copyright.height).toBeLessThanOrEqual(button.y);
    });
  });
}

test.describe('on a phone, the keyboard', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('Escape closes the menu and the widget and puts focus back on their toggle', async ({ page }) => {
    await page.goto('/');
    await waitForEnhanced(page);
    const menuToggle = page.getByRole('navigation', { name: say('nav.label') }).locator('summary');
    await menuToggle.focus();
    await page.keyboard.press('Enter');
    await expect(page.locator('#main-menu')).toBeVisible();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Escape');
    await expect(page.locator('#main-menu')).toBeHidden();
    await expect(menuToggle).toBeFocused();

    await page.setViewportSize({ width: 1024, height: 740 });
    const widgetToggle = page.locator('summary[aria-label="Contact us: call or WhatsApp"]');
    await widgetToggle.focus();
    await page.keyboard.press('Enter');
    // Tab goes from the widget's button into its panel, not back to the top of the page.
    await page.keyboard.press('Tab');
    await expect(page.locator('#contact-panel').getByRole('link', { name: say('common.callNow') })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(page.locator('#contact-panel')).toBeHidden();
    await expect(widgetToggle).toBeFocused();
  });

  test('"Get A Quote" closes the menu and opens the quote dialog', async ({ page }) => {
    await page.goto('/');
    await waitForEnhanced(page);
    await page.getByRole('navigation', { name: say('nav.label') }).locator('summary').click();
    await page.locator('#main-menu').getByRole('button', { name: say('nav.getAQuote') }).click();
    await expect(page.locator('#main-menu')).toBeHidden();
    await expect(page.getByRole('dialog', { name: say('forms.quote.title') })).toBeVisible();
  });

  test('a click outside the open menu closes it', async ({ page }) => {
    await page.goto('/');
    await waitForEnhanced(page);
    await page.getByRole('navigation', { name: say('nav.label') }).locator('summary').click();
    await expect(page.locator('#main-menu')).toBeVisible();
    // The open panel covers the top of the page: click the page below it (a heading, not a link).
    await page.locator('main h2').nth(2).dispatchEvent('click');
    await expect(page.locator('#main-menu')).toBeHidden();
  });

  test('no page scrolls sideways', async ({ page }) => {
    await page.goto('/');
    await waitForEnhanced(page);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBe(0);
  });
});

test.describe('the quote dialog', () => {
  test('opens from the navigation, traps focus, closes on Escape and returns focus', async ({ page }) => {
    await page.goto('/');
    await waitForEnhanced(page);
    const opener = page.getByRole('navigation', { name: say('nav.label') }).getByRole('button', { name: say('nav.getAQuote') });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: say('forms.quote.title') });
    await expect(dialog).toBeVisible();
    const width = await dialog.evaluate((el) => el.getBoundingClientRect().width);
    expect(width).toBeLessThanOrEqual(425);
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => !!document.activeElement?.closest('dialog'))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
  });

  test('closes by Cancel and by the Close control', async ({ page }) => {
    await page.goto('/');
    await waitForEnhanced(page);
    const dialog = page.getByRole('dialog', { name: say('forms.quote.title') });
    await page.getByRole('navigation', { name: say('nav.label') }).getByRole('button', { name: say('nav.getAQuote') }).click();
    await dialog.getByRole('button', { name: say('forms.quote.cancel') }).click();
    await expect(dialog).toBeHidden();
    await page.getByRole('button', { name: say('nav.getAQuote') }).last().click();
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: say('common.close') }).click();
    await expect(dialog).toBeHidden();
  });

  test('holds the quote form of the spec', async ({ page }) => {
    await page.goto('/');
    await waitForEnhanced(page);
    await page.getByRole('navigation', { name: say('nav.label') }).getByRole('button', { name: say('nav.getAQuote') }).click();
    const form = page.locator('dialog form');
    await expect(page.getByLabel(say('forms.fields.name'))).toBeFocused();
    await expect(form).toHaveAttribute('method', 'post');
    await expect(form.locator('input[name="email"]')).toHaveAttribute('type', 'email');
    await expect(form.locator('input[name="phone"]')).toHaveAttribute('type', 'tel');
    for (const name of ['name', 'email', 'phone', 'message']) {
      await expect(form.locator(`[name="${name}"]`)).toHaveAttribute('required', '');
    }
    await expect(form.locator('input[name="subject"]')).toHaveValue(say('functions.subject.quote'));
  });
});

/**
 * Added to every document before its scripts (Playwright init script): as soon as the parser adds
 * #loading-bar, it seeks the bar's page-transition animation (paused, then started again from its
 * beginning) and notes on <html data-transition> whether the bar shows at 0, 99, 101, 349 and
 * 351 ms; it counts each start of that animation (an animationstart event) in <html data-transitions>.
 */
function probeTransition() {
  // Read when used: the init script runs before the parser has made <html>.
  const html = () => document.documentElement;
  const observer = new MutationObserver(() => {
    const bar = document.getElementById('loading-bar');
    if (!bar) return;
    observer.disconnect();
    const animation = bar.getAnimations().find((a) => (a as CSSAnimation).animationName === 'page-transition');
    if (!animation) return void html().setAttribute('data-transition', 'none');
    animation.pause();
    const seen = [0, 99, 101, 349, 351].map((t) => {
      animation.currentTime = t;
      return `${t}:${bar.checkVisibility({ visibilityProperty: true }) ? 'shown' : 'hidden'}`;
    });
    animation.cancel();
    animation.play();
    html().setAttribute('data-transition', seen.join(' '));
  });
  observer.observe(document, { childList: true, subtree: true });
  let starts = 0;
  addEventListener('animationstart', (e) => {
    if (e.animationName.startsWith('page-transition')) html().setAttribute('data-transitions', String(++starts));
  });
}

const TRANSITION = '0:hidden 99:hidden 101:shown 349:shown 351:hidden';

test('a link opens a new page at the top, with its own title and canonical, and the page-transition bar from 100 ms to 350 ms (spec §2)', async ({ page, consoleLog }) => {
  await page.addInitScript(probeTransition);
  await page.goto('/');
  await waitForEnhanced(page);
  await expect(page.locator('html')).toHaveAttribute('data-transition', TRANSITION);
  await page.evaluate(() => window.scrollTo({ top: 1200, behavior: 'instant' }));
  // A click that does not scroll the link into view first, as a tap on a link on screen would not.
  await page.locator('footer a[href="/privacy-policy"]').dispatchEvent('click');
  await expect(page).toHaveTitle((await pageData('/privacy-policy')).meta.title);
  await expect(page.locator('html')).toHaveAttribute('data-transition', TRANSITION);
  // A document of its own (the browser navigated), opened at the top.
  expect(await page.evaluate(() => [new URL(performance.getEntriesByType('navigation')[0]!.name).pathname, window.scrollY])).toEqual(['/privacy-policy', 0]);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${ORIGIN}/privacy-policy`);
  expect(await page.locator('head title').count()).toBe(1);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(say('privacyPolicy.hero.title'));
  expect(consoleLog.errors).toEqual([]);
});

test('the browser animates the change between pages on a computer, not on a phone nor when the visitor asks for less motion (decision 103)', async ({ browser, baseURL }) => {
  const reveals = async (options: Parameters<typeof browser.newContext>[0], expected: string) => {
    const context = await browser.newContext({ baseURL, ...options });
    try {
      const page = await context.newPage();
      // Every document notes how it was revealed: with a view transition from the page before, or at once.
      await page.addInitScript(() =>
        addEventListener('pagereveal', (e) =>
          document.documentElement.setAttribute('data-reveal', `${location.pathname} ${(e as Event & { viewTransition: unknown }).viewTransition ? 'animated' : 'at once'}`),
        ),
      );
      await page.goto('/');
      await expect(page.locator('html')).toHaveAttribute('data-reveal', '/ at once');
      await page.locator('footer a[href="/services"]').dispatchEvent('click');
      await expect(page.locator('html')).toHaveAttribute('data-reveal', expected);
    } finally {
      await context.close();
    }
  };
  await reveals({ viewport: { width: 1280, height: 800 } }, '/services animated');
  await reveals({ viewport: { width: 1280, height: 800 }, reducedMotion: 'reduce' }, '/services at once');
  await reveals({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true }, '/services at once');
});

test('a page whose file keeps the scroll position (scrollToTop: false) opens where the last page was left; the page after it opens at the top again (spec §2)', async ({ page }) => {
  // The first brand or area page that keeps it; without one, the first such page opens at the top.
  const landing = ROUTES.filter((r) => r.kind === 'brand' || r.kind === 'area');
  const flags = await Promise.all(landing.map(async (r) => ((await pageData(r.path)).meta as { scrollToTop?: boolean }).scrollToTop));
  const keeps = landing.find((_, i) => flags[i] === false);
  const target = (keeps ?? landing[0])!.path;
  await page.goto('/');
  await waitForEnhanced(page);
  await page.evaluate(() => window.scrollTo({ top: 900, behavior: 'instant' }));
  await page.locator(`footer a[href="${target}"]`).dispatchEvent('click');
  await page.waitForURL(new RegExp(`${target}$`), { waitUntil: 'domcontentloaded' });
  expect(await page.evaluate(() => window.scrollY)).toBe(keeps ? 900 : 0);
  await waitForEnhanced(page);
  await page.evaluate(() => window.scrollTo({ top: 300, behavior: 'instant' }));
  await page.locator('footer a[href="/services"]').dispatchEvent('click');
  await page.waitForURL(/\/services$/, { waitUntil: 'domcontentloaded' });
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
});

test('Back and Forward restore each page from the back/forward cache, at the scroll position it was left at, with the page-transition bar', async ({ playwright, launchOptions, baseURL }) => {
  // Playwright turns the back/forward cache off (--disable-back-forward-cache); a visitor's browser has it on.
  const browser = await playwright.chromium.launch({ ...launchOptions, ignoreDefaultArgs: ['--disable-back-forward-cache'] });
  try {
    const page = await (await browser.newContext({ baseURL })).newPage();
    // Every document notes its last pageshow on <html>: whether it came from the cache, its path and scroll position.
    await page.addInitScript(() =>
      addEventListener('pageshow', (e) => document.documentElement.setAttribute('data-pageshow', `${e.persisted ? 'cache' : 'load'} ${location.pathname} ${Math.round(scrollY)}`)),
    );
    await page.addInitScript(probeTransition);
    const html = page.locator('html');
    await page.goto('/');
    await waitForEnhanced(page);
    await expect(html).toHaveAttribute('data-transitions', '1');
    await page.evaluate(() => window.scrollTo({ top: 1500, behavior: 'instant' }));
    await page.locator('footer a[href="/services"]').dispatchEvent('click');
    await expect(html).toHaveAttribute('data-pageshow', 'load /services 0');
    await waitForEnhanced(page);
    await expect(html).toHaveAttribute('data-transitions', '1');
    await page.evaluate(() => window.scrollTo({ top: 1200, behavior: 'instant' }));

    // A page from the cache fires no load event: wait for the navigation to commit, then for its pageshow.
    await page.goBack({ waitUntil: 'commit' });
    await expect(html).toHaveAttribute('data-pageshow', 'cache / 1500');
    expect(await page.evaluate(() => window.scrollY)).toBe(1500);
    // The path changed: the page-transition state again.
    await expect(html).toHaveAttribute('data-transitions', '2');
    await page.goForward({ waitUntil: 'commit' });
    await expect(html).toHaveAttribute('data-pageshow', 'cache /services 1200');
    expect(await page.evaluate(() => window.scrollY)).toBe(1200);
    await expect(html).toHaveAttribute('data-transitions', '2');
  } finally {
    await browser.close();
  }
});

test('the browser may prerender the pages of the site a visitor is about to open, never the dashboard, the functions or files', async ({ page, consoleLog }) => {
  const blocked: string[] = [];
  page.on('console', (m) => m.text().includes('Content Security Policy') && blocked.push(m.text()));
  await page.goto('/');
  expect(await page.evaluate(() => HTMLScriptElement.supports('speculationrules'))).toBe(true);
  const rules = JSON.parse((await page.locator('script[type="speculationrules"]').textContent())!) as {
    prerender: { where: unknown; eagerness: string }[];
  };
  // The rule's conditions, tried on URLs the way the browser tries a link (URL patterns against the page's URL).
  const offered = (href: string) =>
    page.evaluate(
      ([where, href]) => {
        const url = new URL(href, location.href).href;
        const { URLPattern } = window as unknown as { URLPattern: new (pattern: string, base: string) => { test(url: string): boolean } };
        const test = (w: Record<string, unknown>): boolean =>
          'and' in w
            ? (w.and as Record<string, unknown>[]).every(test)
            : 'not' in w
              ? !test(w.not as Record<string, unknown>)
              : [w.href_matches as string | string[]].flat().some((p) => new URLPattern(p, location.href).test(url));
        return test(where as Record<string, unknown>);
      },
      [rules.prerender[0]!.where, href] as const,
    );
  // Pages of each kind and language the site has.
  const pages = ['/services', first('brand'), first('area'), first('post'), ALL_ROUTES.find((r) => r.lang && !ROUTES.includes(r))?.path];
  for (const href of pages.filter((p): p is string => !!p)) expect(await offered(href), href).toBe(true);
  for (const href of ['/analytics', '/functions/v1/leads', '/rss.xml', '/og/default.png', WHATSAPP, TEL]) expect(await offered(href), href).toBe(false);
  // Intent, not every link on load: a phone's data plan pays for what the visitor is about to open.
  expect(rules.prerender.map((r) => r.eagerness)).toEqual(['moderate']);
  expect(blocked).toEqual([]);
  expect(consoleLog.errors).toEqual([]);
});

test('a link to a section of another page lands on that section', async ({ page }) => {
  await page.goto('/');
  await waitForEnhanced(page);
  await page.evaluate(() => {
    const a = document.createElement('a');
    a.href = '/contact#contact-form';
    a.textContent = 'to the form';
    document.querySelector('main')!.prepend(a);
  });
  await page.getByRole('link', { name: 'to the form' }).click();
  await expect(page).toHaveURL(/\/contact#contact-form$/);
  await expect(page.locator('form#contact-form')).toBeInViewport();
});

test('the privacy policy shows today as its last-updated date once it runs', async ({ page }) => {
  // The HTML holds the build date: make it an old one, so only the page's script can make it today.
  await page.route('**/privacy-policy', async (route) => {
    const res = await route.fetch();
    const html = (await res.text()).replace(/<time dateTime="[^"]+" data-today="">[^<]*</i, '<time datetime="2020-01-01" data-today="">1 January 2020<');
    await route.fulfill({ response: res, body: html });
  });
  await page.goto('/privacy-policy');
  await waitForEnhanced(page);
  const today = await page.evaluate(() => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date()));
  await expect(page.locator('time').first()).toHaveAttribute('datetime', today);
});

test('pages are readable with JavaScript off', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/');
  const facts = { city: SITE.address.city, founded: SITE.founded, years: SITE.stats.years, jobs: SITE.stats.jobs, business: SITE.business.name, warranty: SITE.warranty.primary.label };
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(say('home.hero.title', facts));
  await expect(page.getByRole('link', { name: say('home.hero.book') })).toHaveAttribute('href', '/contact');
  // Every answer of the FAQ, as content/faqs.yaml gives it (its facts filled in).
  const { faqs } = (await pageData('/')) as { faqs: { question: string; answer: string }[] };
  expect(faqs.length).toBeGreaterThan(0);
  for (const { answer } of faqs) await expect(page.locator('#faq')).toContainText(answer);
  await context.close();
});
