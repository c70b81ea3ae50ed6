// Runs one bench file (its default export returns BenchRow[]) and writes the rows as JSON.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { BenchRow } from '../bench/types';

async function main() {
  const [file, out] = process.argv.slice(2);
  const mod = await import(pathToFileURL(path.resolve(file)).href);
  const run: () => Promise<BenchRow[]> = mod.default?.default ?? mod.default;
  const rows = await run();
  const maxRssMB = Math.round(process.resourceUsage().maxRSS / 1024);
  fs.writeFileSync(out, JSON.stringify({ rows, maxRssMB }));
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
