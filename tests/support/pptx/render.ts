// Test and bench helper (not used by the product): converts decks to PDF with LibreOffice (one soffice run
// for a batch), renders pages with poppler and compares them with SSIM (ssim.js).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import ssim from 'ssim.js';

/** Converts every file to PDF in one LibreOffice run; returns the PDF paths in the same order. */
export function toPdf(files: string[], outDir: string): string[] {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'lo-h-'));
  try {
    execFileSync(
      'soffice',
      [`-env:UserInstallation=file://${profile}`, '--headless', '--convert-to', 'pdf', '--outdir', outDir, ...files],
      { stdio: 'ignore', timeout: 300_000 },
    );
  } finally {
    fs.rmSync(profile, { recursive: true, force: true });
  }
  return files.map((f) => path.join(outDir, `${path.basename(f).replace(/\.[^.]+$/, '')}.pdf`));
}

export function pdfPageCount(pdf: string): number {
  const info = execFileSync('pdfinfo', [pdf], { encoding: 'utf8' });
  return Number(/Pages:\s+(\d+)/.exec(info)?.[1] ?? NaN);
}

export function pdfPageSizes(pdf: string): { w: number; h: number }[] {
  const info = execFileSync('pdfinfo', ['-f', '1', '-l', '9999', pdf], { encoding: 'utf8' });
  return [...info.matchAll(/Page\s+\d+ size:\s+([\d.]+) x ([\d.]+)/g)].map((m) => ({
    w: Number(m[1]),
    h: Number(m[2]),
  }));
}

/** PNG files of every page, `width` pixels wide. */
export function renderPages(pdf: string, width: number, outDir: string): string[] {
  const prefix = path.join(outDir, path.basename(pdf, '.pdf'));
  execFileSync('pdftoppm', ['-png', '-scale-to-x', String(width), '-scale-to-y', '-1', pdf, prefix], {
    stdio: 'ignore',
  });
  const base = path.basename(prefix);
  return fs
    .readdirSync(outDir)
    .filter((f) => f.startsWith(`${base}-`) && f.endsWith('.png'))
    .sort((a, b) => Number(/-(\d+)\.png$/.exec(a)![1]) - Number(/-(\d+)\.png$/.exec(b)![1]))
    .map((f) => path.join(outDir, f));
}

export interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

async function rgba(file: string, width: number, height: number, box?: Box, blur?: number) {
  let img = sharp(file);
  if (box) img = img.extract(box);
  img = img.resize(width, height, { fit: 'fill' }).flatten({ background: '#ffffff' });
  if (blur) img = sharp(await img.png().toBuffer()).blur(blur);
  const { data, info } = await img.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return {
    data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.length),
    width: info.width,
    height: info.height,
  };
}

/**
 * SSIM of two page images at a common size. `boxB` crops the second first (a letterboxed slide); `blur`
 * (a Gaussian sigma) compares layout rather than glyph rasterisation, which differs when text is drawn
 * at another size.
 */
export async function pageSimilarity(a: string, b: string, boxB?: Box, blur?: number): Promise<number> {
  const meta = await sharp(a).metadata();
  const w = Math.min(boxB?.width ?? meta.width ?? 320, 320);
  const h = Math.round(w * ((boxB?.height ?? meta.height ?? 240) / (boxB?.width ?? meta.width ?? 320)));
  return ssim(await rgba(a, w, h, undefined, blur), await rgba(b, w, h, boxB, blur)).mssim;
}
