// pdf.js side of PDF to Word, drawings (plain JS, inlined into the pdf.js thread by worker-source.ts after
// extract-source.ts, whose renderRegion it uses): which paths, images and labels of a page make one picture.
export const DRAWINGS_SOURCE = String.raw`
// Vector drawings (logos, diagrams, charts): path boxes that touch are grouped; a group with curves,
// diagonals or gradients (tables and rules are straight and axis-aligned, and stay tables) and little text
// is rendered from the page at task.drawingDpi as one picture in its place. The text inside it is
// rendered into the picture (its runs are removed, so nothing is doubled); a group holding more text than
// a drawing's labels is a decorated text area and is left as text. Page-sized boxes are backgrounds.
const DRAWING_GAP = 6;
const MUSIC_FONT = /emmentaler|feta|bravura|petaluma|leland|lilyjazz|gonville|sebastian/i;
async function placeDrawings(doc, page, size, drawn, runs, images, segments, fills, task) {
  const pageArea = size.width * size.height;
  // Paths are cut to the page (a logo's clipped artwork may reach far outside it): off the page they would
  // join unrelated boxes into one region of nothing.
  const onPage = (b) => {
    const x = Math.max(0, b.x), y = Math.max(0, b.y);
    return { ...b, x, y, w: Math.min(size.width, b.x + b.w) - x, h: Math.min(size.height, b.y + b.h) - y };
  };
  let boxes = drawn.map(onPage).filter((b) => b.w >= 0 && b.h >= 0 && b.w * b.h < 0.5 * pageArea && (b.w > 0.5 || b.h > 0.5) && b.w < 0.95 * size.width && b.h < 0.95 * size.height)
    .map((b) => piece(b, b.complex ? 1 : 0));
  // Music notation is glyphs of a music font on staves of straight lines: the glyphs make it a drawing
  // (rendered with them), not a ruled table of letters.
  for (const r of runs) if (MUSIC_FONT.test(r.font)) boxes.push(piece({ x: r.x, y: r.y - r.size * 0.8, w: Math.max(r.w, 1), h: r.size }, 1));
  // A picture made of several overlapping images (a logo cut in pieces, a mask over a photo): placed one by
  // one in the flow they would stack down the page, so the group is rendered as one drawing.
  const pics = images.filter((o) => o.w * o.h < 0.5 * pageArea);
  const cross = (a, o) => a.x + 1 < o.x + o.w && o.x + 1 < a.x + a.w && a.y + 1 < o.y + o.h && o.y + 1 < a.y + a.h;
  for (const o of pics) if (pics.some((q) => q !== o && cross(o, q))) boxes.push(piece(o, 1));
  for (const f of chartBars(fills, runs, pageArea)) boxes.push(piece(f, 1));
  if (!boxes.some((b) => b.complex) || boxes.length > 4000) return;
  const near = (a, b) => a.x - DRAWING_GAP <= b.x + b.w && b.x - DRAWING_GAP <= a.x + a.w && a.y - DRAWING_GAP <= b.y + b.h && b.y - DRAWING_GAP <= a.y + a.h;
  // Greedy merging until stable (bounded passes).
  for (let pass = 0; pass < 8; pass++) {
    const out = [];
    let merged = false;
    for (const b of boxes) {
      const hit = out.find((o) => near(o, b));
      if (!hit) { out.push({ ...b }); continue; }
      const x = Math.min(hit.x, b.x), y = Math.min(hit.y, b.y);
      hit.w = Math.max(hit.x + hit.w, b.x + b.w) - x; hit.h = Math.max(hit.y + hit.h, b.y + b.h) - y;
      hit.x = x; hit.y = y; hit.complex += b.complex; hit.n += b.n;
      hit.cx1 = Math.min(hit.cx1, b.cx1); hit.cx2 = Math.max(hit.cx2, b.cx2);
      merged = true;
    }
    boxes = out;
    if (!merged) break;
  }
  const inside = (r, b) => r.x + r.w / 2 >= b.x && r.x + r.w / 2 <= b.x + b.w && r.y - r.size / 3 >= b.y && r.y - r.size / 3 <= b.y + b.h;
  for (const b of boxes) if (b.complex > 0) trimAtLines(b, runs);
  const regions = boxes.filter((b) => b.complex > 0 && b.w >= 10 && b.h >= 10 && b.w * b.h < 0.6 * pageArea)
    .filter((b) => fewWords(b, runs.filter((r) => inside(r, b) && !MUSIC_FONT.test(r.font))))
    .slice(0, 24);
  for (const b0 of regions) {
    absorbLabels(b0, runs, inside);
    const pad = 2;
    const b = { x: Math.max(0, b0.x - pad), y: Math.max(0, b0.y - pad), w: 0, h: 0 };
    b.w = Math.min(size.width, b0.x + b0.w + pad) - b.x;
    b.h = Math.min(size.height, b0.y + b0.h + pad) - b.y;
    // Its labels stay editable text over the picture, which is then rendered without text; rotated labels
    // (not laid out as text) are rendered into it as before.
    const own = runs.filter((q) => inside(q, b));
    // In a score, the notation's glyphs stay in the picture and its words (tempo marks, lyrics, bar
    // numbers: another font) go over it as text, like any drawing's labels.
    const music = own.some((q) => MUSIC_FONT.test(q.font));
    const labels = music ? own.filter((q) => !MUSIC_FONT.test(q.font)) : own;
    const overlay = labels.length > 0 && !own.some((q) => q.rotated || q.invisible);
    const r = await renderRegion(doc, page, b, task.drawingDpi, task.limits, 'png', overlay ? await textOps(page, music ? MUSIC_FONT : null) : null);
    if (!r || r.blank) continue;
    for (let i = runs.length - 1; i >= 0; i--) if (inside(runs[i], b)) runs.splice(i, 1);
    const within = (o) => o.x >= b.x - 1 && o.y >= b.y - 1 && o.x + o.w <= b.x + b.w + 1 && o.y + o.h <= b.y + b.h + 1;
    for (let i = images.length - 1; i >= 0; i--) if (within(images[i])) images.splice(i, 1);
    for (let i = fills.length - 1; i >= 0; i--) if (within(fills[i])) fills.splice(i, 1);
    for (let i = segments.length - 1; i >= 0; i--) {
      const sg = segments[i];
      if (within({ x: Math.min(sg.x1, sg.x2), y: Math.min(sg.y1, sg.y2), w: Math.abs(sg.x2 - sg.x1), h: Math.abs(sg.y2 - sg.y1) })) segments.splice(i, 1);
    }
    images.push({ ...b, encoded: { data: r.data, type: 'png', dpi: r.dpi }, labels: overlay ? labels : undefined });
  }
}

// A piece of a drawing; cx1, cx2: the left and right ends of its curved (complex) pieces, which a side
// cut back by trimAtLines must not cross.
function piece(b, complex) {
  return { x: b.x, y: b.y, w: b.w, h: b.h, complex, n: 1, cx1: complex ? b.x : Infinity, cx2: complex ? b.x + b.w : -Infinity };
}

// Lines of text that run across a drawing's side are no labels of it: a web page's fixed sidebar (its
// shadow, a rounded scroll bar) took the left rules of the code blocks beside it, 5 pt across the gutter,
// and with them the first word of each line of the column (underscore.js's docs: "var", "find" in the
// picture, the rest of each line beside it, pages cut into side-by-side pieces). With two or more such lines
// the side is cut back to before their first word inside (the 2 pt pad kept clear of it), unless that would
// cut a curved piece.
function trimAtLines(b, runs) {
  const mid = (r) => r.x + r.w / 2;
  const rows = runs.filter((r) => !r.rotated && r.y - r.size / 3 >= b.y && r.y - r.size / 3 <= b.y + b.h).sort((p, q) => p.y - q.y || p.x - q.x);
  const lines = [];
  for (const r of rows) {
    const gap = 1.5 * Math.max(4, r.size);
    const l = lines.find((q) => Math.abs(q.y - r.y) < 0.3 * r.size && r.x < q.right + gap && r.x + r.w > q.left - gap);
    if (!l) lines.push({ y: r.y, left: r.x, right: r.x + r.w, runs: [r] });
    else {
      l.runs.push(r);
      l.left = Math.min(l.left, r.x);
      l.right = Math.max(l.right, r.x + r.w);
    }
  }
  const x2 = b.x + b.w;
  const inner = (l) => l.runs.filter((r) => mid(r) >= b.x && mid(r) <= x2);
  const rightCuts = lines.filter((l) => inner(l).length && l.runs.some((r) => mid(r) > x2)).map((l) => Math.min(...inner(l).map((r) => r.x)));
  const leftCuts = lines.filter((l) => inner(l).length && l.runs.some((r) => mid(r) < b.x)).map((l) => Math.max(...inner(l).map((r) => r.x + r.w)));
  if (rightCuts.length >= 2) {
    const edge = Math.min(...rightCuts) - 3;
    if (edge >= b.cx2 && edge - b.x >= 10) b.w = edge - b.x;
  }
  if (leftCuts.length >= 2) {
    const edge = Math.max(...leftCuts) + 3;
    if (edge <= b.cx1 && b.x + b.w - edge >= 10) { b.w = b.x + b.w - edge; b.x = edge; }
  }
}

// Bar and column charts are filled rectangles, straight and axis-aligned as a table's shading is, so they
// were no drawing and their bars were lost (only shading in a table is kept). Bars are told from shaded
// cells by their lengths: three or more empty rectangles standing on one line (a common base or axis) with
// different lengths away from it; a table row's cells share their height, a column's their width.
function chartBars(fills, runs, pageArea) {
  const empty = fills.filter((f) => f.w * f.h < 0.5 * pageArea && !runs.some((r) => {
    const cx = r.x + r.w / 2, cy = r.y - r.size / 3;
    return cx >= f.x && cx <= f.x + f.w && cy >= f.y && cy <= f.y + f.h;
  }));
  const bars = new Set();
  const sides = [[(f) => f.y + f.h, (f) => f.h], [(f) => f.y, (f) => f.h], [(f) => f.x, (f) => f.w], [(f) => f.x + f.w, (f) => f.w]];
  for (const [edge, len] of sides) {
    const sorted = [...empty].sort((a, b) => edge(a) - edge(b));
    for (let i = 0; i < sorted.length; ) {
      let j = i + 1;
      while (j < sorted.length && edge(sorted[j]) - edge(sorted[j - 1]) < 0.5) j++;
      const row = sorted.slice(i, j);
      const lens = row.map(len);
      if (row.length >= 3 && Math.max(...lens) - Math.min(...lens) > 1) for (const f of row) bars.add(f);
      i = j;
    }
  }
  return [...bars];
}

// A drawing's text is its labels: up to 40 words, or more when they are small and short beside it (a block
// diagram labelled with function names: 107 words on 12 % of its area). A decorated text area (a framed
// paragraph, a form) is mostly text: left as text.
const LABEL_WORDS = 40;
const LABEL_COVER = 0.15;
function fewWords(b, own) {
  const words = own.reduce((n, r) => n + r.str.split(/\s+/).filter(Boolean).length, 0);
  if (words <= LABEL_WORDS) return true;
  if (words > 10 * LABEL_WORDS || own.reduce((a, r) => a + Math.max(r.w, 0) * r.size, 0) >= LABEL_COVER * b.w * b.h) return false;
  // and labels are short: a line of text across half the region is a paragraph beside the figure (a
  // program's output under a graph, joined to it by the input field's shading)
  const rows = [];
  for (const r of [...own].sort((p, q) => p.x - q.x)) {
    const row = rows.find((q) => Math.abs(q.y - r.y) < 0.3 * r.size && r.x - q.right < 2 * r.size);
    if (row) row.right = Math.max(row.right, r.x + r.w);
    else rows.push({ x: r.x, y: r.y, right: r.x + r.w });
  }
  return rows.every((q) => q.right - q.x <= 0.5 * b.w);
}

// A diagram's labels often sit just outside its paths (the names of a curve's end points, an axis name):
// left out, they made columns beside the picture, and in a table cell the labels over it cannot be placed.
// A short run within 1.5 em of the box whose whole line is within that reach (not the start of a text
// line beside the figure) belongs to the drawing.
const LABEL_CHARS = 4;
function absorbLabels(b, runs, inside) {
  const box = (r) => ({ x: r.x, y: r.y - r.size * 0.8, w: Math.max(r.w, 0.5), h: r.size });
  const within = (o, z) => o.x >= z.x && o.y >= z.y && o.x + o.w <= z.x + z.w && o.y + o.h <= z.y + z.h;
  for (let pass = 0; pass < 3; pass++) {
    let grown = false;
    for (const r of runs) {
      if (inside(r, b) || r.rotated || r.invisible || r.str.replace(/\s/g, '').length > LABEL_CHARS) continue;
      const em = Math.max(4, r.size) * 1.5;
      const reach = { x: b.x - em, y: b.y - em, w: b.w + 2 * em, h: b.h + 2 * em };
      if (!within(box(r), reach)) continue;
      const line = runs.filter((q) => q !== r && Math.abs(q.y - r.y) < r.size * 0.6 && !inside(q, b));
      if (line.some((q) => !within(box(q), reach) || q.str.replace(/\s/g, '').length > LABEL_CHARS)) continue;
      const q = box(r);
      const x = Math.min(b.x, q.x), y = Math.min(b.y, q.y);
      b.w = Math.max(b.x + b.w, q.x + q.w) - x; b.h = Math.max(b.y + b.h, q.y + q.h) - y;
      b.x = x; b.y = y;
      grown = true;
    }
    if (!grown) break;
  }
}

// Indices of the text-showing operators in the operator list a render uses (same intent and annotation
// mode, so the indices match): rendering with them filtered out draws a region without its text. Text in
// a font named by keep (a score's notation) stays.
const TEXT_OPS = ['showText', 'showSpacedText', 'nextLineShowText', 'nextLineSetSpacingShowText'];
async function textOps(page, keep = null) {
  const { OPS } = await import(lib); // the module already loaded (workerData.lib)
  const text = new Set(TEXT_OPS.map((n) => OPS[n]));
  const list = await page.getOperatorList({ intent: 'display', annotationMode: 0 });
  const skip = new Set();
  let kept = false;
  list.fnArray.forEach((fn, i) => {
    if (keep && fn === OPS.setFont) {
      let name = '';
      try { name = (page.commonObjs.get(list.argsArray[i][0]) || {}).name || ''; } catch {}
      kept = keep.test(name);
    }
    if (text.has(fn) && !kept) skip.add(i);
  });
  return skip;
}
`;
