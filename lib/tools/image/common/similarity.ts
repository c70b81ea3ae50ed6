// Perceptual similarity of two images of equal size, seeing colour as well as luma: SSIM (Wang et al. 2004)
// on the Y, Cb and Cr planes (BT.601), 8×8 windows every 4 pixels. JPEG damage is local (blocks, ringing,
// colour bleeding), so besides the mean the score looks at the worst 1 % of luma windows. The multi-scale
// score averages full, 1/2 and 1/4 resolution, as MS-SSIM does: single-scale SSIM over-punishes the loss of
// sensor noise that the eye barely sees, which made one target mean q60 for one photo and q95 for another.
// Pure TypeScript on raw 8-bit pixels (from sharp's .raw()), no dependency.

export interface RawImage {
  data: Uint8Array;
  width: number;
  height: number;
  /** 1 (grey) or 3 (RGB); 4-channel buffers are read as RGB with the 4th ignored. */
  channels: number;
}

export interface Similarity {
  /** Combined score in [0, 1]; 1 = identical. */
  score: number;
  /** Mean SSIM of the luma plane. */
  y: number;
  /** Mean SSIM of the chroma planes (1 for greyscale). */
  chroma: number;
  /** Mean SSIM of the worst 1 % of luma windows. */
  yWorst: number;
}

const WIN = 8;
const STEP = 4;
const C1 = (0.01 * 255) ** 2;
const C2 = (0.03 * 255) ** 2;

/** Y, Cb, Cr planes (Cb/Cr omitted for greyscale input). */
export function toPlanes(img: RawImage): Float32Array[] {
  const n = img.width * img.height;
  const { data, channels } = img;
  const y = new Float32Array(n);
  if (channels < 3) {
    for (let i = 0; i < n; i++) y[i] = data[i * channels];
    return [y];
  }
  const cb = new Float32Array(n);
  const cr = new Float32Array(n);
  for (let i = 0, p = 0; i < n; i++, p += channels) {
    const r = data[p];
    const g = data[p + 1];
    const b = data[p + 2];
    y[i] = 0.299 * r + 0.587 * g + 0.114 * b;
    cb[i] = -0.168736 * r - 0.331264 * g + 0.5 * b;
    cr[i] = 0.5 * r - 0.418688 * g - 0.081312 * b;
  }
  return [y, cb, cr];
}

/** SSIM of every window of one plane pair. */
export function ssimWindows(a: Float32Array, b: Float32Array, width: number, height: number): Float32Array {
  const win = Math.min(WIN, width, height);
  const nx = Math.floor((width - win) / STEP) + 1;
  const ny = Math.floor((height - win) / STEP) + 1;
  const out = new Float32Array(nx * ny);
  const inv = 1 / (win * win);
  let k = 0;
  for (let wy = 0; wy < ny; wy++) {
    for (let wx = 0; wx < nx; wx++) {
      let sa = 0,
        sb = 0,
        saa = 0,
        sbb = 0,
        sab = 0;
      for (let yy = 0; yy < win; yy++) {
        let i = (wy * STEP + yy) * width + wx * STEP;
        for (let xx = 0; xx < win; xx++, i++) {
          const va = a[i];
          const vb = b[i];
          sa += va;
          sb += vb;
          saa += va * va;
          sbb += vb * vb;
          sab += va * vb;
        }
      }
      const ma = sa * inv;
      const mb = sb * inv;
      const va = saa * inv - ma * ma;
      const vb = sbb * inv - mb * mb;
      const cov = sab * inv - ma * mb;
      out[k++] = ((2 * ma * mb + C1) * (2 * cov + C2)) / ((ma * ma + mb * mb + C1) * (va + vb + C2));
    }
  }
  return out;
}

function mean(v: Float32Array): number {
  let s = 0;
  for (let i = 0; i < v.length; i++) s += v[i];
  return v.length ? s / v.length : 1;
}

/** Mean of the lowest `fraction` of values. */
function worstMean(v: Float32Array, fraction: number): number {
  if (!v.length) return 1;
  const sorted = Float32Array.from(v).sort();
  const n = Math.max(1, Math.floor(v.length * fraction));
  let s = 0;
  for (let i = 0; i < n; i++) s += sorted[i];
  return s / n;
}

/**
 * Similarity of `test` to `ref`. Pass precomputed `refPlanes` (toPlanes(ref)) when comparing many
 * candidates against one reference.
 */
export function similarity(ref: RawImage, test: RawImage, refPlanes = toPlanes(ref)): Similarity {
  if (ref.width !== test.width || ref.height !== test.height) {
    throw new Error(`similarity: size mismatch ${ref.width}x${ref.height} vs ${test.width}x${test.height}`);
  }
  const testPlanes = toPlanes(test);
  const { width, height } = ref;
  const yMap = ssimWindows(refPlanes[0], testPlanes[0], width, height);
  const y = mean(yMap);
  const yWorst = worstMean(yMap, 0.01);
  let chroma = 1;
  if (refPlanes.length === 3 && testPlanes.length === 3) {
    chroma =
      (mean(ssimWindows(refPlanes[1], testPlanes[1], width, height)) +
        mean(ssimWindows(refPlanes[2], testPlanes[2], width, height))) /
      2;
  }
  const score = 0.7 * y + 0.15 * chroma + 0.15 * yWorst;
  return { score, y, chroma, yWorst };
}

/** Box-filtered half-size copy (odd last row/column dropped). */
export function halve(img: RawImage): RawImage {
  const { width: w, height: h, channels: c, data: d } = img;
  const W = w >> 1;
  const H = h >> 1;
  const out = new Uint8Array(W * H * c);
  for (let y = 0; y < H; y++) {
    const r0 = 2 * y * w * c;
    const r1 = r0 + w * c;
    for (let x = 0; x < W; x++) {
      const i = 2 * x * c;
      const o = (y * W + x) * c;
      for (let k = 0; k < c; k++) {
        out[o + k] = (d[r0 + i + k] + d[r0 + i + c + k] + d[r1 + i + k] + d[r1 + i + c + k] + 2) >> 2;
      }
    }
  }
  return { data: out, width: W, height: H, channels: c };
}

/** Reference pyramid, to compare many candidates against one reference cheaply. */
export interface Reference {
  levels: { img: RawImage; planes: Float32Array[] }[];
}

export function reference(ref: RawImage, scales = 3): Reference {
  const levels: Reference['levels'] = [];
  let img = ref;
  for (let s = 0; s < scales && img.width >= 16 && img.height >= 16; s++) {
    levels.push({ img, planes: toPlanes(img) });
    img = halve(img);
  }
  if (!levels.length) levels.push({ img: ref, planes: toPlanes(ref) });
  return { levels };
}

/** Mean of the combined score at full, 1/2 and 1/4 size (fewer levels for tiny images). */
export function multiScaleSimilarity(ref: Reference | RawImage, test: RawImage): number {
  const r = 'levels' in ref ? ref : reference(ref);
  let img = test;
  let sum = 0;
  r.levels.forEach((level, i) => {
    if (i > 0) img = halve(img);
    sum += similarity(level.img, img, level.planes).score;
  });
  return sum / r.levels.length;
}
