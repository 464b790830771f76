#!/usr/bin/env node
// `npm test`: make sure the system parts exist (Debian's Chromium and PostgreSQL), then type-check,
// lint, run vitest, build the site, check it, and run Playwright on it. Installs only what a fresh machine
// lacks, and says so.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';

const isRoot = process.getuid?.() === 0;
let aptUpdated = false;

function say(line) {
  process.stderr.write(`\n▶ ${line}\n`);
}

function aptInstall(pkg, why) {
  if (!isRoot) {
    process.stderr.write(`\n✖ ${why} needs Debian's ${pkg} package. Install it with:\n    sudo apt-get install -y ${pkg}\n`);
    process.exit(1);
  }
  say(`Installing Debian's ${pkg} (${why}; it is missing on this machine)`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  if (!aptUpdated) {
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    aptUpdated = true;
  }
  // With its recommended packages: Chromium's fonts (the pages and the social images need them).
  execFileSync('apt-get', ['install', '-y', '-qq', pkg], { stdio: 'inherit', env });
}

function hasPostgresServer() {
  const base = '/usr/lib/postgresql';
  return existsSync(base) && readdirSync(base).some((v) => existsSync(`${base}/${v}/bin/initdb`) && existsSync(`${base}/${v}/bin/postgres`));
}

function run(label, cmd, args) {
  say(label);
  const result = spawnSync(cmd, args, { stdio: 'inherit', env: process.env });
  if (result.status !== 0) {
    process.stderr.write(`\n✖ ${label} failed (exit ${result.status ?? result.signal})\n`);
    process.exit(result.status ?? 1);
  }
}

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) aptInstall('chromium', 'the browser tests');
if (!hasPostgresServer()) aptInstall('postgresql', 'the integration tests against a real PostgreSQL');

run('Type-check (Node and tests)', 'npx', ['tsc', '--noEmit']);
run('Type-check (browser code, no Node types)', 'npx', ['tsc', '--noEmit', '-p', 'src/tsconfig.json']);
run('Lint (ESLint: typescript-eslint, react-hooks, import cycles)', 'npx', ['eslint', '.', '--max-warnings', '0']);
run('Unit and integration tests (vitest)', 'npx', ['vitest', 'run']);
run('Build the site', 'node', ['cli/bin.mjs', 'build', '--quiet']);
run('Check the built site (site check)', 'node', ['cli/bin.mjs', 'check', ...(process.env.CI ? ['--format', 'github'] : [])]);
run('Browser tests (Playwright, Debian Chromium)', 'npx', ['playwright', 'test']);
