// Word Merge: three documents built with the `docx` package (header/footer, footnote, comment, picture,
// numbered lists sharing one list id, a landscape document, a two-section document). Checked with an
// independent structural reader (well-formed parts, content types, relationships, unique ids) and with
// LibreOffice headless: all text of every input present in order, each list restarting at 1.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ToolFixture } from '../../../../tests/support/tool-fixture';
import { buildDocx, solidPng } from '../../../../tests/support/docx/build-docs';
import { checkDocxPackage, docxCounts } from './check-package';
import {
  convertedPath,
  firstMissingInOrder,
  sofficeConvert,
  wordLines,
} from '../../../../tests/support/docx/libreoffice';

export const fixture: ToolFixture = {
  valid: async () => {
    const red = solidPng(16, 16, [200, 30, 30]);
    return [
      { name: 'Alpha report.docx', data: await buildDocx({ tag: 'Alpha', header: true, extras: true, image: red }) },
      {
        name: 'Bravo.docx',
        data: await buildDocx({ tag: 'Bravo', header: true, landscape: true, extras: true, image: red }),
      },
      { name: 'Charlie.docx', data: await buildDocx({ tag: 'Charlie', twoSections: true }) },
    ];
  },
  check: async (output, inputs) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'word-merge-fixture-'));
    try {
      const merged = path.join(dir, 'Merged_File.docx');
      fs.writeFileSync(merged, output);
      assert.deepEqual(await checkDocxPackage(merged), [], 'a sound package');
      const files = inputs.map((f, i) => {
        const p = path.join(dir, `input-${i}.docx`);
        fs.writeFileSync(p, f.data);
        return p;
      });
      const counts = await docxCounts(merged);
      assert.equal(counts.sections, 4, 'every section of every input');
      assert.equal(counts.landscape, 2, 'orientation per section');
      assert.equal(counts.footnotes, 2, 'footnotes of both documents');
      const txtDir = path.join(dir, 'txt');
      await sofficeConvert([merged, ...files], 'txt', txtDir);
      const got = wordLines(fs.readFileSync(convertedPath(txtDir, merged, 'txt'), 'utf8'));
      const expected = files.flatMap((f) => wordLines(fs.readFileSync(convertedPath(txtDir, f, 'txt'), 'utf8')));
      assert.ok(expected.length > 20, 'inputs have text');
      assert.equal(firstMissingInOrder(expected, got), null, 'all text of every input, in order');
      assert.deepEqual(
        got.filter((l) => /^1\. \w+ step 1$/.test(l)),
        ['1. Alpha step 1', '1. Bravo step 1', '1. Charlie step 1'],
        'lists restart',
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  },
};
