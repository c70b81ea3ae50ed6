// A paragraph of TeX's roman (a tenth wider than Times New Roman, its stand-in) with typewriter words (a
// seventh narrower than Courier New): one spacing for the whole paragraph condensed it for the Courier words,
// and the roman ran shorter still (Grace's FAQ). Each face gets its own spacing; together they still keep
// every line within its PDF width.
import { faceKey, faceSpacing, lineWidths } from './face-spacing';
import { fitSpacing } from './paragraph';
import type { Line } from './layout';
import type { Para } from './line-paragraphs';
import { substituteWidth } from './metrics';
import { textRun } from '@/tests/support/pdf-to-docx/text-runs';

const SIZE = 10;
const CM_WIDER = 1.09; // Computer Modern Roman against Times New Roman, measured on four manuals' lines
const TT_EM = 0.525; // cmtt's advance

/** One line of [text, font] pieces set as TeX sets them: roman at CM's width, typewriter at cmtt's. */
async function texLine(pieces: [string, 'CMR10' | 'CMTT10'][], y: number): Promise<Line> {
  let x = 72;
  const runs = [];
  for (const [str, font] of pieces) {
    const w =
      font === 'CMTT10'
        ? str.length * TT_EM * SIZE
        : (await substituteWidth(str, 'Times New Roman', SIZE, false, false))! * CM_WIDER;
    runs.push(textRun(str, x, y, w, { font, size: SIZE }));
    x += w + 3.3;
  }
  const x2 = x - 3.3;
  return { x: 72, y: y - SIZE, w: x2 - 72, h: 12, runs, baseline: y, size: SIZE };
}

async function texPara(lines: [string, 'CMR10' | 'CMTT10'][][]): Promise<Para> {
  const ls = await Promise.all(lines.map((l, i) => texLine(l, 100 + 12 * i)));
  return { lines: ls, align: 'left', left: 72, firstLine: 0, top: 90, bottom: 100 + 12 * ls.length, lineGap: 12 };
}

// (the typewriter words take a third of each line: the paragraph's one spacing condenses it all)
const MIXED: [string, 'CMR10' | 'CMTT10'][][] = [
  [
    ['Yes, this is the preferred method. After getting the sources', 'CMR10'],
    ['gzip -dc grace-5.0.4.tar.gz | tar xvf -', 'CMTT10'],
  ],
  [
    ['proceed according to the relevant section, then run', 'CMR10'],
    ['./configure --prefix=/opt/grace --enable-x', 'CMTT10'],
  ],
  [['which covers the compilation process and the options of the build in full detail.', 'CMR10']],
];

test('roman is spread and typewriter condensed, each by its own fit', async () => {
  const p = await texPara(MIXED);
  const one = await fitSpacing(p);
  expect(one).toBeLessThan(0);
  const faces = await faceSpacing(p);
  expect(faces).not.toBeNull();
  const roman = faces!.get(faceKey(p.lines[0].runs[0]))!;
  const tt = faces!.get(faceKey(p.lines[0].runs[1]))!;
  expect(roman).toBeGreaterThan(0);
  expect(tt).toBeLessThan(one);
  // and no line runs past its PDF width with the faces' spacings
  const measure = Math.max(...p.lines.map((l) => l.x + l.w));
  for (const line of p.lines) {
    const widths = (await lineWidths(line))!;
    let w = 0;
    for (const [r, sub] of widths) w += sub + (faces!.get(faceKey(r))! / 20) * r.str.length;
    const pdf = line.runs.reduce((s, r) => s + r.w, 0);
    expect(w).toBeLessThanOrEqual(pdf + (measure - (line.x + line.w)) + 0.5);
  }
});

test('a paragraph in one face, or one line, keeps the one spacing', async () => {
  expect(await faceSpacing(await texPara([MIXED[2], MIXED[2]]))).toBeNull();
  expect(await faceSpacing(await texPara([MIXED[0]]))).toBeNull();
});
