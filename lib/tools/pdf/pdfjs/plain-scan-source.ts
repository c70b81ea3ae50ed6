// pdf.js side of PDF to Word, scans (plain JS, inlined into the pdf.js thread by worker-source.ts beside
// extract-source.ts). pdf.js evaluates a page once for getOperatorList and again for a render, decoding
// its images each time, and extractPage copies every image's pixels out for the DOCX: on a scanned page
// (no text, no annotations) that was a second JPEG or JPEG 2000 decode, and megabytes copied, for nothing,
// since a rendered page is placed as its render. Such a page is rendered straight away.
export const PLAIN_SCAN_SOURCE = String.raw`
// The page data of a page with no text and no annotations ({ data }); else the page's text content ({ tc }),
// which extractPage goes on with.
async function plainScan(pdfjs, doc, page, vp, task) {
  const tc = await page.getTextContent({ disableNormalization: true });
  if (!(task.renderDpi > 0) || tc.items.some((it) => typeof it.str === 'string' && it.str.length > 0)) return { tc };
  if ((await page.getAnnotations()).length) return { tc };
  // The render's operator list first, by a render that draws nothing; the real render reuses it (same intent).
  const factory = doc.canvasFactory;
  const { canvas, context } = factory.create(1, 1);
  let list = null;
  try {
    const t = page.render({ canvasContext: context, canvas, viewport: page.getViewport({ scale: 1 / Math.max(vp.width, vp.height, 1) }), annotationMode: 0, operationsFilter: () => false });
    await t.promise;
    list = t._internalRenderTask && t._internalRenderTask.operatorList;
  } catch {
  } finally {
    factory.destroy({ canvas, context });
  }
  if (!list || !list.fnArray) return { tc }; // (read as before)
  const blank = { width: vp.width, height: vp.height, runs: [], images: [], segments: [], fills: [], links: [] };
  // A page that paints nothing (blank, however large) is not rendered at all.
  if (!paintsSomething(pdfjs.OPS, list.fnArray)) return { data: blank };
  const full = { x: 0, y: 0, w: vp.width, h: vp.height };
  const r = await renderRegion(doc, page, full, task.renderDpi, task.limits, 'jpg');
  if (!r) return { tc }; // (the render failed: the page is read as before, its images placed)
  page.cleanup();
  return { data: { ...blank, rendered: { ...full, data: r.data, format: 'jpg', dpi: r.dpi } } };
}
`;
