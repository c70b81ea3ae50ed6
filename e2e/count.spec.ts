// Count page (SPEC sections 2, 4, 5, 8): four figures on mixed text, recalculated on input; the limit; Clear;
// the text posted to /api/text/count/, whose failure is ignored.
import { expect, test, type Page } from '@playwright/test';

const figure = (page: Page, id: 'with-spaces' | 'without-spaces', what: 'chars' | 'bytes') =>
  page.getByTestId(`${id}-${what}`);

async function expectFigures(page: Page, chars: number, bytes: number, charsNs: number, bytesNs: number) {
  await expect(figure(page, 'with-spaces', 'chars')).toHaveText(chars.toLocaleString('en-US'));
  await expect(figure(page, 'with-spaces', 'bytes')).toHaveText(bytes.toLocaleString('en-US'));
  await expect(figure(page, 'without-spaces', 'chars')).toHaveText(charsNs.toLocaleString('en-US'));
  await expect(figure(page, 'without-spaces', 'bytes')).toHaveText(bytesNs.toLocaleString('en-US'));
}

test('counts Korean, emoji and spaces: characters as seen, UTF-8 bytes, without U+0020', async ({ page }) => {
  await page.goto('/text-count');
  await expect(page.getByRole('heading', { name: 'With Spaces' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Without Spaces' })).toBeVisible();
  await expectFigures(page, 0, 0, 0, 0);
  await expect(page.getByTestId('count-counter')).toHaveText('0 / 5000');

  const posted = page.waitForRequest((r) => r.url().endsWith('/api/text/count/') && r.method() === 'POST');
  const input = page.getByRole('textbox', { name: 'Text' });
  // 안녕 (2 × 3 bytes), flag (8 bytes), 'hi', thumbs-up with skin tone (8 bytes), '!', four spaces.
  await input.fill('안녕 🇰🇷 hi 👍🏽!');
  await expectFigures(page, 10, 28, 7, 25);
  await expect(page.getByTestId('count-counter')).toHaveText('10 / 5000');
  const request = await posted;
  expect(request.postDataJSON()).toEqual({ text: '안녕 🇰🇷 hi 👍🏽!' });

  // Recalculated on every input; tabs and newlines are not "spaces".
  await input.press('End');
  await input.pressSequentially(' a\tb');
  await expectFigures(page, 14, 32, 10, 28);

  await page.getByRole('button', { name: 'Clear' }).click();
  await expect(input).toHaveValue('');
  await expectFigures(page, 0, 0, 0, 0);
});

test('limits the text to 5000 characters, also when pasting', async ({ page }) => {
  await page.goto('/text-count');
  const input = page.getByRole('textbox', { name: 'Text' });
  await input.fill('가'.repeat(5003));
  await expect(page.getByTestId('count-counter')).toHaveText('5000 / 5000');
  await expect(input).toHaveValue('가'.repeat(5000));
  await expectFigures(page, 5000, 15000, 5000, 15000);
  // At the limit the browser refuses more typing.
  await input.press('End');
  await input.press('a');
  await expect(input).toHaveValue('가'.repeat(5000));
  // Emoji count as one character each, so 5000 flags fit.
  await page.getByRole('button', { name: 'Clear' }).click();
  await input.fill('🇰🇷'.repeat(5001));
  await expect(page.getByTestId('count-counter')).toHaveText('5000 / 5000');
  await expect(input).toHaveValue('🇰🇷'.repeat(5000));
});

test('a failing count API is ignored: no alert, the figures stay right', async ({ page }) => {
  let dialogs = 0;
  page.on('dialog', (d) => {
    dialogs++;
    void d.dismiss();
  });
  await page.route('**/api/text/count/', (route) => route.fulfill({ status: 500, body: '{"success":false,"error":"down"}' }));
  await page.goto('/text-count');
  const failed = page.waitForResponse((r) => r.url().endsWith('/api/text/count/'));
  await page.getByRole('textbox', { name: 'Text' }).fill('a b');
  await failed;
  await expectFigures(page, 3, 3, 2, 2);
  expect(dialogs).toBe(0);
});
