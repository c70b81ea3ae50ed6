// Test and bench helper: renders two PDFs with poppler (pdftoppm, an independent reader) and compares
// their pages with SSIM (ssim.js). Not used by the product.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ssim from 'ssim.js';

export interface Gray {
  width: number;
  height: number;
  data: Uint8Array;
}

export function readPgm(file: string): Gray {
  const buf = fs.readFileSync(file);
  // P5 <w> <h> <max>\n<data>
  let pos = 0;
  const tokens: string[] = [];
  while (tokens.length < 4) {
    while (/\s/.test(String.fromCharCode(buf[pos]))) pos++;
    if (buf[pos] === 0x23) {
      while (buf[pos] !== 0x0a) pos++;
      continue;
    }
    let t = '';
    while (!/\s/.test(String.fromCharCode(buf[pos]))) t += String.fromCharCode(buf[pos++]);
    tokens.push(t);
  }
  pos++;
  const [, w, h] = tokens.map(Number);
  return { width: w, height: h, data: buf.subarray(pos, pos + w * h) };
}

/** Renders pages [first, last] (1-based) of a PDF in gray at `dpi`. */
/** Runs `render(dir)` in a fresh folder and reads back the grey pages it wrote there, in name order. */
export function renderedPages(render: (dir: string) => void): Gray[] {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'e-render-'));
  try {
    render(dir);
    return fs
      .readdirSync(dir)
      .sort()
      .map((f) => readPgm(path.join(dir, f)));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export function renderGray(pdf: string, dpi: number, first?: number, last?: number): Gray[] {
  const range = first ? ['-f', String(first), '-l', String(last ?? first)] : [];
  return renderedPages((dir) =>
    execFileSync('pdftoppm', ['-r', String(dpi), '-gray', '-cropbox', ...range, pdf, path.join(dir, 'p')], {
      stdio: 'ignore',
    }),
  );
}

export function grayToRgba(g: Gray): { data: Uint8ClampedArray; width: number; height: number } {
  const out = new Uint8ClampedArray(g.width * g.height * 4);
  for (let i = 0; i < g.width * g.height; i++) {
    out[i * 4] = out[i * 4 + 1] = out[i * 4 + 2] = g.data[i];
    out[i * 4 + 3] = 255;
  }
  return { data: out, width: g.width, height: g.height };
}

function crop(g: Gray, w: number, h: number): Gray {
  if (g.width === w && g.height === h) return g;
  const data = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) data.set(g.data.subarray(y * g.width, y * g.width + w), y * w);
  return { width: w, height: h, data };
}

/** SSIM of two page renders; sizes that differ by rounding (a few pixels) are cropped to the common area. */
export function pageSsim(a: Gray, b: Gray): number {
  if (Math.abs(a.width - b.width) > 3 || Math.abs(a.height - b.height) > 3) return 0;
  const w = Math.min(a.width, b.width);
  const h = Math.min(a.height, b.height);
  return ssim(grayToRgba(crop(a, w, h)), grayToRgba(crop(b, w, h)), { ssim: 'weber', downsample: false }).mssim;
}

/**
 * Mean and worst page SSIM of two PDFs rendered at `dpi`. Long documents are sampled: at most `maxPages`
 * pages, evenly spread (always including the first and the last).
 */
export function compareDocs(
  pdfA: string,
  pdfB: string,
  pages: number,
  dpi = 100,
  maxPages = 40,
): { mean: number; worst: number; compared: number } {
  const picks =
    pages <= maxPages
      ? Array.from({ length: pages }, (_, i) => i + 1)
      : [...new Set(Array.from({ length: maxPages }, (_, i) => 1 + Math.round((i * (pages - 1)) / (maxPages - 1))))];
  let sum = 0;
  let worst = 1;
  for (const p of picks) {
    const [a] = renderGray(pdfA, dpi, p, p);
    const [b] = renderGray(pdfB, dpi, p, p);
    const s = a && b ? pageSsim(a, b) : 0;
    sum += s;
    worst = Math.min(worst, s);
  }
  return { mean: sum / picks.length, worst, compared: picks.length };
}
