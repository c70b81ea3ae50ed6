// LibreOffice headless as the independent reader of merged documents (test support): one soffice call
// converts a batch of files, and helpers compare the text of the merge with the text of its inputs.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export async function sofficeConvert(files: string[], format: 'txt' | 'pdf', outDir: string): Promise<void> {
  fs.mkdirSync(outDir, { recursive: true });
  const profile = `file:///tmp/lo-g-test-${process.pid}-${format}`;
  await new Promise<void>((resolve, reject) => {
    execFile(
      'soffice',
      [
        `-env:UserInstallation=${profile}`,
        '--headless',
        '--convert-to',
        format === 'txt' ? 'txt:Text (encoded):UTF8' : 'pdf',
        '--outdir',
        outDir,
        ...files,
      ],
      { timeout: 240_000 },
      (err) => (err ? reject(err) : resolve()),
    );
  });
}

export function convertedPath(outDir: string, file: string, ext: 'txt' | 'pdf'): string {
  return path.join(outDir, `${path.basename(file).replace(/\.[^.]+$/, '')}.${ext}`);
}

/** The lines of a text export that carry words (3+ letters), trimmed: what must survive a merge. Note
 * reference numbers glued to the text before them ("law in 2021)1") are dropped on both sides (so is any
 * number glued to a non-digit, e.g. "#1"): notes are numbered through the merged document, by design. */
export function wordLines(text: string): string[] {
  return text
    .replace(/\uFEFF/g, '')
    .split(/\r?\n/)
    .map((l) =>
      l
        .replace(/\s+/g, ' ')
        .replace(/(?<=[^\s\d])\d+(?=\s|$)/g, '')
        .trim(),
    )
    .filter((l) => /\p{L}{3}/u.test(l));
}

/** The first expected line not found in order in `got`, or null when all are there in order. */
export function firstMissingInOrder(expected: string[], got: string[]): string | null {
  let i = 0;
  for (const line of expected) {
    while (i < got.length && got[i] !== line) i++;
    if (i === got.length) return line;
    i++;
  }
  return null;
}
