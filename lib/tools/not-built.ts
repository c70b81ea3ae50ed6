import { AppError } from '@/lib/core/errors';
import type { Processor } from './types';

/** The module of a registered tool whose server logic has not landed yet: 501, never a fake result. */
export const notBuilt = (what: string): Processor => async () => {
  throw new AppError('NOT_IMPLEMENTED', `${what} is coming soon: this tool is not available yet.`);
};
