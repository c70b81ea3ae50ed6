// Which face a scanned paragraph is set in (issue 19), decided from its glyphs: a few of its words are
// rendered in each candidate face a Word user has (Arial, Times New Roman, Verdana, Courier New; on this
// server their metric clones Liberation and DejaVu Sans answer through fontconfig), each render's inked box
// scaled onto the scan's inked box of the word, and the face whose glyphs correlate best with the scan's,
// at the word's own proportions, is chosen. No file or font names are read: only pixels.
import sharp from 'sharp';
import type { OcrLine, OcrWord } from './ocr';
import { faceWidth } from './metrics';

export interface Face {
  /** the family the DOCX names */
  word: string;
  /** the same family (or its metric clone) for the server-side render */
  svg: string;
}

export const FACES: Face[] = [
  { word: 'Arial', svg: "'Liberation Sans', Arial, Helvetica, sans-serif" },
  { word: 'Times New Roman', svg: "'Liberation Serif', 'Times New Roman', Times, serif" },
  // the wide sans: Verdana in Word, DejaVu Sans (Bitstream Vera's descendant, the same proportions) here
  { word: 'Verdana', svg: "'DejaVu Sans', Verdana, 'Bitstream Vera Sans'" },
  { word: 'Courier New', svg: "'Liberation Mono', 'Courier New', Courier, monospace" },
];

/** Words per paragraph compared, and per page: enough to tell faces apart, few enough to stay ~0.1 s. */
const PER_GROUP = 6;
const PER_PAGE = 120;
/** Render size (px) of the candidates: about a 10 pt word's at 200 dpi. */
const PX = 28;
/** A paragraph departs from the page's face only when it is this much (median score) better. */
const MARGIN = 0.03;
/** A single word departs from its paragraph's face when another face fits it this much better (a bold
 * Arial "E-Mail:" on a line of DejaVu Sans), and fits well. */
const WORD_MARGIN = 0.15;
const WORD_FIT = 0.7;
/** The least median score of a face chosen for a paragraph or a page: clean text scores 0.6-0.95, words
 * misread from another script (Cyrillic read with English data) -0.1-0.4, whatever the face. */
const FIT = 0.5;

export interface Gray {
  data: Uint8Array | Buffer;
  width: number;
  height: number;
}

interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** The tight box of the pixels darker than the middle of `r`'s range (null: too faint or empty). */
function inkBox(g: Gray, r: Box): Box | null {
  const { data, width } = g;
  let lo = 255;
  let hi = 0;
  for (let y = r.y0; y < r.y1; y++)
    for (let i = y * width + r.x0, end = y * width + r.x1; i < end; i++) {
      const v = data[i];
      if (v < lo) lo = v;
      if (v > hi) hi = v;
    }
  if (hi - lo < 60) return null;
  const cut = (lo + hi) / 2;
  const b = { x0: r.x1, y0: r.y1, x1: r.x0, y1: r.y0 };
  for (let y = r.y0; y < r.y1; y++) {
    const row = y * width;
    let x = r.x0;
    while (x < r.x1 && !(data[row + x] < cut)) x++;
    if (x === r.x1) continue; // no ink on this row
    let e = r.x1 - 1;
    while (!(data[row + e] < cut)) e--;
    if (x < b.x0) b.x0 = x;
    if (e + 1 > b.x1) b.x1 = e + 1;
    if (y < b.y0) b.y0 = y;
    b.y1 = y + 1;
  }
  return b.x1 - b.x0 >= 4 && b.y1 - b.y0 >= 4 ? b : null;
}

/** Pearson correlation of `b`'s box scaled onto `a`'s box (bilinear), darkness against darkness. */
export function boxCorrelation(a: Gray, ab: Box, b: Gray, bb: Box): number {
  const w = ab.x1 - ab.x0;
  const h = ab.y1 - ab.y0;
  const sx = (bb.x1 - bb.x0) / w;
  const sy = (bb.y1 - bb.y0) / h;
  let sa = 0;
  let sb = 0;
  let saa = 0;
  let sbb = 0;
  let sab = 0;
  const n = w * h;
  for (let y = 0; y < h; y++) {
    const fy = Math.min(bb.y1 - 1.001, bb.y0 + (y + 0.5) * sy - 0.5);
    const y0 = Math.max(bb.y0, Math.floor(fy));
    const ty = Math.max(0, fy - y0);
    for (let x = 0; x < w; x++) {
      const fx = Math.min(bb.x1 - 1.001, bb.x0 + (x + 0.5) * sx - 0.5);
      const x0 = Math.max(bb.x0, Math.floor(fx));
      const tx = Math.max(0, fx - x0);
      const i = y0 * b.width + x0;
      const x1 = x0 + 1 < bb.x1 ? 1 : 0;
      const y1 = y0 + 1 < bb.y1 ? b.width : 0;
      const vb =
        255 -
        ((b.data[i] * (1 - tx) + b.data[i + x1] * tx) * (1 - ty) +
          (b.data[i + y1] * (1 - tx) + b.data[i + y1 + x1] * tx) * ty);
      const va = 255 - a.data[(ab.y0 + y) * a.width + ab.x0 + x];
      sa += va;
      sb += vb;
      saa += va * va;
      sbb += vb * vb;
      sab += va * vb;
    }
  }
  const cov = sab / n - (sa / n) * (sb / n);
  const d = Math.sqrt(Math.max(0, saa / n - (sa / n) ** 2) * Math.max(0, sbb / n - (sb / n) ** 2));
  return d > 0 ? cov / d : 0;
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Advance width (px at `PX`) of one character in a face, as Word will set it (no kerning). */
const advances = new Map<string, number>();
async function advance(face: Face, c: string, bold: boolean, italic: boolean): Promise<number> {
  const key = `${face.word}|${bold}|${italic}|${c}`;
  let a = advances.get(key);
  if (a === undefined) {
    a = (await faceWidth(c, face.word, PX, bold, italic)) ?? 0.6 * PX;
    advances.set(key, a);
  }
  return a;
}

/** The glyphs a face draws for Latin-1 (U+0021-U+00FF), rendered once per process and style: a word's
 * render is composed from them at Word's advances (no kerning: Word does not kern unasked), which costs
 * milliseconds where an SVG per page cost ~0.1 s per face. */
interface Atlas {
  /** darkness (0..255) of each character's cell, CELL x CELL px, the origin at (ORIGIN_X, ORIGIN_Y) */
  cells: Map<string, { dark: Uint8Array; x0: number; y0: number; x1: number; y1: number }>;
}
const CELL = 2 * PX;
const ORIGIN_X = PX / 2;
const ORIGIN_Y = Math.round(1.4 * PX);
const CHARS = [...Array.from({ length: 94 }, (_, i) => 33 + i), ...Array.from({ length: 95 }, (_, i) => 161 + i)].map(
  (u) => String.fromCodePoint(u),
);
const atlases = new Map<string, Promise<Atlas>>();

async function renderAtlas(face: Face, bold: boolean, italic: boolean): Promise<Atlas> {
  const cols = 16;
  const rows = Math.ceil(CHARS.length / cols);
  const style = `${bold ? ' font-weight="bold"' : ''}${italic ? ' font-style="italic"' : ''}`;
  const texts = CHARS.map(
    (c, i) =>
      `<text x="${(i % cols) * CELL + ORIGIN_X}" y="${Math.floor(i / cols) * CELL + ORIGIN_Y}">${esc(c)}</text>`,
  );
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${cols * CELL}" height="${rows * CELL}">` +
    `<rect width="100%" height="100%" fill="#fff"/><g font-family="${face.svg.replace(/"/g, '')}" font-size="${PX}" fill="#000"${style}>${texts.join('')}</g></svg>`;
  const { data, info } = await sharp(Buffer.from(svg)).greyscale().raw().toBuffer({ resolveWithObject: true });
  const cells: Atlas['cells'] = new Map();
  CHARS.forEach((c, i) => {
    const dark = new Uint8Array(CELL * CELL);
    const x0 = (i % cols) * CELL;
    const y0 = Math.floor(i / cols) * CELL;
    // the inked part of the cell, so that composing a word touches only it
    const b = { dark, x0: CELL, y0: CELL, x1: 0, y1: 0 };
    for (let y = 0; y < CELL; y++)
      for (let x = 0; x < CELL; x++) {
        const v = 255 - data[(y0 + y) * info.width + x0 + x];
        dark[y * CELL + x] = v;
        if (v) {
          b.x0 = Math.min(b.x0, x);
          b.y0 = Math.min(b.y0, y);
          b.x1 = Math.max(b.x1, x + 1);
          b.y1 = Math.max(b.y1, y + 1);
        }
      }
    cells.set(c, b);
  });
  return { cells };
}

function atlas(face: Face, bold: boolean, italic: boolean): Promise<Atlas> {
  const key = `${face.word}|${bold}|${italic}`;
  let a = atlases.get(key);
  if (!a) {
    a = renderAtlas(face, bold, italic);
    atlases.set(key, a);
  }
  return a;
}

/** Each sample word on its own row (CELL px tall) in `face`, composed from the face's glyphs. */
async function renderRows(face: Face, words: { text: string; bold: boolean; italic: boolean }[]): Promise<Gray> {
  const adv: number[][] = [];
  for (const w of words) {
    const a: number[] = [];
    for (const c of w.text) a.push(await advance(face, c, w.bold, w.italic));
    adv.push(a);
  }
  const width = Math.ceil(Math.max(...adv.map((a) => a.reduce((p, q) => p + q, 0)))) + CELL;
  const dark = new Uint8Array(width * words.length * CELL);
  for (const [i, w] of words.entries()) {
    const { cells } = await atlas(face, w.bold, w.italic);
    let x = 0;
    [...w.text].forEach((c, j) => {
      const cell = cells.get(c);
      const left = Math.round(x);
      x += adv[i][j];
      if (!cell) return;
      for (let y = cell.y0; y < cell.y1; y++)
        for (let cx = cell.x0; cx < cell.x1; cx++) {
          const v = cell.dark[y * CELL + cx];
          const at = (i * CELL + y) * width + left + cx;
          if (v > dark[at]) dark[at] = v;
        }
    });
  }
  for (let i = 0; i < dark.length; i++) dark[i] = 255 - dark[i];
  return { data: dark, width, height: words.length * CELL };
}

export interface GroupFace {
  /** none when no face fits the glyphs well (another script read as Latin, a picture): the caller decides */
  font?: string;
  /** font size (pt) at which the face's glyphs are as tall as the scan's, when measured */
  size?: number;
  /** words clearly set in another face than the paragraph's */
  words: Map<OcrWord, string>;
}

/**
 * The DOCX face of each group of lines (one framed paragraph each), from `scan` (grey, `k` px per point),
 * and the size that face needs to ink as tall as the scan (the x-height and ascenders tesseract measures
 * differ between faces: DejaVu Sans' x-height is 5 % larger than Arial's). A group with too few measurable
 * words takes the page's face; so does one that is not clearly better matched by another face.
 */
export async function chooseFaces(
  scan: Gray,
  k: number,
  groups: OcrLine[][],
  bold: (l: OcrLine) => boolean,
): Promise<GroupFace[]> {
  const samples: { group: number; word: OcrWord; box: Box; text: string; bold: boolean; italic: boolean }[] = [];
  const take = groups.map((g, gi) =>
    g
      .flatMap((l) => l.words.map((w): [OcrWord, OcrLine] => [w, l]))
      .filter(([w]) => /^[\p{L}\p{N}@.,:;/'-]+$/u.test(w.text) && /(\p{L}.*){3}/u.test(w.text) && w.conf >= 75)
      .sort((p, q) => q[0].text.length - p[0].text.length)
      .slice(0, PER_GROUP)
      .map(([w, l]) => ({ gi, w, l })),
  );
  // round robin over the groups so that a long page still samples every paragraph
  for (let i = 0; i < PER_GROUP && samples.length < PER_PAGE; i++)
    for (const t of take) {
      const s = t[i];
      if (!s || samples.length >= PER_PAGE) continue;
      const r = {
        x0: Math.max(0, Math.floor(s.w.x0 * k) - 1),
        y0: Math.max(0, Math.floor(s.w.y0 * k) - 1),
        x1: Math.min(scan.width, Math.ceil(s.w.x1 * k) + 1),
        y1: Math.min(scan.height, Math.ceil(s.w.y1 * k) + 1),
      };
      const box = r.x1 > r.x0 && r.y1 > r.y0 ? inkBox(scan, r) : null;
      if (box) samples.push({ group: s.gi, word: s.w, box, text: s.w.text, bold: bold(s.l), italic: s.l.italic });
    }
  if (!samples.length) return groups.map(() => ({ words: new Map() }));
  const row = CELL;
  // score[face][sample]: shape correlation, less the difference of the inked boxes' proportions
  const score: number[][] = [];
  // tall[face][sample]: the scan's inked height over the render's
  const tall: number[][] = [];
  for (const face of FACES) {
    const img = await renderRows(face, samples);
    const t: number[] = [];
    tall.push(t);
    score.push(
      samples.map((s, i) => {
        const rb = inkBox(img, { x0: 0, y0: i * row, x1: img.width, y1: Math.min(img.height, (i + 1) * row) });
        t.push(rb ? (s.box.y1 - s.box.y0) / (rb.y1 - rb.y0) : NaN);
        if (!rb) return -1;
        const aspect = (b: Box) => (b.x1 - b.x0) / (b.y1 - b.y0);
        return boxCorrelation(scan, s.box, img, rb) - Math.abs(Math.log(aspect(rb) / aspect(s.box)));
      }),
    );
  }
  // a face's fit to a set of words: the median of their scores (one badly boxed word must not decide)
  const best = (idx: number[]): [number, number[]] => {
    const med = FACES.map((_, f) => {
      const v = idx.map((i) => score[f][i]).sort((a, b) => a - b);
      return v.length % 2 ? v[v.length >> 1] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
    });
    return [med.indexOf(Math.max(...med)), med];
  };
  const [pageFace, pageFit] = best(samples.map((_, i) => i));
  const pageFont = pageFit[pageFace] >= FIT ? FACES[pageFace].word : undefined;
  return groups.map((_, gi) => {
    const idx = samples.flatMap((s, i) => (s.group === gi ? [i] : []));
    if (!idx.length) return { font: pageFont, words: new Map() };
    const [f, sums] = best(idx);
    // one word must be clearly better matched to depart from the page's face
    const face = sums[f] - sums[pageFace] > (idx.length < 3 ? 3 : 1) * MARGIN ? f : pageFace;
    if (sums[face] < FIT) return { words: new Map() };
    const r = idx
      .map((i) => tall[face][i])
      .filter((v) => v > 0)
      .sort((a, b) => a - b);
    const words = new Map<OcrWord, string>();
    for (const i of idx) {
      const own = FACES.map((_, f) => score[f][i]);
      const o = own.indexOf(Math.max(...own));
      if (own[o] >= WORD_FIT && own[o] - own[face] > WORD_MARGIN) words.set(samples[i].word, FACES[o].word);
    }
    return { font: FACES[face].word, size: r.length ? (r[r.length >> 1] * PX) / k : undefined, words };
  });
}
