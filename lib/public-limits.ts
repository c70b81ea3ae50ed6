// The upload limits and retention the pages show and check in the browser, taken from the server's own
// configuration (lib/config.ts) so there is one source of truth. Tool pages are static: the numbers are read at
// `next build` (rebuild after changing MAX_FILE_MB, MAX_FILES, MAX_JOB_MB or SESSION_TTL_MINUTES, like SITE_*).
import 'server-only';
import { serverConfig } from '@/lib/config';
import type { UploadLimits } from '@/lib/client/limits';

export function publicLimits(): UploadLimits {
  const cfg = serverConfig();
  return {
    maxFileBytes: cfg.maxFileBytes,
    maxFiles: cfg.maxFiles,
    maxJobBytes: cfg.maxJobBytes,
    sessionMinutes: Math.max(1, Math.round(cfg.sessionTtlMs / 60_000)),
  };
}
