// Every file tool driven as a visitor: choose the fixture's files, run the job, download, check the result.
// A tool whose fixture is not written yet must still show its page and answer with the server's error.
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { FILE_TOOLS, downloadName, routeOf, type FileToolDef } from '../lib/tools/registry';
import { loadFixture } from './support/fixtures';
import { sampleFor, writeTemp } from './support/files';
import { fileInput, nextAlert, waitCleanup, watchServerError } from './support/page-helpers';

async function fillPassword(page: Page, password: string) {
  await page.getByPlaceholder('Enter password').fill(password);
  await page.getByPlaceholder('Confirm password').fill(password);
}

const byName = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });
const actionButton = (page: Page, tool: FileToolDef) => page.getByRole('button', { name: tool.labels.action, exact: true });

for (const tool of FILE_TOOLS) {
  test(`${tool.title} (${routeOf(tool)}): a visitor runs the tool`, async ({ page }) => {
    test.setTimeout(240_000);
    const fixture = await loadFixture(tool.slug);
    await page.goto(routeOf(tool));
    await expect(page.getByText(tool.labels.upload, { exact: true })).toBeVisible();
    await expect(fileInput(page)).toHaveAttribute('accept', tool.accept);
    await expect(actionButton(page, tool)).toHaveCount(0);

    const inputs = fixture ? await fixture.valid() : [await sampleFor(tool.accept)];
    await fileInput(page).setInputFiles(await writeTemp(inputs));
    await expect(page.getByText(tool.labels.replace, { exact: true })).toBeVisible();
    const password = fixture?.fields?.password ?? 'Sample-pass1';
    if (tool.kind === 'lock') await fillPassword(page, password);

    const cleanup = waitCleanup(page, tool);
    if (!fixture) {
      // Not built yet: the server answers with an error (501 'coming soon'), shown as is.
      const serverError = watchServerError(page, tool);
      const alert = nextAlert(page);
      await actionButton(page, tool).click();
      const text = await alert;
      expect(text).toBe(await serverError());
      await cleanup;
      await expect(actionButton(page, tool)).toBeEnabled();
      return;
    }

    await actionButton(page, tool).click();
    await expect(page.getByRole('button', { name: tool.labels.busy })).toBeDisabled();
    const download = page.getByRole('button', { name: tool.labels.download });
    await expect(download).toBeVisible({ timeout: 200_000 });
    await cleanup;
    await expect(actionButton(page, tool)).toHaveCount(0);
    if (tool.kind === 'lock') await expect(page.getByText('PDF file has been successfully locked!')).toBeVisible();

    const [saved] = await Promise.all([page.waitForEvent('download'), download.click()]);
    // Merges run in the list's order, which is the name order after adding.
    const ordered = tool.kind === 'merge' ? [...inputs].sort((a, b) => byName.compare(a.name, b.name)) : inputs;
    expect(saved.suggestedFilename()).toBe(downloadName(tool, ordered[0].name));
    await fixture.check(await readFile(await saved.path()), ordered);
  });
}
