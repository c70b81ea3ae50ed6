// Shared steps of the file-tool flows.
import { expect, type Page, type Request, type Response } from '@playwright/test';
import type { FileToolDef } from '../../lib/tools/registry';

/** Resolves with the text of the next browser alert, which it accepts. */
export function nextAlert(page: Page, timeout = 120_000): Promise<string> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no alert appeared')), timeout);
    page.once('dialog', async (d) => {
      clearTimeout(timer);
      const text = d.message();
      await d.accept();
      resolve(text);
    });
  });
}

/** Opens a file-tool page and waits until it is hydrated (its drop zone's listeners are attached). */
export async function openTool(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.locator('[data-testid="drop-zone"][data-ready="true"]')).toHaveCount(1);
}

/** The file input of the page (labelled by the visible upload button). */
export const fileInput = (page: Page) => page.locator('input[type="file"]');

export const apiUrl = (tool: FileToolDef, step: string) => `/api/${tool.api}/${step}/`;

export const waitCleanup = (page: Page, tool: FileToolDef): Promise<Request> =>
  page.waitForRequest(
    (r) => r.method() === 'DELETE' && new URL(r.url()).pathname.startsWith(`/api/${tool.api}/cleanup/`),
  );

/** The JSON error text of the first failing upload/process response, for comparing with the alert. */
export function watchServerError(page: Page, tool: FileToolDef): () => Promise<string | null> {
  const failures: Response[] = [];
  page.on('response', (r) => {
    const p = new URL(r.url()).pathname;
    if ((p === apiUrl(tool, 'upload') || p === apiUrl(tool, 'process')) && !r.ok()) failures.push(r);
  });
  return async () => {
    const r = failures[0];
    if (!r) return null;
    const body = (await r.json().catch(() => null)) as { error?: string } | null;
    return body?.error ?? null;
  };
}

export async function rowNames(page: Page): Promise<string[]> {
  return page.getByTestId('merge-row').getByTestId('file-name').allTextContents();
}

export async function expectRows(page: Page, names: string[]): Promise<void> {
  await expect(page.getByRole('heading', { name: `Uploaded Files (${names.length})` })).toBeVisible();
  await expect(page.getByTestId('merge-row').getByTestId('file-name')).toHaveText(names);
  await expect(page.getByTestId('row-number')).toHaveText(names.map((_, i) => String(i + 1)));
}

/**
 * Records each multipart upload's fields as [name, value] ('file:<name>' for files), in order. Chromium does
 * not hand file bodies to the test, so the page's XMLHttpRequest.send is observed instead (it still sends).
 * Call before page.goto.
 */
export async function recordUploads(page: Page): Promise<() => Promise<[string, string][][]>> {
  await page.addInitScript(() => {
    const w = window as unknown as { __uploads: [string, string][][] };
    w.__uploads = [];
    const send = XMLHttpRequest.prototype.send;
    XMLHttpRequest.prototype.send = function (body?: Document | XMLHttpRequestBodyInit | null) {
      if (body instanceof FormData) {
        w.__uploads.push([...body.entries()].map(([k, v]) => [k, typeof v === 'string' ? v : `file:${v.name}`]));
      }
      return send.call(this, body);
    };
  });
  return () => page.evaluate(() => (window as unknown as { __uploads: [string, string][][] }).__uploads);
}
