// PDF compression: recompresses images (downsampling to the resolution they are shown at, JPEG for photos,
// lossless for line art), re-deflates streams, merges duplicates, drops unused objects and thumbnails,
// and writes object streams. Never returns a larger file: under a few percent of gain, the original.
import 'server-only';
import fs from 'node:fs/promises';
import path from 'node:path';
import { AppError, displayName } from '@/lib/core/errors';
import type { Processor } from '../../types';
import { compressPdf } from './compress-pdf';
import { pdfCompressSettings } from './levels';

/** Below this gain the visitor gets the original back (a re-saved file is not worth the change). */
export const MIN_GAIN = 0.03;

export const run: Processor = async (inputs, options, ctx) => {
  const input = inputs[0];
  if (!input) throw new AppError('BAD_REQUEST', 'Choose a PDF file to compress.');
  const bytes = await fs.readFile(input.path);
  const level = pdfCompressSettings.parse(options.settings ?? {}).level;
  const out = await compressPdf(bytes, input.path, input.name, { level });
  const base = path.join(ctx.workDir, 'compressed.pdf');
  if (out.length > bytes.length * (1 - MIN_GAIN)) {
    await fs.copyFile(input.path, base);
    return {
      path: base,
      notice: `"${displayName(input.name)}" is already well optimised: compressing it would save less than ${Math.round(MIN_GAIN * 100)} %, so the original file is returned.`,
    };
  }
  await fs.writeFile(base, out);
  return { path: base };
};
