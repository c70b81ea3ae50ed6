// The merge page's list of files (SPEC section 3 "Client-side file entry": id, name, file).

export interface FileEntry<F = File> {
  /** Timestamp-based and unique within the page. */
  id: number;
  name: string;
  file: F;
}

let last = 0;
/** Date.now() in milliseconds, bumped when several entries are made in the same millisecond. */
export function nextEntryId(now: number = Date.now()): number {
  last = Math.max(now, last + 1);
  return last;
}

// Natural order, so 'page2.pdf' comes before 'page10.pdf'; case and accents do not split the list.
// Made on first use: a collator built when the module loads cost every file tool page ~13 ms of main thread
// at load (ICU data), before any file is chosen.
let collator: Intl.Collator | undefined;

export function byName<F>(a: FileEntry<F>, b: FileEntry<F>): number {
  collator ??= new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });
  return collator.compare(a.name, b.name) || a.id - b.id;
}

/** Adding files keeps the existing ones and sorts the whole list by name (SPEC section 4). */
export function addFiles<F extends { name: string }>(list: FileEntry<F>[], files: F[]): FileEntry<F>[] {
  const added = files.map((file) => ({ id: nextEntryId(), name: file.name, file }));
  return [...list, ...added].sort(byName);
}

export function removeEntry<F>(list: FileEntry<F>[], id: number): FileEntry<F>[] {
  return list.filter((e) => e.id !== id);
}

export function moveEntry<T>(list: T[], from: number, to: number): T[] {
  if (from === to || from < 0 || from >= list.length || to < 0 || to >= list.length) return list;
  const next = list.slice();
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved);
  return next;
}

/** 1024-based sizes (SPEC section 9). */
export function formatSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 Bytes';
  const units = ['Bytes', 'KB', 'MB', 'GB'];
  const i = Math.min(units.length - 1, Math.floor(Math.log(bytes) / Math.log(1024)));
  const value = bytes / 1024 ** i;
  return `${i === 0 ? value : Math.round(value * 100) / 100} ${units[i]}`;
}
