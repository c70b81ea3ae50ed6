// What an image job will cost, read from the header only (sharp's metadata: nothing is decoded): the time of
// every image tool follows its pixel count (all frames). Models fitted on ../shared/corpus photos and PNGs
// plus generated large images (bench/job-cost.bench.ts); lib/tools/cost.ts applies them.
import 'server-only';
import sharp from 'sharp';
import { linearEstimator, type Features, type LinearModel } from '../cost-model';
import type { JobInput } from '../types';

export async function imageFeatures(inputs: JobInput[]): Promise<Features | null> {
  const input = inputs[0];
  if (!input) return null;
  try {
    const meta = await sharp(input.path, { limitInputPixels: false }).metadata();
    const frames = Math.max(1, meta.pages ?? 1);
    return { bytes: input.size / 2 ** 20, mp: ((meta.width ?? 0) * (meta.height ?? 0) * frames) / 1e6 };
  } catch {
    return null;
  }
}

/** CPU seconds per tool: `mp` is megapixels, `bytes` megabytes (calibration: bench/job-cost.bench.ts). */
export const IMAGE_MODELS = {
  'image/compress': { base: 0.15, per: { mp: 0.55 } },
  'image/jpg_to_png': { base: 0.1, per: { mp: 0.11 } },
  'image/png_to_jpg': { base: 0.1, per: { mp: 1.3 } },
  'image/png_to_svg': { base: 0.2, per: { mp: 0.7 } },
  'image/remove_background': { base: 5.2, per: { mp: 0.18 } },
} satisfies Record<string, LinearModel>;

export const imageEstimators = Object.fromEntries(
  Object.entries(IMAGE_MODELS).map(([api, m]) => [api, linearEstimator(m, imageFeatures)]),
) as Record<keyof typeof IMAGE_MODELS, ReturnType<typeof linearEstimator>>;
