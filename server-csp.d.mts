import type { IncomingMessage, ServerResponse } from 'node:http';
export function scriptHashPolicy(distDir: string): ((req: IncomingMessage, res: ServerResponse) => void) | null;
