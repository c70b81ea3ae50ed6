// The guided filter's coefficients are fitted tile by tile, skipping tiles whose mask is flat within the
// filter's reach: they must match a fit of the whole grid in one piece, edges, noise and image borders alike.
import { fitCoefficients } from './guided';

function scene(w: number, h: number): { guide: Uint8Array; mask: Uint8Array } {
  const guide = new Uint8Array(w * h * 3);
  const mask = new Uint8Array(w * h);
  let seed = w * 7 + h;
  const rnd = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) >> 23;
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      // A soft-edged disc off centre, a subject touching the right border, flat 0 / 255 / 128 elsewhere.
      const d = Math.hypot(x - w * 0.4, y - h * 0.45) - Math.min(w, h) * 0.25;
      let m = d < -3 ? 255 : d > 3 ? 0 : Math.round(((3 - d) / 6) * 255);
      if (x > w * 0.9 && y > h * 0.2 && y < h * 0.5) m = 255;
      if (x < w * 0.15 && y > h * 0.8) m = 128;
      mask[i] = m;
      const inside = m > 127;
      guide[i * 3] = (inside ? 200 : 40) + (rnd() & 15);
      guide[i * 3 + 1] = (inside ? 90 : 160) + (rnd() & 15);
      guide[i * 3 + 2] = ((x * 3 + y) & 63) + (inside ? 100 : 0);
    }
  return { guide, mask };
}

describe('fitCoefficients', () => {
  it.each([
    [150, 110, 32],
    [97, 131, 16],
    [40, 30, 64], // a grid smaller than one tile
  ])('tiled (%i x %i, tiles of %i) matches the whole-grid fit', (w, h, tile) => {
    const { guide, mask } = scene(w, h);
    const whole = fitCoefficients(guide, mask, w, h, 3, 1e-3, Infinity);
    const tiled = fitCoefficients(guide, mask, w, h, 3, 1e-3, tile);
    let worst = 0;
    for (const k of ['ar', 'ag', 'ab', 'bq'] as const)
      for (let i = 0; i < w * h; i++) worst = Math.max(worst, Math.abs(whole[k][i] - tiled[k][i]));
    expect(worst).toBeLessThan(1e-4);
    if (tile < Math.min(w, h)) {
      // A tile in the flat background was skipped: its coefficients are exactly a = 0, b = the mask.
      const far = (h - 1) * w + Math.floor(w * 0.6); // bottom row, away from every edge
      expect(mask[far]).toBe(0);
      expect([tiled.ar[far], tiled.ag[far], tiled.ab[far], tiled.bq[far]]).toEqual([0, 0, 0, 0]);
    }
  });

  it('a flat mask gives a = 0 and b = the mask everywhere', () => {
    const w = 70,
      h = 50;
    const { guide } = scene(w, h);
    const mask = new Uint8Array(w * h).fill(255);
    const c = fitCoefficients(guide, mask, w, h, 3, 1e-3, 32);
    expect(c.ar.every((v) => v === 0) && c.ag.every((v) => v === 0) && c.ab.every((v) => v === 0)).toBe(true);
    expect(c.bq.every((v) => v === 1)).toBe(true);
  });
});
