import { existsSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline/promises';
import { Argument, Command } from 'commander';
import { fileCollections } from '#schemas/index.ts';
import { formatProblems } from '#core/content/problems.ts';
import { NEW_KINDS, planNew, planTwin, whatOf, writeNew, type NewKind, type NewPlan } from '../lib/new.ts';
import { contentDir, projectRoot } from '../lib/paths.ts';

/** Ask for a value in a terminal; undefined when there is no terminal to ask in. */
export async function ask(question: string): Promise<string | undefined> {
  if (!process.stdin.isTTY || !process.stderr.isTTY) return undefined;
  const rl = createInterface({ input: process.stdin, output: process.stderr });
  try {
    return (await rl.question(question)).trim() || undefined;
  } finally {
    rl.close();
  }
}

function nextStep(kind: NewKind, display: string, route: string, lang?: string): string {
  if (lang) return `Next: translate the text in ${display} (only the text: docs/decisions/080), then set \`draft: false\` to publish it at ${route}; \`site check\` then finds its hreflang alternates.`;
  if (kind === 'post') return `Next: write the article, then set \`draft: false\` to publish it at ${route}; \`site build\` and \`site check\` show the result.`;
  if (kind === 'brand' || kind === 'area') {
    return `Next: replace the sample text in ${display} with what is true of this ${whatOf(kind).split(' ')[0]}, then set \`draft: false\` to publish it at ${route} (\`site dev\` shows drafts; \`site check --go-live\` names text left from the archetype).`;
  }
  return `Next: replace the sample text in ${display} with what is true of this ${whatOf(kind).split(' ')[0]}, then run \`site build\` and \`site check\` (the page will be at ${route}).`;
}

/**
 * What became of the areas-served list: a new area is added to it (nothing when it names the area
 * already); a twin adds nothing, its translated name is the translator's to add to the language's
 * own list, if it has one (docs/decisions/116).
 */
function listed(plan: NewPlan, kind: NewKind, contentDir: string, lang?: string): string {
  if (plan.listing) return `Added "${plan.name}" to ${plan.listing.display}, the areas the contact page lists: a name until the page is published, then its link.\n`;
  const own = path.join(contentDir, lang ?? '', fileCollections.areasServed.file);
  if (kind !== 'area' || !lang || !existsSync(own)) return '';
  return `Once its name is translated, ${path.relative(projectRoot(), own).split(path.sep).join('/')} should name the area as the twin does: the contact page of that language lists the areas written there.\n`;
}

export function newCommand(): Command {
  return new Command('new')
    .description('Create a brand page, area page, blog post or service-centre brand from its archetype in content/_archetypes/.')
    .addArgument(new Argument('<kind>', 'what to create').choices(NEW_KINDS))
    .argument('[name]', 'the brand or area name ("Acme", "Old Town"), a post title, or the file ("brands/acme", "content/brands/acme.mdx"); asked for in a terminal when left out')
    .option('--slug <slug>', 'the slug to use instead of the one made from the name: the file\'s name, and {{slug}} in the archetype\'s URL pattern')
    .option('--force', 'replace the file if it exists')
    .option('--dry-run', 'print the file that would be written (on stdout) and write nothing')
    .option('--content <dir>', 'content folder (default: content/, or $SITE_CONTENT_DIR)')
    .option('--lang <lang>', 'make the twin of an existing page in this language, one content/site.yaml lists after the first (content/<lang>/…, a draft copy of the default language\'s file)')
    .addHelpText(
      'after',
      `
Examples:
  site new brand acme                  content/brands/acme.mdx
  site new area "Old Town"             content/areas/old-town.mdx, and "Old Town" at the end of content/areas-served.yaml
  site new post "How to book a visit"  content/blog/how-to-book-a-visit.mdx
  site new brand acme --lang <lang>    content/<lang>/brands/acme.mdx (from content/brands/acme.mdx)

A page's URL is its slug: field, made by the slug: line of its archetype in content/_archetypes/
(e.g. "{{slug}}-repair" gives /acme-repair).

Exit codes: 0 created (or printed with --dry-run), 1 refused (invalid or duplicate slug, file exists, a --lang the site does not list, no page to make its twin of),
2 could not run (bad flags, no name given outside a terminal).`,
    )
    .action(async (kind: NewKind, name: string | undefined, opts: { slug?: string; force?: boolean; dryRun?: boolean; content?: string; lang?: string }) => {
      const target = name ?? (await ask(kind === 'post' ? 'Post title: ' : `${whatOf(kind)[0]!.toUpperCase()}${whatOf(kind).slice(1, whatOf(kind).indexOf(' '))} name: `));
      if (!target) {
        process.stderr.write(`site new ${kind}: give the ${kind === 'post' ? 'title' : 'name'}, e.g. \`site new ${kind} ${kind === 'post' ? '"How to book a visit"' : 'acme'}\`\n`);
        process.exitCode = 2;
        return;
      }
      if (opts.lang && opts.slug) {
        process.stderr.write(`site new ${kind} --lang ${opts.lang}: --slug does not apply, a twin has the slug of its page in the default language (its URL is /${opts.lang} + that page's URL)\n`);
        process.exitCode = 2;
        return;
      }
      const plan = opts.lang
        ? planTwin({ kind, target, lang: opts.lang, contentDir: contentDir(opts.content), root: projectRoot() })
        : planNew({ kind, target, slug: opts.slug, contentDir: contentDir(opts.content), root: projectRoot(), date: new Date().toISOString().slice(0, 10) });
      if (plan.ok && plan.exists && !opts.force) {
        plan.ok = false;
        plan.problems.push({ file: plan.display, line: 1, column: 1, rule: 'new-exists', message: `${plan.display} already exists; pass --force to replace it`, severity: 'error' });
      }
      if (!plan.ok) {
        process.stderr.write(`${formatProblems(plan.problems, 1, 'file')}\n`);
        process.exitCode = 1;
        return;
      }
      if (opts.dryRun) {
        process.stdout.write(plan.text);
        process.stderr.write(`Would ${plan.exists ? 'replace' : 'create'} ${plan.display} (${plan.route})${plan.listing ? ` and add "${plan.name}" to ${plan.listing.display}` : ''}; nothing written (--dry-run).\n`);
        return;
      }
      writeNew(plan, !!opts.force);
      process.stderr.write(`${plan.exists ? 'Replaced' : 'Created'} ${plan.display}\n${listed(plan, kind, contentDir(opts.content), opts.lang)}${nextStep(kind, plan.display, plan.route, opts.lang)}\n`);
    });
}
