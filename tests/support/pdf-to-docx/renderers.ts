// Test and bench helper: page renders under poppler or Ghostscript, and the mean page SSIM of a PDF against
// reference renders (issue 19's scans are judged under either renderer). Not used by the product.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { pageSsim, renderedPages, renderGray, type Gray } from '../pdf-compress/page-similarity';

/** gs: Ghostscript's default (images subsampled, no interpolation); gs-i: with interpolation (images
 * averaged down, as poppler does). */
export type Renderer = 'poppler' | 'gs' | 'gs-i' | 'gs-aa';

export function renderWith(r: Renderer, pdf: string, dpi: number): Gray[] {
  if (r === 'poppler') return renderGray(pdf, dpi);
  return renderedPages((dir) =>
    execFileSync(
      'gs',
      [
        '-q',
        '-dNOPAUSE',
        '-dBATCH',
        '-dSAFER',
        '-dUseCropBox',
        '-sDEVICE=pgmraw',
        `-r${dpi}`,
        ...(r === 'gs-i' || r === 'gs-aa' ? ['-dInterpolateControl=-1'] : []),
        ...(r === 'gs-aa' ? ['-dTextAlphaBits=4', '-dGraphicsAlphaBits=4'] : []),
        `-sOutputFile=${dir}/p-%03d.pgm`,
        pdf,
      ],
      { stdio: 'ignore' },
    ),
  );
}

/** Mean page SSIM of `pdf` against `ref` (pages missing from `pdf` count 0). */
export function meanSsim(ref: Gray[], pdf: string, r: Renderer, dpi: number): number {
  if (!pdf || !fs.existsSync(pdf)) return 0;
  const got = renderWith(r, pdf, dpi);
  return ref.reduce((s, g, i) => s + (got[i] ? pageSsim(g, got[i]) : 0), 0) / ref.length;
}
