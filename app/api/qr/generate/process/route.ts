// POST /api/qr/generate/process/ (SPEC section 7).
import { fixedEndpoint } from '@/lib/api/handler';
import { generate } from '@/lib/api/qr-steps';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE } = fixedEndpoint('POST', 'QR generation failed', generate);
