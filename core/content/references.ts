import { existsSync } from 'node:fs';
import path from 'node:path';
import { routeOf, type FolderCollectionName, type LandingPage } from '#schemas/index.ts';
import type { Messages } from '#src/contract/site.ts';
import { pathIn } from '#src/i18n/href.ts';
import { placeholders, type FactsOf } from './facts.ts';
import { pathsOf } from './languages.ts';
import type { RenderedBody } from './mdx/render.ts';
import type { Content, Entry } from './types.ts';
import type { LoadContext, Said } from './context.ts';
import type { PathKey, YamlSource } from './yaml-source.ts';

/** Anchors that fixed screens render (other than the services, which come from services.yaml). */
const SCREEN_FRAGMENTS: Record<string, string[]> = {
  home: ['services', 'service-center', 'why-choose', 'faq', 'testimonials', 'latest-posts'],
  contact: ['contact-form'],
};

/** The collections whose files have MDX bodies, in the order they are rendered. */
export const WITH_BODIES = ['blog', 'brands', 'areas'] as const satisfies readonly FolderCollectionName[];

/** Each body's headings, added to the #fragments of its page: other pages may link to them. */
function addHeadings(content: Content, targets: Map<string, Set<string>>) {
  for (const name of WITH_BODIES) for (const e of content[name] as Entry<unknown>[]) for (const h of e.rendered?.headings ?? []) targets.get(routeOf(name, e.data))?.add(h.id);
}

/**
 * Every path of the site with its #fragments, as the bodies of each language see them: for the
 * default language, its pages with the sections content declares and its bodies' headings; for each
 * other language, those and each twin at its own path too, sharing the ids of its page and adding
 * its body's headings.
 */
export function knownTargets(content: Content, translations: Content[]): Map<string, Set<string>>[] {
  const targets = new Map<string, Set<string>>();
  const add = (p: string, fragments: Iterable<string> = []) => {
    const set = targets.get(p) ?? new Set<string>();
    for (const f of fragments) set.add(f);
    targets.set(p, set);
  };
  for (const page of content.pages) add(page.path, SCREEN_FRAGMENTS[page.kind] ?? []);
  add('/services', content.services.map((s) => s.id));
  const anchors = (page: LandingPage) => page.sections.flatMap((s) => ('anchor' in s && s.anchor ? [s.anchor] : []));
  for (const name of ['brands', 'areas'] as const) for (const e of content[name]) add(routeOf(name, e.data), anchors(e.data));
  // Only the page's own URL: /blog/<id> is a redirect, which a client-side navigation would not follow.
  for (const name of ['blog', 'serviceCenter'] as const) for (const e of content[name]) add(routeOf(name, e.data));
  addHeadings(content, targets);
  return [
    targets,
    ...translations.map((twins) => {
      const own = new Map([...targets].map(([p, ids]) => [p, new Set(ids)]));
      for (const p of pathsOf(twins.pages, twins)) {
        const ids = own.get(p) ?? new Set<string>();
        own.set(p, ids);
        own.set(pathIn(twins.language, p), ids);
      }
      addHeadings(twins, own);
      return own;
    }),
  ];
}

/** What is wrong with a link to `href` (none when it reaches a page of the site, and its #fragment there), as its problem says it. */
function checkHref(href: string, targets: Map<string, Set<string>>, drafts: Map<string, string>): (Said & { rule: string }) | undefined {
  const [p = '', fragment] = href.split('#');
  const fragments = targets.get(p);
  const draft = drafts.get(p);
  const received = JSON.stringify(href);
  if (!fragments && draft) return { rule: 'draft-link', expected: 'a published page', received, hint: `${draft} is a draft (draft: true)` };
  if (!fragments) return { rule: 'unknown-link', expected: 'a route of this site', received, near: [p, targets.keys(), (guess) => `${guess}${fragment ? `#${fragment}` : ''}`] };
  if (fragment === undefined || fragments.has(fragment)) return undefined;
  const list = [...fragments].slice(0, 4).map((f) => `#${f}`);
  return {
    rule: 'unknown-link',
    expected: fragments.size ? `a section of ${p} (${list.join(', ')}${fragments.size > 4 ? ', …' : ''})` : `${p} with no #fragment (it has no sections to link to)`,
    received,
    near: [fragment, fragments, (guess) => `${p}#${guess}`],
  };
}

function linkProblem(ctx: LoadContext, source: YamlSource, collection: string, at: PathKey[], href: string, targets: Map<string, Set<string>>) {
  const bad = checkHref(href, targets, ctx.drafts);
  if (bad) ctx.fieldError(source, collection, at, bad.rule, bad);
}

function unique<T>(ctx: LoadContext, collection: string, entries: Entry<T>[], key: (d: T) => string, field: string, seen = new Map<string, Entry<unknown>>()) {
  for (const e of entries) {
    const value = key(e.data);
    const first = seen.get(value);
    if (!first) {
      seen.set(value, e as Entry<unknown>);
      continue;
    }
    const firstAt = first.source.locate([field]);
    ctx.fieldError(e.source, collection, [field], 'duplicate', {
      expected: `a ${field} no other page uses`,
      received: `${JSON.stringify(value)}, already used by ${first.file}:${firstAt.line}`,
    });
  }
}

/**
 * Cross-references of one language's content: its bodies' problems and links (against `bodyTargets`,
 * the pages as its bodies see them), unique slugs and ids, links of front matter that reach a route
 * (and #fragment) of the site, placeholders that are facts.
 */
export function checkReferences(ctx: LoadContext, content: Content, bodyTargets: Map<string, Set<string>>, targets: Map<string, Set<string>>, facts: FactsOf) {
  for (const name of WITH_BODIES) for (const entry of content[name] as Entry<unknown>[]) if (entry.rendered) checkBody(ctx, entry, entry.rendered, bodyTargets);
  // Unique URLs: brand and area slugs share the top level with pages.yaml.
  const topLevel = new Map<string, Entry<unknown>>();
  unique(ctx, 'brands', content.brands, (d) => d.slug, 'slug', topLevel);
  unique(ctx, 'areas', content.areas, (d) => d.slug, 'slug', topLevel);
  const fixed = new Set(content.pages.map((p) => p.path.slice(1)));
  for (const [slug, e] of topLevel) {
    if (!fixed.has(slug)) continue;
    ctx.fieldError(e.source, e.file.includes('/areas/') ? 'areas' : 'brands', ['slug'], 'duplicate', {
      expected: 'a slug no other page uses',
      received: `${JSON.stringify(slug)}, already the path of a page in content/pages.yaml`,
    });
  }
  const blogUrls = new Map<string, Entry<unknown>>();
  unique(ctx, 'blog', content.blog, (d) => d.slug, 'slug', blogUrls);
  // An id is a second URL of its post: it may equal its own slug, not another post's slug or id.
  for (const e of content.blog) {
    const other = blogUrls.get(e.data.id);
    if (other && other !== e) {
      ctx.fieldError(e.source, 'blog', ['id'], 'duplicate', {
        expected: 'an id no other post uses as its slug or id',
        received: `${JSON.stringify(e.data.id)}, the slug of ${other.file}`,
      });
    }
  }
  unique(ctx, 'blog', content.blog, (d) => d.id, 'id');
  unique(ctx, 'serviceCenter', content.serviceCenter, (d) => d.id, 'id');

  const testimonialIds = new Set(content.testimonials.map((t) => t.id));
  const warranties = Object.keys(content.site.warranty.alternatives);
  for (const [collection, entries] of [['brands', content.brands], ['areas', content.areas]] as const) {
    for (const { source, data: page } of entries) {
      page.breadcrumb?.forEach((b, i) => b.href && linkProblem(ctx, source, collection, ['breadcrumb', i, 'href'], b.href, targets));
      if (page.warranty !== undefined && !warranties.includes(page.warranty)) {
        ctx.fieldError(source, collection, ['warranty'], 'unknown-reference', {
          expected: `a warranty reading of content/site.yaml (${warranties.map((w) => JSON.stringify(w)).join(', ') || 'none defined'})`,
          received: JSON.stringify(page.warranty),
          near: [page.warranty, warranties],
        });
      }
      page.sections.forEach((s, i) => {
        const at = (...rest: PathKey[]) => ['sections', i, ...rest];
        if (s.type === 'services') s.items.forEach((it, j) => linkProblem(ctx, source, collection, at('items', j, 'href'), it.href, targets));
        if (s.type === 'areas') s.items.forEach((it, j) => it.href && linkProblem(ctx, source, collection, at('items', j, 'href'), it.href, targets));
        if (s.type === 'related-links') s.links.forEach((l, j) => linkProblem(ctx, source, collection, at('links', j, 'href'), l.href, targets));
        if (s.type === 'testimonials') s.ids.forEach((id, j) => reference(ctx, source, collection, at('ids', j), id, testimonialIds, 'the id of a review in content/testimonials.yaml'));
      });
    }
  }
  // A {placeholder} that is not a fact would show as it is.
  const known = placeholders(facts(undefined).facts);
  for (const [collection, entries] of [['brands', content.brands], ['areas', content.areas], ['blog', content.blog]] as const) {
    for (const e of entries as Entry<unknown>[]) checkPlaceholders(ctx, e, collection, e.data, [], known);
  }
  const areasFile = ctx.sources.get(ctx.display(`${ctx.dir}/areas-served.yaml`));
  content.areasServed.forEach((a, i) => {
    if (a.link && areasFile) linkProblem(ctx, areasFile, 'areasServed', [i, 'link'], a.link, targets);
  });
}

/** The names site.yaml gives and other files use (prices, products, the contact form's services), and the logo's file: once, for the default language. */
export function checkSiteReferences(ctx: LoadContext, content: Content, catalogues: Record<string, Messages>) {
  const sourceOf = (file: string) => ctx.sources.get(ctx.display(`${ctx.dir}/${file}`));
  const [servicesFile, siteFile] = [sourceOf('services.yaml'), sourceOf('site.yaml')];
  const priceIds = content.site.prices.map((p) => p.id);
  content.services.forEach((sv, i) => {
    if (sv.priceKey !== undefined && servicesFile) reference(ctx, servicesFile, 'services', [i, 'priceKey'], sv.priceKey, priceIds, 'the id of a price in content/site.yaml prices');
  });
  const products = Object.keys(content.site.products);
  for (const e of content.serviceCenter) {
    for (const id of Object.keys(e.data.services)) reference(ctx, e.source, 'serviceCenter', ['services', id], id, products, 'a product of content/site.yaml products', { key: true });
  }
  // A product's words are the messages': a product without them would fail the build with no line to edit.
  for (const [lang, catalogue] of Object.entries(catalogues)) {
    for (const id of products) {
      const missing = [`serviceCenter.brand.products.${id}`, `serviceCenter.brand.meta.${id}`].filter((key) => !(key in catalogue));
      if (missing.length && siteFile) ctx.fieldError(siteFile, 'site', ['products', id], 'missing-message', { expected: `${missing.join(' and ')} in content/messages/${lang}.yaml`, received: 'nothing (the product has no words)' }, { key: true });
    }
  }
  const serviceIds = content.services.map((sv) => sv.id);
  content.site.forms.services.forEach((id, i) => siteFile && reference(ctx, siteFile, 'site', ['forms', 'services', i], id, serviceIds, 'the id of a service in content/services.yaml'));
  const logo = content.site.business.logo;
  if (logo && siteFile && !existsSync(path.join(ctx.dir, logo))) {
    ctx.fieldError(siteFile, 'site', ['business', 'logo'], 'missing-file', { expected: 'a file in content/', received: JSON.stringify(logo) });
  }
}

/** A name that must be one of `names` (an id of another file); a problem located at `at` otherwise. */
function reference(ctx: LoadContext, source: YamlSource, collection: string, at: PathKey[], name: string, names: Iterable<string>, expected: string, locate?: { key: boolean }) {
  if (![...names].includes(name)) ctx.fieldError(source, collection, at, 'unknown-reference', { expected, received: JSON.stringify(name), near: [name, names] }, locate);
}

function checkPlaceholders(ctx: LoadContext, e: Entry<unknown>, collection: string, value: unknown, at: PathKey[], known: string[]) {
  // One path, grown and shrunk as the walk goes: a copy is made only for a problem (a build walks every front matter).
  // Most text has no "{" at all: a build checks every string of every front matter.
  if (typeof value === 'string' && value.includes('{')) {
    for (const key of [...value.matchAll(/\{([\w.]+)\}/g)].map((m) => m[1]!).filter((k) => !known.includes(k))) {
      ctx.fieldError(e.source, collection, [...at], 'unknown-placeholder', {
        expected: `text whose {placeholders} are facts: ${known.map((p) => `{${p}}`).join(', ')}`,
        received: JSON.stringify(`{${key}}`),
        near: [key, known, (guess) => `{${guess}}`],
      });
    }
  } else if (Array.isArray(value)) {
    value.forEach((v, i) => {
      at.push(i);
      checkPlaceholders(ctx, e, collection, v, at, known);
      at.pop();
    });
  } else if (value && typeof value === 'object') {
    for (const k in value) {
      at.push(k);
      checkPlaceholders(ctx, e, collection, (value as Record<string, unknown>)[k], at, known);
      at.pop();
    }
  }
}

/** A body's problems, and its links to no page or section. */
function checkBody(ctx: LoadContext, entry: Entry<unknown>, result: RenderedBody, targets: Map<string, Set<string>>) {
  const line = (l: number) => l + entry.bodyLineOffset;
  for (const issue of result.issues) {
    const { at, rule, message, ...extra } = issue;
    // MDX quotes positions of the body ("(4:1-4:6)"): make them positions of the file.
    const text = message.replace(/\((\d+):(\d+)-(\d+):(\d+)\)/g, (_, l1, c1, l2, c2) => `(${line(+l1)}:${c1}-${line(+l2)}:${c2})`);
    ctx.error(entry.file, { line: line(at.line), column: at.column }, rule, text, extra);
  }
  for (const link of result.links) {
    const wrong = checkHref(link.url, targets, ctx.drafts);
    if (wrong) ctx.error(entry.file, { line: line(link.at.line), column: link.at.column }, wrong.rule, 'a link in the text', wrong);
  }
}
