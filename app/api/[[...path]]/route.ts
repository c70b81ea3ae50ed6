// Any other /api path, /api/ itself included: the JSON 404 (each endpoint of SPEC section 7 has its own route.ts beside this one).
import { unknownEndpoint } from '@/lib/api/handler';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE } = unknownEndpoint();
