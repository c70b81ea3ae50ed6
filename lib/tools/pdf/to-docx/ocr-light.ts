// A page lit unevenly (a phone's photo of a sheet, a book's page curving into the gutter) is evened out
// before it is read (issue 19). Tesseract binarises a page with one threshold: where the paper is darker than
// that threshold the words drown in it (a made invoice lit 35 % darker at its far corner: recall 0.184; a
// two-column article 0.553 at 55 %). The paper's level is estimated across the page (the lightest pixel of
// each small block, spread over strokes and blurred) and each pixel divided by it. An evenly lit page, and
// one whose levels change in steps (screenshots, shaded bars: ocr-bars.ts) rather than smoothly, is read as
// it is. Only the image tesseract reads changes: the page picture stays the photo.
import type { GreyPage } from './ocr-split';

/** Block side in inches (~1.5 mm): the paper's level is its lightest pixel. */
const BLOCK_IN = 1 / 16;
/** Blocks either side whose lightest pixel counts too: a bold heading's stroke is no paper. */
const SPREAD = 2;
/** Blocks either side averaged: the light's level changes slowly. */
const SMOOTH = 3;
/** A page is lit unevenly when the paper's level, fitted by a smooth surface, differs by this many levels
 * across the page... */
const UNEVEN = 30;
/** ...and that surface explains this share of the paper's variance at least (photographed sheets 0.95-0.97,
 * one on a dark table 0.93; refitted without their darker cells, panels of grey in steps still only 0.74, and
 * on a first fit a page of screenshots 0.04-0.25, a slide with shaded bars 0.35). */
const SMOOTH_FIT = 0.85;
/** Cells this many levels under the fitted surface are no paper... */
const NOT_PAPER = 25;
/** ...and a page is lit paper over this share of its cells at least. */
const PAPER_SHARE = 0.5;

/** A grid's values (gw by gh) with each the max (or the mean) over `r` cells either side, rows then columns. */
function spread(g: Float32Array, gw: number, gh: number, r: number, mean: boolean): Float32Array {
  const pass = (src: Float32Array, along: 'x' | 'y') => {
    const out = new Float32Array(src.length);
    for (let y = 0; y < gh; y++)
      for (let x = 0; x < gw; x++) {
        let acc = mean ? 0 : -1;
        let n = 0;
        for (let d = -r; d <= r; d++) {
          const xx = along === 'x' ? x + d : x;
          const yy = along === 'y' ? y + d : y;
          if (xx < 0 || yy < 0 || xx >= gw || yy >= gh) continue;
          const v = src[yy * gw + xx];
          if (mean) acc += v;
          else if (v > acc) acc = v;
          n++;
        }
        out[y * gw + x] = mean ? acc / n : acc;
      }
    return out;
  };
  return pass(pass(g, 'x'), 'y');
}

/** Solves the linear system `a` x = `b` (Gaussian elimination with partial pivoting; 6 unknowns here). */
function solve(a: number[][], b: number[]): number[] {
  const n = b.length;
  const m = a.map((row, i) => [...row, b[i]]);
  for (let i = 0; i < n; i++) {
    let p = i;
    for (let k = i + 1; k < n; k++) if (Math.abs(m[k][i]) > Math.abs(m[p][i])) p = k;
    [m[i], m[p]] = [m[p], m[i]];
    if (Math.abs(m[i][i]) < 1e-12) return new Array<number>(n).fill(0);
    for (let k = i + 1; k < n; k++) {
      const f = m[k][i] / m[i][i];
      for (let j = i; j <= n; j++) m[k][j] -= f * m[i][j];
    }
  }
  const x = new Array<number>(n).fill(0);
  for (let i = n - 1; i >= 0; i--) {
    let v = m[i][n];
    for (let j = i + 1; j < n; j++) v -= m[i][j] * x[j];
    x[i] = v / m[i][i];
  }
  return x;
}

/** The quadratic surface fitted to the grid's values where `keep` holds (least squares), at every cell. */
function fitSurface(g: Float32Array, gw: number, gh: number, keep: Uint8Array): Float32Array {
  const terms = (x: number, y: number) => [1, x, y, x * x, x * y, y * y];
  const a = Array.from({ length: 6 }, () => new Array<number>(6).fill(0));
  const b = new Array<number>(6).fill(0);
  for (let y = 0; y < gh; y++)
    for (let x = 0; x < gw; x++) {
      if (!keep[y * gw + x]) continue;
      const t = terms(x / gw, y / gh);
      for (let i = 0; i < 6; i++) {
        b[i] += t[i] * g[y * gw + x];
        for (let j = 0; j < 6; j++) a[i][j] += t[i] * t[j];
      }
    }
  const c = solve(a, b);
  const fit = new Float32Array(gw * gh);
  for (let y = 0; y < gh; y++)
    for (let x = 0; x < gw; x++) fit[y * gw + x] = terms(x / gw, y / gh).reduce((v, t, i) => v + t * c[i], 0);
  return fit;
}

/** How the light falls on the paper: a quadratic surface fitted to the paper's levels, refitted without the
 * cells well under it (a photograph, a shaded bar, the table around a photographed sheet: no paper), with
 * its range over the paper and the share of the paper's variance it explains. */
function lighting(g: Float32Array, gw: number, gh: number): { fit: Float32Array; range: number; explained: number } {
  const keep = new Uint8Array(g.length).fill(1);
  const first = fitSurface(g, gw, gh, keep);
  let kept = 0;
  for (let i = 0; i < g.length; i++) {
    keep[i] = g[i] >= first[i] - NOT_PAPER ? 1 : 0;
    kept += keep[i];
  }
  if (kept < PAPER_SHARE * g.length) return { fit: first, range: 0, explained: 0 };
  const fit = fitSurface(g, gw, gh, keep);
  let lo = Infinity;
  let hi = -Infinity;
  let mean = 0;
  for (let i = 0; i < g.length; i++) if (keep[i]) mean += g[i] / kept;
  let residual = 0;
  let total = 0;
  for (let i = 0; i < g.length; i++) {
    if (!keep[i]) continue;
    lo = Math.min(lo, fit[i]);
    hi = Math.max(hi, fit[i]);
    residual += (g[i] - fit[i]) ** 2;
    total += (g[i] - mean) ** 2;
  }
  return { fit, range: hi - lo, explained: total > 0 ? 1 - residual / total : 0 };
}

/** The page with its paper evened out to white, or null when it is lit evenly (or too small to tell). */
export function evenLight({ data, W, H }: GreyPage, dpi: number): GreyPage | null {
  const B = Math.max(4, Math.round(BLOCK_IN * dpi));
  const gw = Math.ceil(W / B);
  const gh = Math.ceil(H / B);
  if (gw < 9 || gh < 9) return null;
  const lightest = new Float32Array(gw * gh);
  for (let y = 0; y < H; y++) {
    const row = (Math.floor(y / B) * gw) | 0;
    for (let x = 0, i = y * W; x < W; x++, i++) {
      const c = row + Math.floor(x / B);
      if (data[i] > lightest[c]) lightest[c] = data[i];
    }
  }
  const paper = spread(lightest, gw, gh, SPREAD, false);
  // light falls smoothly: a page of screenshots or shaded bars has steps a smooth surface does not explain
  const { fit, range, explained } = lighting(paper, gw, gh);
  if (range < UNEVEN || explained < SMOOTH_FIT) return null;
  const light = spread(paper, gw, gh, SMOOTH, true);
  // where there is no paper (a photo, a bar, the table around the sheet) the light is the surface's: those
  // keep their shade against the paper around them
  for (let i = 0; i < light.length; i++) light[i] = Math.max(light[i], fit[i] - NOT_PAPER);
  // each pixel over the paper's level at its place (bilinear between the blocks' centres)
  const out = Buffer.allocUnsafe(W * H);
  for (let y = 0; y < H; y++) {
    const fy = Math.min(gh - 1, Math.max(0, (y + 0.5) / B - 0.5));
    const y0 = Math.floor(fy);
    const y1 = Math.min(gh - 1, y0 + 1);
    const ty = fy - y0;
    for (let x = 0, i = y * W; x < W; x++, i++) {
      const fx = Math.min(gw - 1, Math.max(0, (x + 0.5) / B - 0.5));
      const x0 = Math.floor(fx);
      const x1 = Math.min(gw - 1, x0 + 1);
      const tx = fx - x0;
      const top = light[y0 * gw + x0] * (1 - tx) + light[y0 * gw + x1] * tx;
      const bottom = light[y1 * gw + x0] * (1 - tx) + light[y1 * gw + x1] * tx;
      const p = Math.max(1, top * (1 - ty) + bottom * ty);
      out[i] = Math.min(255, Math.round((data[i] * 255) / p));
    }
  }
  return { data: out, W, H };
}
