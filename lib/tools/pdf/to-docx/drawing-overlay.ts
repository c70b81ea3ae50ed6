// A vector drawing with its labels as editable text (issue 19): the picture, rendered without its text, floats
// at its place on the page behind the text, and each label line is a framed paragraph at the label's place
// over it. A paragraph as high as the drawing keeps its room in the flow, as the inline picture did.
import { LineRuleType, Paragraph, type ImageRun } from 'docx';
import type { PageImage, TextRun } from '../pdfjs/protocol';
import { buildLines, type Line } from './layout';
import { lineOf } from './box';
import type { Para } from './line-paragraphs';
import { pictureBehindText } from './images';
import { pageFrame, paraChildren } from './paragraph';
import { typewriterRun } from './stacked';
import { TW } from './units';

/** A drawing's labels as lines, each cut where its pieces stand apart (half an em; 0.8 in a typewriter face)
 * or leave its baseline: a record's fields ("left", "mid dle", "right" in their boxes) made one line set with
 * single spaces, and the words ran over the boxes' sides; a topology plot's residue letters, a step lower each
 * along a helix, joined the helix's numeral ("III") and were set after it. Each piece is framed at its place. */
export function labelLines(labels: TextRun[]): Line[] {
  return buildLines(labels).flatMap((l) => {
    const pieces: { runs: TextRun[]; end: number; last: TextRun }[] = [];
    for (const r of [...l.runs].sort((a, b) => a.x - b.x)) {
      const em = Math.max(r.size, l.size * 0.5);
      // (a typewriter face's space is 0.6 em: a listing's words in a framed box stay one line)
      const apart = (typewriterRun(r) ? 0.8 : 0.5) * em;
      const piece = pieces.find((p) => {
        const gap = r.x - p.end;
        // (a raised or lowered run smaller than the one it follows is its script, and back again)
        const script = (r.script && r.size < 0.85 * p.last.size) || (p.last.script && p.last.size < 0.85 * r.size);
        const level = script || Math.abs(r.y - p.last.y) <= 0.25 * Math.min(r.size, p.last.size);
        return level && gap > -0.3 * em && gap < apart;
      });
      if (piece) {
        piece.runs.push(r);
        piece.end = Math.max(piece.end, r.x + r.w);
        piece.last = r;
      } else pieces.push({ runs: [r], end: r.x + r.w, last: r });
    }
    return pieces.length === 1 ? [l] : pieces.map((p) => lineOf(p.runs));
  });
}

/** A line of text as a framed paragraph at its place on the page: it takes no room in the flow. */
export function lineInFrame(l: Line): Paragraph {
  const L = l.size * 1.15;
  const p: Para = { lines: [l], align: 'left', left: l.x, firstLine: 0, top: l.y, bottom: l.y + l.h, lineGap: L };
  return new Paragraph({
    children: paraChildren(p, []),
    // room for a substitute font a little wider than the PDF's, so a label does not wrap
    frame: pageFrame(l.x, l.baseline - 0.8 * L, l.w * 1.3 + 4),
    spacing: { before: 0, after: 0, line: Math.round(L * TW), lineRule: LineRuleType.EXACT },
  });
}

/** Where a drawing inside a layout table's cell puts its picture and labels: at the page's level, beside the
 * table (emitSideBySide), since in a cell LibreOffice measures a float's page offsets from the cell and
 * Word ignores frames. */
export interface Lifted {
  pictures: ImageRun[];
  frames: Paragraph[];
}

export function drawingWithLabels(
  img: PageImage & { encoded: NonNullable<PageImage['encoded']> },
  before: number,
  lift?: Lifted,
): Paragraph[] {
  const labels = labelLines(img.labels ?? []).map(lineInFrame);
  const picture = pictureBehindText('png', Buffer.from(img.encoded.data), img);
  if (lift) {
    lift.pictures.push(picture);
    lift.frames.push(...labels);
  }
  const room = new Paragraph({
    children: lift ? [] : [picture],
    spacing: {
      before: Math.max(0, Math.round(before * TW)),
      after: 0,
      line: Math.max(20, Math.round(img.h * TW)),
      lineRule: LineRuleType.EXACT,
    },
  });
  // The labels come first: LibreOffice anchors a framed paragraph to the paragraph after it, and after the
  // picture's may come the next page's (a figure closing a page, its caption framed as the page's foot):
  // the labels were drawn on the next page. In a cell they are lifted to the page's level.
  return lift ? [room] : [...labels, room];
}
