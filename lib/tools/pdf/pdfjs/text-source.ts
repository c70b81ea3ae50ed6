// pdf.js side of PDF to Word, text (plain JS, inlined into the pdf.js thread by worker-source.ts after
// extract-source.ts): runs that are one piece of text shown twice; a text item in more than one colour.
export const TEXT_SOURCE = String.raw`
// The same text shown twice at (nearly) the same place is one piece of text: a CSS text-shadow printed by a
// browser (a white copy 1 px below every heading of a Sphinx page), or bold faked by overprinting. Laid out,
// each copy was a line of its own: every heading took two lines and the page ran over. The copy drawn last
// (the one on top, the text itself) is kept.
function dropRepeatedText(runs) {
  const seen = new Map();
  const drop = new Set();
  runs.forEach((r, i) => {
    if (r.rotated || r.invisible || !r.str.trim()) return;
    const key = r.str.trim() + '|' + Math.round(r.size * 4); // (one copy may end in a space the other has not)
    const same = seen.get(key) || [];
    for (const j of same) {
      const q = runs[j];
      if (!drop.has(j) && Math.abs(q.x - r.x) <= 0.15 * r.size && Math.abs(q.y - r.y) <= 0.15 * r.size) drop.add(j);
    }
    same.push(i);
    seen.set(key, same);
  });
  if (!drop.size) return;
  let k = 0;
  for (let i = 0; i < runs.length; i++) if (!drop.has(i)) runs[k++] = runs[i];
  runs.length = k;
}

// Bold faked glyph by glyph (groff's mom: each letter shown twice, the copy a tenth of a point right): pdf.js
// starts an item at each step back, so every item after the first begins with the letter the one before it
// ended with, drawn over it ("A", "AM", "MP", "PL"...), and the title read "SAAMMPPLLEE". That first letter
// is dropped: the same letter, same font and baseline, starting where the run before ends less one glyph.
function dropOverprintedGlyphs(runs) {
  let prev = null;
  let k = 0;
  for (const r of runs) {
    const a = prev;
    const last = a ? a.str.trimEnd().slice(-1) : '';
    const back = a ? a.x + a.w - r.x : 0;
    if (a && !a.rotated && !r.rotated && a.fid === r.fid && Math.abs(a.size - r.size) < 0.01 * r.size &&
        Math.abs(a.y - r.y) < 0.05 * r.size && last && r.str[0] === last && r.x >= a.x - 0.01 &&
        back > 0.15 * r.size && back <= 1.05 * r.size) {
      r.str = r.str.slice(1);
      r.x += back;
      r.w = Math.max(0, r.w - back);
      if (!r.str.trim()) {
        a.eol = a.eol || r.eol;
        continue;
      }
    }
    runs[k++] = r;
    if (r.str.trim()) prev = r;
  }
  runs.length = k;
}

// A driver that places each glyph cluster itself (Windows' PostScript driver through Distiller, for a
// complex script: Devanagari, Myanmar) gives the font's glyphs widths of 0 or 1 and moves between them: the
// text items come out 0 pt wide, and the layout could not tell which column they stand in. Such a run is
// given 0.55 em per grapheme cluster, up to where the next run on its baseline starts. Punctuation and
// symbols alone (a list's bullet, which the list marks read as it is) and Type 3 glyphs keep their width.
const CLUSTER_EM = 0.55;
let graphemes = null;
const clusters = (s) => {
  try {
    graphemes = graphemes || new Intl.Segmenter(undefined, { granularity: 'grapheme' });
    return [...graphemes.segment(s.trim())].length;
  } catch {
    return [...s.trim()].length;
  }
};
function unmeasuredWidths(runs) {
  for (const r of runs) {
    if (r.rotated || r.t3 || /^[\s\p{P}\p{S}]*$/u.test(r.str) || r.w >= 0.1 * r.size) continue;
    let room = Infinity;
    for (const q of runs) {
      if (q !== r && !q.rotated && Math.abs(q.y - r.y) < 0.3 * r.size && q.x > r.x + 0.05 * r.size) room = Math.min(room, q.x - r.x);
    }
    r.w = Math.min(CLUSTER_EM * r.size * clusters(r.str), room);
  }
}

// pdf.js makes one text item of the glyphs of one font on a line, whatever their colour: a TeX document's
// coloured citation ("(Moulton 1986, 1990)" in blue inside black prose) took the colour of the item's first
// letter, so citations were black and whole lines after one blue. It also goes on across fonts of one name:
// TeX's bitmap fonts are all "Type3" to it, so an italic title or a typewriter address inside roman prose
// took the roman's face. The item is cut where the colour or the face (faceOf a glyph's font id) of its
// glyphs (matched in order, 'shown') changes, each piece placed by the glyphs' advances (a space: 0.6 of
// the item's mean glyph advance; TeX's and most fonts' spaces are a third of an em); a piece in another
// font carries its id (fid).
function colourPieces(run, shown, faceOf) {
  const colourOf = (c) => c.color || '#000000';
  const keyOf = (c) => colourOf(c) + '|' + faceOf(c.fid);
  if (shown.every((c) => keyOf(c) === keyOf(shown[0]))) return [run];
  // only where the glyphs are the item's letters in its order (a right-to-left item's are reversed)
  if (shown.map((c) => c.ch).join('') !== run.str.replace(/\s/g, '')) return [run];
  const mean = shown.reduce((s, c) => s + c.adv, 0) / shown.length;
  const pieces = [];
  let k = 0;
  let at = 0;
  const startAt = (i, x, c) => ({ i, at: x, key: keyOf(c), color: colourOf(c), fid: c.fid });
  let start = startAt(0, 0, shown[0]);
  const chars = [...run.str];
  const close = (end) => pieces.push({ from: start, to: end });
  chars.forEach((ch, i) => {
    if (!ch.trim()) return void (at += 0.6 * mean);
    const c = shown[k++];
    if (c && keyOf(c) !== start.key) {
      close({ i, at });
      start = startAt(i, at, c);
    }
    at += c ? c.adv : mean;
  });
  close({ i: chars.length, at });
  if (!(at > 0)) return [run];
  return pieces.map((p, n) => ({
    ...run,
    str: chars.slice(p.from.i, p.to.i).join(''),
    x: run.x + (run.w * p.from.at) / at,
    w: (run.w * (p.to.at - p.from.at)) / at,
    color: p.from.color,
    fid: p.from.fid,
    eol: run.eol && n === pieces.length - 1,
  }));
}
`;
