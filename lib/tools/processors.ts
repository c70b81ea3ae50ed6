// Tool API path -> its server module. Loaded only inside the job worker (lib/jobs/processor-worker.ts).
// The Record over FileToolApi makes the type check fail when a registered file tool has no module.
import 'server-only';
import type { FileToolApi } from './registry';
import type { ProcessorModule } from './types';

export const processors: Record<FileToolApi, () => Promise<ProcessorModule>> = {
  'pdf/merge': () => import('./pdf/merge'),
  'pdf/compress': () => import('./pdf/compress'),
  'pdf/to_docx': () => import('./pdf/to-docx'),
  'pdf/lock': () => import('./pdf/lock'),
  'docx/merge': () => import('./office/docx-merge'),
  'pptx/merge': () => import('./office/pptx-merge'),
  'image/remove_background': () => import('./image/remove-background'),
  'image/compress': () => import('./image/compress'),
  'image/jpg_to_png': () => import('./image/jpg-to-png'),
  'image/png_to_jpg': () => import('./image/png-to-jpg'),
  'image/png_to_svg': () => import('./image/png-to-svg'),
};
