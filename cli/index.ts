import { Command, CommanderError } from 'commander';
import { buildCommand } from './commands/build.ts';
import { startCommand } from './commands/start.ts';

/** The `site` program. Commands only; the work lives in cli/lib/. */
export function createProgram(): Command {
  return new Command('site')
    .description('Build, check and serve the site made from content/.')
    .addHelpText('after', '\nExit codes: 0 success, 1 problems found, 2 could not run (bad flags, missing files).')
    .exitOverride()
    .addCommand(buildCommand())
    .addCommand(startCommand());
}

/** Run the CLI; resolves to the exit code. */
export async function run(argv: string[]): Promise<number> {
  const program = createProgram();
  try {
    await program.parseAsync(argv);
    return typeof process.exitCode === 'number' ? process.exitCode : 0;
  } catch (err) {
    if (err instanceof CommanderError) {
      if (err.code === 'commander.helpDisplayed' || err.code === 'commander.version' || err.code === 'commander.help') return 0;
      return 2;
    }
    process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    return 2;
  }
}
