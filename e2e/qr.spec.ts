// QR page (SPEC sections 2, 4, 5, 7, 8): generate, show, download again, decode the downloaded PNG; errors.
// Issue 21: options (closed by default, untouched = the spec's request), SVG, the contrast check, templates;
// downloads read by zbarimg (zbar-tools), an SVG after rasterising it with librsvg (sharp).
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
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
  // No option touched: exactly the spec's request.
  expect(Object.keys(body).sort()).toEqual(['content', 'output_filename']);
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
  const korean =
    '다람쥐 헌 쳇바퀴에 타고파. 키스의 고유 조건은 입술끼리 만나야 하고 특별한 기술은 필요치 않다. '.repeat(30);
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
    route.fulfill({
      status: 422,
      contentType: 'application/json',
      body: '{"success":false,"error":"The text is too long for a QR code."}',
    }),
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

test('issue 18: the last error stays on the page after the alert until the next action', async ({ page }) => {
  await page.goto('/qr-generate');
  const input = page.getByPlaceholder('Enter text or URL to generate QR code');
  const generate = page.getByRole('button', { name: 'Generate' });
  await input.fill('hello');
  await page.route('**/api/qr/generate/process/', (route) =>
    route.fulfill({
      status: 422,
      contentType: 'application/json',
      body: '{"success":false,"error":"The text is too long for a QR code."}',
    }),
  );
  let alert = nextAlert(page);
  await generate.click();
  expect(await alert).toBe('The text is too long for a QR code.');
  await expect(page.getByTestId('job-error')).toHaveText('The text is too long for a QR code.');
  // Typing is the next action: the kept error goes.
  await input.fill('hello again');
  await expect(page.getByTestId('job-error')).toHaveCount(0);
  // So is pressing Generate again (this time it works).
  alert = nextAlert(page);
  await generate.click();
  expect(await alert).toBe('The text is too long for a QR code.');
  await expect(page.getByTestId('job-error')).toBeVisible();
  await page.unroute('**/api/qr/generate/process/');
  await generate.click();
  await expect(page.getByRole('img', { name: 'Generated QR code' })).toBeVisible();
  await expect(page.getByTestId('job-error')).toHaveCount(0);
});

async function zbar(image: Buffer, svg = false): Promise<string> {
  const png = svg ? await sharp(image, { density: 72 }).png().toBuffer() : image;
  const dir = await mkdtemp(path.join(tmpdir(), 'qr-e2e-'));
  const file = path.join(dir, 'code.png');
  await writeFile(file, png);
  const { stdout } = await promisify(execFile)('zbarimg', ['-q', '--raw', '-Sbinary', file], { encoding: 'buffer' });
  return stdout.toString('utf8');
}

async function generateAndDownload(
  page: Page,
): Promise<{ name: string; data: Buffer; request: Record<string, unknown> }> {
  const processed = page.waitForRequest((r) => r.url().endsWith('/api/qr/generate/process/'));
  await page.getByRole('button', { name: 'Generate' }).click();
  const request = (await processed).postDataJSON() as Record<string, unknown>;
  await expect(page.getByRole('img', { name: 'Generated QR code' })).toBeVisible();
  await expect(page.getByTestId('qr-verified')).toHaveText(
    'Checked: the server read this code back with an independent decoder before offering it.',
  );
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download' }).click();
  const download = await downloading;
  return { name: download.suggestedFilename(), data: await readFile((await download.path())!), request };
}

test('options: closed by default; SVG with size, level, colours and margin; the contrast check refuses unreadable colours', async ({
  page,
}) => {
  await page.goto('/qr-generate');
  const details = page.locator('details', { hasText: 'Options' });
  await expect(details).not.toHaveAttribute('open', '');
  await expect(page.getByLabel('Size (pixels)')).toBeHidden();
  await page.getByText('Options', { exact: true }).click();
  const content = 'https://onedesk.example/큐알?size=480';
  await page.getByPlaceholder('Enter text or URL to generate QR code').fill(content);
  await page.getByLabel('Size (pixels)').fill('480');
  await page.getByLabel('Error correction').selectOption('H');
  await page.getByLabel('Quiet zone (modules)').fill('2');
  await page.getByLabel('Format').selectOption('svg');

  await page.getByLabel('Foreground').fill('#dddddd');
  await expect(page.getByTestId('qr-option-problem')).toContainText('too close to scan reliably');
  await expect(page.getByRole('button', { name: 'Generate' })).toBeDisabled();
  await page.getByLabel('Foreground').fill('#1a237e');
  await page.getByLabel('Background').fill('#fff8e1');
  await expect(page.getByTestId('qr-option-problem')).toHaveCount(0);

  const { name, data, request } = await generateAndDownload(page);
  expect(request).toMatchObject({
    content,
    format: 'svg',
    size: 480,
    ec_level: 'H',
    fg: '#1a237e',
    bg: '#fff8e1',
    margin: 2,
  });
  expect(request.output_filename).toMatch(/^qr_code_\d+\.svg$/);
  expect(name).toMatch(/^qr_code_\d+\.svg$/);
  const meta = await sharp(data).metadata();
  expect([meta.format, meta.width, meta.height]).toEqual(['svg', 480, 480]);
  expect(await zbar(data, true)).toBe(content);
});

const templates: { button: string; fill: [string, string][]; select?: [string, string]; expected: string }[] = [
  {
    button: 'Wi-Fi',
    fill: [
      ['Network name (SSID)', 'Cafe; 2F'],
      ['Password', 'pa:ss,word'],
    ],
    expected: 'WIFI:T:WPA;S:Cafe\\; 2F;P:pa\\:ss\\,word;;',
  },
  {
    button: 'Contact (vCard)',
    fill: [
      ['First name', '길동'],
      ['Last name', '홍'],
      ['Phone', '+82 10-1234-5678'],
      ['E-mail', 'hong@example.com'],
    ],
    expected:
      'BEGIN:VCARD\r\nVERSION:3.0\r\nN:홍;길동;;;\r\nFN:길동 홍\r\nTEL;TYPE=CELL:+821012345678\r\nEMAIL:hong@example.com\r\nEND:VCARD',
  },
  {
    button: 'E-mail',
    fill: [
      ['To', 'help@example.com'],
      ['Subject', 'Hi there'],
    ],
    expected: 'mailto:help@example.com?subject=Hi%20there',
  },
  {
    button: 'SMS',
    fill: [
      ['Phone number', '010 1234 5678'],
      ['Message', 'On my way'],
    ],
    expected: 'SMSTO:01012345678:On my way',
  },
  { button: 'Phone', fill: [['Phone number', '+82 2 123 4567']], expected: 'tel:+8221234567' },
];

test('templates give the standard strings, and zbarimg reads each download', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/qr-generate');
  for (const t of templates) {
    await page.getByRole('button', { name: t.button, exact: true }).click();
    await expect(page.getByRole('button', { name: 'Generate' })).toBeDisabled(); // required fields first
    for (const [label, value] of t.fill) await page.getByLabel(label, { exact: true }).fill(value);
    const { name, data, request } = await generateAndDownload(page);
    expect(request.content).toBe(t.expected);
    expect(name).toMatch(/^qr_code_\d+\.png$/);
    expect(await zbar(data)).toBe(t.expected);
    await page.getByRole('button', { name: 'Clear' }).click();
  }
});
