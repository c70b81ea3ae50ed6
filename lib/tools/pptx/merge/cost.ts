// What a PowerPoint merge will cost: its time follows the files' sizes (media copied as they are). Fitted
// on ../shared/corpus (bench/job-cost.bench.ts); lib/tools/cost.ts applies it.
import 'server-only';
import { linearEstimator, sizeFeatures, type LinearModel } from '../../cost-model';

export const PPTX_MERGE_MODEL: LinearModel = { base: 0.07, per: { mb: 0.1 } };
export const pptxMergeCost = linearEstimator(PPTX_MERGE_MODEL, sizeFeatures);
