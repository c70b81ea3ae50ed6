// Tool API path -> its server module, found by its folder: lib/tools/<family>/<tool>/server.ts (the API path
// with '-' for '_'), so adding a tool needs no line here. Loaded only inside the job worker
// (lib/jobs/processor-worker.ts), which esbuild bundles with every server.ts this pattern matches
// (scripts/build-worker.mjs). registry.test.ts checks that every file tool has one exporting `run`.
import 'server-only';
import { FILE_TOOLS, toolFolder, type FileToolApi } from './registry';
import type { ProcessorModule } from './types';

const load = (api: string): Promise<ProcessorModule> => {
  const [family, tool] = toolFolder(api).split('/');
  return import(`./${family}/${tool}/server.ts`);
};

export const processors = Object.fromEntries(FILE_TOOLS.map((t) => [t.api, () => load(t.api)])) as Record<
  FileToolApi,
  () => Promise<ProcessorModule>
>;
