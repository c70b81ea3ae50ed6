// Every file tool driven as a visitor: choose the fixture's files, run the job, download, check the result.
// A tool without a fixture yet must still show its page and either answer with the server's own error
// (501 'coming soon' until its module lands) or give a file of the right type under the right name.
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { FILE_TOOLS, downloadName, routeOf, toolBySlug, type FileToolDef } from '../lib/tools/registry';
import { formatSize } from '../lib/client/file-list';
import { loadFixture } from '../tests/support/tool-fixture';
import { looksLike, sampleFor, writeTemp } from './support/files';
import { fileInput, waitCleanup, watchServerError, openTool } from './support/page-helpers';

const byName = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });
const actionButton = (page: Page, tool: FileToolDef) =>
  page.getByRole('button', { name: tool.labels.action, exact: true });

async function fillPassword(page: Page, password: string) {
  await page.getByPlaceholder('Enter password').fill(password);
  await page.getByPlaceholder('Confirm password').fill(password);
}

for (const tool of FILE_TOOLS) {
  test(`${tool.title} (${routeOf(tool)}): a visitor runs the tool`, async ({ page }) => {
    test.setTimeout(300_000);
    const fixture = await loadFixture(tool.slug);
    await openTool(page, routeOf(tool));
    await expect(page.getByText(tool.labels.upload, { exact: true })).toBeVisible();
    await expect(fileInput(page)).toHaveAttribute('accept', tool.accept);
    await expect(actionButton(page, tool)).toHaveCount(0);

    const samples = () =>
      Promise.all(Array.from({ length: tool.minFiles }, (_, i) => sampleFor(tool.accept, `sample-${i + 1}`)));
    const inputs = fixture ? await fixture.valid() : await samples();
    await fileInput(page).setInputFiles(await writeTemp(inputs));
    await expect(page.getByText(tool.labels.replace, { exact: true })).toBeVisible();
    if (tool.kind === 'lock') await fillPassword(page, fixture?.fields?.password ?? 'Sample-pass1');

    const alerts: string[] = [];
    page.on('dialog', (d) => {
      alerts.push(d.message());
      void d.accept();
    });
    const serverError = watchServerError(page, tool);
    const cleanup = waitCleanup(page, tool);
    await actionButton(page, tool).click();
    // The cleanup DELETE ends every job, success or failure.
    await cleanup;
    const download = page.getByRole('button', { name: tool.labels.download });
    await expect(download.or(actionButton(page, tool))).toBeVisible();

    if (!(await download.isVisible())) {
      await expect.poll(() => alerts.length).toBe(1);
      const error = await serverError();
      expect(alerts[0], 'the alert shows the server error').toBe(error);
      // Back to 'file chosen', ready to try again.
      expect(fixture, `${tool.slug} has a fixture but failed: ${alerts[0]}`).toBeNull();
      await expect(actionButton(page, tool)).toBeEnabled();
      return;
    }

    expect(alerts).toEqual([]);
    await expect(actionButton(page, tool)).toHaveCount(0);
    if (tool.kind === 'lock') await expect(page.getByText('PDF file has been successfully locked!')).toBeVisible();
    const [saved] = await Promise.all([page.waitForEvent('download'), download.click()]);
    // Merges run in the list's order, which is the name order after adding.
    const ordered = tool.kind === 'merge' ? [...inputs].sort((a, b) => byName.compare(a.name, b.name)) : inputs;
    expect(saved.suggestedFilename()).toBe(downloadName(tool, ordered[0].name));
    const output = await readFile(await saved.path());
    if (tool.kind === 'single')
      await expect(page.getByTestId('result-summary')).toContainText(`Result: ${formatSize(output.length)}`);
    if (fixture) await fixture.check(output, ordered);
    else expect(looksLike(output, tool.output.mime), `output of ${tool.slug} is ${tool.output.mime}`).toBe(true);

    // Choosing a file again drops the result and brings the action back.
    await fileInput(page).setInputFiles(await writeTemp(inputs.slice(0, 1)));
    await expect(download).toHaveCount(0);
    if (tool.kind !== 'merge' || tool.minFiles <= 1 || inputs.length > 1)
      await expect(actionButton(page, tool)).toBeVisible();
  });
}

test('while a job runs: busy text, disabled controls and a progress bar', async ({ page }) => {
  const tool = toolBySlug('pdf-compress') as FileToolDef;
  // Hold the process answer so the busy state can be seen; the request itself goes through unchanged.
  let release = () => {};
  const held = new Promise<void>((r) => (release = r));
  await page.route('**/api/pdf/compress/process/', async (route) => {
    await held;
    await route.continue();
  });
  await openTool(page, routeOf(tool));
  await fileInput(page).setInputFiles(await writeTemp([await sampleFor(tool.accept, 'busy')]));
  page.on('dialog', (d) => void d.accept());
  const processing = page.waitForRequest('**/api/pdf/compress/process/');
  await actionButton(page, tool).click();
  await processing;
  await expect(page.getByRole('button', { name: 'Compressing...' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Remove busy.pdf' })).toBeDisabled();
  await expect(fileInput(page)).toBeDisabled();
  await expect(page.getByRole('progressbar', { name: 'Processing' })).toBeVisible();
  const cleanup = waitCleanup(page, tool);
  release();
  await cleanup;
  await expect(page.getByRole('button', { name: 'Compressing...' })).toHaveCount(0);
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  // Keyboard users land on the result, not on the page's body.
  await expect(page.getByRole('button', { name: tool.labels.download })).toBeFocused();
});

test('a large upload shows its progress', async ({ page }) => {
  const tool = toolBySlug('pdf-compress') as FileToolDef;
  // Throttle uploads to ~1 MB/s in the browser so a 3 MB file takes a few seconds.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: 1024 * 1024,
  });
  await openTool(page, routeOf(tool));
  const pdf = (await sampleFor(tool.accept, 'large')).data;
  // A valid PDF followed by 3 MB of comment lines: still a PDF by its bytes, and big enough to watch.
  const large = Buffer.concat([pdf, Buffer.from(`%${'x'.repeat(1022)}\n`.repeat(3 * 1024))]);
  await fileInput(page).setInputFiles(await writeTemp([{ name: 'large.pdf', data: large }]));
  page.on('dialog', (d) => void d.accept());
  const cleanup = waitCleanup(page, tool);
  await actionButton(page, tool).click();
  const bar = page.getByRole('progressbar', { name: 'Uploading' });
  await expect(bar).toBeVisible();
  await expect
    .poll(async () => Number(await bar.getAttribute('aria-valuenow')), { timeout: 20_000 })
    .toBeGreaterThan(10);
  const seen = Number(await bar.getAttribute('aria-valuenow'));
  expect(seen).toBeLessThan(100);
  await cleanup;
});

test('a refused file: the alert is the server error and the page is back to "file chosen"', async ({ page }) => {
  const tool = toolBySlug('pdf-compress') as FileToolDef;
  await openTool(page, routeOf(tool));
  // PNG bytes under a .pdf name pass the picker filter; the server checks the bytes and refuses (415).
  const fake = { name: 'not really.pdf', data: (await sampleFor('image/png', 'x')).data };
  await fileInput(page).setInputFiles(await writeTemp([fake]));
  const serverError = watchServerError(page, tool);
  const alerts: string[] = [];
  page.on('dialog', (d) => {
    alerts.push(d.message());
    void d.accept();
  });
  const cleanup = waitCleanup(page, tool);
  await actionButton(page, tool).click();
  await cleanup;
  await expect.poll(() => alerts.length).toBe(1);
  expect(alerts[0]).toBe(await serverError());
  expect(alerts[0]).toContain('not really.pdf');
  await expect(actionButton(page, tool)).toBeEnabled();
  await expect(actionButton(page, tool)).toBeFocused();
  await expect(page.getByTestId('file-name')).toHaveText('not really.pdf');
  await expect(page.getByRole('button', { name: tool.labels.download })).toHaveCount(0);
});

test('leaving mid-job asks first; staying lets the job finish', async ({ page }) => {
  const tool = toolBySlug('pdf-compress') as FileToolDef;
  let release = () => {};
  const held = new Promise<void>((r) => (release = r));
  await page.route('**/api/pdf/compress/process/', async (route) => {
    await held;
    await route.continue();
  });
  await openTool(page, routeOf(tool));
  await fileInput(page).setInputFiles(await writeTemp([await sampleFor(tool.accept, 'stay')]));
  const processing = page.waitForRequest('**/api/pdf/compress/process/');
  await actionButton(page, tool).click();
  await processing;
  const asked = page.waitForEvent('dialog');
  await page.close({ runBeforeUnload: true });
  const dialog = await asked;
  expect(dialog.type()).toBe('beforeunload');
  await dialog.dismiss();
  expect(page.isClosed()).toBe(false);
  const cleanup = waitCleanup(page, tool);
  release();
  await cleanup;
  await expect(page.getByRole('button', { name: tool.labels.download })).toBeVisible();
});
