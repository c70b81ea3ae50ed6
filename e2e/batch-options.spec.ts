// Issue 20 as a visitor: several files on a single-file tool (one of them damaged) with an option from the
// options panel, each result and "Download all" as one ZIP opened with unzip and checked with sharp / qpdf;
// and the options panel driving a single file's format, remembered on the next visit.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { routeOf, toolBySlug, type FileToolDef } from '../lib/tools/registry';
import { photoJpeg } from '../tests/fixtures/image-samples';
import { makePdf, writeTemp } from './support/files';
import { fileInput, openTool } from './support/page-helpers';

const tool = (slug: string) => toolBySlug(slug) as FileToolDef;

/** Extracts a ZIP with Info-ZIP's unzip (an independent reader) and returns name -> bytes. */
function unzipAll(zip: Buffer): Map<string, Buffer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'batch-zip-'));
  try {
    fs.writeFileSync(path.join(dir, 'all.zip'), zip);
    execFileSync('unzip', ['-q', 'all.zip', '-d', 'out'], { cwd: dir });
    const out = new Map<string, Buffer>();
    for (const name of fs.readdirSync(path.join(dir, 'out')))
      out.set(name, fs.readFileSync(path.join(dir, 'out', name)));
    return out;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function saveZip(page: Page): Promise<Buffer> {
  const [saved] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: /^Download all \(ZIP/ }).click(),
  ]);
  expect(saved.suggestedFilename()).toMatch(/-results\.zip$/);
  return readFile(await saved.path());
}

test('Compress Image: a batch with a damaged file and a 40 KB target gives one error and a ZIP of the rest', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const t = tool('image-compress');
  const photos = await Promise.all(
    [1, 2, 3].map(async (seed) => ({
      name: `photo-${seed}.jpg`,
      data: await photoJpeg({ width: 1200, height: 900, quality: 95, seed }),
    })),
  );
  const broken = {
    name: 'broken.jpg',
    data: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2000, 0x5a)]),
  };
  await openTool(page, routeOf(t));
  // The panel is closed until opened; the target is typed there.
  await expect(page.getByLabel('At most')).toBeHidden();
  await page.getByText('Options', { exact: true }).click();
  await page.getByLabel('At most').fill('40');
  await fileInput(page).setInputFiles(await writeTemp([photos[0], broken, photos[1], photos[2]]));
  await expect(page.getByTestId('batch-row')).toHaveCount(4);
  const alerts: string[] = [];
  page.on('dialog', (d) => {
    alerts.push(d.message());
    void d.accept();
  });
  const processBodies: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes(`/api/${t.api}/process/`)) processBodies.push(r.postData() ?? '');
  });
  await page.getByRole('button', { name: `${t.labels.action} (4 files)` }).click();
  await expect(page.getByRole('button', { name: 'Download all (ZIP, 3 files)' })).toBeEnabled({ timeout: 240_000 });
  expect(alerts, 'a batch never blocks the page with alerts').toEqual([]);
  expect(processBodies).toHaveLength(4);
  for (const body of processBodies) expect(JSON.parse(body)).toMatchObject({ target_kb: 40 });

  const badRow = page.getByTestId('batch-row').filter({ hasText: 'broken.jpg' });
  await expect(badRow).toHaveAttribute('data-state', 'error');
  await expect(badRow.getByRole('alert')).toContainText('broken.jpg');
  await expect(page.getByTestId('batch-row').and(page.locator('[data-state="done"]'))).toHaveCount(3);

  // One result on its own.
  const [one] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download photo-1_compressed.jpg' }).click(),
  ]);
  expect(one.suggestedFilename()).toBe('photo-1_compressed.jpg');

  const files = unzipAll(await saveZip(page));
  expect([...files.keys()].sort()).toEqual([
    'photo-1_compressed.jpg',
    'photo-2_compressed.jpg',
    'photo-3_compressed.jpg',
  ]);
  for (const [name, data] of files) {
    expect(data.length, `${name} under the target`).toBeLessThanOrEqual(40 * 1024);
    const meta = await sharp(data).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.width).toBeGreaterThan(0);
  }
  expect(files.get('photo-1_compressed.jpg')!.equals(await readFile(await one.path()))).toBe(true);
});

test('PDF Lock: a batch locks every good PDF with the same password; a non-PDF is refused on its own', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const t = tool('pdf-lock');
  const pdfs = [
    { name: 'a.pdf', data: await makePdf('A') },
    { name: 'b.pdf', data: await makePdf('B', 2) },
  ];
  // PDF magic bytes but nothing behind them: the server refuses it as damaged.
  const bad = { name: 'damaged.pdf', data: Buffer.from('%PDF-1.7\n%garbage with no objects\n') };
  await openTool(page, routeOf(t));
  await fileInput(page).setInputFiles(await writeTemp([pdfs[0], bad, pdfs[1]]));
  await expect(page.getByTestId('batch-row')).toHaveCount(3);
  await page.getByPlaceholder('Enter password').fill('Batch-pass1');
  await page.getByPlaceholder('Confirm password').fill('Batch-pass1');
  await page.getByRole('button', { name: `${t.labels.action} (3 files)` }).click();
  await expect(page.getByRole('button', { name: 'Download all (ZIP, 2 files)' })).toBeEnabled({ timeout: 200_000 });
  await expect(page.getByTestId('batch-row').filter({ hasText: 'damaged.pdf' })).toHaveAttribute('data-state', 'error');

  const files = unzipAll(await saveZip(page));
  expect(files.size).toBe(2);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'batch-pdf-'));
  try {
    for (const [name, data] of files) {
      const p = path.join(dir, name);
      fs.writeFileSync(p, data);
      // qpdf: encrypted, and opens with the password.
      expect(execFileSync('qpdf', ['--show-encryption', '--password=Batch-pass1', p]).toString()).toMatch(/R = [3-6]/);
      expect(() => execFileSync('qpdf', ['--check', p], { stdio: 'pipe' })).toThrow();
      execFileSync('qpdf', ['--check', '--password=Batch-pass1', p], { stdio: 'pipe' });
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('Compress Image options: WebP chosen in the panel gives a .webp download and is remembered', async ({ page }) => {
  test.setTimeout(180_000);
  const t = tool('image-compress');
  await openTool(page, routeOf(t));
  await page.getByText('Options', { exact: true }).click();
  await page.getByLabel('WebP').check();
  await fileInput(page).setInputFiles(
    await writeTemp([
      { name: 'holiday.jpg', data: await photoJpeg({ width: 800, height: 600, quality: 95, seed: 5 }) },
    ]),
  );
  await page.getByRole('button', { name: t.labels.action, exact: true }).click();
  const [saved] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: t.labels.download }).click(),
  ]);
  expect(saved.suggestedFilename()).toBe('holiday_compressed.webp');
  const data = await readFile(await saved.path());
  expect(data.subarray(0, 4).toString('latin1')).toBe('RIFF');
  expect(data.subarray(8, 12).toString('latin1')).toBe('WEBP');
  expect((await sharp(data).metadata()).width).toBe(800);

  // Next visit: the choice is back, the panel closed, the summary says one option is set.
  await openTool(page, routeOf(t));
  await expect(page.getByText('Options (1 set)')).toBeVisible();
  await page.getByText('Options (1 set)').click();
  await expect(page.getByLabel('WebP')).toBeChecked();
});

test('PDF Compress shows its level as a small choice under the upload; Recommended by default', async ({ page }) => {
  const t = tool('pdf-compress');
  await openTool(page, routeOf(t));
  await expect(page.getByLabel('Recommended')).toBeChecked();
  await expect(page.getByLabel('Light')).toBeVisible();
  await expect(page.getByLabel('Strong')).toBeVisible();
});
