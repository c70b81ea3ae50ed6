// Edge refinement of the scaled-up mask with a fast guided filter (He et al. 2010, 2015), guided by the
// image's colours. The model sees the image at 1024x1024, so on a 12 MP photo its mask, scaled back, has
// edges ~4 px soft and slightly off; the filter fits the mask locally as a linear function of the colours,
// which snaps its edges to the image's own edges. Coefficients are computed on a grid of at most GRID px
// and applied at full size (bounded memory: a few float planes of the grid, one pass over the image).
import sharp from 'sharp';
import { boxColumns, boxRows, windowInverse } from './box-sum';

const GRID = 1024;

/** In-place box mean of radius r over a w*h float plane (edge-normalised). */
function boxMean(src: Float32Array, w: number, h: number, r: number, tmp: Float32Array): void {
  boxRows(src, tmp, w, h, r, windowInverse(w, r));
  boxColumns(tmp, src, w, h, r, windowInverse(h, r), new Float64Array(w));
}

/**
 * The guided filter's coefficients over the region [x0, x0 + rw) x [y0, y0 + rh) of the grid: a = (Sigma +
 * eps I)^-1 cov(I, p) and b = mean_p - a . mean_I, box-meaned again, left in P[4..7] (region-sized).
 */
function fitRegion(
  guide: Uint8Array,
  mask: Uint8Array,
  gw: number,
  x0: number,
  y0: number,
  rw: number,
  rh: number,
  r: number,
  eps: number,
  P: Float32Array[],
  tmp: Float32Array,
): void {
  // Planes: I_r, I_g, I_b, p, then products rr rg rb gg gb bb, rp gp bp. All box-filtered.
  const [Ir, Ig, Ib, p, rr, rg, rb, gg, gb, bb, rp, gp, bp] = P;
  for (let y = 0, i = 0; y < rh; y++) {
    for (let x = 0, g = (y0 + y) * gw + x0; x < rw; x++, i++, g++) {
      const R = guide[g * 3] / 255,
        G = guide[g * 3 + 1] / 255,
        B = guide[g * 3 + 2] / 255,
        M = mask[g] / 255;
      Ir[i] = R;
      Ig[i] = G;
      Ib[i] = B;
      p[i] = M;
      rr[i] = R * R;
      rg[i] = R * G;
      rb[i] = R * B;
      gg[i] = G * G;
      gb[i] = G * B;
      bb[i] = B * B;
      rp[i] = R * M;
      gp[i] = G * M;
      bp[i] = B * M;
    }
  }
  for (const plane of P) boxMean(plane, rw, rh, r, tmp);
  // Per pixel: a = (Sigma + eps I)^-1 cov(I, p), b = mean_p - a . mean_I. Stored into ar, ag, ab, b.
  const ar = rr,
    ag = rg,
    ab = rb,
    bq = gg; // reuse planes already consumed
  for (let i = 0, n = rw * rh; i < n; i++) {
    const mr = Ir[i],
      mg = Ig[i],
      mb = Ib[i],
      mp = p[i];
    const s11 = rr[i] - mr * mr + eps,
      s12 = rg[i] - mr * mg,
      s13 = rb[i] - mr * mb;
    const s22 = gg[i] - mg * mg + eps,
      s23 = gb[i] - mg * mb,
      s33 = bb[i] - mb * mb + eps;
    const c1 = rp[i] - mr * mp,
      c2 = gp[i] - mg * mp,
      c3 = bp[i] - mb * mp;
    // Inverse of the symmetric 3x3 matrix by cofactors.
    const i11 = s22 * s33 - s23 * s23,
      i12 = s13 * s23 - s12 * s33,
      i13 = s12 * s23 - s13 * s22;
    const i22 = s11 * s33 - s13 * s13,
      i23 = s12 * s13 - s11 * s23,
      i33 = s11 * s22 - s12 * s12;
    const det = s11 * i11 + s12 * i12 + s13 * i13;
    const a1 = (i11 * c1 + i12 * c2 + i13 * c3) / det;
    const a2 = (i12 * c1 + i22 * c2 + i23 * c3) / det;
    const a3 = (i13 * c1 + i23 * c2 + i33 * c3) / det;
    ar[i] = a1;
    ag[i] = a2;
    ab[i] = a3;
    bq[i] = mp - a1 * mr - a2 * mg - a3 * mb;
  }
  for (const plane of [ar, ag, ab, bq]) boxMean(plane, rw, rh, r, tmp);
}

export interface Coefficients {
  ar: Float32Array;
  ag: Float32Array;
  ab: Float32Array;
  bq: Float32Array;
}

/** Tile size (grid pixels) of the coefficient fit. */
const TILE = 64;

/**
 * The box-meaned coefficients over the whole w x h grid, fitted tile by tile: a tile whose mask is flat
 * within the filter's reach (2r: two box means) has a = 0 and b = the mask there, so only tiles near the
 * mask's edges are computed (typically a third to a half of them), each on its tile plus a 2r margin so
 * its own pixels see the same windows as in a whole-grid fit. `tile` = Infinity fits the grid in one piece.
 */
export function fitCoefficients(
  guide: Uint8Array,
  mask: Uint8Array,
  w: number,
  h: number,
  r: number,
  eps: number,
  tile = TILE,
): Coefficients {
  const n = w * h;
  const ar = new Float32Array(n),
    ag = new Float32Array(n),
    ab = new Float32Array(n),
    bq = new Float32Array(n);
  for (let i = 0; i < n; i++) bq[i] = mask[i] / 255;
  const reach = 2 * r;
  const tw = Math.min(w, tile),
    th = Math.min(h, tile);
  const size = Math.min(w, tw + 2 * reach) * Math.min(h, th + 2 * reach);
  const P = Array.from({ length: 13 }, () => new Float32Array(size));
  const tmp = new Float32Array(size);
  for (let ty0 = 0; ty0 < h; ty0 += th) {
    const ty1 = Math.min(h, ty0 + th),
      ry0 = Math.max(0, ty0 - reach),
      ry1 = Math.min(h, ty1 + reach);
    for (let tx0 = 0; tx0 < w; tx0 += tw) {
      const tx1 = Math.min(w, tx0 + tw),
        rx0 = Math.max(0, tx0 - reach),
        rx1 = Math.min(w, tx1 + reach);
      const v = mask[ry0 * w + rx0];
      let flat = true;
      for (let y = ry0; y < ry1 && flat; y++)
        for (let x = rx0, i = y * w + rx0; x < rx1; x++, i++)
          if (mask[i] !== v) {
            flat = false;
            break;
          }
      if (flat) continue;
      const rw = rx1 - rx0;
      fitRegion(guide, mask, w, rx0, ry0, rw, ry1 - ry0, r, eps, P, tmp);
      for (let y = ty0; y < ty1; y++)
        for (let x = tx0, i = y * w + tx0, k = (y - ry0) * rw + (tx0 - rx0); x < tx1; x++, i++, k++) {
          ar[i] = P[4][k];
          ag[i] = P[5][k];
          ab[i] = P[6][k];
          bq[i] = P[7][k];
        }
    }
  }
  return { ar, ag, ab, bq };
}

/**
 * The image shrunk to the coefficient grid (RGB). Depends on the image only: the cut-out starts it before the
 * model runs, so for a large photo sharp's resize overlaps the inference.
 */
export async function gridGuide(rgba: Buffer, width: number, height: number): Promise<Buffer> {
  const { w, h } = gridSize(width, height);
  if (w < width || h < height)
    return sharp(rgba, { raw: { width, height, channels: 4 } })
      .resize(w, h, { fit: 'fill' })
      .removeAlpha()
      .raw()
      .toBuffer();
  const n = w * h;
  const guide = Buffer.allocUnsafe(n * 3);
  for (let i = 0; i < n; i++) {
    guide[i * 3] = rgba[i * 4];
    guide[i * 3 + 1] = rgba[i * 4 + 1];
    guide[i * 3 + 2] = rgba[i * 4 + 2];
  }
  return guide;
}

export interface GuidedOptions {
  /** gridGuide(rgba, width, height), when already made. */
  guide?: Buffer;
  /** Window radius in grid pixels. */
  radius?: number;
  /** Regularisation: larger keeps the mask smoother where the image has weak edges. */
  eps?: number;
}

/** The image, shrunk to the coefficient grid, as 3-channel RGB: reused for the edge colour estimates. */
export interface GridGuide {
  data: Buffer;
  w: number;
  h: number;
}

/** Size of the coefficient grid for an image (the image's own size up to GRID px). */
export function gridSize(width: number, height: number): { w: number; h: number } {
  const scale = Math.min(1, GRID / Math.max(width, height));
  return { w: Math.max(1, Math.round(width * scale)), h: Math.max(1, Math.round(height * scale)) };
}

/**
 * Refines `alpha` (full size, in place) with the colour image `rgba` as guide. Only pixels near the mask's
 * edge can change: where the mask is flat over the window the filter returns it unchanged.
 */
export async function refineMask(
  rgba: Buffer,
  alpha: Uint8Array,
  width: number,
  height: number,
  opts: GuidedOptions = {},
): Promise<GridGuide> {
  const r = opts.radius ?? 3;
  const eps = opts.eps ?? 1e-3;
  const { w, h } = gridSize(width, height);
  const scaled = w < width || h < height;
  const n = w * h;
  const guide = opts.guide ?? (await gridGuide(rgba, width, height));
  let mask: Uint8Array;
  if (scaled) {
    mask = await sharp(Buffer.from(alpha.buffer, alpha.byteOffset, alpha.length), {
      raw: { width, height, channels: 1 },
    })
      .resize(w, h, { fit: 'fill' })
      .extractChannel(0)
      .raw()
      .toBuffer();
  } else {
    mask = alpha; // only read before the full-size pass overwrites alpha
  }
  const { ar, ag, ab, bq } = fitCoefficients(guide, mask, w, h, r, eps);
  // Grid cells where the filter can change anything (non-flat mask nearby); elsewhere q equals the mask.
  const active = new Uint8Array(n);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      if (Math.abs(ar[i]) + Math.abs(ag[i]) + Math.abs(ab[i]) < 1e-5 && (bq[i] < 1e-3 || bq[i] > 1 - 1e-3)) continue;
      // Mark the cell and its neighbours: full-size pixels sample up to one cell away.
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          const yy = y + dy,
            xx = x + dx;
          if (yy >= 0 && yy < h && xx >= 0 && xx < w) active[yy * w + xx] = 1;
        }
      }
    }
  }
  // Full size: q = mean_a . I + mean_b, with the coefficients sampled bilinearly from the grid. Only grid
  // cells near an edge are visited pixel by pixel; elsewhere the mask is flat and kept as it is.
  const sx = w / width,
    sy = h / height;
  const colStart = new Int32Array(w + 1).fill(width); // first full-size x whose left grid column is cx
  const txs = new Float32Array(width);
  for (let x = width - 1; x >= 0; x--) {
    const fx = Math.min(Math.max((x + 0.5) * sx - 0.5, 0), w - 1);
    const x0 = Math.floor(fx);
    txs[x] = fx - x0;
    colStart[x0] = x;
  }
  for (let cx = w - 1; cx >= 0; cx--) colStart[cx] = Math.min(colStart[cx], colStart[cx + 1]);
  // Grid rows with any active cell, and the four coefficient planes interpolated to the current row.
  const rowActive = new Uint8Array(h);
  for (let i = 0; i < n; i++) if (active[i]) rowActive[(i / w) | 0] = 1;
  const cr = new Float64Array(w),
    cg = new Float64Array(w),
    cb = new Float64Array(w),
    cq = new Float64Array(w);
  for (let y = 0; y < height; y++) {
    const fy = Math.min(Math.max((y + 0.5) * sy - 0.5, 0), h - 1);
    const y0 = Math.floor(fy),
      y1 = Math.min(y0 + 1, h - 1),
      ty = fy - y0;
    if (!rowActive[y0]) continue;
    for (let gx = 0, a = y0 * w, b = y1 * w; gx < w; gx++, a++, b++) {
      if (!active[a] && !(gx > 0 && active[a - 1])) continue; // only columns an active cell samples
      cr[gx] = ar[a] * (1 - ty) + ar[b] * ty;
      cg[gx] = ag[a] * (1 - ty) + ag[b] * ty;
      cb[gx] = ab[a] * (1 - ty) + ab[b] * ty;
      cq[gx] = bq[a] * (1 - ty) + bq[b] * ty;
    }
    const row = y * width;
    for (let cx = 0; cx < w; cx++) {
      const xa = colStart[cx],
        xb = colStart[cx + 1];
      if (xa >= xb || !active[y0 * w + cx]) continue;
      const x1 = Math.min(cx + 1, w - 1);
      const r0 = cr[cx],
        r1 = cr[x1],
        g0 = cg[cx],
        g1 = cg[x1],
        b0 = cb[cx],
        b1 = cb[x1],
        q0 = cq[cx],
        q1 = cq[x1];
      for (let x = xa, i = row + xa; x < xb; x++, i++) {
        const tx = txs[x],
          ux = 1 - tx;
        const p = i * 4;
        const q =
          ((r0 * ux + r1 * tx) * rgba[p] + (g0 * ux + g1 * tx) * rgba[p + 1] + (b0 * ux + b1 * tx) * rgba[p + 2]) /
            255 +
          (q0 * ux + q1 * tx);
        alpha[i] = q <= 0 ? 0 : q >= 1 ? 255 : q * 255 + 0.5;
      }
    }
  }
  return { data: guide, w, h };
}
