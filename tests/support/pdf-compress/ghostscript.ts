// The reference the compress benches measure against: Ghostscript's pdfwrite at /ebook, run as the corpus's
// REFERENCE.md does. Returns the wall time in milliseconds.
import { execFileSync } from 'node:child_process';

export function gsEbook(input: string, output: string): number {
  const t0 = Date.now();
  execFileSync(
    'gs',
    [
      '-q',
      '-dNOPAUSE',
      '-dBATCH',
      '-dSAFER',
      '-sDEVICE=pdfwrite',
      '-dPDFSETTINGS=/ebook',
      `-sOutputFile=${output}`,
      input,
    ],
    { stdio: 'ignore' },
  );
  return Date.now() - t0;
}
