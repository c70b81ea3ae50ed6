// Every code renderQrPng makes must decode back to the exact input with two independent decoders:
// jsQR (pure JS, what the e2e test uses) and zbar's zbarimg (C, the Debian package zbar-tools).
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { isAppError } from '@/lib/core/errors';
import { MIN_SCALE, QUIET_ZONE, planQr, renderQrPng } from './render';

jest.setTimeout(120_000);
const run = promisify(execFile);

// A realistic Korean text (syllables, spaces, punctuation), cut to exactly 1000 characters.
const KOREAN_SENTENCE =
  '다람쥐 헌 쳇바퀴에 타고파. 키스의 고유 조건은 입술끼리 만나야 하고 특별한 기술은 필요치 않다. ';
const KOREAN_1000 = KOREAN_SENTENCE.repeat(30).slice(0, 1000);

const CASES: Array<[string, string]> = [
  ['one character', 'a'],
  ['one Korean syllable', '가'],
  ['one accented Latin letter', 'é'],
  ['Korean', '안녕하세요, 세계! 원데스크 QR 코드 테스트입니다.'],
  ['emoji (flag, skin tone, ZWJ family)', '🇰🇷 👍🏽 👨‍👩‍👧‍👦 ✨'],
  ['URL', 'https://example.com/search?q=%ED%95%9C&lang=ko#top'],
  ['URL with raw Korean', 'https://example.com/검색?q=한국어'],
  ['multi-line text with tabs', 'line 1\nline 2\r\n\tindented  two spaces'],
  ['1000 Korean characters', KOREAN_1000],
];

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'qr-render-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function decodeWithJsQr(png: Buffer): Promise<string> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const code = jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height);
  if (!code) throw new Error('jsQR found no QR code');
  // binaryData is the byte-mode payload exactly as encoded.
  return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(code.binaryData));
}

async function decodeWithZbar(png: Buffer, name: string): Promise<string> {
  const file = path.join(dir, `${name}.png`);
  await writeFile(file, png);
  const { stdout } = await run('zbarimg', ['-q', '--raw', file], { encoding: 'buffer', maxBuffer: 1 << 20 });
  // zbarimg ends its output with one newline of its own.
  const text = stdout.toString('utf8');
  return text.endsWith('\n') ? text.slice(0, -1) : text;
}

describe('renderQrPng', () => {
  it.each(CASES)('%s: decodes back to the exact input with jsQR and zbarimg', async (_label, content) => {
    const png = await renderQrPng(content);
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    await expect(decodeWithJsQr(png)).resolves.toBe(content);
    await expect(decodeWithZbar(png, _label.replace(/\W+/g, '-'))).resolves.toBe(content);
  });

  // Byte capacity of a version-40 code: H 1273, Q 1663, M 2331, L 2953 (minus the ECI header for UTF-8).
  it.each([
    ['https://example.com', 'H'],
    ['가'.repeat(500), 'Q'], // 1500 bytes
    ['a'.repeat(2000), 'M'],
    ['a'.repeat(2900), 'L'],
  ])('picks the strongest error-correction level that fits (%#)', (content, level) => {
    expect(planQr(content).info.level).toBe(level);
  });

  it('fits a 1000-character Korean text (spaces and punctuation included) only at level L', () => {
    expect(planQr(KOREAN_1000).info).toMatchObject({ level: 'L', eci: true });
  });

  it('marks only non-ASCII content as UTF-8 (ECI 26)', () => {
    expect(planQr('https://example.com').info.eci).toBe(false);
    expect(planQr('한').info.eci).toBe(true);
  });

  it('draws modules big enough to read, with a 4-module quiet zone', async () => {
    for (const content of ['a', KOREAN_1000]) {
      const { info } = planQr(content);
      expect(info.scale).toBeGreaterThanOrEqual(MIN_SCALE);
      const meta = await sharp(await renderQrPng(content)).metadata();
      expect(meta.width).toBe((info.size + 2 * QUIET_ZONE) * info.scale);
      expect(meta.height).toBe(meta.width);
    }
  });

  it('refuses text that fits no QR code with a clear error, and empty text', async () => {
    const tooLong = '가'.repeat(1000); // 3000 UTF-8 bytes: above the 2952 a version-40-L code holds
    let caught: unknown;
    try {
      await renderQrPng(tooLong);
    } catch (e) {
      caught = e;
    }
    expect(isAppError(caught) && caught.code).toBe('PAYLOAD_TOO_LARGE');
    expect((caught as Error).message).toMatch(/too long for a QR code/);
    await expect(renderQrPng('')).rejects.toThrow(/Enter text/);
  });
});
