// PDF to Word on a scan (issue 19): a visitor converts an image-only PDF; the page names the pages read by text
// recognition, and the downloaded DOCX, read back by LibreOffice, holds the document's words as text.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { toolBySlug, type FileToolDef } from '../lib/tools/registry';
import { imageOnlyPdf, sampleDocPdf } from '../tests/support/pdf-to-docx/make-pdfs';
import { docxToPdf, pdftotext, wordRecall, words } from '../tests/support/pdf-to-docx/measure';
import { writeTemp } from './support/files';
import { fileInput, openTool } from './support/page-helpers';

test('a scanned PDF comes back as editable text, with the OCR notice', async ({ page }) => {
  test.setTimeout(300_000);
  const tool = toolBySlug('pdf-to-word') as FileToolDef;
  const original = Buffer.from(await sampleDocPdf());
  const scan = Buffer.from(await imageOnlyPdf(original, 200));
  await openTool(page, '/pdf-to-word');
  await fileInput(page).setInputFiles(
    await writeTemp([{ name: 'scanned report.pdf', data: scan, type: 'application/pdf' }]),
  );
  await page.getByRole('button', { name: tool.labels.action, exact: true }).click();
  const download = page.getByRole('button', { name: tool.labels.download });
  await expect(download).toBeVisible({ timeout: 240_000 });
  await expect(page.getByRole('status').filter({ hasText: 'text recognition' })).toContainText(
    'Pages 1, 2 have no text layer (scanned) and were read by text recognition (OCR)',
  );
  const [saved] = await Promise.all([page.waitForEvent('download'), download.click()]);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'p2w-e2e-'));
  try {
    const docx = path.join(dir, 'out.docx');
    fs.copyFileSync(await saved.path(), docx);
    const src = path.join(dir, 'orig.pdf');
    fs.writeFileSync(src, original);
    const [pdf] = docxToPdf([docx]);
    expect(wordRecall(words(pdftotext(src)), words(pdftotext(pdf)))).toBeGreaterThanOrEqual(0.9);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
