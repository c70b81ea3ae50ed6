// PDF Compress levels (issue 15) and decoder caps (issue 13) through the real route handlers and worker pool.
// Results are checked with independent readers: qpdf (structure), pdftotext (text), pdfimages (resolution).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { download, processStep, upload, useTestDataDir } from '../support/api';
import { photoPdf } from '../support/pdf-compress/make-pdfs';
import { contentBombPdf, flateBomb, imageBombPdf, lzwBomb, runLengthBomb } from '../support/compress-bombs';

useTestDataDir();
const API = 'pdf/compress';
let dir: string;
let input: Buffer;
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pdfc-api-'));
  input = Buffer.from(await photoPdf());
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function save(name: string, data: Buffer): string {
  const f = path.join(dir, name);
  fs.writeFileSync(f, data);
  return f;
}
const text = (f: string) => execFileSync('pdftotext', [f, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ').trim();
/** Highest x-ppi of the colour images (soft masks aside) pdfimages lists. */
const maxPpi = (f: string) =>
  Math.max(
    ...execFileSync('pdfimages', ['-list', f], { encoding: 'utf8' })
      .split('\n')
      .slice(2)
      .map((l) => l.trim().split(/\s+/))
      .filter((c) => c[2] === 'image')
      .map((c) => Number(c[12])),
  );

async function compress(data: Buffer, name: string, level?: string) {
  const up = await upload(API, [{ name, data, type: 'application/pdf' }]);
  expect(up.res.status).toBe(200);
  const pr = await processStep(API, { session_id: up.sessionId, ...(level === undefined ? {} : { level }) });
  return pr;
}

async function compressed(level?: string): Promise<{ file: string; size: number }> {
  const pr = await compress(input, 'Photo report.pdf', level);
  expect(pr.body).toMatchObject({ success: true });
  const dl = await download(API, pr.body.file_id as string);
  expect(dl.res.status).toBe(200);
  const file = save(`${level ?? 'default'}.pdf`, dl.data);
  expect(execFileSync('qpdf', ['--check', file], { encoding: 'utf8' })).toMatch(/No syntax or stream encoding errors/);
  return { file, size: dl.data.length };
}

describe('pdf/compress levels', () => {
  const inFile = () => save('in.pdf', input);
  let sizes: Record<string, number> = {};

  it('light, recommended (also when absent) and strong each give a valid file with the same text', async () => {
    sizes = {};
    for (const level of ['light', 'recommended', undefined, 'strong']) {
      const out = await compressed(level);
      sizes[level ?? 'absent'] = out.size;
      expect(text(out.file)).toBe(text(inFile()));
      const ppi = maxPpi(out.file);
      if (level === 'light') expect(ppi).toBeGreaterThan(290); // 300 dpi photos are left at 300 dpi
      if (level === 'recommended' || level === undefined) expect(ppi).toBeLessThanOrEqual(160);
      if (level === 'strong') expect(ppi).toBeLessThanOrEqual(80);
    }
    // Absent means recommended: the same pipeline and settings, so the same size (IDs may differ).
    expect(Math.abs(sizes.absent - sizes.recommended)).toBeLessThan(sizes.recommended * 0.01);
    expect(sizes.light).toBeGreaterThan(sizes.recommended);
    expect(sizes.strong).toBeLessThan(sizes.recommended * 0.7);
    expect(sizes.light).toBeLessThan(input.length);
  }, 300_000); // four jobs on a shared 2-core machine

  it('refuses an unknown level with 400 naming the option', async () => {
    const pr = await compress(input, 'Photo report.pdf', 'maximum');
    expect(pr.res.status).toBe(400);
    expect(pr.body).toMatchObject({ success: false });
    expect(JSON.stringify(pr.body)).toContain('level');
  });
});

describe('pdf/compress decoder caps', () => {
  it.each([
    ['FlateDecode', () => flateBomb(200 * 1024 * 1024)],
    ['LZWDecode', () => lzwBomb(200 * 1024 * 1024)],
    ['RunLengthDecode', () => runLengthBomb(200 * 1024 * 1024)],
  ])('a %s content-stream bomb is refused with 422 naming the file', async (filter, bomb) => {
    const data = Buffer.from(await contentBombPdf(bomb(), filter));
    const pr = await compress(data, `bomb-${filter}.pdf`);
    expect(pr.res.status).toBe(422);
    expect(pr.body).toMatchObject({ success: false });
    expect(JSON.stringify(pr.body)).toContain(`bomb-${filter}.pdf`);
  });

  it('an image whose data decodes far past its declared size is compressed from its declared pixels only', async () => {
    const data = Buffer.from(await imageBombPdf(runLengthBomb(300 * 1024 * 1024, 0x80), 'RunLengthDecode'));
    const pr = await compress(data, 'image-bomb.pdf');
    expect(pr.res.status).toBe(200);
    const dl = await download(API, pr.body.file_id as string);
    const file = save('image-bomb-out.pdf', dl.data);
    expect(execFileSync('qpdf', ['--check', file], { encoding: 'utf8' })).toMatch(
      /No syntax or stream encoding errors/,
    );
    expect(dl.data.length).toBeLessThan(data.length);
  });
});
