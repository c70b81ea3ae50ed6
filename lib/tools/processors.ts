// Tool API path -> its server module. Loaded only inside the job worker (lib/jobs/processor-worker.ts).
// The Record over FileToolApi makes the type check fail when a registered file tool has no module.
import 'server-only';
import type { FileToolApi } from './registry';
import type { ProcessorModule } from './types';

export const processors: Record<FileToolApi, () => Promise<ProcessorModule>> = {
  'pdf/merge': () => import('./pdf/merge/server'),
  'pdf/compress': () => import('./pdf/compress/server'),
  'pdf/to_docx': () => import('./pdf/to-docx/server'),
  'pdf/lock': () => import('./pdf/lock/server'),
  'docx/merge': () => import('./docx/merge/server'),
  'pptx/merge': () => import('./pptx/merge/server'),
  'image/remove_background': () => import('./image/remove-background/server'),
  'image/compress': () => import('./image/compress/server'),
  'image/jpg_to_png': () => import('./image/jpg-to-png/server'),
  'image/png_to_jpg': () => import('./image/png-to-jpg/server'),
  'image/png_to_svg': () => import('./image/png-to-svg/server'),
};
