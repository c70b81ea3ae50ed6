// Uploads that trickle, file names that lie about their direction, and two visitors racing for one
// new session id.
import { as, call, json, newSessionId, upload, useTestDataDir } from '../support/api';
import { sampleFile } from '../support/sample-files';
import { bareFileName } from '@/lib/core/errors';

useTestDataDir({ MIN_UPLOAD_KBPS: '1', UPLOAD_GRACE_SECONDS: '1' });

describe('hostile uploads', () => {
  it('an upload slower than the minimum rate is cut with a clear 408', async () => {
    const boundary = 'xBOUNDARYx';
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="session_id"\r\n\r\n${newSessionId()}\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="slow.png"\r\nContent-Type: image/png\r\n\r\n`;
    let timer: NodeJS.Timeout | undefined;
    const body = new ReadableStream<Uint8Array>({
      start(c) {
        c.enqueue(new TextEncoder().encode(head));
        timer = setInterval(() => c.enqueue(new Uint8Array([0x41])), 300); // 3 bytes a second
      },
      cancel() {
        clearInterval(timer);
      },
    });
    const started = Date.now();
    const res = await call('POST', '/api/image/png_to_jpg/upload/', { body, duplex: 'half' } as RequestInit, {
      'content-type': `multipart/form-data; boundary=${boundary}`,
    });
    clearInterval(timer);
    expect(res.status).toBe(408);
    expect(await json(res)).toEqual({
      success: false,
      error: 'The upload was too slow and was stopped. Please check your connection and try again.',
    });
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('file names lose bidi overrides and C1 control characters', async () => {
    expect(bareFileName('invoice\u202Efdp.exe')).toBe('invoicefdp.exe');
    expect(bareFileName('a\u0085b\u009bc\u2066d\u2069\u200f.png')).toBe('abcd.png');
    expect(bareFileName('dir/\u061Cname.pdf')).toBe('name.pdf');
    const up = await upload('image/png_to_jpg', [await sampleFile('png', 'photo\u202Egnp.exe\u0085.png')]);
    expect(up.res.status).toBe(200);
    const files = up.body.files as { name: string }[];
    expect(files[0].name).toBe('photognp.exe.png');
  });

  it('two visitors racing to create one session id: only one gets it', async () => {
    const id = newSessionId();
    const png = await sampleFile('png', 'race.png');
    const [a, b] = await Promise.all([
      as('racer-a', () => upload('image/png_to_jpg', [png], {}, id)),
      as('racer-b', () => upload('image/png_to_jpg', [png], {}, id)),
    ]);
    expect([a.res.status, b.res.status].sort()).toEqual([200, 404]);
    // The winner keeps it; the loser still cannot take it over.
    const winner = a.res.status === 200 ? 'racer-a' : 'racer-b';
    const loser = winner === 'racer-a' ? 'racer-b' : 'racer-a';
    expect((await as(loser, () => upload('image/png_to_jpg', [png], {}, id))).res.status).toBe(404);
    expect((await as(winner, () => upload('image/png_to_jpg', [png], {}, id))).res.status).toBe(200);
  });
});
