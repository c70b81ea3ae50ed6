// PNG to SVG's optional process fields (issue 20): a tracing preset and a colour count. Absent: the automatic
// choice (flat artwork vs photo) exactly as before.
import { z } from 'zod';

export const SVG_PRESETS = ['auto', 'logo', 'illustration', 'photo', 'bw'] as const;
export type SvgPreset = (typeof SVG_PRESETS)[number];
export const SVG_COLOURS = { min: 2, max: 64 } as const;

export const pngToSvgSettings = z.object({
  preset: z.enum(SVG_PRESETS, { message: 'must be auto, logo, illustration, photo or bw' }).optional(),
  colors: z
    .number()
    .int('must be a whole number')
    .min(SVG_COLOURS.min, `must be at least ${SVG_COLOURS.min}`)
    .max(SVG_COLOURS.max, `must be at most ${SVG_COLOURS.max}`)
    .optional(),
});

export type PngToSvgSettings = z.infer<typeof pngToSvgSettings>;
