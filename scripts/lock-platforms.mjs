#!/usr/bin/env node
// Adds to package-lock.json the other platforms' optional packages that the npm registry reachable
// here does not list, so that `npm ci` accepts the lockfile everywhere (docs/decisions/005).
// Run after `npm install` adds or upgrades a package with per-platform binaries; it prints what it adds.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';

const LOCK = 'package-lock.json';
const lock = JSON.parse(readFileSync(LOCK, 'utf8'));
const packages = lock.packages;

/** os, cpu and libc of a platform package: from the registry when it knows the version, else from its name. */
function platformOf(name, version) {
  try {
    const out = execFileSync('npm', ['view', `${name}@${version}`, 'os', 'cpu', 'libc', '--json'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
    const meta = JSON.parse(out || '{}');
    if (meta.os || meta.cpu) return { cpu: [].concat(meta.cpu ?? []), libc: meta.libc && [].concat(meta.libc), os: [].concat(meta.os ?? []) };
  } catch {
    // not in this registry: read the name
  }
  const os = ['darwin', 'linux', 'win32', 'freebsd', 'android', 'openharmony', 'openbsd', 'netbsd', 'sunos', 'aix'].find((o) => name.includes(o));
  const cpu = ['arm64', 'x64', 'ia32', 'arm', 'riscv64', 'ppc64', 's390x', 'loong64', 'mips64el', 'wasm32'].find((c) => new RegExp(`[-_]${c}([-_]|$)`).test(name));
  const libc = /musl/.test(name) ? ['musl'] : /gnu/.test(name) ? ['glibc'] : undefined;
  return { cpu: cpu ? [cpu] : undefined, libc, os: os ? [os] : undefined };
}

let added = 0;
for (const [where, pkg] of Object.entries(packages)) {
  for (const [dep, range] of Object.entries(pkg.optionalDependencies ?? {})) {
    const key = `node_modules/${dep}`;
    if (packages[key] || packages[`${where}/node_modules/${dep}`]) continue;
    const version = range.replace(/^[\^~=]/, '');
    const { cpu, libc, os } = platformOf(dep, version);
    const entry = { version, ...(cpu && { cpu }), ...(pkg.dev && { dev: true }), ...(libc && { libc }), optional: true, ...(os && { os }) };
    packages[key] = entry;
    added++;
    console.log(`added ${dep}@${version} (${[os, cpu, libc].flat().filter(Boolean).join(' ')})`);
  }
}
lock.packages = Object.fromEntries(Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))));
writeFileSync(LOCK, `${JSON.stringify(lock, null, 2)}\n`);
console.log(added ? `${added} platform packages added to ${LOCK}` : `${LOCK} already lists every platform package`);
