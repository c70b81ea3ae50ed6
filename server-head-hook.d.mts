import type { ServerResponse } from 'node:http';

export function beforeHead(res: ServerResponse, hook: (status: number) => void): void;
