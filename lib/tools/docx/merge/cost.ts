// What a Word merge will cost: its time follows the files' sizes. The archive limits (entries, expanded
// size) are the tool's own checks; this only predicts time. Fitted on ../shared/corpus
// (bench/job-cost.bench.ts); lib/tools/cost.ts applies it.
import 'server-only';
import { linearEstimator, sizeFeatures, type LinearModel } from '../../cost-model';

export const DOCX_MERGE_MODEL: LinearModel = { base: 0.05, per: { mb: 0.32 } };
export const docxMergeCost = linearEstimator(DOCX_MERGE_MODEL, sizeFeatures);
