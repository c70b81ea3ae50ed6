// One dispatcher for every /api path of SPEC section 7. It parses the path, finds the tool in the registry,
// calls lib/ and shapes the reply; route.ts stays a thin shell around it.
import 'server-only';
import { AppError } from './errors';
import { fail, ok, readJson } from './respond';
import { clientKey } from './client-key';
import { firstIssue, parseSettings, processBody } from './schemas';
import { serverConfig } from '@/lib/config';
import { fileToolByApi, type FileToolDef } from '@/lib/tools/registry';
import { handleUpload } from '@/lib/jobs/upload';
import { cleanupJob, downloadJob, processJob } from '@/lib/jobs/file-job';
import { officeSniffer } from '@/lib/jobs/office-sniffer';
import { checkLockPassword } from '@/lib/core/password-rule';
import { checkRateLimit } from './rate-limit';
import { ownerCookie, readOwner } from './owner';
import type { Owner } from '@/lib/jobs/owner';
import { textEndpoints } from './text-endpoints';
import { downloadQr, generateQr } from './qr-endpoint';

export type Method = 'GET' | 'POST' | 'DELETE';

interface Route {
  methods: Method[];
  run: () => Promise<Response>;
  fallback: string;
}

function notFound(): never {
  throw new AppError('NOT_FOUND', 'Unknown API endpoint.');
}

function fileToolRoute(tool: FileToolDef, step: string, arg: string | undefined, req: Request, client: string, owner: Owner): Route {
  switch (arg === undefined ? step : `${step}/:id`) {
    case 'upload':
      return {
        methods: ['POST'],
        fallback: 'Upload failed',
        run: async () => {
          const { meta } = await handleUpload(req, tool, owner, client, officeSniffer);
          return ok({ session_id: meta.id, files: meta.inputs.map((i) => ({ name: i.name, size: i.size })) }, ownerCookie(owner, req));
        },
      };
    case 'process':
      return {
        methods: ['POST'],
        fallback: tool.errors.default,
        run: async () => {
          const body = await readJson(req, serverConfig().maxJsonBytes);
          const parsed = processBody.safeParse(body);
          if (!parsed.success) throw new AppError('BAD_REQUEST', firstIssue(parsed.error));
          const password = tool.kind === 'lock' ? checkLockPassword(parsed.data.password) : undefined;
          const settings = parseSettings(tool.api, body);
          const options = { ...(password ? { password } : {}), ...(settings ? { settings } : {}) };
          const out = await processJob(tool, parsed.data.session_id, options, client, owner);
          return ok({ file_id: out.fileId, ...(out.notice ? { notice: out.notice } : {}) });
        },
      };
    case 'download/:id':
      return { methods: ['GET'], fallback: 'Download failed', run: () => downloadJob(tool, arg!, owner) };
    case 'cleanup/:id':
      return {
        methods: ['DELETE'],
        fallback: 'Cleanup failed',
        run: async () => ok({ deleted: await cleanupJob(arg, owner) }),
      };
    default:
      return notFound();
  }
}

function resolve(segments: string[], req: Request, client: string, owner: Owner): Route {
  const [group, action, step, arg, ...rest] = segments;
  if (!group || !action || rest.length > 0) notFound();
  const api = `${group}/${action}`;
  const tool = fileToolByApi(api);
  if (tool) {
    if (!step) notFound();
    return fileToolRoute(tool, step, arg, req, client, owner);
  }
  if (api === 'qr/generate') {
    if (step === 'process' && arg === undefined) {
      return {
        methods: ['POST'],
        fallback: 'QR generation failed',
        run: async () => ok(await generateQr(await readJson(req, serverConfig().maxJsonBytes), owner, client), ownerCookie(owner, req)),
      };
    }
    if (step === 'download' && arg !== undefined) return { methods: ['GET'], fallback: 'Download failed', run: () => downloadQr(arg, owner) };
    notFound();
  }
  const text = textEndpoints[api];
  if (text && step === undefined) {
    return {
      methods: ['POST'],
      fallback: text.fallback,
      run: async () => ok(await text.handle(await readJson(req, serverConfig().maxJsonBytes))),
    };
  }
  return notFound();
}

export async function handleApi(method: Method | string, req: Request, rawSegments: string[]): Promise<Response> {
  const segments = rawSegments.filter((s) => s !== '');
  let fallback = 'Request failed';
  try {
    const client = clientKey(req);
    checkRateLimit(client);
    const route = resolve(segments, req, client, readOwner(req));
    fallback = route.fallback;
    if (!route.methods.includes(method as Method)) {
      return Response.json(
        { success: false, error: `Method ${method} is not allowed here.` },
        { status: 405, headers: { Allow: route.methods.join(', '), 'Cache-Control': 'no-store' } },
      );
    }
    return await route.run();
  } catch (e) {
    return fail(e, fallback);
  }
}
