// Per-tool cost estimate (issue 13): before a job runs, its inputs' features (pages x page area, pixels,
// bytes) predict its CPU time; a job predicted to need far more than the time limit is refused at once with
// a 422 naming the file, instead of holding a runner for the whole limit and ending in a time-out.
// Safety first: the models are fitted on real files (../shared/corpus), and a job is refused only past
// COST_MARGIN x the limit, so a model that over-predicts a real file by up to that factor still lets it run
// (the corpus test proves no corpus file comes near). An unreadable input is never refused here: the tool
// gives its own error. Runs wherever jobs run (lib/jobs/processor-worker.ts calls checkJobCost).
import 'server-only';
import { AppError, displayName } from '@/lib/core/errors';
import type { CostEstimate, CostEstimator } from './cost-model';
import { imageEstimators } from './image/cost';
import { docxMergeCost } from './docx/merge/cost';
import { pdfEstimators } from './pdf/cost';
import { pptxMergeCost } from './pptx/merge/cost';
import type { FileToolApi } from './registry';
import type { JobInput, JobOptions } from './types';

export type { CostEstimate } from './cost-model';

export const estimators: Record<FileToolApi, CostEstimator> = {
  ...pdfEstimators,
  'docx/merge': docxMergeCost,
  'pptx/merge': pptxMergeCost,
  ...imageEstimators,
};

/** A job is refused only when its estimate passes the time limit by this factor: the models over-predict
 * real files by up to x1.6 (x4.7 for small fontless pages that are mostly white, which OCR reads quickly;
 * bench/job-cost.bench.ts), and a refusal of a real file is worse than a time-out, */
export const COST_MARGIN = 3;
/** and never under this many seconds: there the estimate's error is largest (start-up, warm caches) and a
 * time-out costs the visitor little (it also leaves tests' tiny time limits to the time-out itself). */
export const COST_FLOOR_SECONDS = 60;

export async function estimateJob(api: string, inputs: JobInput[], options: JobOptions): Promise<CostEstimate | null> {
  const estimate = estimators[api as FileToolApi];
  if (!estimate) return null;
  try {
    return await estimate(inputs, options);
  } catch {
    return null; // an estimate that fails never stops a job
  }
}

function minutes(seconds: number): string {
  const m = Math.max(1, Math.round(seconds / 60));
  return `${m} minute${m === 1 ? '' : 's'}`;
}

export function tooCostlyError(inputs: JobInput[], estimateSeconds: number, limitMs: number): AppError {
  const who = inputs.length === 1 ? `"${displayName(inputs[0].name)}" is` : 'These files are';
  return new AppError(
    'UNPROCESSABLE',
    `${who} too large or complex to process within this server's time limit (about ${minutes(estimateSeconds)} of work; the limit is ${minutes(limitMs / 1000)}). Please try a smaller file or fewer pages.`,
  );
}

/** Throws the 422 when the job cannot finish within `limitMs`; returns the estimate (null: unknown). */
export async function checkJobCost(
  api: string,
  inputs: JobInput[],
  options: JobOptions,
  limitMs: number,
): Promise<CostEstimate | null> {
  const est = await estimateJob(api, inputs, options);
  if (est && limitMs > 0 && est.seconds > Math.max(COST_FLOOR_SECONDS, (COST_MARGIN * limitMs) / 1000)) {
    throw tooCostlyError(inputs, est.seconds, limitMs);
  }
  return est;
}
