#!/usr/bin/env node
// The `site` command. The CLI is TypeScript: load.mjs runs it from a bundle of its sources.
import { load } from './load.mjs';

const { run } = await load();
process.exitCode = await run(process.argv);
