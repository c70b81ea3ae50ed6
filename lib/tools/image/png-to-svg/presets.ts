// PNG to SVG presets and colour count (issue 20). The automatic choice stays traceRgba's own guess. A colour
// count quantises the picture first (libimagequant through sharp, no dithering: dither dots would become
// thousands of specks) and the traced fills are then snapped to that palette, because vtracer's cluster
// merging averages colours and could otherwise add new ones. Black and white thresholds luminance at 50%.
import sharp from 'sharp';
import type { SvgPreset } from './options';
import type { TraceOptions } from './trace';

export type Rgb = [number, number, number];

interface PresetDef {
  /** Colour count when the visitor gives none (undefined: no quantisation). */
  colors?: number;
  trace: TraceOptions;
}

export const PRESETS: Record<SvgPreset, PresetDef> = {
  auto: { trace: {} },
  // Few flat colours, small specks dropped, corners kept sharp.
  logo: {
    colors: 8,
    trace: { kind: 'poster', configs: { poster: { filterSpeckle: 10, layerDifference: 8, cornerThreshold: 60 } } },
  },
  // More colours and finer detail, smooth curves.
  illustration: {
    colors: 24,
    trace: { kind: 'poster', configs: { poster: { filterSpeckle: 4, layerDifference: 6, cornerThreshold: 90 } } },
  },
  photo: { trace: { kind: 'photo' } },
  bw: { trace: { kind: 'poster', configs: { poster: { filterSpeckle: 6, cornerThreshold: 60 } } } },
};

/** The most used colours of the visible pixels, at most `limit` (libimagequant may return one more than
 * asked; the least used extra ones are snapped to their nearest kept colour). */
export function visibleColours(rgba: Uint8Array, limit = 256): Rgb[] {
  const counts = new Map<number, number>();
  for (let i = 0; i < rgba.length; i += 4) {
    if (rgba[i + 3] === 0) continue;
    const key = (rgba[i] << 16) | (rgba[i + 1] << 8) | rgba[i + 2];
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, limit)
    .map(([k]) => [(k >> 16) & 255, (k >> 8) & 255, k & 255]);
}

/** At most `colors` colours (alpha kept as is), with the palette used. */
export async function quantise(
  rgba: Uint8Array,
  width: number,
  height: number,
  colors: number,
): Promise<{ rgba: Uint8Array; palette: Rgb[] }> {
  const png = await sharp(Buffer.from(rgba.buffer, rgba.byteOffset, rgba.length), {
    raw: { width, height, channels: 4 },
  })
    .png({ palette: true, colours: colors, dither: 0, effort: 10 })
    .toBuffer();
  const out = new Uint8Array(await sharp(png).ensureAlpha().raw().toBuffer());
  return { rgba: out, palette: visibleColours(out, colors) };
}

/** Pure black or white by luminance (Rec. 709), alpha kept. */
export function blackAndWhite(rgba: Uint8Array): Uint8Array {
  const out = new Uint8Array(rgba);
  for (let i = 0; i < out.length; i += 4) {
    const v = 0.2126 * out[i] + 0.7152 * out[i + 1] + 0.0722 * out[i + 2] < 128 ? 0 : 255;
    out[i] = out[i + 1] = out[i + 2] = v;
  }
  return out;
}

const hex = (c: Rgb) => `#${c.map((v) => v.toString(16).padStart(2, '0')).join('')}`;

/** Every fill="#rrggbb" replaced by the nearest palette colour (squared RGB distance). */
export function snapFills(paths: string, palette: Rgb[]): string {
  if (palette.length === 0) return paths;
  return paths.replace(/fill="#([0-9a-f]{6})"/gi, (_m, h: string) => {
    const c = [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16));
    let best = palette[0];
    let bestD = Infinity;
    for (const p of palette) {
      const d = (p[0] - c[0]) ** 2 + (p[1] - c[1]) ** 2 + (p[2] - c[2]) ** 2;
      if (d < bestD) [best, bestD] = [p, d];
    }
    return `fill="${hex(best)}"`;
  });
}

/** The pixels to trace and the trace options for a preset and optional colour count. */
export async function applyPreset(
  rgba: Uint8Array,
  width: number,
  height: number,
  preset: SvgPreset = 'auto',
  colors?: number,
) {
  const def = PRESETS[preset];
  if (preset === 'bw') {
    return {
      rgba: blackAndWhite(rgba),
      trace: {
        ...def.trace,
        palette: [
          [0, 0, 0],
          [255, 255, 255],
        ] as Rgb[],
      },
    };
  }
  const count = colors ?? def.colors;
  if (count === undefined) return { rgba, trace: def.trace };
  const q = await quantise(rgba, width, height, count);
  return { rgba: q.rgba, trace: { ...def.trace, palette: q.palette } };
}
