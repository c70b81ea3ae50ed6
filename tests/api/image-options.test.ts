// Issue 20's image options through the real route handlers: each option's effect is checked by a reader
// that did not write the file (magic bytes, djpeg, librsvg via sharp, the SVG text itself).
import fs from 'node:fs';
import sharp from 'sharp';
import { djpeg, photoJpeg } from '../fixtures/image-samples';
import { cleanup, download, processStep, runJob, upload, useTestDataDir } from '../support/api';
import { corpusPath, describeCorpus } from '../support/corpus';

useTestDataDir();
jest.setTimeout(120_000);

async function jobWith(api: string, file: { name: string; data: Buffer }, settings: Record<string, unknown>) {
  const up = await upload(api, [file]);
  expect(up.res.status).toBe(200);
  const pr = await processStep(api, { session_id: up.sessionId, ...settings });
  const res = { status: pr.res.status, body: pr.body, data: Buffer.alloc(0), type: '', disposition: '' };
  if (pr.res.status === 200) {
    const dl = await fetchDownload(api, pr.body.file_id as string);
    Object.assign(res, dl);
  }
  await cleanup(api, up.sessionId);
  return res;
}

async function fetchDownload(api: string, fileId: string) {
  const dl = await download(api, fileId);
  expect(dl.res.status).toBe(200);
  return {
    data: dl.data,
    type: dl.res.headers.get('content-type') ?? '',
    disposition: dl.res.headers.get('content-disposition') ?? '',
  };
}

const magic = (b: Buffer) =>
  b.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]))
    ? 'jpeg'
    : b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP'
      ? 'webp'
      : b.subarray(4, 8).toString('latin1') === 'ftyp' && /^avi[fs]$/.test(b.subarray(8, 12).toString('latin1'))
        ? 'avif'
        : 'unknown';

describe('Image Compress options', () => {
  let photo: Buffer;
  beforeAll(async () => {
    photo = await photoJpeg({ width: 1600, height: 1200, quality: 95, seed: 7 });
  });

  it('meets a target size below the similarity choice', async () => {
    const plain = await runJob('image/compress', [{ name: 'p.jpg', data: photo }]);
    const target = Math.floor((plain.data.length / 1024) * 0.6);
    const r = await jobWith('image/compress', { name: 'p.jpg', data: photo }, { target_kb: target });
    expect(r.status).toBe(200);
    expect(r.data.length).toBeLessThanOrEqual(target * 1024);
    expect(magic(r.data)).toBe('jpeg');
    const px = djpeg(r.data);
    expect([px.width, px.height]).toEqual([1600, 1200]);
    // A target the similarity choice already meets changes nothing.
    const loose = await jobWith(
      'image/compress',
      { name: 'p.jpg', data: photo },
      { target_kb: Math.ceil(plain.data.length / 1024) + 50 },
    );
    expect(loose.data.equals(plain.data)).toBe(true);
  });

  it('reduces the picture with a notice when even the lowest quality is too big', async () => {
    const r = await jobWith('image/compress', { name: 'p.jpg', data: photo }, { target_kb: 12 });
    expect(r.status).toBe(200);
    expect(r.data.length).toBeLessThanOrEqual(12 * 1024);
    expect(r.body.notice).toMatch(/lowest acceptable quality .* reduced to \d+×\d+ pixels/);
    const px = djpeg(r.data);
    expect(px.width).toBeLessThan(1600);
    expect(Math.abs(px.width / px.height - 4 / 3)).toBeLessThan(0.02);
  });

  it.each([
    ['webp', 'image/webp'],
    ['avif', 'image/avif'],
  ])('writes %s (magic bytes, MIME, extension)', async (format, mime) => {
    const r = await jobWith('image/compress', { name: 'holiday.jpg', data: photo }, { format });
    expect(r.status).toBe(200);
    expect(magic(r.data)).toBe(format);
    expect(r.type).toBe(mime);
    expect(r.disposition).toContain(`holiday_compressed.${format}`);
    expect(r.data.length).toBeLessThan(photo.length);
    const meta = await sharp(r.data).metadata();
    expect([meta.width, meta.height]).toEqual([1600, 1200]);
  });

  it('combines a format with a target', async () => {
    const r = await jobWith('image/compress', { name: 'p.jpg', data: photo }, { format: 'webp', target_kb: 40 });
    expect(magic(r.data)).toBe('webp');
    expect(r.data.length).toBeLessThanOrEqual(40 * 1024);
  });

  it.each([
    [{ target_kb: 'big' }, 'target_kb'],
    [{ target_kb: 0 }, 'target_kb'],
    [{ target_kb: 2.5 }, 'target_kb'],
    [{ format: 'gif' }, 'format'],
  ])('refuses %j with a 400 naming the option', async (settings, field) => {
    const r = await jobWith('image/compress', { name: 'p.jpg', data: photo }, settings);
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ success: false, error: expect.stringContaining(`"${field}"`) });
  });
});

describeCorpus('Image Compress target on a real photo', () => {
  it('keeps the honey bee under 100 KB', async () => {
    const data = fs.readFileSync(corpusPath('photo', 'european-honey-bee.jpg'));
    const r = await jobWith('image/compress', { name: 'bee.jpg', data }, { target_kb: 100 });
    expect(r.status).toBe(200);
    expect(r.data.length).toBeLessThanOrEqual(100 * 1024);
    expect(djpeg(r.data).width).toBeGreaterThan(0);
  });
});

describe('PNG to JPG background', () => {
  it('fills transparent areas with the chosen colour (djpeg reads it)', async () => {
    const png = await sharp({
      create: { width: 64, height: 48, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .composite([
        {
          input: await sharp({ create: { width: 20, height: 20, channels: 4, background: '#0000ff' } })
            .png()
            .toBuffer(),
          left: 40,
          top: 24,
        },
      ])
      .png()
      .toBuffer();
    const r = await jobWith('image/png_to_jpg', { name: 't.png', data: png }, { background: '#ff8000' });
    expect(r.status).toBe(200);
    const px = djpeg(r.data);
    const at = (x: number, y: number) =>
      Array.from(px.data.subarray((y * px.width + x) * 3, (y * px.width + x) * 3 + 3));
    for (const [c, want] of at(5, 5).map((v, i) => [v, [255, 128, 0][i]]))
      expect(Math.abs(c - want)).toBeLessThanOrEqual(6);
    const blue = at(50, 34);
    expect(blue[2]).toBeGreaterThan(200);
    expect(blue[0]).toBeLessThan(40);
    // Absent: white as before.
    const plain = await jobWith('image/png_to_jpg', { name: 't.png', data: png }, {});
    expect(
      djpeg(plain.data)
        .data.subarray(0, 3)
        .every((v) => v >= 250),
    ).toBe(true);
    expect((await jobWith('image/png_to_jpg', { name: 't.png', data: png }, { background: 'orange' })).status).toBe(
      400,
    );
  });
});

/** Distinct fills of the colour layers (outside the alpha <mask>), normalised to #rrggbb. */
function svgColours(svg: string): Set<string> {
  const body = svg.replace(/<mask\b[\s\S]*?<\/mask>/g, '');
  const out = new Set<string>();
  for (const m of body.matchAll(/fill="([^"]+)"|fill:([^;"]+)/g)) {
    let c = (m[1] ?? m[2]).trim().toLowerCase();
    if (c === 'none' || c.startsWith('url(')) continue;
    if (/^#[0-9a-f]{3}$/.test(c)) c = `#${[...c.slice(1)].map((d) => d + d).join('')}`;
    out.add(c);
  }
  return out;
}

describe('PNG to SVG presets and colours', () => {
  let png: Buffer;
  beforeAll(async () => {
    // A gradient with shapes: many colours, so the colour count has something to cut.
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="150"><defs><linearGradient id="g">
      <stop offset="0" stop-color="#1d3557"/><stop offset="1" stop-color="#e9c46a"/></linearGradient></defs>
      <rect width="200" height="150" fill="url(#g)"/><circle cx="70" cy="75" r="40" fill="#e63946"/>
      <rect x="120" y="30" width="50" height="90" fill="#2a9d8f"/></svg>`;
    png = await sharp(Buffer.from(svg)).png().toBuffer();
  });

  it.each([4, 12])('keeps at most %i colours', async (colors) => {
    const r = await jobWith('image/png_to_svg', { name: 'g.png', data: png }, { colors });
    expect(r.status).toBe(200);
    const n = svgColours(r.data.toString('utf8')).size;
    expect(n).toBeGreaterThanOrEqual(2);
    expect(n).toBeLessThanOrEqual(colors);
    const meta = await sharp(r.data).metadata(); // librsvg parses it
    expect([meta.width, meta.height]).toEqual([200, 150]);
  });

  it('black and white uses only black and white; presets differ', async () => {
    const results: Record<string, string> = {};
    for (const preset of ['auto', 'logo', 'illustration', 'photo', 'bw']) {
      const r = await jobWith('image/png_to_svg', { name: 'g.png', data: png }, { preset });
      expect(r.status).toBe(200);
      await sharp(r.data).metadata();
      results[preset] = r.data.toString('utf8');
    }
    expect([...svgColours(results.bw)].sort()).toEqual(['#000000', '#ffffff']);
    expect(svgColours(results.logo).size).toBeLessThanOrEqual(8);
    expect(new Set(Object.values(results)).size).toBe(5);
    const plain = await jobWith('image/png_to_svg', { name: 'g.png', data: png }, {});
    expect(plain.data.toString('utf8')).toBe(results.auto);
    for (const bad of [{ preset: 'sketch' }, { colors: 1 }, { colors: 65 }]) {
      expect((await jobWith('image/png_to_svg', { name: 'g.png', data: png }, bad)).status).toBe(400);
    }
  });
});
