// The shape of a tool's cost estimate (issue 13): a few features read cheaply from the input (pages, page
// area, pixels, bytes), and a linear model fitted per tool to CPU seconds measured on ../shared/corpus
// (bench/job-cost.bench.ts prints estimate vs measured for every corpus file). lib/tools/cost.ts uses it.
import type { JobInput, JobOptions } from './types';

export type Features = Record<string, number>;

export interface CostEstimate {
  /** Predicted CPU seconds of the job on one core of the calibration machine. */
  seconds: number;
  features: Features;
}

/** Seconds = base + sum of coefficient x feature (features the model does not name count 0). */
export interface LinearModel {
  base: number;
  per: Features;
}

export function linearSeconds(model: LinearModel, features: Features): number {
  let s = model.base;
  for (const [k, c] of Object.entries(model.per)) s += c * (features[k] ?? 0);
  return s;
}

/** Reads an input's features; null when it cannot (the tool then gives its own error: nothing is refused). */
export type CostEstimator = (inputs: JobInput[], options: JobOptions) => Promise<CostEstimate | null>;

export function linearEstimator(
  model: LinearModel,
  read: (inputs: JobInput[], options: JobOptions) => Promise<Features | null>,
): CostEstimator {
  return async (inputs, options) => {
    const features = await read(inputs, options);
    return features && { seconds: linearSeconds(model, features), features };
  };
}

/** Features of tools whose time follows the files' sizes (Office merges: XML to rewrite, media to copy). */
export async function sizeFeatures(inputs: JobInput[]): Promise<Features> {
  return { files: inputs.length, mb: inputs.reduce((n, i) => n + i.size, 0) / 2 ** 20 };
}
