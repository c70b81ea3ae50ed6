// The merge list on /pdf-merge (SPEC sections 2 and 4): sort on add, drag reorder by mouse and keyboard,
// remove, numbering, thresholds, and the merged state cleared by add/remove.
import { expect, test, type Page } from '@playwright/test';
import { toolBySlug, type FileToolDef } from '../lib/tools/registry';
import { makePdf, writeTemp } from './support/files';
import {
  expectRows,
  fileInput,
  recordUploads,
  rowNames,
  waitCleanup,
  watchServerError,
  openTool,
} from './support/page-helpers';

const pdfMerge = toolBySlug('pdf-merge') as FileToolDef;
const mergeButton = (page: Page) => page.getByRole('button', { name: 'Merge PDF Files' });

async function pdfs(...names: string[]): Promise<string[]> {
  return writeTemp(await Promise.all(names.map(async (n) => ({ name: n, data: await makePdf(n) }))));
}

test.describe('PDF merge list', () => {
  test('sorts on add, numbers rows, keeps files on add and removes rows', async ({ page }) => {
    await openTool(page, '/pdf-merge');
    await expect(page.getByText('Upload PDF Files', { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: /Uploaded Files/ })).toHaveCount(0);

    await fileInput(page).setInputFiles(await pdfs('b.pdf', 'a.pdf'));
    await expectRows(page, ['a.pdf', 'b.pdf']);
    await expect(page.getByText('Add PDF Files', { exact: true })).toBeVisible();

    // Adding keeps the existing files and sorts the whole list by name (naturally: c2 before c10).
    await fileInput(page).setInputFiles(await pdfs('c10.pdf', 'C2.pdf'));
    await expectRows(page, ['a.pdf', 'b.pdf', 'C2.pdf', 'c10.pdf']);

    await page.getByRole('button', { name: 'Remove b.pdf' }).click();
    await expectRows(page, ['a.pdf', 'C2.pdf', 'c10.pdf']);
    await page.getByRole('button', { name: 'Remove a.pdf' }).click();
    await page.getByRole('button', { name: 'Remove C2.pdf' }).click();
    await expectRows(page, ['c10.pdf']);
    await page.getByRole('button', { name: 'Remove c10.pdf' }).click();
    await expect(page.getByRole('heading', { name: /Uploaded Files/ })).toHaveCount(0);
    await expect(page.getByText('Upload PDF Files', { exact: true })).toBeVisible();
  });

  test('on a fresh page the Merge button shows with the list, not before it (it would be pushed down)', async ({
    page,
  }) => {
    await openTool(page, '/pdf-merge');
    // Files set without a click or key: the list's code is fetched only now.
    await fileInput(page).setInputFiles(await pdfs('a.pdf', 'b.pdf'));
    await expect(mergeButton(page)).toBeVisible();
    expect(await rowNames(page)).toEqual(['a.pdf', 'b.pdf']);
    const at = (await mergeButton(page).boundingBox())!.y;
    await expectRows(page, ['a.pdf', 'b.pdf']);
    await expect(page.getByTestId('pdf-thumb')).toHaveCount(2);
    expect((await mergeButton(page).boundingBox())!.y).toBe(at);
  });

  test('the Merge button shows only with more than one PDF', async ({ page }) => {
    await openTool(page, '/pdf-merge');
    await expect(mergeButton(page)).toHaveCount(0);
    await fileInput(page).setInputFiles(await pdfs('one.pdf'));
    await expectRows(page, ['one.pdf']);
    await expect(mergeButton(page)).toHaveCount(0);
    await fileInput(page).setInputFiles(await pdfs('two.pdf'));
    await expect(mergeButton(page)).toBeEnabled();
    await page.getByRole('button', { name: 'Remove two.pdf' }).click();
    await expect(mergeButton(page)).toHaveCount(0);
  });

  test('Word merge shows its button with one file', async ({ page }) => {
    await openTool(page, '/word-merge');
    await expect(page.getByRole('button', { name: 'Merge Word Files' })).toHaveCount(0);
    await fileInput(page).setInputFiles(await writeTemp([{ name: 'letter.docx', data: Buffer.from('PK') }]));
    await expectRows(page, ['letter.docx']);
    await expect(page.getByRole('button', { name: 'Merge Word Files' })).toBeVisible();
  });

  test('reorders by mouse drag', async ({ page }) => {
    await openTool(page, '/pdf-merge');
    await fileInput(page).setInputFiles(await pdfs('a.pdf', 'b.pdf', 'c.pdf'));
    await expectRows(page, ['a.pdf', 'b.pdf', 'c.pdf']);

    const handle = page.getByRole('button', { name: 'Reorder a.pdf' });
    const target = page.getByTestId('merge-row').nth(2);
    const from = (await handle.boundingBox())!;
    const to = (await target.boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    // Past the library's sloppy-click threshold first, then down to the last row.
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 + 10, { steps: 4 });
    await page.mouse.move(from.x + from.width / 2, to.y + to.height / 2 + 4, { steps: 12 });
    await page.mouse.up();
    await expectRows(page, ['b.pdf', 'c.pdf', 'a.pdf']);
  });

  test('reorders with the keyboard', async ({ page }) => {
    await openTool(page, '/pdf-merge');
    await fileInput(page).setInputFiles(await pdfs('a.pdf', 'b.pdf', 'c.pdf'));
    await expectRows(page, ['a.pdf', 'b.pdf', 'c.pdf']);

    await page.getByRole('button', { name: 'Reorder c.pdf' }).focus();
    await page.keyboard.press('Space');
    await page.keyboard.press('ArrowUp');
    await page.waitForTimeout(300); // the library animates each keyboard move
    await page.keyboard.press('ArrowUp');
    await page.waitForTimeout(300);
    await page.keyboard.press('Space');
    await expectRows(page, ['c.pdf', 'a.pdf', 'b.pdf']);
    // Focus stays on the moved row's handle, so the visitor can keep going.
    await expect(page.getByRole('button', { name: 'Reorder c.pdf' })).toBeFocused();
  });

  test('files dropped on the page are added and non-PDFs are refused', async ({ page }) => {
    await openTool(page, '/pdf-merge');
    const pdf = [...(await makePdf('dropped'))];
    await page.evaluate((bytes) => {
      const dt = new DataTransfer();
      dt.items.add(new File([new Uint8Array(bytes)], 'z-dropped.pdf', { type: 'application/pdf' }));
      dt.items.add(new File(['hello'], 'notes.txt', { type: 'text/plain' }));
      window.dispatchEvent(new DragEvent('dragover', { dataTransfer: dt, cancelable: true }));
      document.body.dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
    }, pdf);
    await expectRows(page, ['z-dropped.pdf']);
    await expect(page.getByRole('status').filter({ hasText: '"notes.txt" is not a PDF file.' })).toBeVisible();
  });

  test('pasted files are added like dropped ones', async ({ page }) => {
    await openTool(page, '/pdf-merge');
    const pdf = [...(await makePdf('pasted'))];
    await page.evaluate((bytes) => {
      const dt = new DataTransfer();
      dt.items.add(new File([new Uint8Array(bytes)], 'pasted.pdf', { type: 'application/pdf' }));
      document.body.dispatchEvent(new ClipboardEvent('paste', { clipboardData: dt, bubbles: true, cancelable: true }));
    }, pdf);
    await expectRows(page, ['pasted.pdf']);
  });

  test('merging sends files in list order; adding or removing files clears the result', async ({ page }) => {
    test.setTimeout(180_000);
    const uploads = await recordUploads(page);
    await openTool(page, '/pdf-merge');
    await fileInput(page).setInputFiles(await pdfs('b.pdf', 'a.pdf'));
    const cleanup = waitCleanup(page, pdfMerge);
    const serverError = watchServerError(page, pdfMerge);
    let alertText: string | null = null;
    page.once('dialog', async (d) => {
      alertText = d.message();
      await d.accept();
    });
    await mergeButton(page).click();
    await cleanup;
    // Files go up in list order, as repeated `files`.
    const [sent] = await uploads();
    expect(sent.slice(1)).toEqual([
      ['files', 'file:a.pdf'],
      ['files', 'file:b.pdf'],
    ]);
    expect(sent[0][0]).toBe('session_id');

    const download = page.getByRole('button', { name: 'Download Merged PDF' });
    await expect(download.or(mergeButton(page))).toBeVisible();
    if (await download.isVisible()) {
      await expect(mergeButton(page)).toHaveCount(0);
      await fileInput(page).setInputFiles(await pdfs('c.pdf'));
      await expect(download).toHaveCount(0);
      await expect(mergeButton(page)).toBeVisible();
      await expectRows(page, ['a.pdf', 'b.pdf', 'c.pdf']);
      // Merge again, then removing a row clears the merged state too.
      await mergeButton(page).click();
      await expect(download).toBeVisible({ timeout: 120_000 });
      await page.getByRole('button', { name: 'Remove c.pdf' }).click();
      await expect(download).toHaveCount(0);
      await expect(mergeButton(page)).toBeVisible();
      expect(await rowNames(page)).toEqual(['a.pdf', 'b.pdf']);
    } else {
      // The PDF module has not landed yet: the alert shows the server's own error.
      await expect.poll(() => alertText).not.toBeNull();
      expect(alertText).toBe(await serverError());
      await expect(mergeButton(page)).toBeEnabled();
    }
  });
});
