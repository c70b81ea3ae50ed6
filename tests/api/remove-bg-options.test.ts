// Remove Background's optional process fields (issue 20): background, format, crop. Through the real route
// handlers and worker pool; results read back with sharp (format by magic bytes, colour at a pixel that was
// transparent, crop size against the known mask of the composite). Without the fields the spec's transparent
// PNG is unchanged (tests/api/file-tools.test.ts).
import sharp from 'sharp';
import { makeComposite, type Composite } from '@/tests/support/image/background-images';
import { CROP_MARGIN, CROP_MIN_MARGIN } from '@/lib/tools/image/remove-background/settings';
import { download, loadFixture, processStep, upload, useTestDataDir } from '../support/api';

jest.setTimeout(300_000);
useTestDataDir();

const API = 'image/remove_background';
const fixture = loadFixture('image-remove-background')!;
let comp: Composite;
beforeAll(async () => {
  comp = await makeComposite(1);
});

/** Upload the fixture, process with these settings (typed JSON: crop is a boolean), download. */
async function runWith(settings: Record<string, unknown>) {
  const inputs = await fixture.valid();
  const up = await upload(API, inputs);
  expect(up.res.status).toBe(200);
  const pr = await processStep(API, { session_id: up.sessionId, ...settings });
  expect(pr.body).toMatchObject({ success: true });
  const dl = await download(API, pr.body.file_id as string);
  expect(dl.res.status).toBe(200);
  return { res: dl.res, data: dl.data };
}

const isPng = (b: Buffer) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
const isJpeg = (b: Buffer) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff;

async function pixel(data: Buffer, x: number, y: number) {
  const { data: px, info } = await sharp(data).raw().toBuffer({ resolveWithObject: true });
  const i = (y * info.width + x) * info.channels;
  return { rgb: [px[i], px[i + 1], px[i + 2]], alpha: info.channels === 4 ? px[i + 3] : 255, channels: info.channels };
}

test('white background and JPG output: a JPEG named .jpg, white where the cut-out was transparent', async () => {
  const r = await runWith({ background: '#ffffff', format: 'jpeg' });
  expect(r.res.headers.get('content-type')).toBe('image/jpeg');
  expect(r.res.headers.get('content-disposition')).toContain(
    encodeURIComponent('ball on grass_removed_background.jpg'),
  );
  expect(isJpeg(r.data)).toBe(true);
  const meta = await sharp(r.data).metadata();
  expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', comp.width, comp.height]);
  expect(comp.mask[0]).toBe(0); // the corner is background in the known mask
  const corner = await pixel(r.data, 2, 2);
  for (const v of corner.rgb) expect(v).toBeGreaterThanOrEqual(250);
  // The ball's centre keeps its colour (orange: red well above blue).
  const ball = await pixel(r.data, 130, 125);
  expect(ball.rgb[0] - ball.rgb[2]).toBeGreaterThan(80);
});

test('a colour background as PNG: opaque PNG with that exact colour at a formerly transparent pixel', async () => {
  const r = await runWith({ background: '#12a05c' });
  expect(r.res.headers.get('content-type')).toBe('image/png');
  expect(isPng(r.data)).toBe(true);
  const corner = await pixel(r.data, 2, 2);
  expect(corner.rgb).toEqual([0x12, 0xa0, 0x5c]);
  expect(corner.alpha).toBe(255);
});

test('crop: transparent PNG cut to the subject plus the documented margin', async () => {
  const r = await runWith({ crop: true });
  expect(isPng(r.data)).toBe(true);
  // Expected box from the composite's true mask (same threshold idea: clearly visible pixels).
  let x0 = comp.width,
    y0 = comp.height,
    x1 = -1,
    y1 = -1;
  for (let y = 0; y < comp.height; y++)
    for (let x = 0; x < comp.width; x++) {
      if (comp.mask[y * comp.width + x] < 128) continue;
      x0 = Math.min(x0, x);
      x1 = Math.max(x1, x);
      y0 = Math.min(y0, y);
      y1 = Math.max(y1, y);
    }
  const m = Math.max(CROP_MIN_MARGIN, Math.round(CROP_MARGIN * Math.max(x1 - x0 + 1, y1 - y0 + 1)));
  const w = Math.min(comp.width - 1, x1 + m) - Math.max(0, x0 - m) + 1;
  const h = Math.min(comp.height - 1, y1 + m) - Math.max(0, y0 - m) + 1;
  const meta = await sharp(r.data).metadata();
  expect(meta.channels).toBe(4);
  expect(Math.abs(meta.width! - w)).toBeLessThanOrEqual(4);
  expect(Math.abs(meta.height! - h)).toBeLessThanOrEqual(4);
  expect(meta.width!).toBeLessThan(comp.width * 0.85);
  // The margin itself is transparent.
  expect((await pixel(r.data, 1, 1)).alpha).toBe(0);
});

describe('bad option values: 400 with a clear JSON error, before any model run', () => {
  test.each([
    [{ format: 'jpeg' }, /"format".*background colour/],
    [{ format: 'jpeg', background: 'transparent' }, /"format".*background colour/],
    [{ background: 'blue' }, /"background".*#rrggbb/],
    [{ background: '#fff' }, /"background"/],
    [{ format: 'webp' }, /"format"/],
    [{ crop: 'yes' }, /"crop"/],
  ])('%j', async (fields, message) => {
    const inputs = await fixture.valid();
    const up = await upload(API, inputs);
    expect(up.res.status).toBe(200);
    const pr = await processStep(API, { session_id: up.sessionId, ...fields });
    expect(pr.res.status).toBe(400);
    expect(pr.body).toMatchObject({ success: false });
    expect(String(pr.body.error)).toMatch(message);
    expect(String(pr.body.error)).not.toMatch(/at \w+ \(|node_modules/);
  });
});
