// pdf.js side of PDF to Word, drawings (plain JS, inlined into the pdf.js thread by worker-source.ts after
// extract-source.ts, whose renderRegion it uses): which paths, images and labels of a page make one picture.
import { SLIDE_RATIO } from './protocol';

export const DRAWINGS_SOURCE = String.raw`
// Vector drawings (logos, diagrams, charts): path boxes that touch are grouped; a group with curves,
// diagonals or gradients (tables and rules are straight and axis-aligned, and stay tables) and little text
// is rendered from the page at task.drawingDpi as one picture in its place. The text inside it is
// rendered into the picture (its runs are removed, so nothing is doubled); a group holding more text than
// a drawing's labels is a decorated text area and is left as text. Page-sized boxes are backgrounds.
const DRAWING_GAP = 6;
// (MUSIC_FONT and PICTURE_FONT: font-names.ts)
// A run is inside a box by its middle, a third of its size above its baseline (the drawings' regions, a
// chart's bars: chart-bars-source.ts).
function runInside(r, b) {
  const cx = r.x + r.w / 2, cy = r.y - r.size / 3;
  return cx >= b.x && cx <= b.x + b.w && cy >= b.y && cy <= b.y + b.h;
}
// A box grown by pad on each side, cut to the page (a drawing's region, a glyph figure's box).
function paddedBox(b0, pad, size) {
  const x = Math.max(0, b0.x - pad), y = Math.max(0, b0.y - pad);
  return { x, y, w: Math.min(size.width, b0.x + b0.w + pad) - x, h: Math.min(size.height, b0.y + b0.h + pad) - y };
}
async function placeDrawings(doc, page, size, drawn, runs, images, segments, fills, task) {
  const pageArea = size.width * size.height;
  // Paths are cut to the page (a logo's clipped artwork may reach far outside it): off the page they would
  // join unrelated boxes into one region of nothing.
  const onPage = (b) => {
    const x = Math.max(0, b.x), y = Math.max(0, b.y);
    return { ...b, x, y, w: Math.min(size.width, b.x + b.w) - x, h: Math.min(size.height, b.y + b.h) - y };
  };
  let boxes = chainPieces(drawn.map(onPage)).filter((b) => b.w >= 0 && b.h >= 0 && b.w * b.h < 0.5 * pageArea && (b.w > 0.5 || b.h > 0.5) && b.w < 0.95 * size.width && b.h < 0.95 * size.height)
    .map((b) => piece(b, b.complex ? 1 : 0));
  // Music notation is glyphs of a music font on staves of straight lines: the glyphs make it a drawing
  // (rendered with them), not a ruled table of letters.
  const marks = glyphMarks(runs);
  const drawnGlyph = (r) => MUSIC_FONT.test(r.font) || marks.has(r);
  // (a mark's box a point wider each side: a legend's column of marks, 8.6 pt wide, is a drawing too)
  for (const r of runs) {
    const pad = marks.has(r) ? 1 : 0;
    if (drawnGlyph(r)) boxes.push(piece({ x: r.x - pad, y: r.y - r.size * 0.8, w: Math.max(r.w, 1) + 2 * pad, h: r.size }, 1));
  }
  // A picture made of several overlapping images (a logo cut in pieces, a mask over a photo): placed one by
  // one in the flow they would stack down the page, so the group is rendered as one drawing.
  const pics = images.filter((o) => o.w * o.h < 0.5 * pageArea);
  const cross = (a, o) => a.x + 1 < o.x + o.w && o.x + 1 < a.x + a.w && a.y + 1 < o.y + o.h && o.y + 1 < a.y + a.h;
  for (const o of pics) if (pics.some((q) => q !== o && cross(o, q))) boxes.push(piece(o, 1));
  for (const f of chartBars(fills, runs, pageArea)) boxes.push(piece(f, 1));
  if (!boxes.some((b) => b.complex)) return pictureGlyphs(doc, page, size, runs, images, task);
  const near = (a, b) => a.x - DRAWING_GAP <= b.x + b.w && b.x - DRAWING_GAP <= a.x + a.w && a.y - DRAWING_GAP <= b.y + b.h && b.y - DRAWING_GAP <= a.y + a.h;
  boxes = joinTouching(boxes, near);
  // Then the groups' boxes merge until stable (bounded passes).
  for (let pass = 0; pass < 8; pass++) {
    const out = [];
    let merged = false;
    for (const b of boxes) {
      const hit = out.find((o) => near(o, b));
      if (!hit) { out.push({ ...b }); continue; }
      unite(hit, b);
      merged = true;
    }
    boxes = out;
    if (!merged) break;
  }
  for (const b of boxes) if (b.complex > 0) trimAtLines(b, runs);
  const slide = size.width >= ${SLIDE_RATIO} * size.height;
  const sentence = (r) => r.str.trim().split(/\s+/).length >= 6;
  // A page of plots (absorbLabels), not a slide: a slide's charts side by side go into a layout table's
  // cells, where frames over them do not hold and more labels would be more lines after the picture.
  const plots = !slide && !runs.some(sentence);
  // A region of most of the page is a background or a frame around text, unless its words are labels
  // (none of six words or more) on a page that is not a slide: then it is the page's diagram (a network
  // drawing exported whole; a datasheet's block diagram under its title, its caption below it).
  const diagram = (b) => !slide && !runs.some((r) => sentence(r) && runInside(r, b));
  const regions = boxes.filter((b) => b.complex > 0 && b.w >= 10 && b.h >= 10 && (b.w * b.h < 0.6 * pageArea || diagram(b)))
    .filter((b) => fewWords(b, runs.filter((r) => runInside(r, b) && !drawnGlyph(r))))
    .slice(0, 24);
  joinPanels(regions, runs, pageArea);
  for (const b0 of regions) {
    absorbLabels(b0, runs, plots);
    legendText(b0, runs, marks);
    const b = paddedBox(b0, 2, size);
    // Its labels stay editable text over the picture, which is then rendered without text; rotated labels
    // (not laid out as text) are rendered into it as before.
    const own = runs.filter((q) => runInside(q, b));
    // In a score, the notation's glyphs stay in the picture and its words (tempo marks, lyrics, bar
    // numbers: another font) go over it as text, like any drawing's labels.
    const music = own.some(drawnGlyph);
    // Upright labels go over it as text; a quarter-turned one (a plot's vertical axis name) stays a page
    // run, set in a turned text box as any such text; labels at other angles stay in the picture.
    // Beside a column of text the drawing goes into a layout table's cell, where frames do not hold (its
    // labels would be lines after the picture): there a drawing with any turned label keeps all its text.
    const labels = own.filter((q) => !drawnGlyph(q) && !q.rotated);
    const column = !plots && besideText(b, runs);
    const turnedLabels = column ? [] : own.filter((q) => q.turn && !drawnGlyph(q));
    const overlay = (column ? labels.length > 0 && !own.some((q) => q.rotated) : labels.length + turnedLabels.length > 0) && !own.some((q) => q.invisible);
    const r = await renderRegion(doc, page, b, task.drawingDpi, task.limits, 'png', overlay ? await textOps(page, music ? keptFonts(own.filter(drawnGlyph)) : null) : null);
    if (!r || r.blank) continue;
    for (let i = runs.length - 1; i >= 0; i--) if (runInside(runs[i], b) && !(overlay && turnedLabels.includes(runs[i]))) runs.splice(i, 1);
    const within = (o) => o.x >= b.x - 1 && o.y >= b.y - 1 && o.x + o.w <= b.x + b.w + 1 && o.y + o.h <= b.y + b.h + 1;
    for (let i = images.length - 1; i >= 0; i--) if (within(images[i])) images.splice(i, 1);
    for (let i = fills.length - 1; i >= 0; i--) if (within(fills[i])) fills.splice(i, 1);
    for (let i = segments.length - 1; i >= 0; i--) {
      const sg = segments[i];
      if (within({ x: Math.min(sg.x1, sg.x2), y: Math.min(sg.y1, sg.y2), w: Math.abs(sg.x2 - sg.x1), h: Math.abs(sg.y2 - sg.y1) })) segments.splice(i, 1);
    }
    images.push({ ...b, encoded: { data: r.data, type: 'png', dpi: r.dpi }, labels: overlay ? labels : undefined });
  }
  await pictureGlyphs(doc, page, size, runs, images, task);
}

// Plot panels set in a grid (R's pairs plots and mosaic matrices, a lattice of panels) are drawings a
// gutter apart, their labels between them: each came out a picture of its own, in a layout table's cells
// where the labels' frames do not hold, and the grid fell apart (its plain panels, a few rectangles, made
// tables). Two drawings side by side (the shorter within the taller's height), or two such rows one over the
// other (within each other's width), at most PANEL_GAP apart, with no line of three words or more between
// them, are one.
const PANEL_GAP = 30;
// Overlap o of sides p and q: the shorter within the taller, or most of the taller: a small box only level
// with the foot of a wide band (a key box and a page's footer) spans the ground between, a table's rows in it
// (a panel beside a tall tree of panels still joins it).
const shares = (o, p, q) => o >= 0.9 * Math.min(p, q) || o > 0.5 * Math.max(p, q);
function joinPanels(regions, runs, pageArea) {
  for (let pass = 0; pass < 24; pass++) {
    let joined = false;
    for (let i = 0; i < regions.length && !joined; i++) {
      for (let j = i + 1; j < regions.length && !joined; j++) {
        const a = regions[i], b = regions[j];
        const ox = Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x);
        const oy = Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y);
        const beside = shares(oy, a.h, b.h) && ox > -PANEL_GAP;
        // one over the other only as rows of panels: two boxes of code or two charts one above the other,
        // each alone on its row, are no grid (a program's output line between code boxes went into the picture)
        const above = a.row && b.row && shares(ox, a.w, b.w) && oy > -PANEL_GAP;
        if (!beside && !above) continue;
        const u = { ...a, row: true };
        unite(u, b);
        const own = runs.filter((r) => runInside(r, u));
        if (u.w * u.h >= 0.6 * pageArea || !fewWords(u, own)) continue;
        if (own.some((r) => !runInside(r, a) && !runInside(r, b) && r.str.trim().split(/\s+/).length >= 3)) continue;
        regions[i] = u;
        regions.splice(j, 1);
        joined = true;
      }
    }
    if (!joined) break;
  }
}

// Boxes that touch are joined first through a grid of cells, as groups (a filled contour plot is thousands
// of small boxes: pairwise passes over them would cost their number squared).
const CELL = 32;
function joinTouching(boxes, near) {
  const parent = boxes.map((_, i) => i);
  const find = (i) => { while (parent[i] !== i) i = parent[i] = parent[parent[i]]; return i; };
  const grid = new Map();
  boxes.forEach((b, i) => {
    const x0 = Math.floor((b.x - DRAWING_GAP) / CELL), x1 = Math.floor((b.x + b.w + DRAWING_GAP) / CELL);
    const y0 = Math.floor((b.y - DRAWING_GAP) / CELL), y1 = Math.floor((b.y + b.h + DRAWING_GAP) / CELL);
    for (let cx = x0; cx <= x1; cx++) for (let cy = y0; cy <= y1; cy++) {
      const key = cx + ',' + cy;
      const cell = grid.get(key);
      if (!cell) { grid.set(key, [i]); continue; }
      for (const j of cell) if (find(j) !== find(i) && near(boxes[j], b)) parent[find(i)] = find(j);
      cell.push(i);
    }
  });
  const groups = new Map();
  boxes.forEach((b, i) => {
    const g = groups.get(find(i));
    if (!g) { groups.set(find(i), { ...b }); return; }
    unite(g, b);
  });
  return [...groups.values()];
}

// b's box, pieces and curved extent taken into group g.
function unite(g, b) {
  spread(g, b);
  g.complex += b.complex; g.n += b.n;
  g.cx1 = Math.min(g.cx1, b.cx1); g.cx2 = Math.max(g.cx2, b.cx2);
}
// Box a grown to hold box b.
function spread(a, b) {
  const x = Math.min(a.x, b.x), y = Math.min(a.y, b.y);
  a.w = Math.max(a.x + a.w, b.x + b.w) - x; a.h = Math.max(a.y + a.h, b.y + b.h) - y;
  a.x = x; a.y = y;
}

// A curve plotted as hundreds of tiny straight pieces, each a path of its own (R's ggplot draws a
// colour-graded line so), has many pieces under 0.5 pt both ways, dropped as specks, and on a steep or
// flat stretch none that slopes. Pieces up to 3 pt drawn one after another that touch make one box, a
// curve (complex) where it spans more than 1 pt both ways; dots of a dotted rule do not touch.
const PIECE = 3;
const SPECK = 0.5;
function chainPieces(list) {
  const out = [];
  let run = null, last = null, members = [];
  const end = () => {
    if (members.length >= 3) out.push({ ...run, complex: run.complex || (run.w > 1 && run.h > 1) });
    else out.push(...members);
    run = null; members = [];
  };
  for (const b of list) {
    if (Math.max(b.w, b.h) > PIECE) { end(); out.push(b); continue; }
    if (run && b.x <= last.x + last.w + SPECK && last.x <= b.x + b.w + SPECK && b.y <= last.y + last.h + SPECK && last.y <= b.y + b.h + SPECK) {
      spread(run, b);
      run.complex = run.complex || b.complex;
      members.push(b); last = b;
      continue;
    }
    end();
    run = { ...b }; members = [b]; last = b;
  }
  end();
  return out;
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

// A drawing's text is its labels: up to 40 words, or more when they are small and short beside it (a block
// diagram labelled with function names: 107 words on 12 % of its area). A decorated text area (a framed
// paragraph, a form) is mostly text: left as text.
// A plot's markers set in a symbol font (R draws its filled dots as ZapfDingbats' "l") or as symbols with
// no letter or digit ("●") are no words: counted, a scatter's points made it a text area.
const LABEL_WORDS = 40;
const LABEL_COVER = 0.15;
const SYMBOL_FONT = /dingbat|wingding|webding/i;
function fewWords(b, own0) {
  const own = own0.filter((r) => !SYMBOL_FONT.test(r.font) && /[\p{L}\p{N}]/u.test(r.str));
  const words = own.reduce((n, r) => n + r.str.split(/\s+/).filter(Boolean).length, 0);
  if (words <= LABEL_WORDS) return true;
  if (words > 10 * LABEL_WORDS || own.reduce((a, r) => a + Math.max(r.w, 0) * r.size, 0) >= LABEL_COVER * b.w * b.h) return false;
  // and labels are short: a line of text across half the region is a paragraph beside the figure (a
  // program's output under a graph, joined to it by the input field's shading). A row of spaced labels (an
  // axis numbered day by day: most of its span is gaps) is no line of text.
  const rows = [];
  for (const r of [...own].sort((p, q) => p.x - q.x)) {
    const row = rows.find((q) => Math.abs(q.y - r.y) < 0.3 * r.size && r.x - q.right < 2 * r.size);
    const ink = Math.max(r.w, 0);
    if (row) { row.right = Math.max(row.right, r.x + r.w); row.ink += ink; }
    else rows.push({ x: r.x, y: r.y, right: r.x + r.w, ink });
  }
  return rows.every((q) => q.right - q.x <= 0.5 * b.w || q.ink < ROW_INK * (q.right - q.x));
}
const ROW_INK = 0.5;

// A line of text (three words or more) left or right of the box, within its height.
function besideText(b, runs) {
  return runs.some((q) => !runInside(q, b) && !q.rotated && q.y > b.y && q.y - q.size * 0.8 < b.y + b.h &&
    (q.x >= b.x + b.w || q.x + q.w <= b.x) && q.str.trim().split(/\s+/).length >= 3);
}

// A diagram's labels often sit just outside its paths (the names of a curve's end points, an axis name):
// left out, they made columns beside the picture, and in a table cell the labels over it cannot be placed.
// A short run within 1.5 em of the box whose whole line is within that reach (not the start of a text
// line beside the figure) belongs to the drawing. On a page of plots (no run of six words or more, not a
// slide: R's and other chart exports) they are taken more widely: a run of one word whose near edge is
// within that reach (a panel's tick values, axis name, its legend's values), its line being the runs
// within 2 em of it (another panel's labels on the same baseline further along are not).
const LABEL_CHARS = 4;
const LABEL_WORD = 16;
function absorbLabels(b, runs, plots) {
  const box = (r) => ({ x: r.x, y: r.y - r.size * 0.8, w: Math.max(r.w, 0.5), h: r.size });
  const within = (o, z) => o.x >= z.x && o.y >= z.y && o.x + o.w <= z.x + z.w && o.y + o.h <= z.y + z.h;
  const meets = (o, z) => o.x <= z.x + z.w && z.x <= o.x + o.w && o.y <= z.y + z.h && z.y <= o.y + o.h;
  const near = plots ? meets : within;
  const short = (r) => {
    const t = r.str.trim();
    return t.replace(/\s/g, '').length <= LABEL_CHARS || (plots && t.length <= LABEL_WORD && !/\s/.test(t));
  };
  for (let pass = 0; pass < 3; pass++) {
    let grown = false;
    for (const r of runs) {
      if (runInside(r, b) || r.rotated || r.invisible || !short(r)) continue;
      const em = Math.max(4, r.size) * 1.5;
      const reach = { x: b.x - em, y: b.y - em, w: b.w + 2 * em, h: b.h + 2 * em };
      if (!near(box(r), reach)) continue;
      const line = runs.filter((q) => q !== r && Math.abs(q.y - r.y) < r.size * 0.6 && !runInside(q, b) &&
        (!plots || (q.x < r.x + r.w + 2 * em && r.x < q.x + q.w + 2 * em)));
      if (line.some((q) => !near(box(q), reach) || !short(q))) continue;
      spread(b, box(r));
      grown = true;
    }
    if (!grown) break;
  }
}

// Which operators of the list a render runs show text (same intent and annotation mode): rendering
// without them draws a region without its text. Text in a font named by keep (a score's notation) stays,
// and so does text at an angle other than a quarter turn (as the page shows it: text, graphics and view
// matrices), which is not laid out over the picture. The render asks in order of index, as its list
// streams in; the state (matrices, font) is followed up to the index asked.
const TEXT_OPS = ['showText', 'showSpacedText', 'nextLineShowText', 'nextLineSetSpacingShowText'];
async function textOps(page, keep = null) {
  const { OPS, Util } = await import(lib); // the module already loaded (workerData.lib)
  const text = new Set(TEXT_OPS.map((n) => OPS[n]));
  const view = page.getViewport({ scale: 1 }).transform;
  const skip = new Set();
  let kept = false, done = 0;
  let ctm = [1, 0, 0, 1, 0, 0], tm = ctm;
  const stack = [];
  const step = (fn, args, i) => {
    if (fn === OPS.save || fn === OPS.paintFormXObjectBegin) {
      stack.push(ctm);
      if (fn === OPS.paintFormXObjectBegin && args && args[0]) ctm = Util.transform(ctm, args[0]);
    } else if (fn === OPS.restore || fn === OPS.paintFormXObjectEnd) ctm = stack.pop() || ctm;
    else if (fn === OPS.transform) ctm = Util.transform(ctm, args);
    else if (fn === OPS.beginText) tm = [1, 0, 0, 1, 0, 0];
    else if (fn === OPS.setTextMatrix && args && args[0]) tm = Array.from({ length: 6 }, (_, k) => args[0][k]);
    if (keep && fn === OPS.setFont) {
      let name = '';
      try { name = (page.commonObjs.get(args[0]) || {}).name || ''; } catch {}
      kept = keep.test(name);
    }
    if (text.has(fn) && !kept && !slanted(Util.transform(view, Util.transform(ctm, tm)))) skip.add(i);
  };
  return (list, i) => {
    for (; done <= i && done < list.fnArray.length; done++) step(list.fnArray[done], list.argsArray[done], done);
    return skip.has(i);
  };
}
// Rotated but not by a quarter turn, as extract-source marks its runs (rotated, no turn).
const slanted = (m) => {
  const t = textTurn(m, Math.hypot(m[2], m[3]) || Math.hypot(m[0], m[1]) || 1);
  return t.rotated && !t.turn;
};
// How text drawn with matrix m (on the page as shown) is turned, for a glyph size of size: rotated at all,
// and a quarter turn, not mirrored: text running up (90) or down (270) the page, set in a turned text box.
function textTurn(m, size) {
  const rotated = Math.abs(m[1]) > 0.01 * size || Math.abs(m[2]) > 0.01 * size || m[0] < 0;
  const turn = rotated && Math.abs(m[0]) < 0.05 * size && Math.abs(m[3]) < 0.05 * size && m[1] * m[2] > 0 ? (m[1] < 0 ? 90 : 270) : 0;
  return { rotated, turn };
}
`;
