// Test-only stand-in path for 'eld/medium' under Jest, which can neither resolve that ESM-only package (it
// exports only the "import" condition) nor require ES modules. It is the real eld: its ES modules are
// bundled to CommonJS with esbuild (a dev dependency) and evaluated. jest.config.mjs maps 'eld/medium' here.
// The app never loads this file: Next.js bundles 'eld/medium' itself.
const path = require('node:path');
const esbuild = require('esbuild');

const entry = path.join(__dirname, '../../node_modules/eld/src/entries/static.medium.js');
const built = esbuild.buildSync({
  entryPoints: [entry],
  bundle: true,
  format: 'cjs',
  platform: 'node',
  write: false,
  logLevel: 'silent',
});
const mod = { exports: {} };
new Function('module', 'exports', 'require', built.outputFiles[0].text)(mod, mod.exports, require);
module.exports = mod.exports;
