// Issue 18: accessibility and input safety of every page. axe-core (MPL-2.0, a test devDependency only, never
// shipped) checks each page, light and dark, at 1280 and 390 px, with every rule axe enables by default
// (WCAG 2.0-2.2 A/AA and best practices): zero violations. Lighthouse runs in `npm run bench` (bench/site).
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { TOOLS, routeOf } from '../lib/tools/registry';
import { fileInput, openTool } from './support/page-helpers';
import { makePdf, writeTemp } from './support/files';

const PAGES = ['/', ...TOOLS.map(routeOf), '/privacy-policy', '/terms-of-service', '/no-such-page'];
const VIEWS = [
  { width: 1280, scheme: 'light' },
  { width: 1280, scheme: 'dark' },
  { width: 390, scheme: 'light' },
  { width: 390, scheme: 'dark' },
] as const;

/** The violations axe finds on the page as it is now, in a readable form (empty when clean). */
async function axeViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
}

test.describe('axe: zero violations', () => {
  for (const view of VIEWS) {
    test(`every page at ${view.width} px, ${view.scheme}`, async ({ page }) => {
      test.setTimeout(240_000);
      await page.setViewportSize({ width: view.width, height: 900 });
      await page.emulateMedia({ colorScheme: view.scheme });
      const found: Record<string, string[]> = {};
      for (const route of PAGES) {
        await page.goto(route);
        await expect(page.locator('h1')).toHaveCount(1);
        const violations = await axeViolations(page);
        if (violations.length) found[route] = violations;
      }
      expect(found).toEqual({});
    });
  }

  test('working states: a chosen file, a merge list, lock errors, the open drawer, results', async ({ page }) => {
    test.setTimeout(240_000);
    const found: Record<string, string[]> = {};
    const check = async (name: string) => {
      const violations = await axeViolations(page);
      if (violations.length) found[name] = violations;
    };
    const [a, b] = await writeTemp([
      { name: 'a.pdf', data: await makePdf('a') },
      { name: 'b.pdf', data: await makePdf('b', 2) },
    ]);
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.setViewportSize({ width: 1280, height: 900 });
      await openTool(page, '/pdf-merge');
      await fileInput(page).setInputFiles([a, b]);
      await expect(page.getByText('Uploaded Files (2)')).toBeVisible();
      await check(`${scheme} merge list`);

      await openTool(page, '/pdf-lock');
      await fileInput(page).setInputFiles(a);
      await page.getByLabel('Password', { exact: true }).fill('abc');
      await page.getByLabel('Password', { exact: true }).press('Tab');
      await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
      await check(`${scheme} lock errors`);

      await openTool(page, '/pdf-compress');
      await fileInput(page).setInputFiles(a);
      await page.getByRole('button', { name: 'Compress PDF File' }).click();
      await expect(page.getByRole('button', { name: 'Download Compressed PDF' })).toBeVisible({ timeout: 60_000 });
      await check(`${scheme} compress result`);

      await page.setViewportSize({ width: 390, height: 900 });
      await page.goto('/');
      await page.getByRole('button', { name: 'Open menu' }).click();
      await expect(page.locator('#site-sidebar')).toBeVisible();
      await check(`${scheme} open drawer`);
    }
    expect(found).toEqual({});
  });
});

/** Slows the page's CPU so the time between the load event and hydration is as long as on a slow phone. */
async function throttle(page: Page, rate: number) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
}

test.describe('input typed right after load is kept', () => {
  test('Count: typing at once on a 6x slower CPU is counted', async ({ page }) => {
    await throttle(page, 6);
    await page.goto('/text-count');
    const input = page.getByRole('textbox', { name: 'Text' });
    await input.pressSequentially('hello world');
    await expect(input).toHaveValue('hello world');
    await expect(page.getByTestId('with-spaces-chars')).toHaveText('11');
    await expect(page.getByTestId('without-spaces-chars')).toHaveText('10');
    await expect(page.getByTestId('count-counter')).toHaveText('11 / 5000');
  });

  test('Translate and QR: text typed at once on a 6x slower CPU reaches the tool', async ({ page }) => {
    await throttle(page, 6);
    await page.goto('/qr-generate');
    const qr = page.getByRole('textbox').first();
    await qr.pressSequentially('https://example.org');
    await expect(qr).toHaveValue('https://example.org');
    await expect(page.getByTestId('qr-counter')).toHaveText(/^19 \/ /);

    await page.goto('/text-translate');
    const source = page.getByRole('textbox').first();
    await source.pressSequentially('good morning');
    await expect(source).toHaveValue('good morning');
    await expect(page.getByTestId('translate-counter')).toHaveText(/^12 \/ /);
  });
});
