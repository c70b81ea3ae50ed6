// Start-up check of the storage settings, for the web server (instrumentation.ts) and the worker process:
// inconsistent settings stop the process with a message an operator can act on, instead of a server that
// answers every upload with a 500. (Next only logs an error thrown by the instrumentation hook.)
import 'server-only';
import { storageConfigErrors } from '@/lib/config';

export function exitOnBadStorageConfig(): void {
  const errors = storageConfigErrors();
  if (errors.length === 0) return;
  console.error(`OneDesk cannot start, the storage settings are inconsistent:\n  ${errors.join('\n  ')}`);
  process.exit(1);
}
