// POST /api/{family}/{tool}/process/ (SPEC section 7): runs the tool's job.
import { toolEndpoint } from '@/lib/api/handler';
import { processStep } from '@/lib/api/file-steps';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE } = toolEndpoint('POST', (tool) => tool.errors.default, processStep);
