// The fused model input (resize + normalise in one pass) against the library's two steps, written out here
// as the reference (tensorResizeBilinear to 8 bits, then (v - 128) / 256): bit-exact, or the masks drift.
import { MODEL_SIZE, modelInput } from './model';

function libraryInput(src: Uint8Array, srcW: number, srcH: number): Float32Array {
  const n = MODEL_SIZE;
  const small = new Uint8Array(n * n * 4);
  const scaleX = srcW / n,
    scaleY = srcH / n;
  for (let y = 0; y < n; y++) {
    const sy = y * scaleY;
    const y1 = Math.max(Math.floor(sy), 0);
    const y2 = Math.min(Math.ceil(sy), srcH - 1);
    const dy = sy - y1;
    for (let x = 0; x < n; x++) {
      const sx = x * scaleX;
      const x1 = Math.max(Math.floor(sx), 0);
      const x2 = Math.min(Math.ceil(sx), srcW - 1);
      const dx = sx - x1;
      const w1 = (1 - dx) * (1 - dy),
        w2 = dx * (1 - dy),
        w3 = (1 - dx) * dy,
        w4 = dx * dy;
      const p1 = (y1 * srcW + x1) * 4,
        p2 = (y1 * srcW + x2) * 4,
        p3 = (y2 * srcW + x1) * 4,
        p4 = (y2 * srcW + x2) * 4;
      for (let c = 0; c < 4; c++)
        small[(y * n + x) * 4 + c] = Math.round(
          w1 * src[p1 + c] + w2 * src[p2 + c] + w3 * src[p3 + c] + w4 * src[p4 + c],
        );
    }
  }
  const out = new Float32Array(3 * n * n);
  for (let j = 0; j < n * n; j++) for (let c = 0; c < 3; c++) out[c * n * n + j] = (small[j * 4 + c] - 128) / 256;
  return out;
}

describe('modelInput', () => {
  it.each([
    [640, 480],
    [1024, 1024],
    [3001, 1999],
    [7, 5],
  ])('equals the library resize + normalise bit for bit at %ix%i', (w, h) => {
    const src = new Uint8Array(w * h * 4);
    let seed = w * 31 + h;
    for (let i = 0; i < src.length; i++) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      src[i] = seed >> 23;
    }
    const got = modelInput(src, w, h);
    const want = libraryInput(src, w, h);
    let diff = 0;
    for (let i = 0; i < got.length; i++) if (got[i] !== want[i]) diff++;
    expect(diff).toBe(0);
  });
});
