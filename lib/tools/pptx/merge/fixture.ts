// PowerPoint Merge: three decks built with pptxgenjs (16:9 with a table and a hidden slide, 4:3 with a
// chart, 16:9), each slide with notes, a picture and a slide-jump link. Checked with an independent
// structural reader (yauzl + saxes: well-formed parts, content types, relationship targets, unique ids)
// and with LibreOffice headless: the merged deck converts, has as many pages as the inputs together, all
// of them of the first deck's size, and every slide's title in deck order.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ToolFixture } from '../../../../tests/support/tool-fixture';
import { buildDeck } from '../../../../tests/support/pptx/build-deck';
import { pdfPageCount, pdfPageSizes, toPdf } from '../../../../tests/support/pptx/render';
import { verifyDeck } from '../../../../tests/support/pptx/verify';

export const fixture: ToolFixture = {
  valid: async () => [
    {
      name: 'Alpha deck.pptx',
      data: await buildDeck({ layout: 'LAYOUT_16x9', label: 'Alpha', slides: 3, hidden: [2], table: true }),
    },
    {
      name: 'Beta.pptx',
      data: await buildDeck({ layout: 'LAYOUT_4x3', label: 'Beta', slides: 2, chart: true, color: '30A050' }),
    },
    { name: 'Gamma.pptx', data: await buildDeck({ layout: 'LAYOUT_16x9', label: 'Gamma', slides: 2 }) },
  ],
  check: async (output, inputs) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'powerpoint-merge-fixture-'));
    try {
      const merged = path.join(dir, 'Merged_File.pptx');
      fs.writeFileSync(merged, output);
      const files = inputs.map((f, i) => {
        const p = path.join(dir, `input-${i}.pptx`);
        fs.writeFileSync(p, f.data);
        return p;
      });
      const report = await verifyDeck(merged);
      assert.deepEqual(report.problems, [], 'a sound package');
      const sources = await Promise.all(files.map((f) => verifyDeck(f, { full: false })));
      assert.equal(
        report.slides.length,
        sources.reduce((n, r) => n + r.slides.length, 0),
        'every slide of every deck',
      );
      assert.equal(
        report.notesOf.size,
        sources.reduce((n, r) => n + r.notesOf.size, 0),
        'every slide keeps its notes',
      );
      assert.equal(report.hiddenSlides, 1, 'the hidden slide stays hidden');
      assert.deepEqual(report.sldSz, sources[0].sldSz, "the first deck's slide size");

      const pdfs = toPdf([merged, ...files], dir);
      const pages = pdfPageCount(pdfs[0]);
      assert.equal(
        pages,
        pdfs.slice(1).reduce((n, p) => n + pdfPageCount(p), 0),
        'LibreOffice shows every slide',
      );
      const [first] = pdfPageSizes(pdfs[1]);
      for (const s of pdfPageSizes(pdfs[0])) assert.deepEqual([s.w, s.h], [first.w, first.h], 'one page size');
      const text = execFileSync('pdftotext', ['-layout', pdfs[0], '-'], { encoding: 'utf8' });
      const titles = [...text.matchAll(/(Alpha|Beta|Gamma) slide (\d)/g)].map((m) => `${m[1]} ${m[2]}`);
      const expected = [...new Set(titles)];
      assert.deepEqual(
        expected,
        expected.slice().sort((a, b) => 'ABG'.indexOf(a[0]) - 'ABG'.indexOf(b[0]) || a.localeCompare(b)),
        'deck order',
      );
      assert.ok(expected.includes('Beta 2') && expected.includes('Gamma 1'), 'slides of every deck');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  },
};
