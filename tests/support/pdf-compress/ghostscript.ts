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

/** gs /ebook as above, also returning gs's CPU seconds (user + system, from bash's `times`): on a shared
 * machine CPU time compares two tools more fairly than wall time. */
export function gsEbookCpu(input: string, output: string): { ms: number; cpuS: number } {
  const t0 = Date.now();
  const script =
    'gs -q -dNOPAUSE -dBATCH -dSAFER -sDEVICE=pdfwrite -dPDFSETTINGS=/ebook -sOutputFile="$1" "$2" >/dev/null 2>&1; times';
  const out = execFileSync('bash', ['-c', script, 'gs-cpu', output, input], { encoding: 'utf8' });
  const ms = Date.now() - t0;
  // The second line of `times` is the children's user and system time, e.g. "0m0.870s 0m0.052s".
  const child = out.trim().split('\n').pop() ?? '';
  const cpuS = [...child.matchAll(/(\d+)m([\d.]+)s/g)].reduce((s, m) => s + Number(m[1]) * 60 + Number(m[2]), 0);
  return { ms, cpuS };
}
