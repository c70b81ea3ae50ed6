// PowerPoint merge (pptx/merge): several decks in, one 'Merged_File.pptx' out. The work is in ./pptx/.
import 'server-only';
import path from 'node:path';
import { AppError } from '@/lib/core/errors';
import type { Processor } from '../../types';
import { mergePresentations } from './merge';

export const run: Processor = async (inputs, _options, ctx) => {
  if (inputs.length < 2) throw new AppError('BAD_REQUEST', 'Add at least two PowerPoint files to merge.');
  const out = path.join(ctx.workDir, 'Merged_File.pptx');
  await mergePresentations(
    inputs.map((i) => ({ path: i.path, name: i.name })),
    out,
  );
  return { path: out };
};
