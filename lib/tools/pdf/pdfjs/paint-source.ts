// pdf.js side of PDF to Word (plain JS, inlined into the pdf.js thread by worker-source.ts before
// extract-source.ts, which uses it): what a painted path shows on the page.
export const PAINT_SOURCE = String.raw`
// A translucent paint (ExtGState ca / CA) shows as its colour mixed with what is beneath (the white paper
// unless given): a 25 % grey panel read as solid grey printed its text on a dark box.
const tint = (hex, a, under = '#ffffff') => a >= 1 || !/^#[0-9a-f]{6}$/i.test(hex) || !/^#[0-9a-f]{6}$/i.test(under) ? hex : '#' + [1, 3, 5].map((k) => Math.round(Math.max(0, a) * parseInt(hex.slice(k, k + 2), 16) + (1 - Math.max(0, a)) * parseInt(under.slice(k, k + 2), 16)).toString(16).padStart(2, '0')).join('');

// What a filled path is painted over: the last fill under its middle, else the paper. A half-transparent
// black box on a black slide mixed with white paper came out a grey bar over the slide's title.
const beneath = (fills, x, y) => {
  for (let i = fills.length - 1; i >= 0; i--) if (x >= fills[i].x && x <= fills[i].x + fills[i].w && y >= fills[i].y && y <= fills[i].y + fills[i].h) return fills[i].color;
  return '#ffffff';
};
// What of box b shows inside the clip's box c (no clip: all of it); an empty box where they do not meet.
const meet = (c, b) => {
  if (!c) return b;
  const x = Math.max(b.x, c.x), y = Math.max(b.y, c.y);
  return { x, y, w: Math.max(0, Math.min(b.x + b.w, c.x + c.w) - x), h: Math.max(0, Math.min(b.y + b.h, c.y + c.h) - y) };
};
// What of a painted box shows inside the clip's box, null where nothing does (a rule's box may be 0 wide).
const visiblePart = (c, b) => {
  if (c && (b.x > c.x + c.w + 1 || b.x + b.w < c.x - 1 || b.y > c.y + c.h + 1 || b.y + b.h < c.y - 1)) return null;
  return meet(c, b);
};
// The part of a straight stroke the clip's box c lets show (no clip: all of it), null where none does: a
// LaTeX exam's squared paper is a page-tall grid clipped to the answer's box (a page's text had been read as
// set in a table of 5 mm cells).
const cutToClip = (c, s) => {
  if (!c) return s;
  const flat = Math.abs(s.y1 - s.y2) < 1, [lo, hi] = flat ? [c.x, c.x + c.w] : [c.y, c.y + c.h];
  const at = flat ? s.y1 : s.x1, [a0, a1] = flat ? [c.y, c.y + c.h] : [c.x, c.x + c.w];
  if (at < a0 - 1 || at > a1 + 1) return null;
  const [p, q] = flat ? [s.x1, s.x2] : [s.y1, s.y2];
  const from = Math.max(Math.min(p, q), lo), to = Math.min(Math.max(p, q), hi);
  if (to - from <= 3) return null;
  return flat ? { ...s, x1: from, x2: to } : { ...s, y1: from, y2: to };
};
// A small round or square shape (1.5-8 pt, as wide as tall): a browser draws a list's bullet so (a filled
// circle for disc, a stroked one for circle, a filled square for square), not as a glyph.
function listMark(x, y, w, h, curves, isFill, isStroke) {
  if (w < 1.5 || h < 1.5 || w > 8 || h > 8 || Math.abs(w - h) > 0.25 * Math.max(w, h)) return null;
  const shape = curves ? (isFill ? 'disc' : isStroke ? 'circle' : null) : isFill ? 'square' : null;
  return shape ? { x, y, w, h, shape } : null;
}

// A box with rounded corners (a web page's panel, a slide's shape) is a box to the layout: one outline
// of straight sides, its corners curves whose chord is at most a third of its shorter side (a circle or
// a pill is none).
const roundedBox = (w, h, moves, sides, corner) => moves === 1 && sides >= 4 && corner <= Math.min(w, h) / 3;

// A white box painted over an earlier fill hides what it covers: a panel drawn as one coloured box with
// its white body over it shows only its heading bar (a cheat sheet's section titles, white on that bar,
// were white on the page). A fill at least half covered keeps the parts that show, 3 pt or more both ways.
function coverFills(fills, b) {
  for (let i = fills.length - 1; i >= Math.max(0, fills.length - 2000); i--) {
    const f = fills[i];
    const x1 = Math.max(f.x, b.x), y1 = Math.max(f.y, b.y), x2 = Math.min(f.x + f.w, b.x + b.w), y2 = Math.min(f.y + f.h, b.y + b.h);
    if (x2 <= x1 || y2 <= y1 || (x2 - x1) * (y2 - y1) < 0.5 * f.w * f.h) continue;
    const parts = [
      { x: f.x, y: f.y, w: f.w, h: y1 - f.y },
      { x: f.x, y: y2, w: f.w, h: f.y + f.h - y2 },
      { x: f.x, y: y1, w: x1 - f.x, h: y2 - y1 },
      { x: x2, y: y1, w: f.x + f.w - x2, h: y2 - y1 },
    ];
    fills.splice(i, 1, ...parts.filter((p) => p.w > 3 && p.h > 3).map((p) => ({ ...p, color: f.color, ...(f.extent ? { extent: true } : {}) })));
  }
}
`;
