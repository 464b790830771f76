import { Command, CommanderError } from 'commander';
import { buildCommand } from './commands/build.ts';
import { checkCommand } from './commands/check.ts';
import { devCommand } from './commands/dev.ts';
import { initCommand } from './commands/init.ts';
import { newCommand } from './commands/new.ts';
import { startCommand } from './commands/start.ts';
import { useRoot } from './lib/paths.ts';

/** Run the `site` program (commands only; the work lives in cli/lib/); resolves to the exit code. */
export async function run(argv: string[]): Promise<number> {
  const program = new Command('site')
    .description('Build, check and serve the site made from content/.')
    .option('--root <dir>', 'the project folder (default: the nearest folder at or above the working directory with a package.json)')
    .addHelpText('after', '\nExit codes: 0 success, 1 problems found, 2 could not run (bad flags, missing files).')
    .exitOverride()
    .hook('preAction', (cmd, action) => {
      useRoot(cmd.opts<{ root?: string }>().root);
      // React's production build (MDX bodies and pages are rendered in Node) before anything imports
      // React: its development build checks every element and renders several times slower, for the
      // same HTML. `site dev` keeps the development build.
      if (action.name() !== 'dev') process.env.NODE_ENV ??= 'production';
    })
    .addCommand(buildCommand())
    .addCommand(checkCommand())
    .addCommand(newCommand())
    .addCommand(devCommand())
    .addCommand(startCommand())
    .addCommand(initCommand());
  // addCommand() does not pass exitOverride on: without it a bad flag would process.exit() mid-test.
  const override = (cmd: Command) => cmd.commands.forEach((c) => override(c.exitOverride()));
  override(program);
  // Commands set process.exitCode; read it per run and leave it as it was (tests call run() often).
  const before = process.exitCode;
  process.exitCode = undefined;
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
  } finally {
    process.exitCode = before;
  }
}
