// Upload limits checked in the browser before any byte is sent (the server's 413 stays as the real guard).
// The numbers come from the server configuration at build time (lib/public-limits.ts); the texts match the
// server's 413 messages (lib/jobs/upload.ts).

export interface UploadLimits {
  maxFileBytes: number;
  /** Files per merge job. */
  maxFiles: number;
  /** All files of one job together. */
  maxJobBytes: number;
  /** Uploads and results are deleted after this at the latest. */
  sessionMinutes: number;
}

const MB = 1024 * 1024;
/** '100 MB', '0.5 MB' (the server's wording). */
export const mbText = (bytes: number) => `${+(bytes / MB).toFixed(1)} MB`;

/** The limits line shown under the upload button. */
export function limitsText(limits: UploadLimits, multiple: boolean): string {
  const perFile = `Up to ${mbText(limits.maxFileBytes)} per file`;
  return multiple ? `${perFile}, ${limits.maxFiles} files and ${mbText(limits.maxJobBytes)} in total.` : `${perFile}.`;
}

interface FileLike {
  name: string;
  size: number;
  lastModified?: number;
}

/** The same file chosen again: same name, size and modification time. */
export const sameFile = (a: FileLike, b: FileLike) =>
  a.name === b.name && a.size === b.size && (a.lastModified ?? 0) === (b.lastModified ?? 0);

const quoted = (files: FileLike[]) => files.map((f) => `"${f.name}"`).join(', ');

/**
 * Splits new files into those that fit and notes for the rest. `current` are the files already on the page
 * (merge list; empty on single-file pages, where a new file replaces the old one).
 */
export function screenFiles<F extends FileLike>(
  files: F[],
  current: FileLike[],
  limits: UploadLimits,
  multiple: boolean,
) {
  const notes: string[] = [];
  const tooBig = files.filter((f) => f.size > limits.maxFileBytes);
  if (tooBig.length > 0)
    notes.push(
      `${quoted(tooBig)} ${tooBig.length > 1 ? 'are' : 'is'} too large: each file can be at most ${mbText(limits.maxFileBytes)}.`,
    );
  let accepted = files.filter((f) => f.size <= limits.maxFileBytes);
  if (!multiple) return { accepted, notes };

  const room = Math.max(0, limits.maxFiles - current.length);
  if (accepted.length > room) {
    notes.push(
      `At most ${limits.maxFiles} files can be merged at once: ${quoted(accepted.slice(room))} ${accepted.length - room > 1 ? 'were' : 'was'} not added.`,
    );
    accepted = accepted.slice(0, room);
  }
  let total = current.reduce((sum, f) => sum + f.size, 0);
  const overTotal: F[] = [];
  accepted = accepted.filter((f) => {
    if (total + f.size > limits.maxJobBytes) {
      overTotal.push(f);
      return false;
    }
    total += f.size;
    return true;
  });
  if (overTotal.length > 0)
    notes.push(
      `The files together can be at most ${mbText(limits.maxJobBytes)}: ${quoted(overTotal)} ${overTotal.length > 1 ? 'were' : 'was'} not added.`,
    );

  const seen: FileLike[] = [...current];
  const twice: F[] = [];
  for (const f of accepted) {
    if (seen.some((s) => sameFile(s, f))) twice.push(f);
    seen.push(f);
  }
  if (twice.length > 0)
    notes.push(
      `${quoted(twice)} ${twice.length > 1 ? 'are' : 'is'} now in the list twice; remove the copy if that was not meant.`,
    );
  return { accepted, notes };
}
