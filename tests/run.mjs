#!/usr/bin/env node
// `npm test`: make sure the system parts exist (Debian's Chromium and PostgreSQL), then type-check,
// lint, run vitest, build the site, check it, and run Playwright on it. Installs only what a fresh
// machine lacks, and says so; without root it prints the one command to run instead. Ends with
// the time of each step (wall, and CPU of the step's processes).
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { duration as seconds } from './support/duration.mjs';

const isRoot = process.getuid?.() === 0;
const steps = [];
const started = performance.now();

function say(line) {
  process.stderr.write(`\n▶ ${line}\n`);
}

/** CPU seconds (user + system) of this process's finished children, from /proc; null elsewhere. */
function childCpu() {
  try {
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
    // Fields 16 and 17 of stat (cutime, cstime), in clock ticks (100 a second on Linux).
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return null;
  }
}

function summary(failed) {
  const rows = steps.flatMap((s) => [
    { text: `${s.ok ? '✔' : '✖'} ${s.label}`, wall: s.wall, cpu: s.cpu },
    ...(s.parts ?? []).map((p) => ({ text: `    ${p.ok ? '✔' : '✖'} ${p.label}`, wall: p.wall })),
  ]);
  const wall = (performance.now() - started) / 1000;
  const cpuTotal = steps.every((s) => s.cpu != null) ? steps.reduce((n, s) => n + s.cpu, 0) : null;
  rows.push({ text: '  total', wall, cpu: cpuTotal });
  const width = Math.max(...rows.map((r) => r.text.length));
  const lines = rows.map((r) => `  ${r.text.padEnd(width)}  ${seconds(r.wall).padStart(12)}${r.cpu == null ? '' : `   CPU ${seconds(r.cpu)}`}`);
  process.stderr.write(`\n${failed ? '✖ npm test failed' : '✔ npm test passed'}. Time of each step (wall, and CPU of its processes):\n${lines.join('\n')}\n`);
}

/** Runs one command with its output shown as it comes, or kept and shown when it ends (`quiet`). */
function exec(cmd, args, { quiet = false, env = process.env } = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit', env });
    let output = '';
    if (quiet) {
      child.stdout.on('data', (c) => (output += c));
      child.stderr.on('data', (c) => (output += c));
    }
    child.on('error', (error) => resolve({ code: 1, output: `${output}${error.message}\n` }));
    child.on('close', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), signal, output }));
  });
}

/** One step, or several independent ones side by side (their output is shown as each ends). */
async function runTogether(label, group) {
  say(label);
  const cpu0 = childCpu();
  const t0 = performance.now();
  const results = await Promise.all(
    group.map(async (s) => {
      const t = performance.now();
      const r = await exec(s.cmd, s.args, { quiet: group.length > 1 });
      if (group.length > 1) process.stderr.write(`\n── ${s.label} (exit ${r.code}) ──\n${r.output}`);
      return { ...s, ...r, wall: (performance.now() - t) / 1000 };
    }),
  );
  const cpu1 = childCpu();
  const failed = results.find((r) => r.code !== 0);
  steps.push({
    label,
    ok: !failed,
    wall: (performance.now() - t0) / 1000,
    cpu: cpu0 == null ? null : cpu1 - cpu0,
    parts: group.length > 1 ? results.map((r) => ({ label: r.label, ok: r.code === 0, wall: r.wall })) : undefined,
  });
  if (failed) {
    process.stderr.write(`\n✖ ${failed.label} failed (exit ${failed.code})\n`);
    summary(true);
    process.exit(failed.code || 1);
  }
}

const run = (label, cmd, args) => runTogether(label, [{ label, cmd, args }]);

function hasPostgresServer() {
  if (process.env.PG_BIN) return ['initdb', 'pg_ctl', 'postgres'].every((b) => existsSync(path.join(process.env.PG_BIN, b)));
  const base = '/usr/lib/postgresql';
  return existsSync(base) && readdirSync(base).some((v) => existsSync(`${base}/${v}/bin/initdb`) && existsSync(`${base}/${v}/bin/postgres`));
}

/** Debian's Chromium and PostgreSQL: installed when missing and we are root, else the command to run. */
async function systemParts() {
  const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  const missing = [];
  if (!existsSync(chromium)) missing.push({ pkg: 'chromium', why: `the browser tests (${chromium} is missing; CHROMIUM_PATH names another binary)` });
  if (!hasPostgresServer()) {
    missing.push({ pkg: 'postgresql', why: 'the integration tests against a real PostgreSQL (initdb and pg_ctl; PG_BIN names another folder)' });
  }
  if (missing.length === 0) return;
  const list = missing.map((m) => `    ${m.pkg}: ${m.why}`).join('\n');
  const pkgs = missing.map((m) => m.pkg).join(' ');
  if (!isRoot || !existsSync('/usr/bin/apt-get')) {
    process.stderr.write(
      `\n✖ npm test needs Debian packages this machine lacks:\n${list}\n\n` +
        `  Install them (as root, or with sudo), then run npm test again:\n\n` +
        `    sudo apt-get update && sudo apt-get install -y ${pkgs}\n\n`,
    );
    process.exit(1);
  }
  // With their recommended packages: Chromium's fonts (the pages and the social images need them).
  say(`Installing Debian's ${pkgs} (missing on this machine):\n${list}`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [['update', '-qq'], ['install', '-y', '-qq', ...missing.map((m) => m.pkg)]]) {
    const r = await exec('apt-get', args, { env });
    if (r.code !== 0) {
      process.stderr.write(`\n✖ apt-get ${args.join(' ')} failed (exit ${r.code})\n`);
      process.exit(1);
    }
  }
}

const t0 = performance.now();
const cpu0 = childCpu();
await systemParts();
if (performance.now() - t0 > 1000) steps.push({ label: 'Install Debian packages', ok: true, wall: (performance.now() - t0) / 1000, cpu: cpu0 == null ? null : childCpu() - cpu0 });

// Three independent checks, each mostly on one core: side by side they take about the time of the longest.
await runTogether('Type-check and lint, side by side', [
  { label: 'Type-check (Node and tests)', cmd: 'npx', args: ['tsc', '--noEmit'] },
  { label: 'Type-check (browser code, no Node types)', cmd: 'npx', args: ['tsc', '--noEmit', '-p', 'src/tsconfig.json'] },
  { label: 'Lint (ESLint: typescript-eslint, react-hooks, import cycles)', cmd: 'npx', args: ['eslint', '.', '--max-warnings', '0'] },
]);
await run('Unit and integration tests (vitest)', 'npx', ['vitest', 'run']);
await run('Build the site', 'node', ['cli/bin.mjs', 'build', '--quiet']);
await run('Check the built site (site check)', 'node', ['cli/bin.mjs', 'check', ...(process.env.CI ? ['--format', 'github'] : [])]);
await run('Browser tests (Playwright, Debian Chromium)', 'npx', ['playwright', 'test']);
summary(false);
