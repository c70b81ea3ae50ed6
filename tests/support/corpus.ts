// Real documents written by others live in ../shared/corpus (never copied into the project). Tests that
// read them skip with a visible notice where the folder is absent, so a fresh clone's `npm test` passes.
import fs from 'node:fs';
import path from 'node:path';

export const CORPUS_DIR = process.env.CORPUS_DIR ?? path.resolve(__dirname, '../../../shared/corpus');
export const hasCorpus = fs.existsSync(CORPUS_DIR);

export function corpusPath(...parts: string[]): string {
  return path.join(CORPUS_DIR, ...parts);
}

export function corpusFiles(folder: string, ext?: string): string[] {
  if (!hasCorpus) return [];
  const dir = corpusPath(folder);
  return fs
    .readdirSync(dir)
    .filter((f) => !ext || f.toLowerCase().endsWith(ext))
    .sort()
    .map((f) => path.join(dir, f));
}

/** Jest: describe() when the corpus is present; otherwise a skipped block whose name says why. (Looked up
 * on call, so Playwright specs can import this module too.) */
export function describeCorpus(name: string, fn: () => void): void {
  if (hasCorpus) {
    describe(name, fn);
    return;
  }
  console.warn(`[corpus] ${CORPUS_DIR} is absent: skipping "${name}"`);
  describe.skip(`${name} (skipped: ../shared/corpus absent)`, fn);
}
