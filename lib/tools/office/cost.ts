// What a Word or PowerPoint merge will cost: its time follows the files' sizes (XML to rewrite, media to
// copy). The archives' own limits (entries, expanded size) are checked by the tools; this only predicts
// time. Models fitted on ../shared/corpus (bench/job-cost.bench.ts); lib/tools/cost.ts applies them.
import 'server-only';
import { linearEstimator, type Features, type LinearModel } from '../cost-model';
import type { JobInput } from '../types';

export async function officeFeatures(inputs: JobInput[]): Promise<Features> {
  return { files: inputs.length, mb: inputs.reduce((n, i) => n + i.size, 0) / 2 ** 20 };
}

export const OFFICE_MODELS = {
  'docx/merge': { base: 0.05, per: { mb: 0.32 } },
  'pptx/merge': { base: 0.07, per: { mb: 0.1 } },
} satisfies Record<string, LinearModel>;

export const officeEstimators = Object.fromEntries(
  Object.entries(OFFICE_MODELS).map(([api, m]) => [api, linearEstimator(m, async (inputs) => officeFeatures(inputs))]),
) as Record<keyof typeof OFFICE_MODELS, ReturnType<typeof linearEstimator>>;
