// Every /api path (SPEC section 7), trailing slash included, answered directly: see lib/api/dispatch.ts.
import { handleApi } from '@/lib/api/dispatch';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

type Ctx = { params: Promise<{ path: string[] }> };
const handler = (method: string) => async (req: Request, ctx: Ctx) => handleApi(method, req, (await ctx.params).path);

export const GET = handler('GET');
export const POST = handler('POST');
export const DELETE = handler('DELETE');
export const PUT = handler('PUT');
export const PATCH = handler('PATCH');
