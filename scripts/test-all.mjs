// npm test: the whole suite. The static checks (layers, ESLint, Prettier), then Jest (units, API, hostile
// input), then Playwright against the production build. Ends with one plain line 'N passed, N failed, N skipped' summing both runners.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const out = path.resolve('test-results');
fs.mkdirSync(out, { recursive: true });
const jestJson = path.join(out, 'jest.json');
const pwJson = path.join(out, 'playwright.json');
fs.rmSync(jestJson, { force: true });
fs.rmSync(pwJson, { force: true });

const run = (cmd, args, env = {}) =>
  spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;

const only = process.argv[2]; // 'unit' or 'e2e' to run one half
let failed = false;
// Static checks first: cheap, and a broken rule should be seen before minutes of tests. The layer rule
// (scripts/check-layers.mjs), ESLint (eslint.config.mjs, Next's rules) and Prettier's check (.prettierrc.json).
if (only !== 'e2e') {
  failed = run('node', ['scripts/check-layers.mjs']) !== 0 || failed;
  failed = run('npx', ['eslint', '.']) !== 0 || failed;
  failed = run('npx', ['prettier', '--check', '.']) !== 0 || failed;
}
if (only !== 'e2e') {
  failed = run('npx', ['jest', '--json', `--outputFile=${jestJson}`]) !== 0 || failed;
}
if (only !== 'unit') {
  failed =
    run('node', ['scripts/e2e.mjs', '--reporter=list,json'], { PLAYWRIGHT_JSON_OUTPUT_NAME: pwJson }) !== 0 || failed;
}

let passed = 0;
let fails = 0;
let skipped = 0;
if (fs.existsSync(jestJson)) {
  const j = JSON.parse(fs.readFileSync(jestJson, 'utf8'));
  passed += j.numPassedTests;
  fails += j.numFailedTests + (j.numRuntimeErrorTestSuites ?? 0);
  skipped += j.numPendingTests + j.numTodoTests;
} else if (only !== 'e2e') fails += 1;
if (fs.existsSync(pwJson)) {
  const s = JSON.parse(fs.readFileSync(pwJson, 'utf8')).stats ?? {};
  passed += (s.expected ?? 0) + (s.flaky ?? 0);
  fails += s.unexpected ?? 0;
  skipped += s.skipped ?? 0;
} else if (only !== 'unit') fails += 1;
if (failed && fails === 0) fails = 1;

console.log(`\ntests: ${passed} passed, ${fails} failed, ${skipped} skipped`);
process.exit(failed || fails > 0 ? 1 : 0);
