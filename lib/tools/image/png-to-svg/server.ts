// PNG to SVG: colour tracing with vtracer (svg/trace.ts): settings chosen by image kind (flat artwork vs
// photo) unless a preset or colour count is chosen (svg/presets.ts), transparency kept through a traced alpha mask, optimised output with a viewBox and the PNG's size.
import 'server-only';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { AppError, displayName } from '@/lib/core/errors';
import type { Processor } from '../../types';
import { decodeRgba } from '../remove-background/decode';
import { traceRgba } from './trace';
import { applyPreset } from './presets';
import type { PngToSvgSettings } from './options';

/** Decoding cost is bounded here; tracing itself works on at most 4 MP (svg/trace.ts shrinks larger input). */
export const MAX_PIXELS = 40_000_000;

export const run: Processor = async ([input], options, ctx) => {
  const { preset, colors } = (options.settings ?? {}) as PngToSvgSettings;
  const img = await decodeRgba(input, { formats: ['png'], allowBmp: false, maxPixels: MAX_PIXELS });
  let visible = false;
  for (let i = 3; i < img.data.length && !visible; i += 4) visible = img.data[i] > 0;
  if (!visible) {
    throw new AppError(
      'UNPROCESSABLE',
      `"${displayName(input.name)}" is fully transparent: there is nothing to trace.`,
    );
  }
  // No settings: exactly the automatic trace as before (applyPreset returns the pixels untouched).
  const chosen = await applyPreset(img.data, img.width, img.height, preset, colors);
  const result = await traceRgba(chosen.rgba, img.width, img.height, chosen.trace);
  const out = path.join(ctx.workDir, 'converted.svg');
  await writeFile(out, result.svg);
  return result.kind === 'photo' && (preset ?? 'auto') === 'auto'
    ? {
        path: out,
        notice: 'This looks like a photo: it was traced into flat colour areas, so fine detail is simplified.',
      }
    : { path: out };
};
