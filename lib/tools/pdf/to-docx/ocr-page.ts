// A scanned page read by OCR, as a DOCX page that looks like the scan and whose text is editable (issue 19):
// the scan stays behind the text at full strength with each recognised word cleaned off it (its box filled
// with the colour around it), so logos, rules, stamps and shading stay while no glyph shows twice; the
// recognised text is set over it where the scan had it: each run of lines of one paragraph is a framed
// paragraph at its place (line breaks and line pitch of the scan), in the face its glyphs match best
// (ocr-face.ts: Arial, Times New Roman, Verdana or Courier New, at the size at which that face inks as tall
// as the scan; when none fits, Arial or for a narrow serif face Times New Roman at the line's height),
// each word scaled to its box and each gap to the next word, in the ink colour of the scan (a word left
// on the scan, over a picture or read doubtfully, in light grey over its own glyphs).
import sharp from 'sharp';
import { LineRuleType, Paragraph, TextRun as DocxRun, type ISectionOptions } from 'docx';
import type { PageData } from '../pdfjs/protocol';
import type { OcrLine, OcrWord } from './ocr';
import { pageBackground } from './images';
import { faceWidth, substituteWidth } from './metrics';
import { chooseFaces } from './ocr-face';
import { histogramMedian } from './ocr-split';
import { pageFrame, pointParagraph, xmlSafe } from './paragraph';
import { pageProps } from './build-docx';
import { TW } from './units';

const FONT = 'Arial';
const SERIF = 'Times New Roman';
const SERIF_RATIO = 0.92;
/** Where LibreOffice puts the first baseline of a paragraph with an exact line height: this far (em) above
 * the line's bottom at a natural pitch (1.15 em), lower by a quarter of any extra pitch (fitted on its renders
 * of the made and jverein scans). */
const DROP = 0.3;
/** Words read less surely stay on the scan too (the text is set over them): clean English scans read at
 * 89-96 (10th percentile and up), a Russian certificate read with English data at a median of 57. */
const ERASE_CONFIDENCE = 75;
const KEPT_COLOR = 'B4B4B4';
/** Stem width (em) from which a word's face is bold: regular sans and serif faces have ~0.08-0.10, bold ~0.14-0.16. */
const BOLD_STROKE = 0.125;

interface Ink {
  /** 'rrggbb' of the glyphs' pixels */
  color: string;
  /** strokes as thick as a bold face's */
  bold: boolean;
}

/** Luminance (0..255) of a pixel; a grey pixel's own level (v, v, v gives v exactly). */
const luma = (r: number, g: number, b: number) => (r * 299 + g * 587 + b * 114) / 1000;

/**
 * Cleans the recognised words off the scan: each word's box (a little wider) is filled with the median
 * colour of a thin ring around it, where that ring is plain (paper, cell shading) and the word was read
 * surely; a word over a picture (the ring varies), or a doubtful one, stays in the picture. Returns the cleaned JPEG and each word's ink colour.
 */
export async function cleanScan(
  jpg: Uint8Array,
  page: { width: number; height: number },
  lines: OcrLine[],
): Promise<{ data: Buffer; ink: Map<OcrWord, Ink>; kept: Set<OcrWord> }> {
  const { data, info } = await sharp(jpg).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const W = info.width;
  const H = info.height;
  const ch = info.channels;
  const kx = W / page.width;
  const ky = H / page.height;
  const pad = Math.max(1, Math.round(kx * 0.7)); // ~0.7 pt: anti-aliased glyph edges
  const ring = Math.max(2, Math.round(kx * 0.7));
  const ink = new Map<OcrWord, Ink>();
  const kept = new Set<OcrWord>();
  const fills: { x0: number; y0: number; x1: number; y1: number; rgb: number[] }[] = [];
  // (a page has ~100-800 words: the loops below are written out, without closures or per-pixel arrays)
  const g1 = ch >= 3 ? 1 : 0;
  const b2 = ch >= 3 ? 2 : 0;
  const hist = [new Uint32Array(256), new Uint32Array(256), new Uint32Array(256)];
  const lh = new Uint32Array(256);
  let box = new Float64Array(4096);
  for (const line of lines)
    for (const w of line.words) {
      const x0 = Math.max(0, Math.floor(w.x0 * kx) - pad);
      const y0 = Math.max(0, Math.floor(w.y0 * ky) - pad);
      const x1 = Math.min(W - 1, Math.ceil(w.x1 * kx) + pad);
      const y1 = Math.min(H - 1, Math.ceil(w.y1 * ky) + pad);
      if (x1 <= x0 || y1 <= y0) continue;
      for (const h of hist) h.fill(0);
      lh.fill(0);
      let n = 0;
      const rx0 = Math.max(0, x0 - ring);
      const rx1 = Math.min(W - 1, x1 + ring);
      for (let y = Math.max(0, y0 - ring); y <= Math.min(H - 1, y1 + ring); y++) {
        const inside = y >= y0 && y <= y1;
        for (let x = rx0; x <= rx1; x++) {
          if (inside && x === x0) x = x1 + 1; // the ring only: skip the box
          if (x > rx1) break;
          const i = (y * W + x) * ch;
          const r = data[i];
          const g = data[i + g1];
          const b = data[i + b2];
          hist[0][r]++;
          hist[1][g]++;
          hist[2][b]++;
          lh[Math.round(luma(r, g, b))]++;
          n++;
        }
      }
      if (!n) continue;
      const bg = hist.map((h) => histogramMedian(h, n));
      // plain surroundings: 80 % of the ring within 40 levels of its median
      const bl = histogramMedian(lh, n);
      let near = 0;
      for (let v = Math.max(0, bl - 40); v <= Math.min(255, bl + 40); v++) near += lh[v];
      // ink: the pixels of the box well darker (or lighter, on dark ground) than the ground
      const bw = x1 - x0 + 1;
      const bh = y1 - y0 + 1;
      if (box.length < bw * bh) box = new Float64Array(bw * bh);
      let minL = 255;
      let maxL = 0;
      for (let y = y0, k = 0; y <= y1; y++)
        for (let x = x0; x <= x1; x++, k++) {
          const i = (y * W + x) * ch;
          const l = luma(data[i], data[i + g1], data[i + b2]);
          box[k] = l;
          if (l < minL) minL = l;
          if (l > maxL) maxL = l;
        }
      const dark = bl - minL >= maxL - bl;
      const cut = dark ? bl - 0.6 * (bl - minL) : bl + 0.6 * (maxL - bl);
      const sum = [0, 0, 0];
      let m = 0;
      for (let y = y0, k = 0; y <= y1; y++)
        for (let x = x0; x <= x1; x++, k++) {
          const l = box[k];
          if (dark ? l <= cut : l >= cut) {
            const i = (y * W + x) * ch;
            sum[0] += data[i];
            sum[1] += data[i + g1];
            sum[2] += data[i + b2];
            m++;
          }
        }
      if (m && Math.abs(bl - (dark ? minL : maxL)) >= 40) {
        // stroke width: the median length of the ink's horizontal runs (stems), against the font size
        const runs: number[] = [];
        for (let y = 0; y < bh; y++) {
          let len = 0;
          for (let x = 0; x <= bw; x++) {
            const l = x < bw ? box[y * bw + x] : bl;
            if (dark ? l <= cut : l >= cut) len++;
            else if (len) {
              runs.push(len);
              len = 0;
            }
          }
        }
        runs.sort((p, q) => p - q);
        // (3 px at least: at 200 dpi a small regular face's 2 px stems would pass for bold)
        const px = runs.length ? runs[runs.length >> 1] : 0;
        const stroke = px >= 3 ? px / (line.size * ky) : 0;
        const hex = (v: number) =>
          Math.round(v / m)
            .toString(16)
            .padStart(2, '0');
        ink.set(w, { color: sum.map(hex).join(''), bold: stroke >= BOLD_STROKE });
      }
      if (near >= 0.8 * n && w.conf >= ERASE_CONFIDENCE) fills.push({ x0, y0, x1, y1, rgb: bg });
      else kept.add(w);
    }
  for (const f of fills) {
    const [r, g, b] = f.rgb;
    for (let y = f.y0; y <= f.y1; y++) {
      const end = (y * W + f.x1) * ch;
      if (ch < 3) data.fill(r, (y * W + f.x0) * ch, end + 1);
      else
        for (let i = (y * W + f.x0) * ch; i <= end; i += ch) {
          data[i] = r;
          data[i + 1] = g;
          data[i + 2] = b;
          for (let c = 3; c < ch; c++) data[i + c] = b;
        }
    }
  }
  const out = await sharp(data, { raw: { width: W, height: H, channels: ch } })
    .jpeg({ quality: 75 })
    .toBuffer();
  return { data: out, ink, kept };
}

/** Width of `text` in `font` at `size`; characters outside WinAnsi at an average width. */
async function textWidth(text: string, size: number, bold: boolean, italic: boolean, font = FONT): Promise<number> {
  const w = await faceWidth(text, font, size, bold, italic);
  if (w !== null) return w;
  let sum = 0;
  for (const c of text) sum += (await faceWidth(c, font, size, bold, italic)) ?? 0.55 * size;
  return sum;
}

/** Times New Roman for lines whose words are much narrower on the scan than in Arial (a serif book face),
 * Arial otherwise: measured inked widths against Arial's are 0.86-0.91 for Times and book faces,
 * 0.96-1.17 for Helvetica, DejaVu Sans and Computer Modern at 10 pt. */
export async function lineFont(lines: OcrLine[], size: number): Promise<string> {
  let box = 0;
  let arial = 0;
  for (const l of lines)
    for (const w of l.words) {
      if ([...w.text].length < 3) continue;
      const a = await substituteWidth(w.text, FONT, size, false, false);
      if (a === null) continue;
      box += w.x1 - w.x0;
      arial += a;
    }
  return arial && box / arial < SERIF_RATIO ? SERIF : FONT;
}

/** Lines set together in one framed paragraph: same tesseract paragraph, even pitch, same left edge. */
export function groupLines(lines: OcrLine[]): OcrLine[][] {
  const groups: OcrLine[][] = [];
  let g: OcrLine[] = [];
  const left = (l: OcrLine) => l.words[0].x0;
  for (const l of lines) {
    const prev = g[g.length - 1];
    let join = !!prev && prev.para === l.para && Math.abs(l.size - prev.size) <= 0.15 * prev.size;
    if (join) {
      const pitch = l.baseline - prev.baseline;
      const s = prev.size;
      join = pitch > 0.9 * s && pitch < 2.5 * s;
      if (join && g.length >= 2) join = Math.abs(pitch - (prev.baseline - g[g.length - 2].baseline)) <= 0.12 * s;
      // the first line may be indented (or hang); the others share the left edge
      if (join && g.length >= 2) join = Math.abs(left(l) - left(g[1])) <= 0.3 * s;
      if (join && g.length === 1) join = left(l) - left(prev) <= 0.5 * s && left(prev) - left(l) <= 4 * s;
    }
    if (join) g.push(l);
    else {
      if (g.length) groups.push(g);
      g = [l];
    }
  }
  if (g.length) groups.push(g);
  return groups;
}

/** A line is bold when tesseract says so or most of its words' strokes are as thick as a bold face's. */
function lineBold(line: OcrLine, ink: Map<OcrWord, Ink>): boolean {
  return line.bold || line.words.filter((w) => ink.get(w)?.bold).length * 2 > line.words.length;
}

async function lineRuns(
  line: OcrLine,
  size: number,
  x: number,
  { ink, kept }: { ink: Map<OcrWord, Ink>; kept: Set<OcrWord> },
  br: boolean,
  font: string,
  faceOf: Map<OcrWord, string>,
) {
  const runs: DocxRun[] = [];
  const half = Math.max(2, Math.round(size * 2));
  const sz = half / 2;
  const { italic } = line;
  const bold = lineBold(line, ink);
  const space = await textWidth(' ', sz, bold, italic, font);
  let at = x; // where the next character starts (points)
  // a skewed scan's line runs down (or up) across the page: each word lowered as far (ocr-orient.ts)
  const mid = (line.words[0].x0 + line.words[line.words.length - 1].x1) / 2;
  for (let i = 0; i < line.words.length; i++) {
    const w = line.words[i];
    const drop = line.slope ? line.slope * ((w.x0 + w.x1) / 2 - mid) : 0;
    const text = xmlSafe(w.text);
    const chars = [...text].length;
    if (i > 0) {
      // the gap: one space stretched to the next word's left edge
      const sp = Math.round((w.x0 - at - space) * TW);
      runs.push(new DocxRun({ text: ' ', font, size: half, bold, italics: italic, characterSpacing: sp }));
      at += space + sp / TW;
    }
    const wordFont = faceOf.get(w) ?? font;
    const natural = await textWidth(text, sz, bold, italic, wordFont);
    // the word as wide as the scan's: glyphs scaled horizontally (Word's character scale), a little
    // character spacing for the rest (large gaps inside a word would read as spaces)
    const want = w.x1 - at;
    const scale = natural > 0 ? Math.max(66, Math.min(150, Math.round((want / natural) * 100))) : 100;
    const scaled = (natural * scale) / 100;
    const per = Math.max(-0.05 * sz, Math.min(0.05 * sz, (want - scaled) / Math.max(1, chars)));
    const sp = Math.round(per * TW);
    runs.push(
      new DocxRun({
        text,
        break: i === 0 && br ? 1 : undefined,
        font: wordFont,
        size: half,
        bold: bold || undefined,
        italics: italic || undefined,
        // a word left on the scan: its text in a light grey over it, so the scan's own glyphs read first
        color: kept.has(w) ? KEPT_COLOR : ink.get(w)?.color,
        characterSpacing: sp || undefined,
        scale: scale === 100 ? undefined : scale,
        // w:position in half-points (docx types it as a measure like "-3pt", which older Word rejects)
        position: Math.abs(drop) >= 0.25 ? (String(Math.round(-drop * 2)) as `${number}pt`) : undefined,
      }),
    );
    at += scaled + (sp / TW) * chars;
  }
  return { runs, right: at };
}

/** The DOCX section of a scanned page read by OCR. */
export async function ocrPageSection(page: PageData, lines: OcrLine[], first: boolean): Promise<ISectionOptions> {
  const rendered = page.rendered!;
  const { data, ...scan } = await cleanScan(rendered.data, page, lines);
  const children: Paragraph[] = [];
  const groups = groupLines(lines);
  const grey = await sharp(rendered.data).greyscale().raw().toBuffer({ resolveWithObject: true });
  const faces = await chooseFaces(
    { data: grey.data, width: grey.info.width, height: grey.info.height },
    grey.info.width / page.width,
    groups,
    (l) => lineBold(l, scan.ink),
  );
  for (const [gi, g] of groups.entries()) {
    const ocrSize = g.reduce((s, l) => s + l.size, 0) / g.length;
    const fitted = faces[gi].size;
    // the chosen face's size from its inked height, unless far from tesseract's (a bad sample)
    const size = fitted && fitted > 0.75 * ocrSize && fitted < 1.33 * ocrSize ? fitted : ocrSize;
    const pitch = g.length > 1 ? (g[g.length - 1].baseline - g[0].baseline) / (g.length - 1) : size * 1.15;
    const body = g.length > 1 ? g[1].words[0].x0 : g[0].words[0].x0;
    const indent = g[0].words[0].x0 - body;
    // a hanging first line: the frame starts there and the other lines are indented
    const left = Math.min(body, g[0].words[0].x0);
    const runs: DocxRun[] = [];
    let right = left;
    const font = faces[gi].font ?? (await lineFont(g, size));
    for (let i = 0; i < g.length; i++) {
      const r = await lineRuns(g[i], size, i === 0 ? g[0].words[0].x0 : body, scan, i > 0, font, faces[gi].words);
      runs.push(...r.runs);
      right = Math.max(right, r.right, g[i].words[g[i].words.length - 1].x1);
    }
    // Measured on LibreOffice's renders: the first baseline sits a descent above the line's bottom for
    // a natural pitch, and lower by a quarter of any extra pitch.
    const drop = (DROP + 0.25 * Math.max(0, pitch / size - 1.15)) * size;
    const top = g[0].baseline - (pitch - drop);
    // room for rounding, so that no line wraps; never past the page's edge
    const width = Math.max(4, Math.min(page.width - left, right - left + 2 + 0.05 * (right - left)));
    children.push(
      new Paragraph({
        children: runs,
        frame: pageFrame(left, Math.max(0, top), width),
        indent:
          indent > 0
            ? { firstLine: Math.round(indent * TW) }
            : indent < 0
              ? { left: Math.round(-indent * TW), hanging: Math.round(-indent * TW) }
              : undefined,
        spacing: { before: 0, after: 0, line: Math.max(20, Math.round(pitch * TW)), lineRule: LineRuleType.EXACT },
      }),
    );
  }
  // The picture's paragraph comes last: LibreOffice anchors framed paragraphs to the paragraph after them
  // (after the section's end that is the next page's).
  children.push(pointParagraph([pageBackground(page, data)]));
  return { properties: pageProps(page, { top: 0, right: 0, bottom: 0, left: 0 }, first), children };
}
