// Translate page (SPEC sections 2, 4, 5, 8, 9; issue 8): defaults, counter and limit, Enter / Shift+Enter,
// a real English → Spanish translation through the local Apertium engine, auto-detection, swap, clear, copy
// (and its failure alert), and the error alerts. Issue 16: on-device translation through the browser's
// Translator API (a test double, see e2e/support/translator-double.ts), its absence, and the real Chromium's.
import { expect, test, type Page } from '@playwright/test';
import {
  installTranslatorDouble,
  withoutTranslator,
  type DoubleConfig,
  type DoubleLog,
} from './support/translator-double';

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

// Unless a test says otherwise it stands for a browser WITHOUT on-device translation (Firefox, Safari, older
// Chrome): the server's engines only. Debian's Chromium exposes `Translator`, so it is removed before the page
// loads; the device tests below then install their double over it, and '@real-translator' keeps Chromium's own.
test.beforeEach(async ({ page }, info) => {
  if (!info.tags.includes('@real-translator')) await page.addInitScript(withoutTranslator);
});

test('defaults, counter, the 5000 limit and non-blank text', async ({ page }) => {
  await page.goto('/text-translate');
  const t = ui(page);
  await expect(t.from).toHaveValue('en');
  await expect(t.to).toHaveValue('ko');
  await expect(t.from.locator('option')).toHaveText([
    'Auto detect',
    'English',
    'Korean',
    'Japanese',
    'Vietnamese',
    'Spanish',
    'French',
    'German',
    'Portuguese',
    'Italian',
  ]);
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
  page.on('request', (r) => {
    if (r.url().endsWith('/api/text/translate/')) posts++;
  });

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
  expect((await request).postDataJSON()).toEqual({
    text: 'Hello world\nGood morning',
    input_language: 'en',
    output_language: 'es',
  });
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

test("errors: the visitor's alert for a pair nothing can do, the server's text, else the default; no stale result", async ({
  page,
}) => {
  await page.goto('/text-translate');
  const t = ui(page);
  // English → Spanish works (Apertium) ...
  await t.to.selectOption('es');
  await t.input.fill('Hello, how are you today?');
  await t.translate.click();
  await expect(t.result).toHaveText(/^Hola/i);
  // ... English → Korean has no engine on a fresh install and no device here: the alert speaks to the visitor
  // and the Spanish result does not stay under Korean.
  await t.to.selectOption('ko');
  let alert = nextAlert(page);
  await t.translate.click();
  expect(await alert).toBe(
    'Translation from English to Korean is not available in this browser right now. You can translate between English, Spanish, French, Portuguese and Italian.',
  );
  await expect(t.result).toHaveText('Translation will appear here');
  await expect(t.translate).toBeEnabled();

  await page.route('**/api/text/translate/', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"success":false}' }),
  );
  alert = nextAlert(page);
  await t.translate.click();
  expect(await alert).toBe('Translation failed');
});

test('issue 18: the last error stays on the page after the alert until the next action', async ({ page }) => {
  await page.goto('/text-translate');
  const t = ui(page);
  const unavailable =
    'Translation from English to Korean is not available in this browser right now. You can translate between English, Spanish, French, Portuguese and Italian.';
  // English → Korean: nothing can do it here (no engine, no device).
  await t.input.fill('Hello');
  let alert = nextAlert(page);
  await t.translate.click();
  expect(await alert).toBe(unavailable);
  await expect(page.getByTestId('job-error')).toHaveText(unavailable);
  // Changing a language is the next action.
  await t.to.selectOption('es');
  await expect(page.getByTestId('job-error')).toHaveCount(0);
  // So is typing.
  await t.to.selectOption('ko');
  alert = nextAlert(page);
  await t.translate.click();
  expect(await alert).toBe(unavailable);
  await expect(page.getByTestId('job-error')).toHaveText(unavailable);
  await t.input.fill('Hello there');
  await expect(page.getByTestId('job-error')).toHaveCount(0);
});

// ---- Issue 16: a browser WITH on-device translation. The double stands in for Chrome's Translator API. ----

const withDevice = (page: Page, config: DoubleConfig) => page.addInitScript(installTranslatorDouble, config);
const deviceLog = (page: Page) =>
  page.evaluate(() => (window as unknown as { __translatorLog: DoubleLog }).__translatorLog);

test('device: English → Korean on a fresh install translates on the device, with download progress and a quiet note', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await withDevice(page, { pairs: { 'en>ko': 'downloadable' }, download: 'ok' });
  await page.goto('/text-translate');
  const t = ui(page);
  await t.input.fill('Hello, how are you today?');
  const request = page.waitForRequest((r) => r.url().endsWith('/api/text/translate/'));
  await page.keyboard.press('Enter'); // focus is in the text area: Enter translates
  // The page tells the server it can translate on the device; the server (no engine for en→ko) hands it back.
  expect((await request).postDataJSON()).toEqual({
    text: 'Hello, how are you today?',
    input_language: 'en',
    output_language: 'ko',
    device: true,
  });
  await expect(page.getByRole('button', { name: 'Translating...' })).toBeDisabled();
  await expect(page.getByTestId('device-download')).toContainText(
    'Downloading the translation model to this browser: 50%',
  );
  await expect(t.result).toContainText('[en>ko] Hello, how are you today?');
  await expect(page.getByTestId('device-note')).toHaveText('Translated on your device by the browser');
  await expect(page.getByTestId('device-download')).toHaveCount(0);
  expect((await deviceLog(page)).created).toEqual([{ sourceLanguage: 'en', targetLanguage: 'ko' }]);
  // The spec's rules still hold: counter, copy, swap, clear.
  await expect(t.counter).toHaveText('25 / 5000');
  await t.copy.click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('[en>ko] Hello, how are you today?');
  await t.swap.click();
  await expect(t.from).toHaveValue('ko');
  await expect(t.input).toHaveValue('[en>ko] Hello, how are you today?');
  await expect(page.getByTestId('device-note')).toHaveCount(0);
  await t.clear.click();
  await expect(t.result).toHaveText('Translation will appear here');
});

test('device: auto-detect stays on the server and gives the device its source language; long text is split', async ({
  page,
}) => {
  await withDevice(page, { pairs: { 'ko>ja': 'available' }, download: 'ok' });
  await page.goto('/text-translate');
  const t = ui(page);
  await t.from.selectOption('auto');
  await t.to.selectOption('ja');
  const sentence = '오늘은 날씨가 정말 좋습니다. ';
  const text = sentence.repeat(150).trim(); // ~2,400 characters: more than one 1,000-character chunk
  await t.input.fill(text);
  await t.translate.click();
  await expect(page.getByTestId('detected-language')).toHaveText('Detected: Korean');
  await expect(page.getByTestId('device-note')).toBeVisible();
  const log = await deviceLog(page);
  expect(log.created).toEqual([{ sourceLanguage: 'ko', targetLanguage: 'ja' }]);
  expect(log.chunks.length).toBeGreaterThanOrEqual(3);
  for (const c of log.chunks) expect(c.length).toBeLessThanOrEqual(1000);
  expect(log.chunks.join(' ')).toBe(text);
  await expect(t.result).toContainText('[ko>ja] 오늘은');
});

test('device: preferred over Apertium for a pair Apertium has', async ({ page }) => {
  await withDevice(page, { pairs: { 'en>es': 'available' }, download: 'ok' });
  await page.goto('/text-translate');
  const t = ui(page);
  await t.to.selectOption('es');
  await t.input.fill('I would like to merge two PDF files');
  await t.translate.click();
  await expect(t.result).toContainText('[en>es] I would like to merge two PDF files');
  await expect(page.getByTestId('device-note')).toBeVisible();
});

test('device: a stalled download falls back to Apertium within seconds, or to the visitor alert', async ({ page }) => {
  await withDevice(page, { pairs: { 'en>es': 'downloadable', 'en>ko': 'downloadable' }, download: 'stall' });
  await page.goto('/text-translate');
  const t = ui(page);
  await t.to.selectOption('es');
  await t.input.fill('Hello world');
  let started = Date.now();
  await t.translate.click();
  await expect(page.getByTestId('device-download')).toContainText('10%');
  await expect(t.result).toHaveText(/^Hola mundo$/i, { timeout: 15_000 });
  expect(Date.now() - started).toBeLessThan(12_000);
  await expect(page.getByTestId('device-note')).toHaveCount(0);

  await t.to.selectOption('ko');
  const alert = nextAlert(page);
  started = Date.now();
  await t.translate.click();
  expect(await alert).toBe(
    'Translation from English to Korean is not available in this browser right now. You can translate between English, Spanish, French, Portuguese and Italian.',
  );
  expect(Date.now() - started).toBeLessThan(12_000);
  await expect(t.result).toHaveText('Translation will appear here'); // the Spanish result is gone
});

test('device: a failed download and a pair the device lacks both end in the visitor alert, naming ready device pairs', async ({
  page,
}) => {
  await withDevice(page, { pairs: { 'en>ko': 'downloadable', 'en>de': 'available' }, download: 'fail' });
  await page.goto('/text-translate');
  const t = ui(page);
  await t.input.fill('Good morning');
  let alert = nextAlert(page);
  await t.translate.click();
  expect(await alert).toBe(
    'Translation from English to Korean is not available in this browser right now. You can translate between English, Spanish, French, Portuguese and Italian and, on this device, English to German.',
  );
  await t.from.selectOption('ja');
  await t.input.fill('おはようございます');
  alert = nextAlert(page);
  await t.translate.click();
  expect(await alert).toMatch(/^Translation from Japanese to Korean is not available in this browser right now\./);
});

test(
  'real Chromium: its own Translator cannot download a model offline, and the page still answers',
  { tag: '@real-translator' },
  async ({ page }) => {
    await page.goto('/text-translate');
    const has = await page.evaluate(() => typeof (window as { Translator?: unknown }).Translator !== 'undefined');
    test.info().annotations.push({
      type: 'Translator',
      description: has ? 'present in this Chromium' : 'absent in this Chromium',
    });
    const t = ui(page);
    await t.to.selectOption('es');
    await t.input.fill('Hello world');
    const started = Date.now();
    await t.translate.click();
    // Either the device (if a model happens to be installed) or Apertium after the stall time-out: never a hang.
    await expect(t.result).toHaveText(/Hola/i, { timeout: 30_000 });
    expect(Date.now() - started).toBeLessThan(30_000);

    // English → Korean (the spec's default pair): no server engine, and this Chromium cannot fetch the model
    // offline; within seconds the visitor gets the alert (or, where a model is installed, a translation).
    await t.to.selectOption('ko');
    const alert = nextAlert(page);
    const again = Date.now();
    await t.translate.click();
    const outcome = await Promise.race([
      alert,
      t.result
        .getByText('Translated on your device')
        .waitFor({ timeout: 30_000 })
        .then(() => 'device'),
    ]);
    if (outcome !== 'device') {
      expect(outcome).toMatch(
        /^Translation from English to Korean is not available in this browser right now\. You can translate between English, Spanish, French, Portuguese and Italian/,
      );
      await expect(t.result).toHaveText('Translation will appear here');
    }
    expect(Date.now() - again).toBeLessThan(30_000);
  },
);
