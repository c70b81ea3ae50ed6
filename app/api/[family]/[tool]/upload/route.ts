// POST /api/{family}/{tool}/upload/ (SPEC section 7), for every file tool in lib/tools/registry.ts.
import { toolEndpoint } from '@/lib/api/handler';
import { upload } from '@/lib/api/file-steps';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE } = toolEndpoint('POST', 'Upload failed', upload);
