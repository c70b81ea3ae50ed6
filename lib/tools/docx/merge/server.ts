// Word merge (docx/merge): every uploaded document in order, each starting on a new page, in one .docx.
import 'server-only';
import path from 'node:path';
import { AppError } from '@/lib/core/errors';
import type { Processor } from '../../types';
import { mergeDocx } from './merge';

export const run: Processor = async (inputs, _options, ctx) => {
  if (inputs.length === 0) throw new AppError('BAD_REQUEST', 'Add at least one Word document to merge.');
  const out = path.join(ctx.workDir, 'Merged_File.docx');
  await mergeDocx(
    inputs.map((i) => ({ path: i.path, name: i.name })),
    out,
  );
  return { path: out };
};
