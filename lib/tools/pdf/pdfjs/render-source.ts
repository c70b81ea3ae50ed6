// pdf.js side of PDF to Word, renders (plain JS, inlined into the pdf.js thread by worker-source.ts beside
// extract-source.ts): whether a page paints anything, and a region of a page rendered to a picture.
export const RENDER_SOURCE = String.raw`
const PAINT_OPS = ['fill', 'eoFill', 'stroke', 'closeStroke', 'fillStroke', 'eoFillStroke', 'closeFillStroke', 'closeEOFillStroke',
  'shadingFill', 'paintImageXObject', 'paintInlineImageXObject', 'paintImageMaskXObject', 'paintImageMaskXObjectGroup',
  'paintImageXObjectRepeat', 'paintImageMaskXObjectRepeat', 'paintSolidColorImageMask', 'showText', 'showSpacedText',
  'nextLineShowText', 'nextLineSetSpacingShowText', 'constructPath'];
function paintsSomething(OPS, fnArray) {
  const paint = new Set(PAINT_OPS.map((n) => OPS[n]).filter((v) => v !== undefined));
  for (const fn of fnArray) if (paint.has(fn)) return true;
  return false;
}

// Renders a page region (points, top-left origin). The resolution drops so one render stays under
// limits.pagePixels, and every rendered pixel counts against the job's limits.jobPixels: a 10000 pt
// page becomes a modest image instead of a 434-megapixel canvas, and a file of many such pages stops.
let jobPixels = 0;
async function renderRegion(doc, page, box, dpi, limits, format, skipOps = null) {
  const area = box.w * box.h;
  if (!(area > 1)) return null;
  const scale = Math.min(dpi / 72, Math.sqrt(limits.pagePixels / area));
  const w = Math.max(1, Math.ceil(box.w * scale));
  const h = Math.max(1, Math.ceil(box.h * scale));
  jobPixels += w * h;
  if (jobPixels > limits.jobPixels) {
    const e = new Error('render budget');
    e.name = 'LimitError';
    throw e;
  }
  const vp = page.getViewport({ scale, offsetX: -box.x * scale, offsetY: -box.y * scale });
  const factory = doc.canvasFactory;
  const { canvas, context } = factory.create(w, h);
  try {
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, w, h);
    // skipOps judges the operator list this render runs: pdf.js evaluates it apart from getOperatorList's,
    // and the two can differ (a warm evaluation folds q/cm/path/Q), so indices from the other list skip
    // the wrong operators (a group's end: the render threw and the thread died).
    let task = null;
    const ran = () => task && task._internalRenderTask && task._internalRenderTask.operatorList;
    const operationsFilter = skipOps ? (i) => { const list = ran(); return !list || !skipOps(list, i); } : undefined;
    task = page.render({ canvasContext: context, canvas, viewport: vp, annotationMode: 0, operationsFilter });
    await task.promise;
    // A drawing that paints nothing visible (white on white, clipped away, invisible text only) is no picture.
    if (format === 'png' && isBlank(context.getImageData(0, 0, w, h).data)) return { blank: true };
    const data = format === 'png' ? canvas.toBuffer('image/png') : canvas.toBuffer('image/jpeg', 88);
    return { data: new Uint8Array(data), dpi: scale * 72, width: w, height: h };
  } catch (e) {
    return null;
  } finally {
    factory.destroy({ canvas, context });
  }
}

function isBlank(px) {
  for (let i = 0; i < px.length; i += 4) if (px[i] < 248 || px[i + 1] < 248 || px[i + 2] < 248) return false;
  return true;
}
`;
