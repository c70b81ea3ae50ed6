// The npm registry reachable here (and from CI) does not serve other platforms' prebuilt optional packages
// (e.g. @next/swc-darwin-arm64): npm cannot record them in package-lock.json, and `npm ci` then refuses the
// lock as out of sync. This adds each missing optional platform package as a lock entry with the os/cpu its
// name declares, so npm ci skips it on machines it does not fit (and a machine that fits fetches it as usual).
// Run after `npm install` changes dependencies: node scripts/complete-lock.mjs
import fs from 'node:fs';

const file = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(fs.readFileSync(file, 'utf8'));
const pkgs = lock.packages;

const OS = ['darwin', 'win32', 'linux', 'freebsd', 'android', 'openbsd', 'sunos', 'aix', 'netbsd'];
const CPU = {
  arm64: 'arm64',
  x64: 'x64',
  ia32: 'ia32',
  arm: 'arm',
  riscv64: 'riscv64',
  s390x: 's390x',
  ppc64: 'ppc64',
  wasm32: 'wasm32',
  loong64: 'loong64',
};

function platformOf(name) {
  const base = name.split('/').pop();
  const os = OS.find((o) => base.includes(`-${o}`) || base.startsWith(`${o}-`));
  const cpuKey = Object.keys(CPU).find((c) =>
    new RegExp(`(^|-)${c}(-|$)`).test(base.replace('arm-eabi', 'arm').replace('gnueabihf', '')),
  );
  const entry = {};
  if (os) entry.os = [os];
  if (cpuKey) entry.cpu = [CPU[cpuKey]];
  if (/musl/.test(base)) entry.libc = ['musl'];
  else if (/gnu/.test(base) && os === 'linux') entry.libc = ['glibc'];
  return entry;
}

/** Where npm would look for `name` from the package at `from` (its own node_modules, then up). */
function resolveFrom(from, name) {
  let dir = from;
  for (;;) {
    const key = dir ? `${dir}/node_modules/${name}` : `node_modules/${name}`;
    if (pkgs[key]) return key;
    if (!dir) return null;
    const i = dir.lastIndexOf('/node_modules/');
    dir = i === -1 ? '' : dir.slice(0, i);
  }
}

let added = 0;
for (const [key, meta] of Object.entries({ ...pkgs })) {
  for (const [name, range] of Object.entries(meta.optionalDependencies ?? {})) {
    if (resolveFrom(key, name)) continue;
    const plat = platformOf(name);
    if (!plat.os && !plat.cpu) continue; // not a platform package: leave it to npm
    const version = String(range).replace(/^[\^~=]/, '');
    pkgs[`node_modules/${name}`] = { version, optional: true, ...plat };
    added++;
  }
}
const sorted = Object.fromEntries(
  Object.entries(pkgs).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a < b ? -1 : 1)),
);
lock.packages = sorted;
fs.writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`complete-lock: added ${added} optional platform entries`);
