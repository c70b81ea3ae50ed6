// PNG to JPG's optional process field (issue 20): the colour transparent areas are flattened onto. Absent: white.
import { z } from 'zod';

export const HEX_COLOUR = /^#[0-9a-f]{6}$/i;

export const pngToJpgSettings = z.object({
  background: z.string().regex(HEX_COLOUR, 'must be a colour like #ffffff').optional(),
});

export type PngToJpgSettings = z.infer<typeof pngToJpgSettings>;
