#!/usr/bin/env node
// The `site` command. The CLI is TypeScript; tsx compiles it on the fly (Node 20 cannot strip types).
import { register } from 'tsx/esm/api';

register();
const { run } = await import('./index.ts');
process.exitCode = await run(process.argv);
