// Guard for issue 12: a native addon that is not context-aware (onnxruntime-node 1.17) loads in the first
// worker thread of a process and fails with "Module did not self-register" in every later one, so a tool
// dies as soon as its worker is recycled. Here every native addon the job worker can load is loaded AND used
// in two successive worker threads of this one process (the first one exited before the second starts),
// and the list of addons is derived from the built worker bundle, so a new native dependency without an
// exercise here fails the test instead of slipping through.
import fs from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';

jest.setTimeout(240_000);

const root = path.resolve(__dirname, '../..');
const BUNDLE = path.join(root, '.workers', 'processor-worker.mjs'); // built by tests/support/global-setup.mjs

/** Packages the bundle loads: static imports, require() calls and require.resolve() paths (pdf.js, models). */
function bundlePackages(): string[] {
  const src = fs.readFileSync(BUNDLE, 'utf8');
  const names = new Set<string>();
  for (const m of src.matchAll(/(?:from |require\(|resolve\()"([^".][^"]*)"/g)) {
    const spec = m[1];
    if (spec.startsWith('node:')) continue;
    names.add(spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]);
  }
  return [...names];
}

function hasNodeFile(dir: string, depth = 0): boolean {
  if (depth > 6) return false;
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    if (e.isFile() && e.name.endsWith('.node')) return true;
    if (e.isDirectory() && e.name !== 'node_modules' && hasNodeFile(path.join(dir, e.name), depth + 1)) return true;
  }
  return false;
}

/** Every installed package (the given ones and their dependencies, optional ones included) that ships a .node file. */
function nativePackages(roots: string[]): string[] {
  const seen = new Map<string, string>(); // name -> dir
  // Node's lookup of a package folder (node_modules of `from`, then of each parent): resolve() cannot be
  // used, as some platform packages export neither "." nor their package.json.
  const visit = (name: string, from: string) => {
    let dir = '';
    for (let d = from; ; d = path.dirname(d)) {
      const candidate = path.join(d, 'node_modules', name);
      if (fs.existsSync(path.join(candidate, 'package.json'))) {
        dir = candidate;
        break;
      }
      if (path.dirname(d) === d) return; // not installed (an optional package of another platform)
    }
    if (seen.has(dir)) return;
    seen.set(dir, name);
    const pkg = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as Record<
      string,
      Record<string, string>
    >;
    for (const dep of Object.keys({ ...pkg.dependencies, ...pkg.optionalDependencies })) visit(dep, dir);
  };
  for (const name of roots) visit(name, root);
  return [...seen]
    .filter(([dir]) => hasNodeFile(dir))
    .map(([, name]) => name)
    .sort();
}

// One exercise per addon, run inside a worker thread: load it and really use it.
// Which installed packages each one covers (the platform binary packages of sharp, vectorizer, canvas).
const EXERCISES: { name: string; covers: RegExp; expected: string; code: string }[] = [
  {
    name: 'sharp',
    covers: /^(sharp|@img\/sharp-)/,
    expected: '32,24,200',
    code: `
      const sharp = req('sharp');
      const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#c83c1e' } }).png().toBuffer();
      const { data, info } = await sharp(png).resize(32, 24).raw().toBuffer({ resolveWithObject: true });
      return [info.width, info.height, data[0]].join(',');`,
  },
  {
    name: 'onnxruntime-node (ISNet model, as the job runs it)',
    covers: /^onnxruntime-node$/,
    expected: String(1024 * 1024),
    code: `
      const { predictMask } = req(workerData.modelModule);
      const rgba = new Uint8Array(48 * 48 * 4).fill(255);
      const mask = await predictMask(rgba, 48, 48);
      return String(mask.length);`,
  },
  {
    name: '@neplex/vectorizer',
    covers: /^@neplex\/vectorizer/,
    expected: 'true',
    code: `
      const sharp = req('sharp');
      const { vectorize, Preset } = req('@neplex/vectorizer');
      const png = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#1e50c8' } }).png().toBuffer();
      const svg = await vectorize(png, Preset.Poster);
      return String(svg.includes('<svg'));`,
  },
  {
    name: '@napi-rs/canvas (pdf.js page rendering)',
    covers: /^@napi-rs\/canvas/,
    expected: 'PNG',
    code: `
      const { createCanvas } = req(req.resolve('@napi-rs/canvas', { paths: [req.resolve('pdfjs-dist/package.json')] }));
      const c = createCanvas(40, 30);
      const ctx = c.getContext('2d');
      ctx.fillStyle = '#00ff00';
      ctx.fillRect(0, 0, 40, 30);
      return String(c.toBuffer('image/png').subarray(1, 4));`,
  },
];

let modelModule: string;
beforeAll(async () => {
  // The model code as the job worker runs it (TypeScript bundled by esbuild, npm packages external).
  const esbuild = await import('esbuild');
  // As scripts/build-worker.mjs does: 'server-only' is a no-op in the worker (model.ts reads the config).
  const serverOnly: import('esbuild').Plugin = {
    name: 'server-only',
    setup(build) {
      build.onResolve({ filter: /^server-only$/ }, () => ({ path: 'server-only', namespace: 'empty' }));
      build.onLoad({ filter: /.*/, namespace: 'empty' }, () => ({ contents: '', loader: 'js' }));
    },
  };
  modelModule = path.join(root, '.workers', `addons-test-model-${process.pid}.cjs`);
  await esbuild.build({
    absWorkingDir: root,
    entryPoints: ['lib/tools/image/remove-background/model.ts'],
    outfile: modelModule,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    packages: 'external',
    logLevel: 'warning',
    plugins: [serverOnly],
  });
});
afterAll(() => {
  if (modelModule) fs.rmSync(modelModule, { force: true });
});

/** Runs one exercise in a fresh worker thread and waits until that thread has exited. */
function inFreshThread(code: string): Promise<string> {
  const src = `
    const { parentPort, workerData } = require('node:worker_threads');
    const req = require('node:module').createRequire(workerData.root + '/package.json');
    (async () => { ${code} })().then((r) => parentPort.postMessage({ ok: r }), (e) => parentPort.postMessage({ err: String(e && e.stack || e) }));`;
  return new Promise((resolve, reject) => {
    const w = new Worker(src, { eval: true, workerData: { root, modelModule } });
    let reply: { ok?: string; err?: string } = { err: 'no reply' };
    w.on('message', (m) => {
      reply = m;
      void w.terminate();
    });
    w.on('error', reject);
    w.on('exit', () => (reply.err ? reject(new Error(reply.err)) : resolve(reply.ok!)));
  });
}

test('the list below covers every native addon the job worker bundle can load', () => {
  const native = nativePackages(bundlePackages());
  // Sanity: the scan finds the addons we know of (their platform packages' names vary).
  expect(native).toContain('onnxruntime-node');
  for (const known of [/^@img\/sharp-/, /^@neplex\/vectorizer-/, /^@napi-rs\/canvas-/])
    expect(native.some((n) => known.test(n))).toBe(true);
  const uncovered = native.filter((n) => !EXERCISES.some((e) => e.covers.test(n)));
  expect(uncovered).toEqual([]);
});

describe.each(EXERCISES.map((e) => [e.name, e] as const))('%s', (_name, ex) => {
  test('loads and works in two successive worker threads of one process', async () => {
    const first = await inFreshThread(ex.code);
    const second = await inFreshThread(ex.code);
    expect(first).toBe(ex.expected);
    expect(second).toBe(ex.expected);
  });
});
