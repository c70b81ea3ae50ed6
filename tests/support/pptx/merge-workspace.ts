// Shared by the PowerPoint merge tests: a temporary folder per test file, merging files into it and checking
// the result with the independent verifier, and the "refused, naming the file" expectation.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isAppError } from '@/lib/core/errors';
import { mergePresentations } from '@/lib/tools/pptx/merge/merge';
import { verifyDeck, type DeckReport } from './verify';

export function mergeWorkspace() {
  let dir = '';
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pptx-merge-'));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  const save = (name: string, data: Buffer): string => {
    const file = path.join(dir, name);
    fs.writeFileSync(file, data);
    return file;
  };

  const merge = async (files: string[], outName: string): Promise<{ out: string; report: DeckReport }> => {
    const out = path.join(dir, outName);
    await mergePresentations(
      files.map((f) => ({ path: f, name: path.basename(f) })),
      out,
    );
    return { out, report: await verifyDeck(out) };
  };

  const expectRefused = async (files: string[], fileName: string, words: RegExp): Promise<void> => {
    const err = await merge(files, `refused-${Date.now()}.pptx`).then(
      () => null,
      (e: unknown) => e,
    );
    expect(isAppError(err)).toBe(true);
    const msg = (err as Error).message;
    expect(msg).toContain(`"${fileName}"`);
    expect(msg).toMatch(words);
  };

  return { dir: () => dir, save, merge, expectRefused };
}
