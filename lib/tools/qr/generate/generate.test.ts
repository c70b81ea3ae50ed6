// Issue 21: QR options and templates, each image decoded by zbarimg (zbar-tools, independent of both the
// encoder and the server's jsQR check); SVG drawn on the same module grid as the PNG; the spec's PNG unchanged.
import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { generateQrImage } from './generate';
import { qrOptionsSchema, type QrOptions } from './options-schema';
import { layoutPng, layoutQr, layoutSvg, renderQrPng } from './render';
import { emailContent, phoneContent, smsContent, vcardContent, wifiContent } from './templates';
import { verifyQr } from './verify';

jest.setTimeout(120_000);
const run = promisify(execFile);

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'qr-gen-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

let n = 0;
async function zbar(image: Buffer, ext: 'png' | 'svg'): Promise<string> {
  // zbarimg reads PNG; an SVG is rasterised first by librsvg (sharp) at its own pixel size.
  const png = ext === 'svg' ? await sharp(image, { density: 72 }).png().toBuffer() : image;
  const file = path.join(dir, `${++n}.png`);
  await writeFile(file, png);
  const { stdout } = await run('zbarimg', ['-q', '--raw', '-Sbinary', file], {
    encoding: 'buffer',
    maxBuffer: 1 << 20,
  });
  return stdout.toString('utf8');
}

describe('the spec PNG, byte for byte, when no option is used', () => {
  // SHA-256 of the images the renderer made before issue 21 (same sharp/libpng build): nothing changed.
  it.each([
    ['https://example.com', 'd254830263d2a8a102585f647d87731e075ae6e810917b5efcf393e9b45788c2'],
    ['한국어 텍스트 😀', '7ecc0f7c5aa8b34e0599c637dd0652d3cbd0475ad5226b9cd4104f5d15fffb8c'],
  ])('%s', async (content, sha) => {
    const png = await renderQrPng(content);
    expect(crypto.createHash('sha256').update(png).digest('hex')).toBe(sha);
    const viaApi = await generateQrImage(content, qrOptionsSchema.parse({ content }));
    expect(viaApi).toMatchObject({ mime: 'image/png', ext: 'png' });
    expect(viaApi.data.equals(png)).toBe(true);
  });
});

describe('options', () => {
  const content = 'https://onedesk.example/가나다?x=1';
  it.each<[string, QrOptions]>([
    ['size 300', { size: 300 }],
    ['size 1200, level H', { size: 1200, ec_level: 'H' }],
    ['level L', { ec_level: 'L' }],
    ['level M', { ec_level: 'M' }],
    ['level Q', { ec_level: 'Q' }],
    ['colours navy on cream', { fg: '#1a237e', bg: '#fff8e1' }],
    ['margin 1', { margin: 1 }],
    ['margin 10', { margin: 10 }],
    ['SVG', { format: 'svg' }],
    ['SVG with everything', { format: 'svg', size: 500, ec_level: 'Q', fg: '#003300', bg: '#f0fff0', margin: 2 }],
  ])('%s: zbarimg reads the exact content', async (_label, opts) => {
    const img = await generateQrImage(content, opts);
    expect(await zbar(img.data, img.ext)).toBe(content);
    const meta = await sharp(img.data, { density: 72 }).metadata();
    if (opts.size) expect([meta.width, meta.height]).toEqual([opts.size, opts.size]);
    expect(meta.format).toBe(opts.format === 'svg' ? 'svg' : 'png');
  });

  it('margin 0: offered only if it reads back (then zbarimg reads it too), else a clear 422', async () => {
    const result = await generateQrImage(content, { margin: 0 }).catch((e: Error & { code?: string }) => e);
    if (result instanceof Error) {
      expect(result).toMatchObject({
        code: 'UNPROCESSABLE',
        message: expect.stringMatching(/did not read back correctly/),
      });
    } else {
      expect(await zbar(result.data, 'png')).toBe(content);
    }
  });

  it('uses the level asked for and refuses content too long for it', async () => {
    expect(layoutQr(content, { ec_level: 'L' }).info.level).toBe('L');
    expect(layoutQr(content).info.level).toBe('H');
    expect(() => layoutQr('가'.repeat(600), { ec_level: 'H' })).toThrow(/level H/);
  });

  it('keeps whole pixels per module and refuses a size too small for the content', () => {
    const l = layoutQr(content, { size: 333 });
    expect(Number.isInteger(l.scale)).toBe(true);
    expect(l.width).toBe(333);
    expect(() => layoutQr('a'.repeat(1500), { size: 100 })).toThrow(/too small for this content/);
  });

  it('refuses unreadable colour pairs, light-on-dark and bad values, naming the field', () => {
    const issue = (o: unknown) => {
      const r = qrOptionsSchema.safeParse(o);
      return r.success ? null : `${r.error.issues[0].path.join('.')}: ${r.error.issues[0].message}`;
    };
    expect(issue({ fg: '#777777', bg: '#888888' })).toMatch(
      /^fg: These colours are too close to scan reliably \(contrast 1\.3:1; at least 4\.5:1 is needed\)\.$/,
    );
    expect(issue({ fg: '#ffffff', bg: '#000000' })).toMatch(/^fg: The foreground colour must be darker/);
    expect(issue({ bg: '#222222' })).toMatch(/^bg: The foreground colour must be darker|^bg: These colours/);
    expect(issue({ fg: 'red' })).toBe('fg: A colour as #rrggbb.');
    expect(issue({ format: 'gif' })).toBe('format: Use "png" or "svg".');
    expect(issue({ size: 50 })).toBe('size: At least 100 pixels.');
    expect(issue({ ec_level: 'X' })).toBe('ec_level: Use "L", "M", "Q" or "H".');
    expect(issue({ margin: 2.5 })).toMatch(/^margin: A whole number/);
    expect(issue({ fg: '#1a237e', bg: '#fff8e1', margin: 0 })).toBeNull();
  });
});

describe('SVG', () => {
  it.each<[string, QrOptions]>([
    ['default', {}],
    ['options', { size: 437, ec_level: 'M', fg: '#222222', bg: '#ffffee', margin: 3 }],
  ])('is valid and draws exactly the PNG modules (%s)', async (_label, opts) => {
    const content = '모듈 비교 https://example.com/';
    const layout = layoutQr(content, opts);
    const svg = layoutSvg(layout);
    expect(svg.toString('utf8')).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<svg xmlns="http:\/\/www.w3.org\/2000\/svg" /,
    );
    const raster = async (img: Buffer) =>
      await sharp(img, { density: 72 }).removeAlpha().toColourspace('srgb').raw().toBuffer({ resolveWithObject: true });
    const a = await raster(await layoutPng(layout));
    const b = await raster(svg);
    expect([b.info.width, b.info.height]).toEqual([a.info.width, a.info.height]);
    // librsvg's rendering of the SVG is pixel-identical to the PNG: same modules, same quiet zone, same colours.
    let differ = 0;
    for (let i = 0; i < a.data.length; i++) if (a.data[i] !== b.data[i]) differ++;
    expect(differ).toBe(0);
  });
});

describe('templates, in the formats phone cameras read, decoded by zbarimg', () => {
  it.each([
    [
      'Wi-Fi WPA',
      wifiContent({ ssid: 'Cafe "Seoul"; 2F', password: 'p@ss:word,1\\', security: 'WPA' }),
      'WIFI:T:WPA;S:Cafe \\"Seoul\\"\\; 2F;P:p@ss\\:word\\,1\\\\;;',
    ],
    [
      'Wi-Fi open, hidden',
      wifiContent({ ssid: 'Guest', password: 'ignored', security: 'nopass', hidden: true }),
      'WIFI:T:nopass;S:Guest;H:true;;',
    ],
    [
      'vCard',
      vcardContent({
        firstName: '길동',
        lastName: '홍',
        org: 'OneDesk, Inc.',
        phone: '+82 10-1234-5678',
        email: 'hong@example.com',
        url: 'https://example.com',
      }),
      'BEGIN:VCARD\r\nVERSION:3.0\r\nN:홍;길동;;;\r\nFN:길동 홍\r\nORG:OneDesk\\, Inc.\r\nTEL;TYPE=CELL:+821012345678\r\nEMAIL:hong@example.com\r\nURL:https://example.com\r\nEND:VCARD',
    ],
    [
      'e-mail',
      emailContent({ to: 'help@example.com', subject: 'Hello & welcome', body: '안녕하세요' }),
      'mailto:help@example.com?subject=Hello%20%26%20welcome&body=%EC%95%88%EB%85%95%ED%95%98%EC%84%B8%EC%9A%94',
    ],
    ['SMS', smsContent({ number: '+82 10 1234 5678', message: 'On my way' }), 'SMSTO:+821012345678:On my way'],
    ['phone', phoneContent({ number: '(02) 123-4567' }), 'tel:021234567'],
  ])('%s', async (_label, content, expected) => {
    expect(content).toBe(expected);
    for (const format of ['png', 'svg'] as const) {
      const img = await generateQrImage(content, { format });
      expect(await zbar(img.data, img.ext)).toBe(expected);
    }
  });
});

describe('verifyQr', () => {
  it('refuses an image whose code does not read back as the content', async () => {
    const png = await renderQrPng('hello');
    await expect(verifyQr(png, 'hello')).resolves.toBeUndefined();
    await expect(verifyQr(png, 'hellO')).rejects.toThrow(/did not read back correctly/);
    const blank = await sharp({ create: { width: 200, height: 200, channels: 3, background: '#ffffff' } })
      .png()
      .toBuffer();
    await expect(verifyQr(blank, 'hello')).rejects.toMatchObject({ code: 'UNPROCESSABLE' });
  });
});
