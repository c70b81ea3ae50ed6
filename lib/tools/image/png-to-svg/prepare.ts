// Pixel preparation before tracing: transparent pixels get the colour of the nearest visible ones (so the
// colour layers run smoothly past the shape's outline instead of drawing a dark rim where the old, usually
// black, transparent pixels met the shape), the alpha plane is split out to be traced as a mask, and the
// image kind is guessed to pick the tracing settings.

/**
 * Push-pull fill (Gortler et al. 1996) weighted by alpha: an alpha-weighted pyramid down to 1x1, then back
 * up, each pixel keeping alpha^4 of its own colour and taking the rest from the coarser level. Opaque
 * pixels are unchanged; transparent ones get their visible neighbours' colour; the colour of semi-transparent
 * edge pixels, often darkened by premultiplying exporters, counts only as much as it shows. Returns opaque RGBA.
 */
export function fillTransparent(rgba: Uint8Array, width: number, height: number): Uint8Array {
  interface Level {
    w: number;
    h: number;
    c: Float32Array /* premultiplied rgb */;
    a: Float32Array;
  }
  const n0 = width * height;
  const base: Level = { w: width, h: height, c: new Float32Array(n0 * 3), a: new Float32Array(n0) };
  for (let i = 0; i < n0; i++) {
    // alpha^4: an edge pixel's own colour counts little next to its opaque neighbours' (see above).
    const t = rgba[i * 4 + 3] / 255;
    const a = t * t * t * t;
    base.a[i] = a;
    for (let k = 0; k < 3; k++) base.c[i * 3 + k] = rgba[i * 4 + k] * a;
  }
  const levels: Level[] = [base];
  while (levels[levels.length - 1].w > 1 || levels[levels.length - 1].h > 1) {
    const f = levels[levels.length - 1];
    const w = Math.ceil(f.w / 2),
      h = Math.ceil(f.h / 2);
    const l: Level = { w, h, c: new Float32Array(w * h * 3), a: new Float32Array(w * h) };
    for (let y = 0; y < f.h; y++) {
      for (let x = 0; x < f.w; x++) {
        const i = y * f.w + x,
          j = (y >> 1) * w + (x >> 1);
        l.a[j] += f.a[i];
        for (let k = 0; k < 3; k++) l.c[j * 3 + k] += f.c[i * 3 + k];
      }
    }
    // Normalise to "coverage-weighted mean colour with coverage in [0,1]".
    for (let j = 0; j < w * h; j++) {
      const a = l.a[j];
      if (a > 0) {
        const s = Math.min(1, a) / a;
        for (let k = 0; k < 3; k++) l.c[j * 3 + k] *= s;
        l.a[j] = Math.min(1, a);
      }
    }
    levels.push(l);
  }
  // Pull: each level's empty share comes from its (already filled) parent.
  for (let li = levels.length - 2; li >= 0; li--) {
    const f = levels[li],
      p = levels[li + 1];
    for (let y = 0; y < f.h; y++) {
      for (let x = 0; x < f.w; x++) {
        const i = y * f.w + x,
          j = (y >> 1) * p.w + (x >> 1);
        const rest = 1 - f.a[i];
        if (rest <= 0) continue;
        for (let k = 0; k < 3; k++) f.c[i * 3 + k] += rest * p.c[j * 3 + k];
        f.a[i] = 1;
      }
    }
  }
  const out = new Uint8Array(n0 * 4);
  for (let i = 0; i < n0; i++) {
    for (let k = 0; k < 3; k++) out[i * 4 + k] = Math.min(255, Math.round(base.c[i * 3 + k]));
    out[i * 4 + 3] = 255;
  }
  return out;
}

/**
 * The alpha plane as an opaque grey RGBA image (white = visible), for tracing into an SVG mask. Outline
 * antialiasing is made crisp first: a pixel takes the highest alpha of its 3x3 neighbourhood when it has at
 * least half of it, else 0. Flat translucent areas and their thin strokes then form one level each (the
 * tracer would otherwise split a 1-2 px stroke into tiny clusters of edge values and drop them), while
 * smooth ramps (shadows) keep their gradient.
 */
export function alphaAsGrey(rgba: Uint8Array, width: number, height: number): Uint8Array {
  const out = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      const a = rgba[i * 4 + 3];
      let m = a;
      for (let dy = -1; dy <= 1; dy++) {
        const yy = y + dy;
        if (yy < 0 || yy >= height) continue;
        for (let dx = -1; dx <= 1; dx++) {
          const xx = x + dx;
          if (xx < 0 || xx >= width) continue;
          const v = rgba[(yy * width + xx) * 4 + 3];
          if (v > m) m = v;
        }
      }
      const v = a * 2 >= m ? m : 0;
      out[i * 4] = v;
      out[i * 4 + 1] = v;
      out[i * 4 + 2] = v;
      out[i * 4 + 3] = 255;
    }
  }
  return out;
}

export interface ImageStats {
  /** Distinct colours after reducing each channel to 5 bits, among visible pixels. */
  colours: number;
  /** Share of visible pixels covered by the 16 most frequent (5-bit) colours. */
  top16: number;
  /** Alpha values other than 0 and 255 are common (soft shadows, feathering). */
  /** Share of visible pixels whose right neighbour has (almost) the same colour: high for flat artwork. */
  flat: number;
  anyTransparent: boolean;
}

export function imageStats(rgba: Uint8Array, width: number, height: number): ImageStats {
  const counts = new Map<number, number>();
  let visible = 0,
    transparent = 0,
    flat = 0;
  for (let i = 0; i < width * height; i++) {
    const a = rgba[i * 4 + 3];
    if (a < 255) transparent++;
    if (a < 128) continue;
    visible++;
    if ((i + 1) % width !== 0) {
      const p = i * 4;
      const d =
        Math.abs(rgba[p] - rgba[p + 4]) + Math.abs(rgba[p + 1] - rgba[p + 5]) + Math.abs(rgba[p + 2] - rgba[p + 6]);
      if (d <= 3) flat++;
    }
    const key = ((rgba[i * 4] >> 3) << 10) | ((rgba[i * 4 + 1] >> 3) << 5) | (rgba[i * 4 + 2] >> 3);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const top = [...counts.values()]
    .sort((a, b) => b - a)
    .slice(0, 16)
    .reduce((s, v) => s + v, 0);
  return {
    colours: counts.size,
    top16: visible ? top / visible : 1,
    flat: visible ? flat / visible : 1,
    anyTransparent: transparent > 0,
  };
}

/** Logos, icons and drawings are mostly flat areas of a few colours; photos change from pixel to pixel. */
export function isPhotoLike(s: ImageStats): boolean {
  return s.flat < 0.5 && s.top16 < 0.9;
}
