// Bundles lib/jobs/processor-worker.ts (and every tool module it loads) into .workers/processor-worker.mjs,
// the file the job pool starts worker threads from. npm packages stay external and load from node_modules.
import * as esbuild from 'esbuild';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

// 'server-only' throws unless resolved under the react-server condition; in the worker it is a no-op.
const serverOnly = {
  name: 'server-only',
  setup(build) {
    build.onResolve({ filter: /^server-only$/ }, () => ({ path: 'server-only', namespace: 'empty' }));
    build.onLoad({ filter: /.*/, namespace: 'empty' }, () => ({ contents: '', loader: 'js' }));
  },
};

// Scripts the bundle starts threads from by path (not bundled): they go beside it, where the code looks.
const THREAD_SCRIPTS = ['lib/tools/pdf/to-docx/ocr-thread.cjs'];
const threadScripts = {
  name: 'thread-scripts',
  setup(build) {
    build.onEnd(async () => {
      const dir = path.resolve(root, path.dirname(build.initialOptions.outfile));
      await fs.mkdir(dir, { recursive: true });
      for (const f of THREAD_SCRIPTS) await fs.copyFile(path.join(root, f), path.join(dir, path.basename(f)));
    });
  },
};

export const workerOptions = {
  absWorkingDir: root,
  entryPoints: ['lib/jobs/processor-worker.ts'],
  outfile: '.workers/processor-worker.mjs',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: 'linked',
  logLevel: 'warning',
  plugins: [serverOnly, threadScripts],
  banner: {
    js: [
      "import { createRequire as __cr } from 'node:module';",
      "import { fileURLToPath as __fu } from 'node:url';",
      "import { dirname as __dn } from 'node:path';",
      'const require = __cr(import.meta.url);',
      'const __filename = __fu(import.meta.url);',
      'const __dirname = __dn(__filename);',
    ].join('\n'),
  },
};

export async function buildWorker() {
  await esbuild.build(workerOptions);
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  if (process.argv.includes('--watch')) {
    const ctx = await esbuild.context(workerOptions);
    await ctx.watch();
    console.log('[worker] watching lib/ for changes');
  } else {
    await buildWorker();
  }
}
