// POST /api/text/translate/ (SPEC section 7).
import { fixedEndpoint } from '@/lib/api/handler';
import { translate } from '@/lib/api/text-steps';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE } = fixedEndpoint('POST', 'Translation failed', translate);
