// Running-sum box filters over float planes, one pass per direction at O(1) a pixel whatever the radius:
// the guided filter's edge-normalised means (guided.ts) and the colour decontamination's blur (matte.ts).

/** 1 / (pixels in the window [i - r, i + r] clipped to 0..n-1), for each i: a mean's scale per row or column. */
export function windowInverse(n: number, r: number): Float64Array {
  return Float64Array.from({ length: n }, (_, i) => 1 / (Math.min(n - 1, i + r) - Math.max(0, i - r) + 1));
}

/**
 * Along each row of a w x h plane: out = scale[x] * (sum of src over the window [x - r, x + r] clipped to
 * the row). Three spans per row (no pixel leaving yet, both, none entering) keep bounds tests out of the
 * inner loop.
 */
export function boxRows(src: Float32Array, out: Float32Array, w: number, h: number, r: number, scale: Float64Array) {
  const e1 = Math.min(w, r + 1),
    e2 = Math.max(e1, w - r);
  for (let y = 0; y < h; y++) {
    const row = y * w;
    let acc = 0;
    for (let x = 0; x < Math.min(r, w); x++) acc += src[row + x];
    let x = 0;
    for (; x < e1; x++) {
      if (x + r < w) acc += src[row + x + r];
      out[row + x] = acc * scale[x];
    }
    for (; x < e2; x++) {
      acc += src[row + x + r];
      acc -= src[row + x - r - 1];
      out[row + x] = acc * scale[x];
    }
    for (; x < w; x++) {
      acc -= src[row + x - r - 1];
      out[row + x] = acc * scale[x];
    }
  }
}

/**
 * Along each column: out = scale[y] * (sum of src over the window [y - r, y + r] clipped to the column),
 * row by row with a running sum per column in `acc` (w long): a column-wise walk misses the cache at every
 * step.
 */
export function boxColumns(
  src: Float32Array,
  out: Float32Array,
  w: number,
  h: number,
  r: number,
  scale: Float64Array,
  acc: Float64Array,
) {
  acc.fill(0, 0, w);
  for (let y = 0; y < Math.min(r, h); y++) for (let x = 0, o = y * w; x < w; x++, o++) acc[x] += src[o];
  for (let y = 0; y < h; y++) {
    const add = y + r,
      drop = y - r - 1;
    if (add < h) for (let x = 0, o = add * w; x < w; x++, o++) acc[x] += src[o];
    if (drop >= 0) for (let x = 0, o = drop * w; x < w; x++, o++) acc[x] -= src[o];
    for (let x = 0, o = y * w; x < w; x++, o++) out[o] = acc[x] * scale[y];
  }
}
