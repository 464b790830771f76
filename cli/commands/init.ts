import path from 'node:path';
import { Command } from 'commander';
import { formatProblems } from '#core/content/problems.ts';
import { checkFlag, INIT_FIELDS, initProject, type InitKey, type InitValues } from '../lib/init.ts';
import { ask } from './new.ts';

type InitFlags = Partial<Record<string, string>> & { yes?: boolean; force?: boolean };

/** Ask for each flag left out, again until the answer is usable; an empty answer keeps the sample. */
async function askMissing(values: InitValues): Promise<void> {
  for (const field of INIT_FIELDS) {
    while (values[field.key] === undefined) {
      const answer = await ask(`${field.question} [${field.sample}]: `);
      if (!answer) break;
      const problem = checkFlag(field.key, answer);
      if (problem) process.stderr.write(`  expected ${problem.expected}\n`);
      else values[field.key] = answer;
    }
  }
}

export function initCommand(): Command {
  const command = new Command('init')
    .description('Make a new project for another business in <dir>: the generator\'s files, a starter content/ filled from the flags, a fresh git repository.')
    .argument('<dir>', 'the folder to make (refused when it is not empty, unless --force)')
    .option('--yes', 'ask nothing: write a sample, marked for `site check --go-live`, for each flag left out')
    .option('--force', 'write into a folder that is not empty (files of the same name are replaced)');
  for (const f of INIT_FIELDS) command.option(`--${f.flag} <value>`, `${f.question} (sample: ${f.sample})`);
  return command
    .addHelpText(
      'after',
      `
A flag left out is asked for in a terminal; with --yes (or no terminal) its sample is written and
marked \`# sample\`. The new project is a git repository with one commit; then:
  cd <dir> && npm install && npm start

Example:
  site init ../pune-cool-care --name "Pune Cool Care" --trade "AC and refrigerator repair" \\
    --trade-slug ac-repair --city Pune --region Maharashtra --postal-code 411038 \\
    --phone +919812345678 --whatsapp +919812345678 --email hello@punecoolcare.in \\
    --origin https://punecoolcare.in --languages en,mr

Exit codes: 0 created, 1 the filled starter did not validate (nothing written), 2 could not run
(a bad flag value, a folder that is not empty, not a git checkout of the generator).`,
    )
    .action(async (dir: string, opts: InitFlags) => {
      const values: InitValues = {};
      for (const f of INIT_FIELDS) {
        const v = opts[f.flag.replace(/-(\w)/g, (_, c: string) => c.toUpperCase())];
        if (v !== undefined) values[f.key as InitKey] = v;
      }
      const missing = INIT_FIELDS.filter((f) => values[f.key] === undefined).map((f) => `--${f.flag}`);
      if (!opts.yes && process.stdin.isTTY && process.stderr.isTTY) await askMissing(values);
      else if (!opts.yes && missing.length) {
        process.stderr.write(`site init: no terminal to ask in; give ${missing.join(', ')}, or pass --yes to write marked samples for them\n`);
        process.exitCode = 2;
        return;
      }
      // The generator is the checkout whose code runs, wherever the command is typed: its files and
      // its starter go with the schemas that check them (not the folder of the working directory).
      const report = await initProject({ root: path.resolve(import.meta.dirname, '../..'), target: dir, values, force: opts.force });
      for (const p of report.flagProblems) process.stderr.write(`site init: ${p.flag}\n  expected  ${p.expected}\n  got       ${p.received}\n`);
      if (report.refused) process.stderr.write(`site init: ${report.refused}\n`);
      if (report.problems.length) process.stderr.write(`${formatProblems(report.problems, 1, 'starter')}\n`);
      if (!report.ok) {
        process.stderr.write('Nothing was written.\n');
        process.exitCode = report.problems.length ? 1 : 2;
        return;
      }
      process.stderr.write(`Created ${report.dir} (${report.files} files, one git commit)\n`);
      if (report.samples.length) process.stderr.write(`Samples written for ${report.samples.join(', ')}: \`site check --go-live\` names each line to change.\n`);
      process.stderr.write(`Next: cd ${dir} && npm install && npm start; add pages with \`npx site new brand <name>\`, \`area\`, \`post\`.\n`);
    });
}
