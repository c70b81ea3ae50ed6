// PDF to Word: a two-page PDF (title, two columns, link, ruled table, photo) must become a DOCX whose text,
// read back by LibreOffice (an independent reader), holds every word of the original in column order.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ToolFixture } from '../../../../tests/support/tool-fixture';
import { LEFT_COLUMN, RIGHT_COLUMN, sampleDocPdf } from '../../../../tests/support/pdf-to-docx/make-pdfs';
import { docxToPdf, pdftotext, wordRecall, words } from '../../../../tests/support/pdf-to-docx/measure';

export const fixture: ToolFixture = {
  valid: async () => [{ name: 'Field report.pdf', data: Buffer.from(await sampleDocPdf()), type: 'application/pdf' }],
  check: async (output, inputs) => {
    assert.equal(output.subarray(0, 2).toString('latin1'), 'PK');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'e-fx-docx-'));
    try {
      const src = path.join(dir, 'in.pdf');
      const docx = path.join(dir, 'out.docx');
      fs.writeFileSync(src, inputs[0].data);
      fs.writeFileSync(docx, output);
      const [pdf] = docxToPdf([docx]);
      assert.ok(fs.existsSync(pdf), 'LibreOffice could not open the DOCX');
      const text = pdftotext(pdf);
      assert.equal(wordRecall(words(pdftotext(src)), words(text)), 1);
      const flat = text.replace(/\s+/g, ' ');
      assert.ok(
        flat.indexOf(LEFT_COLUMN[2].slice(0, 20)) < flat.indexOf(RIGHT_COLUMN[0].slice(0, 20)),
        'columns out of order',
      );
      assert.match(execFileSync('pdfinfo', [pdf], { encoding: 'utf8' }), /Pages:\s+2\b/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  },
};
