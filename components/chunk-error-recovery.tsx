// Recovery from failed lazy loads (lib/chunk-recovery.ts). Rendered into <head> as a classic inline script so
// it listens before the first chunk is requested: script/stylesheet load errors, ChunkLoadError, failed dynamic
// import() and the spec's 'vite:preloadError' lead to one guarded reload, then to a visible Reload bar —
// never a reload loop, never a blank page. Errors thrown while rendering reach app/error.tsx instead.
import { inlineRecoveryScript } from '@/lib/chunk-recovery';

const SCRIPT = inlineRecoveryScript();

export function ChunkErrorRecovery() {
  return <script id="chunk-recovery" dangerouslySetInnerHTML={{ __html: SCRIPT }} />;
}
