// PDF Merge: two generated PDFs with outlines, links (explicit and named destination 'shared' in both), form
// fields with a clashing name, page labels, mixed page sizes and a rotated page. Read back with the system
// qpdf and poppler (independent readers): pages in order, one outline entry per file with its bookmarks on the
// right pages, links on the right pages with no extra page copies, fields renamed and values kept.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import type { ToolFixture } from '../../../../tests/support/tool-fixture';
import { buildRichPdf, linkTargets, outlineLines, pdftotext, qpdfJson } from '../../../../tests/support/pdf/merge-pdfs';

export const fixture: ToolFixture = {
  valid: async () => [
    { name: 'Alpha.pdf', data: Buffer.from(await buildRichPdf({ tag: 'AAA', pages: 3, fields: ['name'] })) },
    { name: 'Beta report.pdf', data: Buffer.from(await buildRichPdf({ tag: 'BBB', pages: 2, fields: ['name'] })) },
  ],
  check: async (output) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pdf-merge-fixture-'));
    try {
      const file = path.join(dir, 'Merged_File.pdf');
      fs.writeFileSync(file, output);
      execFileSync('qpdf', ['--check', file]);
      const j = qpdfJson(file);
      assert.equal(j.pages.length, 5, 'all pages');
      const text = pdftotext(file).split('\f');
      ['AAA page 1', 'AAA page 2', 'AAA page 3', 'BBB page 1', 'BBB page 2'].forEach((t, i) =>
        assert.ok(text[i].includes(t), `page ${i + 1} is ${t}`),
      );
      assert.deepEqual(outlineLines(j.outlines), [
        'Alpha@1',
        '  AAA Chapter 1 ✓@1',
        '  AAA Chapter 2@2',
        '    AAA Section 2.1@3',
        'Beta report@4',
        '  BBB Chapter 1 ✓@4',
        '  BBB Chapter 2@5',
        '    BBB Section 2.1@5',
      ]);
      assert.deepEqual(linkTargets(j), ['1->3', '1->3', '4->5', '4->5'], 'links and named destinations');
      const pageObjects = Object.values(j.qpdf[1]).filter(
        (o) => (o.value as Record<string, unknown> | undefined)?.['/Type'] === '/Page',
      );
      assert.equal(pageObjects.length, 5, 'no extra page copies');
      assert.deepEqual(
        j.acroform.fields.map((f) => [f.fullname, f.value]),
        [
          ['name', 'u:AAA:name'],
          ['name_2', 'u:BBB:name'],
        ],
      );
      assert.deepEqual(
        j.pagelabels.map((l) => l.index),
        [0, 2, 3],
        'page labels per file',
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  },
};
