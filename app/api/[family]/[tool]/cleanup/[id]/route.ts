// DELETE /api/{family}/{tool}/cleanup/{session_id}/ (SPEC section 7). Never refused by the rate limit: it
// only frees storage, and refusing it would keep a visitor's files until the session time limit.
import { toolEndpoint } from '@/lib/api/handler';
import { cleanup } from '@/lib/api/file-steps';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE } = toolEndpoint('DELETE', 'Cleanup failed', cleanup, {
  rateLimited: false,
});
