// POST /api/text/count/ (SPEC section 7).
import { fixedEndpoint } from '@/lib/api/handler';
import { count } from '@/lib/api/text-steps';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE } = fixedEndpoint('POST', 'Count failed', count);
