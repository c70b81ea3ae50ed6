import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { isAppError } from '@/lib/core/errors';
import { run as compress } from './server';
import { cmykPdf, mixedImagePdf, photoPdf, textPdf } from '@/tests/support/pdf-compress/make-pdfs';
import { compareDocs } from '@/tests/support/pdf-compress/page-similarity';
import { corpusFiles, corpusPath, describeCorpus } from '@/tests/support/corpus';

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'e-compress-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

async function run(file: string, name = path.basename(file)) {
  const workDir = fs.mkdtempSync(path.join(dir, 'job-'));
  const size = fs.statSync(file).size;
  return compress([{ path: file, name, size, kind: 'pdf' }], {}, { workDir });
}

function write(name: string, bytes: Uint8Array): string {
  const f = path.join(dir, name);
  fs.writeFileSync(f, bytes);
  return f;
}

const qpdfCheck = (f: string) => execFileSync('qpdf', ['--check', f], { encoding: 'utf8' });
const pages = (f: string) => Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [f], { encoding: 'utf8' }))![1]);
const text = (f: string) => execFileSync('pdftotext', [f, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ').trim();

interface ListedImage {
  page: number;
  type: string;
  width: number;
  height: number;
  color: string;
  comp: number;
  enc: string;
  xppi: number;
}
function listImages(f: string): ListedImage[] {
  return execFileSync('pdfimages', ['-list', f], { encoding: 'utf8' })
    .split('\n')
    .slice(2)
    .filter(Boolean)
    .map((l) => {
      const c = l.trim().split(/\s+/);
      return {
        page: +c[0],
        type: c[2],
        width: +c[3],
        height: +c[4],
        color: c[5],
        comp: +c[6],
        enc: c[8],
        xppi: +c[12],
      };
    });
}

describe('pdf compress', () => {
  it('downsamples 300 dpi photos to about 150 dpi as JPEG and keeps soft masks, text and looks', async () => {
    const input = write('photos.pdf', await photoPdf());
    const out = await run(input);
    expect(out.notice).toBeUndefined();
    expect(qpdfCheck(out.path)).toMatch(/No syntax or stream encoding errors/);
    expect(fs.statSync(out.path).size).toBeLessThan(fs.statSync(input).size * 0.1);
    expect(pages(out.path)).toBe(2);
    expect(text(out.path)).toBe(text(input));
    const imgs = listImages(out.path);
    const photos = imgs.filter((i) => i.type === 'image');
    expect(photos).toHaveLength(2);
    for (const p of photos) {
      expect(p.enc).toBe('jpeg');
      expect(p.xppi).toBeGreaterThanOrEqual(140);
      expect(p.xppi).toBeLessThanOrEqual(160);
    }
    const smask = imgs.find((i) => i.type === 'smask');
    expect(smask).toBeDefined();
    expect(smask!.enc).not.toBe('jpeg'); // masks stay lossless
    const sim = compareDocs(input, out.path, 2);
    expect(sim.worst).toBeGreaterThan(0.98);
  });

  it('turns Gray and ICC-based Flate photos into JPEG and keeps a palette chart lossless', async () => {
    const probe = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#777' } })
      .withIccProfile('srgb')
      .jpeg()
      .toBuffer();
    const icc = (await sharp(probe).metadata()).icc!;
    const input = write('mixed.pdf', await mixedImagePdf(icc));
    const out = await run(input);
    qpdfCheck(out.path);
    const before = listImages(input);
    const after = listImages(out.path);
    expect(after).toHaveLength(before.length);
    const gray = after.find((i) => i.color === 'gray')!;
    expect(gray.enc).toBe('jpeg');
    expect(gray.comp).toBe(1);
    const iccImg = after.find((i) => i.color === 'icc')!;
    expect(iccImg.enc).toBe('jpeg');
    const chart = after.find((i) => i.color === 'index')!;
    expect(chart.enc).toBe('image'); // Flate
    expect([chart.width, chart.height]).toEqual([800, 400]);
    // The chart's pixels are exactly the original ones.
    const ex = (f: string, n: string) => {
      execFileSync('pdfimages', ['-png', '-f', '1', '-l', '1', f, path.join(dir, n)]);
      return fs
        .readdirSync(dir)
        .filter((x) => x.startsWith(n))
        .map((x) => path.join(dir, x));
    };
    const a = ex(input, 'in-');
    const b = ex(out.path, 'out-');
    const chartA = a[a.length - 1];
    const chartB = b[b.length - 1];
    const [ra, rb] = await Promise.all([chartA, chartB].map((f) => sharp(f).raw().toBuffer()));
    expect(rb.equals(ra)).toBe(true);
    expect(compareDocs(input, out.path, 1).worst).toBeGreaterThan(0.98);
  });

  it('downsamples a CMYK JPEG in CMYK and keeps its colours', async () => {
    const input = write('cmyk.pdf', await cmykPdf());
    const out = await run(input);
    qpdfCheck(out.path);
    const [img] = listImages(out.path);
    expect(img.color).toBe('cmyk');
    expect(img.enc).toBe('jpeg');
    expect(img.xppi).toBeLessThanOrEqual(160);
    expect(fs.statSync(out.path).size).toBeLessThan(fs.statSync(input).size * 0.3);
    // colour renders (poppler) of both files: same average colour per channel
    const mean = async (f: string) => {
      execFileSync('pdftoppm', ['-r', '30', '-png', '-singlefile', f, path.join(dir, path.basename(f, '.pdf'))]);
      return (await sharp(path.join(dir, `${path.basename(f, '.pdf')}.png`)).stats()).channels.map((c) => c.mean);
    };
    const [a, b] = [await mean(input), await mean(out.path)];
    a.forEach((v, i) => expect(Math.abs(v - b[i])).toBeLessThan(1.5));
    expect(compareDocs(input, out.path, 1).worst).toBeGreaterThan(0.97);
  });

  it('returns the original with a notice when the gain is too small (text only)', async () => {
    const input = write('text.pdf', await textPdf(2));
    const out = await run(input, 'Report.pdf');
    const result = fs.readFileSync(out.path);
    expect(result.length).toBeLessThanOrEqual(fs.statSync(input).size);
    if (out.notice) {
      expect(out.notice).toContain('"Report.pdf" is already well optimised');
      expect(result.equals(fs.readFileSync(input))).toBe(true);
    }
    expect(text(out.path)).toBe(text(input));
  });
});

describeCorpus('pdf compress on real files', () => {
  it.each(corpusFiles('pdf', '.pdf').map((f) => [path.basename(f), f]))(
    '%s: smaller or the original, same pages, same look',
    async (_n, file) => {
      const out = await run(file);
      const size = fs.statSync(out.path).size;
      expect(size).toBeLessThanOrEqual(fs.statSync(file).size);
      qpdfCheck(out.path);
      const n = pages(file);
      expect(pages(out.path)).toBe(n);
      const sim = compareDocs(file, out.path, Math.min(n, 4));
      expect(sim.mean).toBeGreaterThan(0.96);
    },
  );

  const bad = corpusFiles('bad', '.pdf');
  it.each(bad.map((f) => [path.basename(f), f]))('%s: a clear error or a valid result', async (_n, file) => {
    try {
      const out = await run(file);
      if (out.notice) {
        // nothing worth gaining: the visitor's own file comes back untouched
        expect(fs.readFileSync(out.path).equals(fs.readFileSync(file))).toBe(true);
      } else {
        qpdfCheck(out.path);
        expect(pages(out.path)).toBeGreaterThan(0);
      }
    } catch (e) {
      expect(isAppError(e)).toBe(true);
      expect((e as Error).message).toContain(`"${path.basename(file)}"`);
      if (/protected|pass|aes|r6/i.test(path.basename(file)))
        expect((e as Error).message).toMatch(/password-protected/);
    }
  });

  it('compresses bad/shattered-1.pdf (a valid file)', async () => {
    const file = corpusPath('bad', 'shattered-1.pdf');
    const out = await run(file);
    expect(fs.statSync(out.path).size).toBeLessThan(fs.statSync(file).size);
    expect(compareDocs(file, out.path, 1).mean).toBeGreaterThan(0.97);
  });
});
