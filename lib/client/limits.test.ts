import { limitsText, mbText, sameFile, screenFiles, type UploadLimits } from './limits';

const MB = 1024 * 1024;
const limits: UploadLimits = { maxFileBytes: 100 * MB, maxFiles: 3, maxJobBytes: 150 * MB, sessionMinutes: 60 };
const f = (name: string, mb: number, lastModified = 1) => ({ name, size: mb * MB, lastModified });

describe('upload limits in the browser', () => {
  it('words the limits like the server', () => {
    expect(mbText(100 * MB)).toBe('100 MB');
    expect(mbText(0.5 * MB)).toBe('0.5 MB');
    expect(limitsText(limits, false)).toBe('Up to 100 MB per file.');
    expect(limitsText(limits, true)).toBe('Up to 100 MB per file, 3 files and 150 MB in total.');
  });

  it('refuses a file over the per-file limit, keeps one at the limit', () => {
    const r = screenFiles([f('big.pdf', 105), f('ok.pdf', 100)], [], limits, false);
    expect(r.accepted.map((x) => x.name)).toEqual(['ok.pdf']);
    expect(r.notes).toEqual(['"big.pdf" is too large: each file can be at most 100 MB.']);
  });

  it('stops at the file count and the total on merge pages', () => {
    const count = screenFiles([f('a', 1), f('b', 1), f('c', 1)], [f('x', 1)], limits, true);
    expect(count.accepted.map((x) => x.name)).toEqual(['a', 'b']);
    expect(count.notes[0]).toBe('At most 3 files can be merged at once: "c" was not added.');
    const total = screenFiles([f('a', 60), f('b', 60)], [f('x', 40)], limits, true);
    expect(total.accepted.map((x) => x.name)).toEqual(['a']);
    expect(total.notes[0]).toBe('The files together can be at most 150 MB: "b" was not added.');
  });

  it('notes (but keeps) a file added twice', () => {
    const r = screenFiles([f('a.pdf', 1)], [f('a.pdf', 1)], limits, true);
    expect(r.accepted).toHaveLength(1);
    expect(r.notes).toEqual(['"a.pdf" is now in the list twice; remove the copy if that was not meant.']);
    expect(sameFile(f('a.pdf', 1, 1), f('a.pdf', 1, 2))).toBe(false);
    expect(screenFiles([f('a.pdf', 1)], [], limits, false).notes).toEqual([]);
  });
});
