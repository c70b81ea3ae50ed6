// Job options that are secrets (the PDF-lock password) never sit in Redis in clear text: they travel sealed
// with AES-256-GCM (node:crypto) under QUEUE_SECRET_KEY, bound to their job (the session id is the associated
// data, so a sealed value cannot be replayed into another session's job).
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { JobOptions } from '@/lib/tools/types';

const ALG = 'aes-256-gcm';
const VERSION = 'v1';

export function seal(plain: string, key: Buffer, context: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv(ALG, key, iv);
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [VERSION, iv.toString('base64'), cipher.getAuthTag().toString('base64'), body.toString('base64')].join('.');
}

/** Throws when the value was not sealed with this key and context (or was altered). */
export function unseal(sealed: string, key: Buffer, context: string): string {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || body === undefined) throw new Error('not a sealed job secret');
  const decipher = createDecipheriv(ALG, key, Buffer.from(iv, 'base64'));
  decipher.setAAD(Buffer.from(context, 'utf8'));
  decipher.setAuthTag(Buffer.from(tag, 'base64'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64')), decipher.final()]).toString('utf8');
}

/** Which option keys are secrets. */
const SECRET_KEYS = ['password'] as const;

/** Options as stored in a queued job: the plain ones as they are, the secret ones in one sealed string. */
export interface QueuedOptions {
  plain: JobOptions;
  sealed?: string;
}

export function sealOptions(options: JobOptions, key: Buffer, context: string): QueuedOptions {
  const plain: Record<string, unknown> = { ...options };
  const secret: Record<string, unknown> = {};
  for (const k of SECRET_KEYS) {
    if (plain[k] !== undefined) {
      secret[k] = plain[k];
      delete plain[k];
    }
  }
  return Object.keys(secret).length
    ? { plain: plain as JobOptions, sealed: seal(JSON.stringify(secret), key, context) }
    : { plain: plain as JobOptions };
}

export function unsealOptions(q: QueuedOptions, key: Buffer, context: string): JobOptions {
  if (!q.sealed) return q.plain;
  return { ...q.plain, ...(JSON.parse(unseal(q.sealed, key, context)) as JobOptions) };
}
