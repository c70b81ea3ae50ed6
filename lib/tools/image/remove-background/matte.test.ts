// resizeMask fills runs whose four source samples are equal at once: it must give exactly what the
// library's bilinear mapping gives pixel by pixel, on flat areas, edges and noise alike.
import { resizeMask } from './matte';

/** The library's mapping, pixel by pixel (the formula resizeMask had before the run shortcut). */
function reference(src: Uint8Array, srcW: number, srcH: number, dstW: number, dstH: number): Uint8Array {
  const out = new Uint8Array(dstW * dstH);
  for (let y = 0; y < dstH; y++) {
    const sy = y * (srcH / dstH);
    const y1 = Math.floor(sy),
      y2 = Math.min(Math.ceil(sy), srcH - 1),
      dy = sy - y1;
    for (let x = 0; x < dstW; x++) {
      const sx = x * (srcW / dstW);
      const x1 = Math.floor(sx),
        x2 = Math.min(Math.ceil(sx), srcW - 1);
      const dx = Math.fround(sx - x1);
      const a = src[y1 * srcW + x1],
        b = src[y1 * srcW + x2],
        c = src[y2 * srcW + x1],
        d = src[y2 * srcW + x2];
      const top = a + dx * (b - a),
        bottom = c + dx * (d - c);
      out[y * dstW + x] = Math.round(top + dy * (bottom - top));
    }
  }
  return out;
}

function mask(w: number, h: number): Uint8Array {
  // A disc (255 inside, 0 outside, a soft rim), a noisy patch and a flat grey block.
  const m = new Uint8Array(w * h);
  let seed = 7;
  const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31) * 256;
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const d = Math.hypot(x - w / 2, y - h / 2) - w / 4;
      let v = d < -2 ? 255 : d > 2 ? 0 : Math.round(((2 - d) / 4) * 255);
      if (x < w / 6 && y < h / 6) v = Math.floor(rnd());
      if (x > (w * 5) / 6 && y > (h * 5) / 6) v = 128;
      m[y * w + x] = v;
    }
  return m;
}

describe('resizeMask', () => {
  it.each([
    [64, 64, 250, 187], // enlarged by uneven factors (a 12 MP photo from the 1024 mask)
    [64, 64, 256, 256], // an exact multiple: runs of equal length
    [64, 64, 40, 30], // shrunk: runs of one pixel
    [1, 1, 5, 3],
  ])('equals the pixel-by-pixel mapping, %i x %i to %i x %i', (sw, sh, dw, dh) => {
    const src = mask(sw, sh);
    expect(Buffer.from(resizeMask(src, sw, sh, dw, dh)).equals(Buffer.from(reference(src, sw, sh, dw, dh)))).toBe(true);
  });
});
