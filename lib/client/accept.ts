// The picker's accept filter, applied to dropped files too (a drop bypasses the picker). The server still
// checks every file by its bytes; this only spares the visitor a round trip for an obviously wrong file.

// Browsers sometimes leave File.type empty (or odd, e.g. for .docx on some systems): fall back to extensions.
const EXTENSIONS: Record<string, string[]> = {
  'application/pdf': ['.pdf'],
  'image/jpeg': ['.jpg', '.jpeg', '.jpe', '.jfif'],
  'image/png': ['.png'],
  'image/gif': ['.gif'],
  'image/bmp': ['.bmp', '.dib'],
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': ['.docx'],
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': ['.pptx'],
};

export function matchesAccept(file: { name: string; type: string }, accept: string): boolean {
  const tokens = accept
    .split(',')
    .map((t) => t.trim().toLowerCase())
    .filter(Boolean);
  if (tokens.length === 0) return true;
  const name = file.name.toLowerCase();
  const type = file.type.toLowerCase();
  return tokens.some((t) => {
    if (t.startsWith('.')) return name.endsWith(t);
    if (t.endsWith('/*')) return type.startsWith(t.slice(0, -1));
    if (type === t) return true;
    // A type the browser knows and that differs is a mismatch; an empty or generic one says nothing.
    if (type in EXTENSIONS) return false;
    return (EXTENSIONS[t] ?? []).some((ext) => name.endsWith(ext));
  });
}

/** Splits dropped files into those the tool takes and those it does not. */
export function filterAccepted<F extends { name: string; type: string }>(files: F[], accept: string) {
  const accepted: F[] = [];
  const rejected: F[] = [];
  for (const f of files) (matchesAccept(f, accept) ? accepted : rejected).push(f);
  return { accepted, rejected };
}

/** The inline note for refused drops: '"notes.txt" is not a PDF file.' (expected is the registry's 'a PDF file'). */
export function rejectedText(expected: string, names: string[]): string {
  const quoted = names.map((n) => `"${n}"`).join(', ');
  return names.length === 1 ? `${quoted} is not ${expected}.` : `${quoted} are not ${expected.replace(/^an? /, '')}s.`;
}
