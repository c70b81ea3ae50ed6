// Page count and first-page picture of a PDF, rendered in the browser with pdf.js (already a dependency for the
// server side). pdf.js and its worker are fetched on first use only, and one PDF is read at a time, so a list of
// twenty files never blocks the page.
import type * as PdfJs from 'pdfjs-dist';

export type PdfPreview = { state: 'ok'; pages: number } | { state: 'locked' } | { state: 'unreadable' };

/** Larger files get no thumbnail (reading them whole in the browser is not worth it for a picture). */
export const PREVIEW_MAX_BYTES = 50 * 1024 * 1024;

let pdfjs: Promise<typeof PdfJs> | null = null;
function loadPdfJs(): Promise<typeof PdfJs> {
  pdfjs ??= import('pdfjs-dist').then((lib) => {
    // A real worker thread (same origin, allowed by the CSP's script-src 'self'): parsing stays off the page.
    lib.GlobalWorkerOptions.workerPort = new Worker(new URL('pdfjs-dist/build/pdf.worker.min.mjs', import.meta.url), {
      type: 'module',
    });
    return lib;
  });
  return pdfjs;
}

// One PDF at a time, in the order asked.
let queue: Promise<unknown> = Promise.resolve();
function enqueue<T>(task: () => Promise<T>): Promise<T> {
  const next = queue.then(task, task);
  queue = next.catch(() => undefined);
  return next;
}

/** Reads `file`, draws its first page into `canvas` at `width` CSS pixels and returns the page count. */
export function renderPdfPreview(file: Blob, canvas: HTMLCanvasElement, width: number): Promise<PdfPreview> {
  return enqueue(async () => {
    const lib = await loadPdfJs();
    const data = new Uint8Array(await file.arrayBuffer());
    let doc: PdfJs.PDFDocumentProxy | null = null;
    try {
      doc = await lib.getDocument({ data, useWasm: false, stopAtErrors: false }).promise;
      const page = await doc.getPage(1);
      const base = page.getViewport({ scale: 1 });
      const ratio = Math.min(2, window.devicePixelRatio || 1);
      const viewport = page.getViewport({ scale: (width / base.width) * ratio });
      canvas.width = Math.max(1, Math.floor(viewport.width));
      canvas.height = Math.max(1, Math.floor(viewport.height));
      await page.render({ canvas, viewport }).promise;
      return { state: 'ok', pages: doc.numPages };
    } catch (e) {
      return (e as { name?: string }).name === 'PasswordException' ? { state: 'locked' } : { state: 'unreadable' };
    } finally {
      void doc?.destroy();
    }
  });
}
