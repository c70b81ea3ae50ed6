import { addFiles, formatSize, moveEntry, nextEntryId, removeEntry } from './file-list';

const f = (name: string) => ({ name });

describe('merge file list', () => {
  it('gives unique, timestamp-based ids even within one millisecond', () => {
    const a = nextEntryId(1_000);
    const b = nextEntryId(1_000);
    expect(b).toBeGreaterThan(a);
    const now = Date.now();
    expect(nextEntryId()).toBeGreaterThanOrEqual(now);
  });

  it('keeps existing files when adding and sorts by name, naturally', () => {
    let list = addFiles([], [f('c.pdf'), f('page10.pdf')]);
    list = addFiles(list, [f('page2.pdf'), f('A.pdf')]);
    expect(list.map((e) => e.name)).toEqual(['A.pdf', 'c.pdf', 'page2.pdf', 'page10.pdf']);
  });

  it('re-sorts a reordered list when more files are added', () => {
    let list = addFiles([], [f('a.pdf'), f('b.pdf')]);
    list = moveEntry(list, 0, 1);
    expect(list.map((e) => e.name)).toEqual(['b.pdf', 'a.pdf']);
    list = addFiles(list, [f('c.pdf')]);
    expect(list.map((e) => e.name)).toEqual(['a.pdf', 'b.pdf', 'c.pdf']);
  });

  it('keeps the same file added twice as two rows', () => {
    const list = addFiles([], [f('a.pdf'), f('a.pdf')]);
    expect(list).toHaveLength(2);
    expect(list[0].id).not.toBe(list[1].id);
  });

  it('removes by id and moves rows', () => {
    const list = addFiles([], [f('a'), f('b'), f('c')]);
    expect(removeEntry(list, list[1].id).map((e) => e.name)).toEqual(['a', 'c']);
    expect(moveEntry(list, 2, 0).map((e) => e.name)).toEqual(['c', 'a', 'b']);
    expect(moveEntry(list, 0, 5)).toBe(list);
  });
});

describe('formatSize', () => {
  it.each([
    [0, '0 Bytes'],
    [512, '512 Bytes'],
    [1536, '1.5 KB'],
    [5 * 1024 * 1024, '5 MB'],
    [1.25 * 1024 ** 3, '1.25 GB'],
  ])('%i -> %s', (n, s) => expect(formatSize(n)).toBe(s));
});
