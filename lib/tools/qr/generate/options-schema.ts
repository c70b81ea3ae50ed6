// The zod schema of issue 21's optional QR fields (server side; the page only needs ./options).
import { z } from 'zod';
import { colourProblem, DEFAULT_BG, DEFAULT_FG, FORMATS, HEX, MARGIN_MAX, SIZE_MAX, SIZE_MIN } from './options';

export const qrOptionsSchema = z
  .object({
    format: z.enum(FORMATS, { error: 'Use "png" or "svg".' }).optional(),
    size: z
      .number({ error: `A whole number of pixels from ${SIZE_MIN} to ${SIZE_MAX}.` })
      .int({ error: `A whole number of pixels from ${SIZE_MIN} to ${SIZE_MAX}.` })
      .min(SIZE_MIN, { error: `At least ${SIZE_MIN} pixels.` })
      .max(SIZE_MAX, { error: `At most ${SIZE_MAX} pixels.` })
      .optional(),
    ec_level: z.enum(['L', 'M', 'Q', 'H'], { error: 'Use "L", "M", "Q" or "H".' }).optional(),
    fg: z.string().regex(HEX, { error: 'A colour as #rrggbb.' }).optional(),
    bg: z.string().regex(HEX, { error: 'A colour as #rrggbb.' }).optional(),
    margin: z
      .number({ error: `A whole number of modules from 0 to ${MARGIN_MAX}.` })
      .int({ error: `A whole number of modules from 0 to ${MARGIN_MAX}.` })
      .min(0, { error: 'At least 0 modules.' })
      .max(MARGIN_MAX, { error: `At most ${MARGIN_MAX} modules.` })
      .optional(),
  })
  .superRefine((o, ctx) => {
    const problem = colourProblem((o.fg ?? DEFAULT_FG).toLowerCase(), (o.bg ?? DEFAULT_BG).toLowerCase());
    if (problem && (o.fg !== undefined || o.bg !== undefined))
      ctx.addIssue({ code: 'custom', path: [o.fg !== undefined ? 'fg' : 'bg'], message: problem });
  });

export type QrOptions = z.infer<typeof qrOptionsSchema>;
