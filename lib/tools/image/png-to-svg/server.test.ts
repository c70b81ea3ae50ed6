// PNG to SVG on a drawn logo with transparency, on the corpus icons and logos, and on bad input. Each SVG
// is checked by rendering it back with librsvg (sharp) and comparing with the PNG.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { corpusFiles, corpusPath, describeCorpus } from '@/tests/support/corpus';
import { run as pngToSvg } from './server';
import { fillTransparent } from './prepare';
import { renderSvg, svgFidelity } from './compare';

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'svg-test-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const input = (p: string) => ({ path: p, name: path.basename(p), size: fs.statSync(p).size, kind: 'png' as const });
async function convert(p: string) {
  const out = await pngToSvg([input(p)], {}, { workDir: dir });
  return { ...out, svg: fs.readFileSync(out.path) };
}

/** A flat logo: dark ring, red triangle, a hole through which the transparent background shows. */
async function drawLogo(file: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="160">
    <circle cx="80" cy="80" r="62" fill="none" stroke="#1b2a4a" stroke-width="14"/>
    <path d="M150 130 L200 30 L235 130 Z" fill="#d62828"/>
    <circle cx="193" cy="100" r="12" fill="#000" fill-opacity="0"/>
    <rect x="55" y="55" width="50" height="50" rx="8" fill="#f4a261"/>
  </svg>`;
  const png = await sharp(Buffer.from(svg)).png().toBuffer();
  fs.writeFileSync(file, png);
  return png;
}

test('a logo with transparency: valid SVG with viewBox, renders close to the PNG, background stays transparent', async () => {
  const file = path.join(dir, 'logo.png');
  const png = await drawLogo(file);
  const { svg, notice } = await convert(file);
  const text = svg.toString('utf8');
  expect(notice).toBeUndefined();
  expect(text).toMatch(/^<svg[^>]*\bviewBox="0 0 \d+ \d+"/);
  expect(text).toMatch(/^<svg[^>]*\bwidth="240"[^>]*\bheight="160"|^<svg[^>]*\bheight="160"[^>]*\bwidth="240"/);
  const fid = await svgFidelity(svg, png);
  expect(fid.ssim).toBeGreaterThan(0.93);
  expect(fid.alphaError).toBeLessThan(0.03);
  // Corners and the ring's inside are transparent; no dark outline is drawn around the shapes.
  const rendered = await renderSvg(svg, 240, 160);
  const alphaAt = (x: number, y: number) => rendered[(y * 240 + x) * 4 + 3];
  expect([alphaAt(2, 2), alphaAt(237, 157), alphaAt(80, 30)]).toEqual([0, 0, 0]);
  const darkRimPixels = (() => {
    let n = 0;
    for (let i = 0; i < 240 * 160; i++) {
      const [r, g, b, a] = rendered.subarray(i * 4, i * 4 + 4);
      // Visible and near-black: the logo has no such colour (its darkest is #1b2a4a).
      if (a > 64 && r + g + b < 60) n++;
    }
    return n;
  })();
  expect(darkRimPixels).toBeLessThan(20);
});

test('transparent pixels take the colour of their visible neighbours before tracing', () => {
  // 4x1: red, transparent black, transparent black, blue.
  const px = Uint8Array.from([255, 0, 0, 255, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 255, 255]);
  const out = fillTransparent(px, 4, 1);
  expect([...out.subarray(0, 4)]).toEqual([255, 0, 0, 255]);
  for (const i of [1, 2]) {
    expect(out[i * 4] + out[i * 4 + 2]).toBeGreaterThan(200); // red and/or blue, never black
    expect(out[i * 4 + 3]).toBe(255);
  }
});

test('bad input: fully transparent, not a PNG, damaged', async () => {
  const empty = path.join(dir, 'empty.png');
  await sharp({ create: { width: 20, height: 20, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
    .png()
    .toFile(empty);
  await expect(convert(empty)).rejects.toMatchObject({
    code: 'UNPROCESSABLE',
    message: expect.stringContaining('"empty.png"'),
  });
  const jpeg = path.join(dir, 'photo.png');
  await sharp({ create: { width: 20, height: 20, channels: 3, background: '#888' } })
    .jpeg()
    .toFile(jpeg);
  await expect(convert(jpeg)).rejects.toMatchObject({ code: 'UNSUPPORTED_TYPE' });
  const cut = path.join(dir, 'cut.png');
  const full = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#3a6' } })
    .png({ compressionLevel: 0 })
    .toBuffer();
  fs.writeFileSync(cut, full.subarray(0, full.length >> 1));
  await expect(convert(cut)).rejects.toMatchObject({
    code: 'UNPROCESSABLE',
    message: expect.stringContaining('"cut.png"'),
  });
});

describeCorpus('corpus icons and logos', () => {
  test.each(corpusFiles('png', '.png').map((f) => [path.basename(f), f]))(
    '%s: SSIM >= 0.93 on white and black',
    async (_n, file) => {
      const { svg } = await convert(file);
      const fid = await svgFidelity(svg, fs.readFileSync(file));
      expect(fid.ssim).toBeGreaterThanOrEqual(0.93);
      expect(fid.alphaError).toBeLessThan(0.05);
    },
  );

  test('decompression bomb is refused with its size', async () => {
    await expect(convert(corpusPath('bad', 'gdkpixbuf-large-25200x33300.png'))).rejects.toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      message: expect.stringContaining('25200'),
    });
  });
});
