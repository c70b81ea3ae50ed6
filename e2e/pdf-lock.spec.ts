// The PDF lock page's password panel (SPEC section 2 "PDF lock page", section 5).
import { expect, test, type Page } from '@playwright/test';
import { makePdf, writeTemp } from './support/files';
import { fileInput, recordUploads, openTool } from './support/page-helpers';

const password = (page: Page) => page.getByPlaceholder('Enter password');
const confirm = (page: Page) => page.getByPlaceholder('Confirm password');
const lockButton = (page: Page) => page.getByRole('button', { name: 'Lock PDF File' });
const meter = (page: Page) => page.getByRole('meter', { name: 'Password strength' });

let uploads: () => Promise<[string, string][][]>;

test.beforeEach(async ({ page }) => {
  uploads = await recordUploads(page);
  await openTool(page, '/pdf-lock');
});

test('the Set Password panel appears once a PDF is chosen', async ({ page }) => {
  await expect(page.getByRole('heading', { name: 'Set Password' })).toHaveCount(0);
  await expect(password(page)).toHaveCount(0);
  await fileInput(page).setInputFiles(await writeTemp([{ name: 'contract.pdf', data: await makePdf('contract') }]));
  await expect(page.getByRole('heading', { name: 'Uploaded File' })).toBeVisible();
  await expect(page.getByText('contract.pdf')).toBeVisible();
  await expect(page.getByText('Replace PDF File', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Set Password' })).toBeVisible();
  await expect(page.getByText('Enter a password to protect your PDF file')).toBeVisible();
  await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('placeholder', 'Enter password');
  await expect(page.getByLabel('Confirm Password', { exact: true })).toHaveAttribute('placeholder', 'Confirm password');
  await expect(lockButton(page)).toBeDisabled();
  await expect(meter(page)).toHaveCount(0);

  await page.getByRole('button', { name: 'Remove contract.pdf' }).click();
  await expect(page.getByRole('heading', { name: 'Set Password' })).toHaveCount(0);
});

test.describe('with a PDF chosen', () => {
  test.beforeEach(async ({ page }) => {
    await fileInput(page).setInputFiles(await writeTemp([{ name: 'doc.pdf', data: await makePdf('doc') }]));
  });

  test('the rule shows up front; errors wait until the field is left or a lock is tried', async ({ page }) => {
    await expect(page.getByText(/^At least 6 characters\./)).toBeVisible();
    await password(page).fill('abc');
    await expect(page.getByText('Password must be at least 6 characters long')).toHaveCount(0);
    await password(page).press('Enter');
    await expect(page.getByText('Password must be at least 6 characters long')).toBeVisible();
  });

  test('too short a password shows its message and blocks locking', async ({ page }) => {
    await password(page).fill('abc12');
    await password(page).blur();
    await expect(page.getByText('Password must be at least 6 characters long')).toBeVisible();
    await expect(password(page)).toHaveAttribute('aria-invalid', 'true');
    await confirm(page).fill('abc12');
    await confirm(page).blur();
    await expect(lockButton(page)).toBeDisabled();
    await password(page).fill('abc123');
    await expect(page.getByText('Password must be at least 6 characters long')).toHaveCount(0);
    await expect(page.getByText('Passwords do not match. Please try again.')).toBeVisible();
    await confirm(page).fill('abc123');
    await expect(page.getByText('Passwords do not match. Please try again.')).toHaveCount(0);
    await expect(lockButton(page)).toBeEnabled();
  });

  test('a different confirmation shows its message and blocks locking', async ({ page }) => {
    await password(page).fill('Secret-pass1');
    await confirm(page).fill('Secret-pass2');
    await confirm(page).blur();
    await expect(page.getByText('Passwords do not match. Please try again.')).toBeVisible();
    await expect(confirm(page)).toHaveAttribute('aria-invalid', 'true');
    await expect(lockButton(page)).toBeDisabled();
    await confirm(page).fill('Secret-pass1');
    await expect(lockButton(page)).toBeEnabled();
    // Changing the password afterwards invalidates the pair again.
    await password(page).fill('Secret-pass12');
    await expect(page.getByText('Passwords do not match. Please try again.')).toBeVisible();
    await expect(lockButton(page)).toBeDisabled();
  });

  test('the strength meter follows the five-point rule', async ({ page }) => {
    const cases: [string, string, number][] = [
      ['abcdef', 'Weak', 33],
      ['abcdefghijkl', 'Weak', 33], // 2 points
      ['abcdefghijk1', 'Medium', 66], // 3 points
      ['Abcdefgh1!', 'Strong', 100], // 4 points
      ['Abcdefghijk1!', 'Strong', 100], // 5 points
    ];
    for (const [pw, label, percent] of cases) {
      await password(page).fill(pw);
      await expect(meter(page)).toHaveAttribute('aria-valuenow', String(percent));
      await expect(meter(page)).toHaveAttribute('aria-valuetext', label);
      await expect(page.getByTestId('strength-label')).toHaveText(label);
      await expect(page.getByTestId('strength-bar')).toHaveAttribute('style', `width: ${percent}%;`);
    }
    await password(page).fill('');
    await expect(meter(page)).toHaveCount(0);
  });

  test('show/hide toggles reveal and hide each field', async ({ page }) => {
    await password(page).fill('Secret-pass1');
    await confirm(page).fill('Secret-pass1');
    await expect(password(page)).toHaveAttribute('type', 'password');
    await expect(confirm(page)).toHaveAttribute('type', 'password');

    await page.getByRole('button', { name: 'Show password' }).click();
    await expect(password(page)).toHaveAttribute('type', 'text');
    await expect(confirm(page)).toHaveAttribute('type', 'password');
    await expect(page.getByRole('button', { name: 'Hide password' })).toHaveAttribute('aria-pressed', 'true');

    await page.getByRole('button', { name: 'Show confirm password' }).click();
    await expect(confirm(page)).toHaveAttribute('type', 'text');
    await page.getByRole('button', { name: 'Hide password' }).click();
    await expect(password(page)).toHaveAttribute('type', 'password');
    await expect(page.getByRole('button', { name: 'Show password' })).toHaveAttribute('aria-pressed', 'false');
    await expect(password(page)).toHaveValue('Secret-pass1');
  });

  test('the form is usable with the keyboard alone', async ({ page }) => {
    await password(page).focus();
    await page.keyboard.type('Secret-pass1');
    await page.keyboard.press('Tab'); // the show/hide toggle
    await expect(page.getByRole('button', { name: 'Show password' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(confirm(page)).toBeFocused();
    await page.keyboard.type('Secret-pass1');
    await expect(lockButton(page)).toBeEnabled();
    page.once('dialog', (d) => void d.accept());
    const processCall = page.waitForRequest((r) => r.url().endsWith('/api/pdf/lock/process/'));
    await page.keyboard.press('Enter');
    // The password travels with the upload and with the process call.
    const json = (await processCall).postDataJSON() as { session_id: string; password: string };
    expect(json.password).toBe('Secret-pass1');
    const [sent] = await uploads();
    expect(sent).toEqual([
      ['session_id', json.session_id],
      ['password', 'Secret-pass1'],
      ['file', 'file:doc.pdf'],
    ]);
  });
});
