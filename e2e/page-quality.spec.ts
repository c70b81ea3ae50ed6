// Issue 18: accessibility and input safety of every page. axe-core (MPL-2.0, a test devDependency only, never
// shipped) checks each page, light and dark, at 1280 and 390 px, with every rule axe enables by default
// (WCAG 2.0-2.2 A/AA and best practices): zero violations. Lighthouse runs in `npm run bench` (bench/site).
import { readFileSync } from 'node:fs';
import path from 'node:path';
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
      // colours mid-transition are no state a visitor reads: the upload button fades back in over 0.15 s as
      // a result appears, and axe caught it at 0.6-1 opacity once in CI
      await page.waitForFunction(() =>
        document.getAnimations().every((a) => !(a instanceof CSSTransition) || a.playState !== 'running'),
      );
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

/** A slow phone: the CPU 6x slower, and any script the page's HTML does not name held back 3 s. A tool whose
 * code is not in the HTML (a lazy chunk fetched during hydration) is then still dead when typing starts. */
async function slowStart(page: Page, route: string) {
  const html = await (await page.request.get(route)).text();
  const announced = new Set([...html.matchAll(/<script[^>]*\ssrc="([^"]+)"/g)].map((m) => m[1]));
  await page.route('**/_next/static/chunks/**', async (r) => {
    if (!announced.has(new URL(r.request().url()).pathname)) await new Promise((ok) => setTimeout(ok, 3000));
    await r.continue();
  });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
  await page.goto(route);
}

test.describe('input typed right after load is kept', () => {
  test('Count: typing at once on a slow phone is counted', async ({ page }) => {
    await slowStart(page, '/text-count');
    const input = page.getByRole('textbox', { name: 'Text' });
    await input.pressSequentially('hello world');
    await expect(input).toHaveValue('hello world');
    await expect(page.getByTestId('with-spaces-chars')).toHaveText('11');
    await expect(page.getByTestId('without-spaces-chars')).toHaveText('10');
    await expect(page.getByTestId('count-counter')).toHaveText('11 / 5000');
  });

  for (const [route, counter] of [
    ['/qr-generate', 'qr-counter'],
    ['/text-translate', 'translate-counter'],
  ] as const) {
    test(`${route}: text typed at once on a slow phone reaches the tool`, async ({ page }) => {
      await slowStart(page, route);
      const input = page.getByRole('textbox').first();
      await input.pressSequentially('good morning');
      await expect(input).toHaveValue('good morning');
      await expect(page.getByTestId(counter)).toHaveText(/^12 \/ /);
    });
  }
});

// Code a page needs only after files are chosen is fetched then (components/file-tool/lazy-merge-list.tsx,
// the ZIP writer in use-batch.ts): the scripts each tool page's HTML names carry neither. `npm run bench site`
// gives the sizes.
test('first load: no drag-and-drop library or ZIP writer in any tool page', async ({ request }) => {
  const markers = { '@hello-pangea/dnd': 'data-rfd-drag-handle', fflate: 'invalid zip data' };
  const found: string[] = [];
  const seen = new Map<string, string>();
  for (const route of TOOLS.map(routeOf)) {
    const html = await (await request.get(route)).text();
    const srcs = [...html.matchAll(/<script[^>]*\ssrc="([^"]+)"/g)].map((m) => m[1]);
    expect(srcs.length).toBeGreaterThan(3);
    for (const src of srcs) {
      if (!seen.has(src)) seen.set(src, await (await request.get(src)).text());
      for (const [lib, marker] of Object.entries(markers))
        if (seen.get(src)!.includes(marker)) found.push(`${route}: ${lib} in ${src}`);
    }
  }
  expect(found).toEqual([]);
  // The markers are real: each library's own browser build contains its marker (the merge-list and batch
  // specs drive the lazily loaded list and ZIP).
  const libs = { '@hello-pangea/dnd': '@hello-pangea/dnd/dist/dnd.esm.js', fflate: 'fflate/esm/browser.js' };
  for (const [lib, file] of Object.entries(libs))
    expect(readFileSync(path.resolve('node_modules', file), 'utf8')).toContain(markers[lib as keyof typeof markers]);
});
