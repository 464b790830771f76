// `site check --go-live` (and `site build --production`): what must change before the site goes
// live. It reads the content files as text, line by line, so that each problem names the line
// to edit; drafts and archetypes are skipped, since they never ship (docs/decisions/073-go-live-check.md).

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { splitMdx } from '#core/content/front-matter.ts';
import { catalogueFile } from '#core/content/messages.ts';
import type { Problem } from '#core/content/problems.ts';
import { parseYamlSource, type YamlSource } from '#core/content/yaml-source.ts';
import { ALERT_ENV, alertChannelsFromEnv } from '#functions/_shared/alerts.ts';

type Finding = Omit<Problem, 'file' | 'line'> & { line?: number };

/** Reserved for examples (RFC 2606): no real site or mailbox is ever there. */
const EXAMPLE_DOMAIN = /\b(?:[a-z0-9-]+\.)+example\b|\bexample\.(?:com|org|net)\b/i;
const EXAMPLE_EMAIL = /[\w.+-]+@(?:[a-z0-9-]+\.)*example(?:\.(?:com|org|net))?\b/i;
/** Phone-like runs: +91 and 10 digits, with spaces or hyphens. */
const PHONE = /\+?\d[\d\s-]{8,15}\d/g;
/** A national number that is obviously made up: one digit then six or more zeros, or a well-known filler. */
const SAMPLE_NATIONAL = /^(?:[6-9]0{6,}\d{0,3}|9876543210|9999999999|1234567890|0123456789)$/;
/** Text the archetypes ask the author to replace. */
const ARCHETYPE_TEXT = /\bDescribe\b[^\n]{0,80}\bhere\b/;
const FORM_KEYS = /^\s*(contactEndpoint|serviceRequestEndpoint|forwardTo)\s*:/;
const FUNCTION_KEYS = /^\s*(contactEndpoint|serviceRequestEndpoint|endpoint)\s*:\s*"?\//;

function isSamplePhone(text: string): string | null {
  for (const [run] of text.matchAll(PHONE)) {
    const digits = run.replace(/\D/g, '');
    const national = digits.length === 12 && digits.startsWith('91') ? digits.slice(2) : digits.length === 11 && digits.startsWith('0') ? digits.slice(1) : digits;
    if (national.length === 10 && SAMPLE_NATIONAL.test(national)) return run.trim();
  }
  return null;
}

/** The findings of one line of content/site.yaml. */
function siteLine(text: string): Finding[] {
  const column = (m: RegExpExecArray | null) => (m ? m.index + 1 : 1);
  const found: Finding[] = [];
  const value = text.replace(/\s+#.*$/, '');
  if (/^\s*sample:\s*true\b/.test(value)) {
    found.push({ column: column(/sample/.exec(text)), rule: 'go-live-sample', message: 'business.sample is true: the values marked "# sample" are placeholders', expected: 'the business’s own values, then sample: false', received: 'sample: true', severity: 'error' });
    return found;
  }
  const email = EXAMPLE_EMAIL.exec(value);
  const domain = EXAMPLE_DOMAIN.exec(value);
  if (FORM_KEYS.test(value) && (email || domain)) {
    found.push({ column: column(email ?? domain), rule: 'go-live-form-endpoint', message: 'a form endpoint points at a sample address: every lead sent there is lost', expected: 'the leads function’s URL, or a form service with the owner’s address', received: (email ?? domain)![0], severity: 'error' });
  } else if (email) {
    found.push({ column: column(email), rule: 'go-live-example-email', message: 'an example.com address: mail to it reaches no one', expected: 'the shop’s own e-mail address', received: email[0], severity: 'error' });
  } else if (domain) {
    found.push({ column: column(domain), rule: 'go-live-example-domain', message: 'a reserved .example domain: canonicals, the sitemap and sharing cards would point nowhere', expected: 'the site’s real domain, e.g. https://www.yourshop.in', received: domain[0], severity: 'error' });
  }
  const phone = isSamplePhone(value);
  if (phone) found.push({ column: value.indexOf(phone) + 1, rule: 'go-live-sample-phone', message: 'a sample phone number: calls and WhatsApp chats would go to no one', expected: 'the shop’s own number', received: phone, severity: 'error' });
  if (FUNCTION_KEYS.test(value)) {
    found.push({ column: column(/\//.exec(value)), rule: 'go-live-function-url', message: 'a function on the site’s own server: a static host (Netlify, Cloudflare Pages, …) does not run it', expected: 'https://<ref>.supabase.co/functions/v1/… (or serve the site with `site start`)', received: value.split(':').slice(1).join(':').trim(), severity: 'warning' });
  }
  if (/^\s*origin:\s*"?http:\/\/|localhost|127\.0\.0\.1/.test(value) && /^\s*origin:/.test(value)) {
    found.push({ column: 1, rule: 'go-live-origin', message: 'the site’s origin is not a public https address', expected: 'https://www.yourshop.in', received: value.replace(/^\s*origin:\s*/, ''), severity: 'error' });
  }
  // A value marked "# sample"; a line that is only a comment may speak of the mark without being one.
  if (found.length === 0 && /^\s*[^#\s]/.test(text) && /#\s*sample\b/.test(text)) {
    found.push({ column: text.indexOf('#') + 1, rule: 'go-live-sample', message: 'a value marked "# sample": a placeholder, not the business’s own', received: value.replace(/^\s*[\w.-]+:\s*/, ''), severity: 'error' });
  }
  return found;
}

/** The findings of one line of a page's content. */
function pageLine(text: string): Finding[] {
  const found: Finding[] = [];
  const archetype = ARCHETYPE_TEXT.exec(text);
  if (archetype) found.push({ column: archetype.index + 1, rule: 'go-live-archetype-text', message: 'text left from the archetype of `site new`', expected: 'what is true of this page', received: `${text.trim().slice(0, 60)}…`, severity: 'error' });
  const email = EXAMPLE_EMAIL.exec(text);
  if (email) found.push({ column: email.index + 1, rule: 'go-live-example-email', message: 'an example.com address: mail to it reaches no one', received: email[0], severity: 'error' });
  const phone = isSamplePhone(text);
  if (phone) found.push({ column: text.indexOf(phone) + 1, rule: 'go-live-sample-phone', message: 'a sample phone number in the text (write {phone} to use the one in site.yaml)', received: phone, severity: 'error' });
  return found;
}

/** Every content file that ships: not under _archetypes/, not a draft. */
function contentFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    const rel = path.relative(dir, path.join(entry.parentPath, entry.name));
    if (!entry.isFile() || rel.split(path.sep).some((part) => part.startsWith('_') || part.startsWith('.'))) continue;
    if (/\.(mdx|md|ya?ml)$/.test(entry.name) && rel !== 'site.yaml') out.push(path.join(dir, rel));
  }
  return out.sort();
}

const isDraft = (text: string) => /^---\r?\n[\s\S]*?^draft:\s*true\b[\s\S]*?^---/m.test(text) || /^draft:\s*true\b/m.test(text);

/** A catalogue's messages that are words (not only placeholders or a mark), by dotted key, with their path in the file. */
function wordsOf(source: YamlSource): Map<string, { value: string; at: string[] }> {
  const out = new Map<string, { value: string; at: string[] }>();
  const walk = (value: unknown, at: string[]) => {
    if (typeof value === 'string') {
      // The `language` keys other than its name are facts about the language, not its words.
      if (/\p{L}{2}/u.test(value.replace(/\{[\w.]+\}/g, '')) && !(at[0] === 'language' && at[1] !== 'name')) out.set(at.join('.'), { value, at });
    } else if (value && typeof value === 'object' && !Array.isArray(value)) for (const [k, v] of Object.entries(value)) walk(v, [...at, k]);
  };
  walk(source.value, []);
  return out;
}

/**
 * Each language after the first of site.yaml's `languages` whose catalogue is still the default
 * language's text: most of its messages (more than half of those with words) the same as there, as
 * a catalogue copied to start a translation is. Named at the first such message.
 */
function untranslatedCatalogues(contentDir: string, codes: string[], rel: (abs: string) => string): Problem[] {
  const read = (code: string) => {
    const abs = path.join(contentDir, catalogueFile(code));
    return existsSync(abs) ? parseYamlSource(rel(abs), readFileSync(abs, 'utf8')) : undefined;
  };
  const [first, ...others] = codes;
  const reference = first === undefined ? undefined : read(first);
  if (!reference || reference.problems.length) return [];
  const words = wordsOf(reference);
  const problems: Problem[] = [];
  for (const code of others) {
    const source = read(code);
    if (!source || source.problems.length) continue; // the content check reports it
    const own = wordsOf(source);
    const same = [...words].filter(([key, { value }]) => own.get(key)?.value === value);
    if (same.length * 2 <= words.size) continue;
    const at = source.locate(same[0]![1].at);
    problems.push({
      file: source.file,
      ...at,
      rule: 'go-live-untranslated',
      message: `the messages of "${code}" are still the default language's text: ${same.length} of ${words.size} are those of ${reference.file}`,
      expected: `the words of "${code}" (its pages show these)`,
      received: same.slice(0, 3).map(([key, { value }]) => `${key}: ${JSON.stringify(value)}`).join(', ') + (same.length > 3 ? ', …' : ''),
      severity: 'error',
    });
  }
  return problems;
}

/** The languages a site.yaml value lists (the default first), as written: read also when the file has other problems. */
export function listedLanguages(site: unknown): string[] {
  const listed = (site as { languages?: unknown } | undefined)?.languages;
  return Array.isArray(listed) ? listed.filter((c): c is string => typeof c === 'string') : [];
}

/** A content file's data, with positions: an MDX file's front matter, a YAML file's value. */
const dataOf = (file: string, text: string): YamlSource => (file.endsWith('.mdx') ? splitMdx(file, text).source : parseYamlSource(file, text));

/**
 * Each published twin (content/<code>/…, a language after the first) whose title is still that of
 * its page in the default language: a copy `site new --lang` made, published untranslated.
 */
function untranslatedTwins(contentDir: string, codes: string[], rel: (abs: string) => string): Problem[] {
  const problems: Problem[] = [];
  for (const code of codes.slice(1)) {
    const dir = path.join(contentDir, code);
    if (!existsSync(dir)) continue;
    for (const twin of contentFiles(dir)) {
      const original = path.join(contentDir, path.relative(dir, twin));
      const text = readFileSync(twin, 'utf8');
      if (!existsSync(original) || isDraft(text)) continue;
      const own = dataOf(rel(twin), text);
      const theirs = dataOf(rel(original), readFileSync(original, 'utf8')).value;
      // pages.yaml: its entries by path; any other file: the page it is.
      const pairs: [unknown, unknown, (string | number)[]][] = Array.isArray(own.value)
        ? own.value.map((entry, i) => [entry, Array.isArray(theirs) ? theirs.find((e) => (e as { path?: unknown }).path === (entry as { path?: unknown }).path) : undefined, [i]])
        : [[own.value, theirs, []]];
      for (const [mine, original_, at] of pairs) {
        const title = (mine as { title?: unknown } | undefined)?.title;
        if (typeof title !== 'string' || title !== (original_ as { title?: unknown } | undefined)?.title) continue;
        problems.push({
          file: own.file,
          ...own.locate([...at, 'title']),
          rule: 'go-live-untranslated',
          message: `a page in "${code}" whose title is still its page's in the default language`,
          expected: `its title in "${code}" (translate the page, or set draft: true)`,
          received: JSON.stringify(title),
          severity: 'error',
        });
      }
    }
  }
  return problems;
}

/**
 * A warning when no alert channel is set in `env`: leads are stored either way, but nothing tells
 * the owner's phone about them. The channels are secrets (never in content/), so the check reads
 * the environment it runs in; on Supabase they are the function's secrets, which it cannot see,
 * hence a warning and not an error. Named at the `forms:` line of site.yaml.
 */
function alertWarning(file: string, siteLines: string[], env: Record<string, string | undefined>): Problem[] {
  const { channels, problems } = alertChannelsFromEnv((name) => env[name]);
  if (channels.telegram || channels.webhook) return [];
  const line = siteLines.findIndex((l) => /^forms:/.test(l)) + 1 || 1;
  return [{
    file,
    line,
    column: 1,
    rule: 'go-live-lead-alerts',
    message: `no alert channel for new leads: the owner's phone hears of none${problems.length ? ` (${problems.join('; ')})` : ''}`,
    expected: `${ALERT_ENV.telegram.join(' and ')} (a Telegram bot), or ${ALERT_ENV.webhook.join(' and ')} (n8n, Make, Zapier), set as secrets where the function runs (README, "Leads")`,
    received: 'none set here',
    severity: 'warning',
  }];
}

/**
 * What stops the content in `contentDir` from going live: sample business values, .example and
 * example.com addresses, sample phone numbers, form endpoints at sample addresses, archetype text
 * left in a page, a language whose messages or published pages are still the default language's text, and (warnings) functions a static host would not run and leads that alert no
 * one (`env`: where the alert secrets are looked for). File names are relative to `root`.
 */
export function checkGoLive(contentDir: string, root: string, env: Record<string, string | undefined> = process.env): { problems: Problem[]; files: number } {
  const problems: Problem[] = [];
  const rel = (abs: string) => path.relative(root, abs).split(path.sep).join('/');
  const scan = (abs: string, perLine: (line: string) => Finding[], text = readFileSync(abs, 'utf8')) =>
    text.split(/\r?\n/).forEach((line, i) => problems.push(...perLine(line).map((f) => ({ ...f, file: rel(abs), line: i + 1 }))));
  const site = path.join(contentDir, 'site.yaml');
  const siteText = readFileSync(site, 'utf8');
  scan(site, siteLine, siteText);
  problems.push(...alertWarning(rel(site), siteText.split(/\r?\n/), env));
  const codes = listedLanguages(parseYamlSource('site.yaml', siteText).value);
  problems.push(...untranslatedCatalogues(contentDir, codes, rel), ...untranslatedTwins(contentDir, codes, rel));
  const pages = contentFiles(contentDir).filter((f) => !isDraft(readFileSync(f, 'utf8')));
  for (const file of pages) scan(file, pageLine);
  return { problems, files: pages.length + 1 };
}
