// From the model's 1024x1024 mask to the final cut-out at the input's size: the mask is scaled back with the
// library's own (top-left aligned) bilinear mapping, and colours in the semi-transparent band are
// decontaminated so no halo of the old background survives on a new one.
import sharp from 'sharp';
import { boxColumns, boxRows } from './box-sum';

/**
 * Bilinear resize of a 1-channel 8-bit plane with the library's mapping (sample at x * src/dst, floor/ceil
 * neighbours), which mirrors the mapping used to shrink the image for the model: the two are inverse, so
 * the mask lands exactly on the subject (a centre-aligned resize would shift it by ~1.5 px at 12 MP).
 */
export function resizeMask(src: Uint8Array, srcW: number, srcH: number, dstW: number, dstH: number): Uint8Array {
  const out = new Uint8Array(dstW * dstH);
  const scaleX = srcW / dstW;
  const scaleY = srcH / dstH;
  const x1s = new Int32Array(dstW),
    x2s = new Int32Array(dstW),
    dxs = new Float32Array(dstW);
  for (let x = 0; x < dstW; x++) {
    const sx = x * scaleX;
    x1s[x] = Math.floor(sx);
    x2s[x] = Math.min(Math.ceil(sx), srcW - 1);
    dxs[x] = sx - x1s[x];
  }
  // Output columns that sample the same left source column form a run (~4 px wide at 12 MP): where its
  // source neighbours are all equal (most of a mask: 0 or the subject's inside) the run is filled at once,
  // with exactly the value the bilinear formula gives for four equal samples.
  const runEnd = new Int32Array(dstW);
  for (let x = dstW - 1; x >= 0; x--) runEnd[x] = x + 1 < dstW && x1s[x + 1] === x1s[x] ? runEnd[x + 1] : x + 1;
  for (let y = 0; y < dstH; y++) {
    const sy = y * scaleY;
    const y1 = Math.floor(sy);
    const y2 = Math.min(Math.ceil(sy), srcH - 1);
    const dy = sy - y1;
    const r1 = y1 * srcW,
      r2 = y2 * srcW;
    const o = y * dstW;
    for (let x = 0; x < dstW;) {
      const end = runEnd[x];
      const c = x1s[x],
        c2 = Math.min(c + 1, srcW - 1);
      const v = src[r1 + c];
      if (src[r1 + c2] === v && src[r2 + c] === v && src[r2 + c2] === v) {
        for (; x < end; x++) out[o + x] = v;
        continue;
      }
      for (; x < end; x++) {
        const dx = dxs[x];
        const a = src[r1 + x1s[x]],
          b = src[r1 + x2s[x]],
          cc = src[r2 + x1s[x]],
          d = src[r2 + x2s[x]];
        const top = a + dx * (b - a);
        const bottom = cc + dx * (d - cc);
        out[o + x] = Math.round(top + dy * (bottom - top));
      }
    }
  }
  return out;
}

/** In-place separable box blur (zero padding) of `planes` planes of w*h floats; 3 passes ~ Gaussian. */
function boxBlur(data: Float32Array, w: number, h: number, planes: number, radius: number): void {
  const n = w * h;
  const plane = new Float32Array(n);
  const acc = new Float64Array(w);
  // Sums, not means: a scale of 1 (exact) for every row and column.
  const onesX = new Float64Array(w).fill(1),
    onesY = new Float64Array(h).fill(1);
  for (let p = 0; p < planes; p++) {
    const view = data.subarray(p * n, (p + 1) * n);
    for (let k = 0; k < 3; k++) {
      boxRows(view, plane, w, h, radius, onesX);
      boxColumns(plane, view, w, h, radius, onesY, acc);
    }
  }
}

interface ColourField {
  data: Float32Array;
  w: number;
  h: number;
}

/** A shrunk RGB copy of the image (3 channels). */
export interface SmallRgb {
  data: Buffer;
  w: number;
  h: number;
}

/**
 * Smooth estimates of the background colour B (weighted by 1 - alpha) and of the nearby foreground colour
 * F (weighted by alpha^4, i.e. by the confidently opaque pixels), on a grid of at most 256 px.
 * Layout: 6 planes (B r,g,b then F r,g,b).
 */
async function colourFields(
  rgba: Buffer,
  alpha: Uint8Array,
  width: number,
  height: number,
  guide?: SmallRgb,
): Promise<ColourField> {
  const scale = Math.min(1, 256 / Math.max(width, height));
  const w = Math.max(1, Math.round(width * scale));
  const h = Math.max(1, Math.round(height * scale));
  // From the guided filter's already shrunk copy when given (a 12 MP resize costs ~0.1 s). The two shrinks
  // run side by side on sharp's threads.
  const [small, smallA] = await Promise.all([
    guide
      ? sharp(guide.data, { raw: { width: guide.w, height: guide.h, channels: 3 } })
          .resize(w, h, { fit: 'fill', kernel: 'linear' })
          .raw()
          .toBuffer()
      : sharp(rgba, { raw: { width, height, channels: 4 } })
          .resize(w, h, { fit: 'fill', kernel: 'linear' })
          .removeAlpha()
          .raw()
          .toBuffer(),
    sharp(Buffer.from(alpha.buffer, alpha.byteOffset, alpha.length), { raw: { width, height, channels: 1 } })
      .resize(w, h, { fit: 'fill', kernel: 'linear' })
      .extractChannel(0)
      .raw()
      .toBuffer(),
  ]);
  const n = w * h;
  // planes: B*wb (3), wb, F*wf (3), wf
  const acc = new Float32Array(8 * n);
  for (let i = 0; i < n; i++) {
    const a = smallA[i] / 255;
    // The small floor keeps both estimates defined everywhere (the local mean colour where one side is absent).
    const wb = (1 - a) * (1 - a) + 1e-3;
    const wf = a * a * a * a + 1e-3;
    for (let c = 0; c < 3; c++) {
      const v = small[i * 3 + c];
      acc[c * n + i] = v * wb;
      acc[(4 + c) * n + i] = v * wf;
    }
    acc[3 * n + i] = wb;
    acc[7 * n + i] = wf;
  }
  boxBlur(acc, w, h, 8, Math.max(2, Math.round(Math.max(w, h) / 64)));
  const out = new Float32Array(6 * n);
  for (let i = 0; i < n; i++) {
    const wb = acc[3 * n + i],
      wf = acc[7 * n + i];
    for (let c = 0; c < 3; c++) {
      out[c * n + i] = acc[c * n + i] / wb;
      out[(3 + c) * n + i] = acc[(4 + c) * n + i] / wf;
    }
  }
  return { data: out, w, h };
}

/**
 * Writes `alpha` into `rgba` (in place) and replaces the colour of semi-transparent pixels by an estimate of
 * the pure foreground colour: F = (I - (1 - a) B) / a with a local background estimate B, blended towards
 * the nearby opaque colour where a is small (the equation amplifies noise there). Fully transparent pixels
 * get RGB 0 (smaller PNG, nothing to bleed).
 */
export async function applyMatte(
  rgba: Buffer,
  alpha: Uint8Array,
  width: number,
  height: number,
  guide?: SmallRgb,
): Promise<void> {
  const field = await colourFields(rgba, alpha, width, height, guide);
  const { data: f, w, h } = field;
  const n = w * h;
  const sx = w / width,
    sy = h / height;
  // Bilinear sampling of the six fields (centre-aligned grid): the two grid columns and weight of each
  // full-size column once, and the fields interpolated to the current row only for rows with edge pixels.
  const gx0 = new Int32Array(width),
    gx1 = new Int32Array(width),
    gtx = new Float64Array(width);
  for (let x = 0; x < width; x++) {
    const fx = Math.min(Math.max((x + 0.5) * sx - 0.5, 0), w - 1);
    gx0[x] = Math.floor(fx);
    gx1[x] = Math.min(gx0[x] + 1, w - 1);
    gtx[x] = fx - gx0[x];
  }
  const row = new Float64Array(6 * w);
  // Fully transparent pixels are cleared 4 bytes at a time when the buffer allows it.
  const words = rgba.byteOffset % 4 === 0 ? new Uint32Array(rgba.buffer, rgba.byteOffset, width * height) : null;
  for (let y = 0, i = 0; y < height; y++) {
    let rowReady = false;
    for (let x = 0; x < width; x++, i++) {
      const a8 = alpha[i];
      const p = i * 4;
      if (a8 === 0) {
        if (words) words[i] = 0;
        else rgba[p] = rgba[p + 1] = rgba[p + 2] = rgba[p + 3] = 0;
        continue;
      }
      if (a8 >= 250) {
        rgba[p + 3] = a8;
        continue;
      }
      if (!rowReady) {
        const fy = Math.min(Math.max((y + 0.5) * sy - 0.5, 0), h - 1);
        const y0 = Math.floor(fy),
          y1 = Math.min(y0 + 1, h - 1),
          ty = fy - y0;
        for (let k = 0; k < 6; k++)
          for (let gx = 0, a = k * n + y0 * w, b = k * n + y1 * w, o = k * w; gx < w; gx++)
            row[o + gx] = f[a + gx] * (1 - ty) + f[b + gx] * ty;
        rowReady = true;
      }
      const x0 = gx0[x],
        x1 = gx1[x],
        tx = gtx[x];
      const a = a8 / 255;
      // Trust the equation more as alpha grows; below ~0.15 rely on the nearby opaque colour.
      const t = Math.min(1, Math.max(0, (a - 0.15) / 0.45));
      for (let c = 0; c < 3; c++) {
        let v: number;
        if (t >= 1) {
          // F = (I - (1 - a) B) / a alone (B: planes 0-2)
          v = (rgba[p + c] - (1 - a) * (row[c * w + x0] * (1 - tx) + row[c * w + x1] * tx)) / a;
        } else {
          const near = row[(3 + c) * w + x0] * (1 - tx) + row[(3 + c) * w + x1] * tx;
          if (t <= 0) v = near;
          else {
            const Feq = (rgba[p + c] - (1 - a) * (row[c * w + x0] * (1 - tx) + row[c * w + x1] * tx)) / a;
            v = t * Feq + (1 - t) * near;
          }
        }
        // A Uint8Array store truncates: + 0.5 rounds (v >= 0 here).
        rgba[p + c] = v < 0 ? 0 : v > 255 ? 255 : v + 0.5;
      }
      rgba[p + 3] = a8;
    }
  }
}
