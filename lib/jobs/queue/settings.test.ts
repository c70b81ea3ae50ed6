import { serverConfig } from '@/lib/config';
import { laneOf, parseLanes } from './lanes';
import { parseSecretKey, queueConfigProblems } from './settings';
import { decodeFailure, encodeFailure } from './wire';
import { AppError } from '@/lib/core/errors';

const HEX = 'ab'.repeat(32);

function problems(env: Record<string, string>) {
  const saved = { ...process.env };
  Object.assign(process.env, env);
  try {
    return queueConfigProblems(serverConfig());
  } finally {
    for (const k of Object.keys(env)) if (saved[k] === undefined) delete process.env[k];
    Object.assign(process.env, saved);
  }
}

describe('queue settings', () => {
  it('accepts the single-machine default', () => {
    expect(problems({ QUEUE: 'local' })).toEqual([]);
  });

  it('refuses an unknown QUEUE, and redis without REDIS_URL or a 32-byte key', () => {
    expect(problems({ QUEUE: 'kafka' })[0]).toMatch(/QUEUE must be "local" or "redis"/);
    const p = problems({ QUEUE: 'redis', REDIS_URL: '', QUEUE_SECRET_KEY: 'short', STORAGE: 's3' });
    expect(p.join('\n')).toMatch(/needs REDIS_URL/);
    expect(p.join('\n')).toMatch(/needs QUEUE_SECRET_KEY/);
  });

  it('refuses QUEUE=redis on a local disk unless DATA_DIR is declared shared', () => {
    const base = { QUEUE: 'redis', REDIS_URL: 'redis://127.0.0.1:6379', QUEUE_SECRET_KEY: HEX };
    expect(problems({ ...base, STORAGE: 'disk', SHARED_DATA_DIR: '' }).join('\n')).toMatch(/SHARED_DATA_DIR=1/);
    expect(problems({ ...base, STORAGE: 'disk', SHARED_DATA_DIR: '1' })).toEqual([]);
    expect(problems({ ...base, STORAGE: 's3', SHARED_DATA_DIR: '' })).toEqual([]);
  });

  it('reads the key as hex or base64 of 32 bytes', () => {
    expect(parseSecretKey(HEX)?.length).toBe(32);
    expect(parseSecretKey(Buffer.alloc(32, 7).toString('base64'))?.length).toBe(32);
    expect(parseSecretKey('ab'.repeat(16))).toBeNull();
    expect(problems({ WORKER_QUEUES: 'document,gpu' }).join()).toMatch(/WORKER_QUEUES/);
  });
});

describe('lanes and failures', () => {
  it('puts background removal on the model queue and the rest on the document queue', () => {
    expect(laneOf('image/remove_background')).toBe('model');
    expect(laneOf('pdf/compress')).toBe('document');
    expect(parseLanes('model')).toEqual({ lanes: ['model'], unknown: [] });
  });

  it('keeps a visitor error its code and message, and turns anything else into an internal error', () => {
    const back = decodeFailure(encodeFailure(new AppError('UNPROCESSABLE', '"a.pdf" is damaged.')));
    expect(back).toBeInstanceOf(AppError);
    expect(back).toMatchObject({ code: 'UNPROCESSABLE', message: '"a.pdf" is damaged.' });
    expect(decodeFailure(encodeFailure(new Error('boom')))).not.toBeInstanceOf(AppError);
    expect(decodeFailure('job stalled more than allowable limit').message).toMatch(/stalled/);
  });
});
