#!/usr/bin/env node
// `npm run test:stress [-- runs]`: the whole `npm test` as a newcomer and a busy CI runner meet it.
// Each run clones the current commit into a fresh folder (with ../shared beside it, as CI has it),
// runs `npm ci` and `npm test` there while two CPU-bound processes run beside them, and the
// script ends with each run's result and times. Exit 1 when any run failed. The hogs are killed
// however the script ends. Uncommitted changes are not part of the clone: commit them first.
import { execFileSync, spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { duration } from './support/duration.mjs';

const usage = 'usage: npm run test:stress [-- <runs, default 3>] [--hogs <n, default 2>] [--keep]';
const args = process.argv.slice(2);
let runs = 3;
let hogCount = 2;
let keep = false;
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--keep') keep = true;
  else if (args[i] === '--hogs' && /^\d+$/.test(args[i + 1] ?? '')) hogCount = Number(args[++i]);
  else if (/^[1-9]\d*$/.test(args[i])) runs = Number(args[i]);
  else {
    process.stderr.write(`${usage}\n`);
    process.exit(2);
  }
}

const root = execFileSync('git', ['rev-parse', '--show-toplevel'], { encoding: 'utf8' }).trim();
const commit = execFileSync('git', ['-C', root, 'rev-parse', 'HEAD'], { encoding: 'utf8' }).trim();
const dirty = execFileSync('git', ['-C', root, 'status', '--porcelain', '--untracked-files=no'], { encoding: 'utf8' }).trim();
const shared = path.resolve(root, '..', 'shared');

/** The CPU hogs of the current run; killed on every way out. */
let hogs = [];
function killHogs() {
  for (const h of hogs) if (h.exitCode === null && h.signalCode === null) h.kill('SIGKILL');
  hogs = [];
}
process.on('exit', killHogs);
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    killHogs();
    process.stderr.write(`\nstress: stopped by ${signal}\n`);
    process.exit(130);
  });
}

function startHogs() {
  hogs = Array.from({ length: hogCount }, () => spawn(process.execPath, ['-e', 'for(;;){}'], { stdio: 'ignore' }));
}

/** Runs a command in `cwd`, its output to the terminal and to `log`; resolves with its exit code. */
function step(cmd, cmdArgs, cwd, log) {
  return new Promise((resolve) => {
    log.write(`\n$ ${cmd} ${cmdArgs.join(' ')}\n`);
    const child = spawn(cmd, cmdArgs, { cwd, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, FORCE_COLOR: '0' } });
    for (const stream of [child.stdout, child.stderr]) {
      stream.on('data', (chunk) => {
        process.stderr.write(chunk);
        log.write(chunk);
      });
    }
    child.on('error', (error) => resolve({ code: 1, error }));
    child.on('close', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0) }));
  });
}

const seconds = (ms) => duration(ms / 1000);

process.stderr.write(
  `stress: ${runs} run(s) of npm ci + npm test on fresh clones of ${commit.slice(0, 12)}, with ${hogCount} CPU hog(s) beside them\n` +
    `        machine: ${os.cpus().length} CPU(s) (${os.cpus()[0]?.model.trim()}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}\n` +
    (dirty ? '        note: the working tree has uncommitted changes; they are not in the clone\n' : ''),
);

const results = [];
for (let run = 1; run <= runs; run++) {
  const base = mkdtempSync(path.join(os.tmpdir(), `site-stress-${run}-`));
  const checkout = path.join(base, 'site');
  const logFile = path.join(base, 'stress.log');
  const log = createWriteStream(logFile);
  const result = { run, ok: false, clone: 0, ci: 0, test: 0, dir: base, log: logFile, failed: '' };
  results.push(result);
  process.stderr.write(`\n━━ run ${run} of ${runs} in ${checkout} ━━\n`);
  try {
    let t = performance.now();
    execFileSync('git', ['clone', '--quiet', '--no-checkout', root, checkout], { stdio: 'inherit' });
    execFileSync('git', ['-C', checkout, 'checkout', '--quiet', '--detach', commit], { stdio: 'inherit' });
    // The checkout's ../shared (the spec and design notes), where CI has it too.
    if (existsSync(shared)) symlinkSync(shared, path.join(base, 'shared'));
    result.clone = performance.now() - t;

    startHogs();
    t = performance.now();
    const ci = await step('npm', ['ci', '--no-audit', '--no-fund'], checkout, log);
    result.ci = performance.now() - t;
    if (ci.code !== 0) {
      result.failed = `npm ci (exit ${ci.code})`;
      continue;
    }
    t = performance.now();
    const test = await step('npm', ['test'], checkout, log);
    result.test = performance.now() - t;
    if (test.code !== 0) {
      result.failed = `npm test (exit ${test.code})`;
      continue;
    }
    result.ok = true;
  } catch (error) {
    result.failed = `clone (${error.message})`;
  } finally {
    killHogs();
    await new Promise((resolve) => log.end(resolve));
    // A failed run's folder stays for a look; a passing one goes unless --keep.
    if (result.ok && !keep) rmSync(base, { recursive: true, force: true });
  }
}

const lines = results.map(
  (r) =>
    `  run ${r.run}: ${r.ok ? 'pass' : `FAIL in ${r.failed}`}   clone ${seconds(r.clone)}   npm ci ${seconds(r.ci)}   npm test ${seconds(r.test)}` +
    (r.ok && !keep ? '' : `\n         log ${r.log}`),
);
const failures = results.filter((r) => !r.ok).length;
process.stderr.write(`\nstress: ${runs - failures} of ${runs} run(s) passed with ${hogCount} CPU hog(s) beside them\n${lines.join('\n')}\n`);
process.exit(failures ? 1 : 0);
