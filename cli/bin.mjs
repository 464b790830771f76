#!/usr/bin/env node
// The `site` command. The CLI is TypeScript, run from its sources through tsx (decision 106):
// tsx compiles each module with esbuild on first load and keeps the result in its cache
// (os.tmpdir()/tsx-<uid>), so a stack trace names the sources' lines. Its settings are this
// checkout's tsconfig.json, not one found where the command runs (cli/lib/paths.ts).
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';

register({ tsconfig: fileURLToPath(new URL('../tsconfig.json', import.meta.url)) });
const { run } = await import('./index.ts');
process.exitCode = await run(process.argv);
