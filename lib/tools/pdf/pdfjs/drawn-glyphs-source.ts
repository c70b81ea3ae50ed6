// pdf.js side of PDF to Word, figures set in glyphs (plain JS, inlined into the pdf.js thread by
// worker-source.ts beside drawings-source.ts, which uses it): marks drawn as glyphs, a legend's words, picture
// fonts' glyphs.
export const DRAWN_GLYPHS_SOURCE = String.raw`
// Figures set in glyphs (textopo's topology plots: each residue a symbol font's "◦" drawn over its "•", its
// letter a tiny run inside): laid out as text, hundreds of circles ran into lines across the page. Marks
// (bullets, circles, squares, stars) set one over another of another shape, a dozen or more on the page, are
// drawn glyphs as a score's notes are: the figure is a drawing rendered with them, its letters over it.
const MARK = /^[•∘∙⋄⋅■-◿★☆⬤]$/;
const FIGURE_MARKS = 12;
function glyphMarks(runs) {
  const cand = runs.filter((r) => !r.rotated && MARK.test(r.str.trim())).sort((a, b) => a.x - b.x);
  const over = new Set();
  if (cand.length < FIGURE_MARKS) return over;
  for (let i = 0; i < cand.length; i++) {
    const a = cand[i];
    for (let j = i + 1; j < cand.length && cand[j].x - a.x < 0.2 * a.size; j++) {
      const b = cand[j];
      if (b.str.trim() !== a.str.trim() && Math.abs(b.y - a.y) < 0.2 * a.size && Math.abs(b.size - a.size) < 0.2 * a.size) over.add(a).add(b);
    }
  }
  return over.size >= FIGURE_MARKS ? over : new Set();
}

// A legend's words after its marks (textopo: a disc, then "similar positions") are the drawing's labels: left
// out, the legend's lines stood beside the picture as a column of text and ran into one paragraph.
function legendText(b, runs, marks) {
  for (const m of runs.filter((q) => marks.has(q) && runInside(q, b))) {
    let end = m.x + m.w;
    const after = runs.filter((q) => !marks.has(q) && !q.rotated && Math.abs(q.y - m.y) < 0.3 * q.size && q.x >= end - 1);
    for (const q of after.sort((p, o) => p.x - o.x)) {
      if (q.x - end > 1.5 * q.size) break;
      end = Math.max(end, q.x + q.w);
      spread(b, { x: q.x, y: q.y - q.size * 0.8, w: Math.max(q.w, 0.5), h: q.size });
    }
  }
}

// The fonts of a drawing's drawn glyphs, for textOps to keep in its picture (a subset tag before the name).
function keptFonts(glyphs) {
  const names = [...new Set(glyphs.map((q) => q.font.replace(/[.*+?^\${}()|[\]\\]/g, '\\$&')))];
  return new RegExp('^(?:[A-Z]{6}\\+)?(?:' + names.join('|') + ')$');
}

// A Type 3 glyph several ems wide is a figure, not a letter (GLPK's title page: dvipdfmx's bitmap font of
// four corner ornaments, whose codes read "M", "L", "J", "K"). Its box is the font's (FontBBox through its
// FontMatrix, at the run's size); rendered alone there (no other text in it), it is a picture floating at its
// place (in the flow, four corners made a layout table of the title page).
const FIGURE_EMS = 3;
function figureBox(font, run, str) {
  const n = [...str.trim()].length;
  const bb = font && font.bbox, fm = font && font.fontMatrix;
  if (n < 1 || n > 2 || run.w < FIGURE_EMS * run.size * n || !bb || !fm || run.rotated) return null;
  const sx = Math.abs(fm[0]) * run.size, sy = Math.abs(fm[3]) * run.size; // (glyph units to points)
  const x = run.x + Math.min(bb[0], bb[2]) * sx, w = Math.abs(bb[2] - bb[0]) * sx;
  const top = run.y - Math.max(bb[1], bb[3]) * sy, h = Math.abs(bb[3] - bb[1]) * sy;
  return w > 0 && h > 0 && h < 20 * run.size ? { x, y: top, w, h } : null;
}
async function figureGlyph(doc, page, size, runs, images, task, i) {
  const q = runs[i], f = q.figure;
  delete q.figure;
  const b = paddedBox(f, 1, size); // (drawings-source.ts)
  const meets = (r) => r !== q && r.x < b.x + b.w && r.x + r.w > b.x && r.y - 0.8 * r.size < b.y + b.h && r.y > b.y;
  if (b.w <= 0 || b.h <= 0 || runs.some(meets)) return;
  const r = await renderRegion(doc, page, b, task.drawingDpi, task.limits, 'png', await textOps(page, /(?:)/));
  if (!r || r.blank) return;
  runs.splice(i, 1);
  images.push({ ...b, encoded: { data: r.data, type: 'png', dpi: r.dpi }, glyph: true });
}

// A picture font's glyph outside any drawing (AMC's corner marks are lcircle10's discs, whose code reads
// "y") is a small picture of its own: the page an em round the glyph's origin (a circle is drawn about its
// centre), that font's text alone rendered.
async function pictureGlyphs(doc, page, size, runs, images, task) {
  for (let i = runs.length - 1; i >= 0; i--) {
    const q = runs[i];
    if (q.figure) await figureGlyph(doc, page, size, runs, images, task, i);
    if (!PICTURE_FONT.test(q.font)) continue;
    runs.splice(i, 1);
    const x = Math.max(0, q.x - q.size), y = Math.max(0, q.y - q.size);
    const b = { x, y, w: Math.min(size.width, q.x + q.w + q.size) - x, h: Math.min(size.height, q.y + q.size) - y };
    const r = await renderRegion(doc, page, b, task.drawingDpi, task.limits, 'png', await textOps(page, PICTURE_FONT));
    if (r && !r.blank) images.push({ ...b, encoded: { data: r.data, type: 'png', dpi: r.dpi } });
  }
}
`;
