import type { ServerResponse } from 'node:http';

export const STORED_LENGTH_HEADER: string;
export function restoreDownloadLength(res: ServerResponse): void;
