// The one wrapper every app/api route.ts goes through. In order: who is asking (client key), the rate limit,
// which endpoint (a file tool from the registry, or a fixed one), the method (JSON 405 otherwise), the owner
// cookie, then the step; every error, zod's included, becomes a reply through the one status table
// (lib/api/errors.ts via respond.ts). Route files stay one-liners: `export const { GET, ... } = ...`.
import 'server-only';
import { AppError } from '@/lib/core/errors';
import { fileToolByApi, type FileToolDef } from '@/lib/tools/registry';
import type { Owner } from '@/lib/jobs/owner';
import { clientKey } from './client-key';
import { limitRequest } from './rate-limit';
import { readOwner } from './owner';
import { fail } from './respond';

export type Method = 'GET' | 'POST' | 'DELETE';
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
type AnyMethod = (typeof METHODS)[number];

type Params = Record<string, string | string[] | undefined>;
export type RouteContext = { params: Promise<Params> };
export type RouteHandler = (req: Request, ctx: RouteContext) => Promise<Response>;
export type RouteHandlers = Record<AnyMethod, RouteHandler>;

/** What a step gets: the request, who sent it, their owner token and the path's parameters. */
export interface Call {
  req: Request;
  client: string;
  owner: Owner;
  params: Params;
}
export interface ToolCall extends Call {
  tool: FileToolDef;
}

export interface EndpointOptions {
  /** false: never refused by the rate limit (cleanup frees storage, so refusing it only keeps files longer). */
  rateLimited?: boolean;
}

function notFound(): never {
  throw new AppError('NOT_FOUND', 'Unknown API endpoint.');
}

function methodNotAllowed(method: string, allowed: Method): Response {
  return Response.json(
    { success: false, error: `Method ${method} is not allowed here.` },
    { status: 405, headers: { Allow: allowed, 'Cache-Control': 'no-store' } },
  );
}

/** Handlers for every method of one endpoint. `resolve` finds its subject (or throws NOT_FOUND) and names the
 * message a failure shows when the error is not one the visitor caused. */
function endpoint<T>(
  method: Method | null,
  resolve: (params: Params) => { subject: T; fallback: string },
  run: (call: Call, subject: T) => Promise<Response>,
  options: EndpointOptions = {},
): RouteHandlers {
  const handle =
    (actual: AnyMethod): RouteHandler =>
    async (req, ctx) => {
      let fallback = 'Request failed';
      try {
        const client = clientKey(req);
        if (options.rateLimited !== false) await limitRequest(client);
        const params = await ctx.params;
        const found = resolve(params);
        fallback = found.fallback;
        if (method === null) notFound();
        if (actual !== method) return methodNotAllowed(actual, method);
        return await run({ req, client, owner: readOwner(req), params }, found.subject);
      } catch (e) {
        return fail(e, fallback);
      }
    };
  return Object.fromEntries(METHODS.map((m) => [m, handle(m)])) as RouteHandlers;
}

/** A step of a file tool: /api/{family}/{tool}/{step}/..., the tool found in the registry by its API path. */
export function toolEndpoint(
  method: Method,
  fallback: string | ((tool: FileToolDef) => string),
  run: (call: ToolCall) => Promise<Response>,
  options?: EndpointOptions,
): RouteHandlers {
  return endpoint(
    method,
    (params) => {
      const tool = fileToolByApi(`${params.family}/${params.tool}`);
      if (!tool) notFound();
      return { subject: tool, fallback: typeof fallback === 'string' ? fallback : fallback(tool) };
    },
    (call, tool) => run({ ...call, tool }),
    options,
  );
}

/** An endpoint with a fixed path (text and QR). */
export function fixedEndpoint(method: Method, fallback: string, run: (call: Call) => Promise<Response>): RouteHandlers {
  return endpoint(
    method,
    () => ({ subject: null, fallback }),
    (call) => run(call),
  );
}

/** Any other /api path: the JSON 404 (after the rate limit, like every API request). */
export const unknownEndpoint = (): RouteHandlers =>
  endpoint(null, () => ({ subject: null, fallback: 'Request failed' }), notFound);

/** A path parameter as one string (a catch-all never reaches a step). */
export const param = (call: Call, name: string): string => {
  const v = call.params[name];
  return typeof v === 'string' ? v : '';
};
