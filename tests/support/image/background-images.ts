// Test and bench images with a known foreground: a shaded object pasted on a textured background, so the
// output alpha can be compared with the true mask (IoU) and edge colours with the true foreground colour.
import sharp from 'sharp';

export interface Composite {
  /** The composite, RGBA (opaque). */
  rgba: Buffer;
  width: number;
  height: number;
  /** True alpha of the pasted object, 0..255. */
  mask: Uint8Array;
  /** True foreground colour (RGB) at every pixel where mask > 0. */
  fg: Uint8Array;
}

/** A deterministic pseudo-random generator (tests must be repeatable). */
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => (s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32;
}

/**
 * A glossy orange ball and a blue rounded block standing on a grey-green, noisy, softly lit background.
 * `scale` multiplies the base size of 320 x 240.
 */
export async function makeComposite(scale = 1, seed = 7): Promise<Composite> {
  const width = Math.round(320 * scale),
    height = Math.round(240 * scale);
  const s = scale;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><radialGradient id="g" cx="0.35" cy="0.3" r="0.75">
      <stop offset="0" stop-color="#ffe0b0"/><stop offset="0.35" stop-color="#f08020"/><stop offset="1" stop-color="#7a2e00"/>
    </radialGradient>
    <linearGradient id="b" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#5aa0ff"/><stop offset="1" stop-color="#12306e"/></linearGradient></defs>
    <circle cx="${130 * s}" cy="${125 * s}" r="${72 * s}" fill="url(#g)"/>
    <rect x="${200 * s}" y="${95 * s}" width="${70 * s}" height="${105 * s}" rx="${14 * s}" fill="url(#b)"/>
  </svg>`;
  const fgImg = await sharp(Buffer.from(svg)).ensureAlpha().raw().toBuffer();
  const rand = rng(seed);
  const bg = Buffer.alloc(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const p = (y * width + x) * 4;
      const light = 0.75 + 0.25 * Math.sin(x / (width / 3)) * Math.cos(y / (height / 2));
      const n = (rand() - 0.5) * 40;
      bg[p] = Math.max(0, Math.min(255, (120 + n) * light));
      bg[p + 1] = Math.max(0, Math.min(255, (150 + n) * light));
      bg[p + 2] = Math.max(0, Math.min(255, (110 + n) * light));
      bg[p + 3] = 255;
    }
  }
  const rgba = Buffer.alloc(width * height * 4);
  const mask = new Uint8Array(width * height);
  const fg = new Uint8Array(width * height * 3);
  for (let i = 0; i < width * height; i++) {
    const a = fgImg[i * 4 + 3];
    mask[i] = a;
    for (let c = 0; c < 3; c++) {
      fg[i * 3 + c] = fgImg[i * 4 + c];
      rgba[i * 4 + c] = Math.round((fgImg[i * 4 + c] * a + bg[i * 4 + c] * (255 - a)) / 255);
    }
    rgba[i * 4 + 3] = 255;
  }
  return { rgba, width, height, mask, fg };
}

/** Intersection over union of the two masks thresholded at 50 %. */
export function maskIoU(a: Uint8Array, b: Uint8Array): number {
  let inter = 0,
    union = 0;
  for (let i = 0; i < a.length; i++) {
    const x = a[i] >= 128,
      y = b[i] >= 128;
    if (x && y) inter++;
    if (x || y) union++;
  }
  return union ? inter / union : 1;
}

/** Mean absolute alpha error, 0..1. */
export function alphaError(a: Uint8Array, b: Uint8Array): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += Math.abs(a[i] - b[i]);
  return s / a.length / 255;
}

/**
 * Mean colour error (0..255, per channel) against the true foreground colour over the pixels of the
 * result that are semi-transparent (the band where halos live) and truly inside the object.
 */
export function edgeColourError(rgba: Uint8Array, c: Composite): { error: number; pixels: number } {
  let s = 0,
    n = 0;
  for (let i = 0; i < c.mask.length; i++) {
    const a = rgba[i * 4 + 3];
    if (a < 16 || a > 239 || c.mask[i] < 128) continue;
    for (let k = 0; k < 3; k++) s += Math.abs(rgba[i * 4 + k] - c.fg[i * 3 + k]);
    n++;
  }
  return { error: n ? s / n / 3 : 0, pixels: n };
}
