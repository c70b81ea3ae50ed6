// GET /api/{family}/{tool}/download/{file_id}/ (SPEC section 7).
import { toolEndpoint } from '@/lib/api/handler';
import { download } from '@/lib/api/file-steps';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE } = toolEndpoint('GET', 'Download failed', download);
