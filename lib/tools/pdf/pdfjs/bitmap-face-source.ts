// pdf.js side of PDF to Word: the face of a bitmap font, read off its glyphs (plain JS, inlined into the
// pdf.js thread by worker-source.ts; font-names.ts fontInfo calls it).
export const BITMAP_FACE_SOURCE = String.raw`
// TeX's bitmap fonts (pdfTeX's Type 3 fonts, made from METAFONT's bitmaps where no Type 1 version is
// installed) have no name and no descriptor: nothing says serif, bold or italic, and Grace's FAQ came out all
// in upright Arial, its roman text, bold heads and typewriter code alike. The face is read off the outlines
// pdf.js traced from the bitmaps: equal letter widths (monospace); a stem a tenth of an em wide or more (bold:
// Computer Modern's regular stems measure 0.06-0.085 em, its bold ones 0.11-0.145); a leaning stem (italic);
// feet, or an ascender's top, wider than the stem (serif). An italic without them may be either (generic
// null): it takes the face of the text it is set in, else serif, TeX's usual italic (font-names.ts).
let glyphOps = null; // (pdf.js's OPS: worker-source.ts's main sets it)
const bitmapFaces = new WeakMap();
// (glyphs with a stem standing on the baseline; the first three are ascenders, whose top serif counts)
const STEM_GLYPHS = 'lIhinmr';
const BOLD_STEM_EM = 0.1;
const ITALIC_SLANT = 0.12;

/** { generic, bold, italic } of a Type 3 font whose glyphs are traced bitmaps; null when they do not tell. */
function bitmapFace(f) {
  if (!f || !f.isType3Font || !f.charProcOperatorList || !glyphOps) return null;
  if (!bitmapFaces.has(f)) {
    let face = null;
    try {
      face = readBitmapFace(f);
    } catch {}
    bitmapFaces.set(f, face);
  }
  return bitmapFaces.get(f);
}

function readBitmapFace(f) {
  const glyph = (ch) => {
    const c = ch.charCodeAt(0);
    const name = (f.differences && f.differences[c]) || (f.defaultEncoding && f.defaultEncoding[c]);
    return name ? f.charProcOperatorList[name] : null;
  };
  const widths = [];
  for (const ch of 'abcdefghijklmnopqrstuvwxyz') {
    const g = glyph(ch);
    if (g && g.fnArray[0] === glyphOps.setCharWidthAndBounds) widths.push(g.argsArray[0][0]);
  }
  const mono = widths.length >= 6 && Math.max(...widths) <= 1.01 * Math.min(...widths);
  for (const ch of STEM_GLYPHS) {
    const s = stemOf(glyph(ch), f.fontMatrix || [0.001], STEM_GLYPHS.indexOf(ch) < 3);
    if (!s) continue;
    const italic = s.slant >= ITALIC_SLANT;
    const generic = mono ? 'monospace' : s.serif ? 'serif' : italic ? null : 'sans-serif';
    return { generic, bold: s.em >= BOLD_STEM_EM, italic };
  }
  return mono ? { generic: 'monospace', bold: false, italic: false } : null;
}

// A glyph's stem: its width in ems, its lean (across per up, between a fifth and 55 % of its height), and
// whether its foot (or an ascender's top) is wider, from the leftmost stroke of its pixel rows.
function stemOf(g, fm, ascender) {
  if (!g) return null;
  const i = g.fnArray.indexOf(glyphOps.constructPath);
  if (i < 0 || g.argsArray[i][0] !== glyphOps.rawFillPath) return null; // (a bitmap traced, not drawn paths)
  const [, [path], box] = g.argsArray[i];
  const W = box[2];
  const H = box[3];
  if (!(W > 0) || !(H >= 12)) return null; // (too few rows to tell)
  const t = g.fnArray.lastIndexOf(glyphOps.transform, i);
  const unit = t >= 0 ? g.argsArray[t][0] / W : 1; // (glyph units per pixel)
  const rows = inkRows(path, W, H);
  const first = (r) => rows[Math.min(H - 1, Math.max(0, r))][0];
  const at = (up) => first(Math.round((1 - up) * H - 0.5));
  const mid = at(0.45), lo = at(0.2), hi = at(0.55), foot = first(H - 1), top = first(0);
  if (!mid || !lo || !hi || !foot || !top) return null;
  const stem = mid[1] - mid[0];
  const serifs = (r) => r[1] - r[0] >= stem + Math.max(2, 0.5 * stem);
  return {
    em: stem * unit * Math.abs(fm[0]),
    slant: (hi[0] + hi[1] - lo[0] - lo[1]) / 2 / (0.35 * H),
    serif: serifs(foot) || (ascender && serifs(top)),
  };
}

// The ink of each pixel row, as [from, to] strokes left to right, from pdf.js's outline of a bitmap (its
// compileType3Glyph: moveTo / lineTo along pixel edges in the unit square, y up): even-odd crossings of the
// vertical edges through each row's middle.
function inkRows(path, W, H) {
  const cross = Array.from({ length: H }, () => []);
  let px = 0, py = 0, sx = 0, sy = 0;
  const edge = (x0, y0, x1, y1) => {
    if (Math.abs(x1 - x0) > 1e-3) return;
    const a = Math.min(y0, y1), b = Math.max(y0, y1);
    for (let r = Math.ceil(a - 0.5); r + 0.5 < b; r++) if (r >= 0 && r < H) cross[r].push(Math.round(x0));
  };
  for (let k = 0; k < path.length; ) {
    const op = path[k];
    if (op === 0 || op === 1) {
      const x = path[k + 1] * W, y = (1 - path[k + 2]) * H;
      if (op === 1) edge(px, py, x, y);
      else [sx, sy] = [x, y];
      [px, py] = [x, y];
      k += 3;
    } else if (op === 4) {
      edge(px, py, sx, sy);
      [px, py] = [sx, sy];
      k += 1;
    } else return cross.map(() => []); // (curves: not a traced bitmap)
  }
  return cross.map((c) => {
    c.sort((p, q) => p - q);
    const strokes = [];
    for (let k = 0; k + 1 < c.length; k += 2) strokes.push([c[k], c[k + 1]]);
    return strokes;
  });
}
`;
