// The layer rule (CONTRIBUTING.md): app -> api -> jobs -> tools -> core, imports only pointing down (or within a
// layer). Reads every import, export-from, import() and require() in app/, components/ and lib/ and fails,
// listing each offending import, if one climbs back up; lib/ code may not import tests/, bench/, e2e/ or
// scripts/. Tests (*.test.ts) are exempt: they may check that two layers agree. Run by `npm test` (scripts/test-all.mjs) and `npm run check:layers`.
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

/** Lowest first. */
const LAYERS = [
  {
    name: 'core',
    prefixes: ['lib/core/', 'lib/config.ts', 'lib/security-headers.', 'lib/csp-hashes.', 'lib/build-checks.'],
  },
  { name: 'tools', prefixes: ['lib/tools/', 'lib/office/'] },
  { name: 'jobs', prefixes: ['lib/jobs/'] },
  { name: 'api', prefixes: ['lib/api/'] },
  {
    name: 'app',
    // Page content and build-time page data live beside the modules they describe but serve the pages.
    prefixes: [
      'app/',
      'components/',
      'lib/client/',
      'lib/seo.ts',
      'lib/site-config.ts',
      'lib/chunk-recovery.ts',
      'lib/public-limits.ts',
      'lib/tools/page-faq.ts',
    ],
  },
];
const OUTSIDE = ['tests/', 'bench/', 'e2e/', 'scripts/'];
const SOURCE = /\.(ts|tsx|mts|mjs|js|cjs)$/;

/** The layer of the longest matching prefix (a file named in a layer wins over its folder's layer). */
function layerOf(rel) {
  let best = -1;
  let length = 0;
  LAYERS.forEach((l, i) => {
    for (const p of l.prefixes) if (rel.startsWith(p) && p.length > length) [best, length] = [i, p.length];
  });
  return best;
}
// A tool's fixture (lib/tools/<family>/<tool>/fixture.ts) is test data kept in the tool's folder: it counts as a test.
const isTest = (rel) => /\.test\.tsx?$|^lib\/tools\/.*\/fixture\.ts$/.test(rel);

function walk(dir, out = []) {
  for (const e of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
    const rel = `${dir}/${e.name}`;
    if (e.isDirectory()) walk(rel, out);
    else if (SOURCE.test(e.name)) out.push(rel);
  }
  return out;
}

const SPEC =
  /(?:^|[^\w.])(?:import|export)\s[^'";]*?from\s*['"]([^'"]+)['"]|(?:^|[^\w.])import\s*['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)|\brequire\(\s*['"]([^'"]+)['"]\s*\)/g;

function specifiers(text) {
  const out = [];
  for (const m of text.matchAll(SPEC)) out.push(m[1] ?? m[2] ?? m[3] ?? m[4]);
  return out;
}

/** A specifier as a repo path (without extension checks), or null for a package. */
function target(from, spec) {
  if (spec.startsWith('@/')) return spec.slice(2);
  if (spec.startsWith('.')) return path.posix.normalize(path.posix.join(path.posix.dirname(from), spec));
  return null;
}

export function checkLayers() {
  const problems = [];
  const files = ['app', 'components', 'lib'].filter((d) => fs.existsSync(path.join(root, d))).flatMap((d) => walk(d));
  for (const file of files) {
    const test = isTest(file);
    // Test and bench scaffolding lives under tests/support, never beside production code.
    if (file.startsWith('lib/') && /(^|\/)testing\/|\/test-[^/]*\.ts$|test-environment\.[cm]?js$/.test(file)) {
      problems.push(`${file}: test scaffolding in lib/ (move it to tests/support/)`);
    }
    const from = layerOf(file.replace(/\.test(\.tsx?)$/, '$1')); // a test is in its module's layer
    const text = fs.readFileSync(path.join(root, file), 'utf8').replace(/^\s*\/\/.*$/gm, '');
    for (const spec of specifiers(text)) {
      const to = target(file, spec);
      if (to === null) continue;
      if (OUTSIDE.some((p) => to.startsWith(p))) {
        if (!test) problems.push(`${file}: imports ${spec} (test/bench code) from production code`);
        continue;
      }
      const layer = layerOf(to);
      if (from === -1 || layer === -1) {
        if (from === -1 && !test)
          problems.push(`${file}: in no layer (add its folder to LAYERS in scripts/check-layers.mjs)`);
        continue;
      }
      // Tests may reach across layers (e.g. checking that the page and the server agree); code may not.
      if (layer > from && !test)
        problems.push(`${file} (${LAYERS[from].name}) imports ${spec} (${LAYERS[layer].name}): layers point down only`);
    }
  }
  return [...new Set(problems)];
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) {
  const problems = checkLayers();
  if (problems.length > 0) {
    console.error(`Layer rule broken (app -> api -> jobs -> tools -> core):\n  ${problems.join('\n  ')}`);
    process.exit(1);
  }
  console.log('layers: app -> api -> jobs -> tools -> core, no import points up');
}
