// Translate page (SPEC sections 2, 4, 5, 8, 9; issue 8): defaults, counter and limit, Enter / Shift+Enter,
// a real English → Spanish translation through the local Apertium engine, auto-detection, swap, clear, copy
// (and its failure alert), and the error alerts.
import { expect, test, type Page } from '@playwright/test';

const nextAlert = (page: Page) =>
  new Promise<string>((resolve) =>
    page.once('dialog', (d) => {
      resolve(d.message());
      void d.accept();
    }),
  );

const ui = (page: Page) => ({
  input: page.getByRole('textbox', { name: 'Text to translate' }),
  from: page.getByRole('combobox', { name: 'Input language' }),
  to: page.getByRole('combobox', { name: 'Output language' }),
  translate: page.getByRole('button', { name: 'Translate', exact: true }),
  swap: page.getByRole('button', { name: 'Swap languages' }),
  clear: page.getByRole('button', { name: 'Clear' }),
  copy: page.getByRole('button', { name: 'Copy', exact: true }),
  counter: page.getByTestId('translate-counter'),
  result: page.getByTestId('translate-result'),
});

test('defaults, counter, the 5000 limit and non-blank text', async ({ page }) => {
  await page.goto('/text-translate');
  const t = ui(page);
  await expect(t.from).toHaveValue('en');
  await expect(t.to).toHaveValue('ko');
  await expect(t.from.locator('option')).toHaveText(['Auto detect', 'English', 'Korean', 'Japanese', 'Vietnamese', 'Spanish', 'French', 'German', 'Portuguese', 'Italian']);
  await expect(t.to.locator('option')).toHaveCount(9);
  await expect(t.counter).toHaveText('0 / 5000');
  await expect(t.result).toHaveText('Translation will appear here');
  await expect(t.translate).toBeDisabled();
  await expect(t.clear).toHaveCount(0);
  await expect(t.copy).toBeDisabled();

  await t.input.fill('   ');
  await expect(t.translate).toBeDisabled();
  await expect(t.clear).toBeVisible();

  await t.input.fill('a'.repeat(5100));
  await expect(t.counter).toHaveText('5000 / 5000');
  expect((await t.input.inputValue()).length).toBe(5000);
});

test('English → Spanish through Apertium; Enter translates, Shift+Enter adds a line', async ({ page }) => {
  await page.goto('/text-translate');
  const t = ui(page);
  await t.to.selectOption('es');
  let posts = 0;
  page.on('request', (r) => { if (r.url().endsWith('/api/text/translate/')) posts++; });

  await t.input.click();
  await page.keyboard.type('Hello world');
  await page.keyboard.press('Shift+Enter');
  await page.keyboard.type('Good morning');
  await expect(t.input).toHaveValue('Hello world\nGood morning');
  expect(posts).toBe(0);

  // Slow the call a little so the busy state can be seen.
  await page.route('**/api/text/translate/', async (route) => {
    await new Promise((r) => setTimeout(r, 400));
    await route.continue();
  });
  const request = page.waitForRequest((r) => r.url().endsWith('/api/text/translate/'));
  await page.keyboard.press('Enter');
  expect((await request).postDataJSON()).toEqual({ text: 'Hello world\nGood morning', input_language: 'en', output_language: 'es' });
  await expect(page.getByRole('button', { name: 'Translating...' })).toBeDisabled();
  await expect(t.result).toContainText('Translating...');
  await expect(t.result).toHaveText(/^Hola mund\w*\s+Buenos días$/i);
  await expect(t.input).toHaveValue('Hello world\nGood morning'); // Enter did not add a line
});

test('auto-detect shows the detected language; swap does nothing while the input is auto', async ({ page }) => {
  await page.goto('/text-translate');
  const t = ui(page);
  await t.from.selectOption('auto');
  await t.to.selectOption('en');
  await expect(t.swap).toBeDisabled();
  await t.input.fill('Hola amigo, ¿cómo estás?');
  await t.translate.click();
  await expect(t.result).toHaveText(/^Hello .*how are/i);
  await expect(page.getByTestId('detected-language')).toHaveText('Detected: Spanish');
  await t.swap.click({ force: true });
  await expect(t.from).toHaveValue('auto');
  await expect(t.input).toHaveValue('Hola amigo, ¿cómo estás?');
});

test('swap exchanges languages and texts; Clear empties both sides', async ({ page }) => {
  await page.goto('/text-translate');
  const t = ui(page);
  await t.to.selectOption('es');
  await t.input.fill('Hello world');
  await t.translate.click();
  await expect(t.result).toHaveText(/^Hola mundo$/i);
  const translated = (await t.result.textContent()) ?? '';

  await t.swap.click();
  await expect(t.from).toHaveValue('es');
  await expect(t.to).toHaveValue('en');
  await expect(t.input).toHaveValue(translated);
  await expect(t.result).toHaveText('Hello world');

  await t.clear.click();
  await expect(t.input).toHaveValue('');
  await expect(t.result).toHaveText('Translation will appear here');
  await expect(t.clear).toHaveCount(0);
});

test('Copy shows Copied! for 2 seconds and puts the result on the clipboard', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/text-translate');
  const t = ui(page);
  await t.to.selectOption('es');
  await t.input.fill('Hello world');
  await t.translate.click();
  await expect(t.result).toHaveText(/^Hola mundo$/i);
  await t.copy.click();
  await expect(page.getByRole('button', { name: 'Copied!' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/^Hola mundo$/i);
  await page.waitForTimeout(1500);
  await expect(page.getByRole('button', { name: 'Copied!' })).toBeVisible();
  await expect(t.copy).toBeVisible({ timeout: 1500 });
});

test('a failed copy alerts the spec text', async ({ page }) => {
  await page.addInitScript(() => {
    Object.defineProperty(navigator, 'clipboard', { value: { writeText: () => Promise.reject(new Error('denied')) } });
  });
  await page.goto('/text-translate');
  const t = ui(page);
  await t.to.selectOption('es');
  await t.input.fill('Hello');
  await t.translate.click();
  await expect(t.copy).toBeEnabled();
  const alert = nextAlert(page);
  await t.copy.click();
  expect(await alert).toBe('Failed to copy text. Please try again.');
});

test("errors: the server's text, else the default", async ({ page }) => {
  await page.goto('/text-translate');
  const t = ui(page);
  // No engine here translates Korean → English: the server says so, naming the pair.
  await t.from.selectOption('ko');
  await t.to.selectOption('en');
  await t.input.fill('안녕하세요');
  let alert = nextAlert(page);
  await t.translate.click();
  expect(await alert).toMatch(/^Translation from Korean to English is not available here\./);
  await expect(t.translate).toBeEnabled();

  await page.route('**/api/text/translate/', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"success":false}' }));
  alert = nextAlert(page);
  await t.translate.click();
  expect(await alert).toBe('Translation failed');
});
