// QR page (SPEC sections 2, 4, 5, 7, 8): generate, show, download again, decode the downloaded PNG; errors.
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import jsQR from 'jsqr';
import sharp from 'sharp';

async function decode(png: Buffer): Promise<string> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const code = jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height);
  if (!code) throw new Error('no QR code found in the PNG');
  return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(code.binaryData));
}

const nextAlert = (page: Page) =>
  new Promise<string>((resolve) =>
    page.once('dialog', (d) => {
      resolve(d.message());
      void d.accept();
    }),
  );

test('generate, show, download as qr_code_{timestamp}.png and decode to the exact text', async ({ page }) => {
  await page.goto('/qr-generate');
  const input = page.getByPlaceholder('Enter text or URL to generate QR code');
  const generate = page.getByRole('button', { name: 'Generate' });
  await expect(page.getByRole('heading', { name: 'QR Code', exact: true })).toBeVisible();
  await expect(page.getByText('QR code will appear here')).toBeVisible();
  await expect(page.getByTestId('qr-counter')).toHaveText('0 / 1000');
  await expect(generate).toBeDisabled();
  await input.fill('   ');
  await expect(generate).toBeDisabled(); // blank text

  const text = '원데스크 QR 테스트 🇰🇷 https://example.com/?q=한글';
  await input.fill(text);
  await expect(page.getByTestId('qr-counter')).toHaveText(`${[...new Intl.Segmenter().segment(text)].length} / 1000`);

  // Slow the process call down a little so the busy state can be seen.
  await page.route('**/api/qr/generate/process/', async (route) => {
    await new Promise((r) => setTimeout(r, 400));
    await route.continue();
  });
  const processed = page.waitForRequest((r) => r.url().endsWith('/api/qr/generate/process/'));
  await generate.click();
  await expect(page.getByRole('button', { name: 'Generating...' })).toBeDisabled();
  await expect(page.getByText('Generating QR code...')).toBeVisible();
  const body = (await processed).postDataJSON();
  expect(body.content).toBe(text);
  expect(body.output_filename).toMatch(/^qr_code_\d+\.png$/);

  const image = page.getByRole('img', { name: 'Generated QR code' });
  await expect(image).toBeVisible();
  const fileId = await image.getAttribute('data-file-id');

  // Download fetches the image again (SPEC section 4).
  const refetch = page.waitForRequest((r) => r.url().endsWith(`/api/qr/generate/download/${fileId}/`));
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download' }).click();
  await refetch;
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^qr_code_\d+\.png$/);
  const png = await readFile((await download.path())!);
  expect(await decode(png)).toBe(text);

  await page.getByRole('button', { name: 'Clear' }).click();
  await expect(input).toHaveValue('');
  await expect(page.getByText('QR code will appear here')).toBeVisible();
});

test('1000 characters at most; a 1000-character Korean text still makes a readable code', async ({ page }) => {
  test.setTimeout(60_000);
  await page.goto('/qr-generate');
  const input = page.getByPlaceholder('Enter text or URL to generate QR code');
  const korean = '다람쥐 헌 쳇바퀴에 타고파. 키스의 고유 조건은 입술끼리 만나야 하고 특별한 기술은 필요치 않다. '.repeat(30);
  await input.fill(korean);
  await expect(page.getByTestId('qr-counter')).toHaveText('1000 / 1000');
  await page.getByRole('button', { name: 'Generate' }).click();
  const image = page.getByRole('img', { name: 'Generated QR code' });
  await expect(image).toBeVisible();
  const fileId = await image.getAttribute('data-file-id');
  const res = await page.request.get(`/api/qr/generate/download/${fileId}/`);
  expect(res.status()).toBe(200);
  expect(await decode(await res.body())).toBe(korean.slice(0, 1000));
});

test('errors: the server error field, else the default; download failure', async ({ page }) => {
  await page.goto('/qr-generate');
  await page.getByPlaceholder('Enter text or URL to generate QR code').fill('hello');

  await page.route('**/api/qr/generate/process/', (route) =>
    route.fulfill({ status: 422, contentType: 'application/json', body: '{"success":false,"error":"The text is too long for a QR code."}' }),
  );
  let alert = nextAlert(page);
  await page.getByRole('button', { name: 'Generate' }).click();
  expect(await alert).toBe('The text is too long for a QR code.');
  await expect(page.getByRole('button', { name: 'Generate' })).toBeEnabled();

  await page.unroute('**/api/qr/generate/process/');
  await page.route('**/api/qr/generate/process/', (route) => route.fulfill({ status: 500, body: 'oops' }));
  alert = nextAlert(page);
  await page.getByRole('button', { name: 'Generate' }).click();
  expect(await alert).toBe('QR generation failed');

  await page.unroute('**/api/qr/generate/process/');
  await page.getByRole('button', { name: 'Generate' }).click();
  await expect(page.getByRole('img', { name: 'Generated QR code' })).toBeVisible();
  await page.route('**/api/qr/generate/download/**', (route) => route.abort());
  alert = nextAlert(page);
  await page.getByRole('button', { name: 'Download' }).click();
  expect(await alert).toBe('Download failed. Please try again.');
});
