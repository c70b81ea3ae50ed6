// GET /api/qr/generate/download/{file_id}/ (SPEC section 7).
import { fixedEndpoint } from '@/lib/api/handler';
import { download } from '@/lib/api/qr-steps';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE } = fixedEndpoint('GET', 'Download failed', download);
