// POST /api/qr/generate/process/ with issue 21's options through the real route handler, and the download:
// type and extension follow `format`; bad options are a 400 naming the field; the spec request is unchanged.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { call, download, json, useTestDataDir } from '@/tests/support/api';

jest.setTimeout(120_000);
useTestDataDir();
const run = promisify(execFile);
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'qr-route-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const post = (body: unknown) =>
  call('POST', '/api/qr/generate/process/', {
    body: JSON.stringify(body),
    headers: { 'Content-Type': 'application/json' },
  });

async function zbar(png: Buffer): Promise<string> {
  const file = path.join(dir, `${Math.random().toString(36).slice(2)}.png`);
  await writeFile(file, png);
  const { stdout } = await run('zbarimg', ['-q', '--raw', '-Sbinary', file], { encoding: 'buffer' });
  return stdout.toString('utf8');
}

describe('POST /api/qr/generate/process/ options', () => {
  it('without options: a PNG named as asked, as the spec says', async () => {
    const res = await post({ content: 'https://example.com', output_filename: 'qr_code_1.png' });
    expect(res.status).toBe(200);
    const { file_id } = await json(res);
    const { res: got, data: body } = await download('qr/generate', file_id as string);
    expect(got.headers.get('content-type')).toMatch(/^image\/png/);
    expect(got.headers.get('content-disposition')).toMatch(/qr_code_1\.png/);
    expect(await zbar(body)).toBe('https://example.com');
  });

  it('SVG with size, level, colours and margin: image/svg+xml, .svg, decodes to the content', async () => {
    const content = 'WIFI:T:WPA;S:OneDesk;P:secret\\;1;;';
    const res = await post({
      content,
      output_filename: 'qr_code_2.svg',
      format: 'svg',
      size: 480,
      ec_level: 'Q',
      fg: '#102030',
      bg: '#fafafa',
      margin: 2,
    });
    expect(res.status).toBe(200);
    const { file_id } = await json(res);
    const { res: got, data: body } = await download('qr/generate', file_id as string);
    expect(got.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(got.headers.get('content-disposition')).toMatch(/qr_code_2\.svg/);
    const meta = await sharp(body).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['svg', 480, 480]);
    expect(await zbar(await sharp(body, { density: 72 }).png().toBuffer())).toBe(content);
  });

  it('a PNG asked under an .svg name gets a .png name (the extension follows the format)', async () => {
    const res = await post({ content: 'x', output_filename: 'qr_code_3.svg' });
    const { file_id } = await json(res);
    const { res: got } = await download('qr/generate', file_id as string);
    expect(got.headers.get('content-disposition')).toMatch(/qr_code_\d+\.png/);
  });

  it.each([
    [{ format: 'jpg' }, /The option "format" is not valid: Use "png" or "svg"\./],
    [{ size: 10 }, /The option "size" is not valid: At least 100 pixels\./],
    [{ ec_level: 'Z' }, /The option "ec_level" is not valid/],
    [{ fg: '#eeeeee' }, /The option "fg" is not valid: .*(darker|too close)/],
    [{ fg: '#ffffff', bg: '#000000' }, /must be darker than the background/],
    [{ margin: -1 }, /The option "margin" is not valid/],
  ])('refuses %j with a 400 naming the field', async (opts, message) => {
    const res = await post({ content: 'hello', ...opts });
    expect(res.status).toBe(400);
    expect(await json(res)).toMatchObject({ success: false, error: expect.stringMatching(message) });
  });
});
