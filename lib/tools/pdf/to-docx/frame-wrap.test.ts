// A drawing's labels, a dense form's bands and OCR text are paragraph frames at their place on the page
// (pageFrame). Their wrap was "through", which LibreOffice reads as "wrap on the wider side": where the flow
// brought a caption level with a label's frame (a TeXmacs manual, giac p. 38), the caption was squeezed
// beside the frame onto two lines and the page ran onto two. "none" lets the text run through the frame.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AlignmentType, Document, Packer, Paragraph, TextRun } from 'docx';
import { pageFrame } from './paragraph';
import { docxToPdf } from '@/tests/support/pdf-to-docx/measure';

test('a paragraph level with a framed label keeps its place and its one line (read back by LibreOffice)', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'p2w-frame-'));
  try {
    const caption = 'an undirected unweighted graph with 12 vertices and 13 edges';
    const doc = new Document({
      sections: [
        {
          properties: { page: { margin: { top: 1440, left: 1440, right: 1440, bottom: 1440 } } },
          children: [
            // a label over a drawing's picture, framed at the top margin, across most of the text width
            new Paragraph({ frame: pageFrame(90, 72, 400), children: [new TextRun('> G:=disjoint_union(G1,G2)')] }),
            new Paragraph({ alignment: AlignmentType.CENTER, children: [new TextRun(caption)] }),
          ],
        },
      ],
    });
    const file = path.join(dir, 'frame.docx');
    fs.writeFileSync(file, await Packer.toBuffer(doc));
    const [pdf] = docxToPdf([file]);
    const text = execFileSync('pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8' });
    // the caption on one line of its own, the label on another
    expect(text.split('\n').some((l) => l.trim() === caption)).toBe(true);
    expect(text).toContain('> G:=disjoint_union(G1,G2)');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}, 120_000);
