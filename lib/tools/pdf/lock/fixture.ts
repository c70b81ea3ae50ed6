// PDF Lock: a generated 3-page PDF with outline, links, a filled form field, page labels and document info,
// locked with a password. The system qpdf and poppler (independent readers) must say a password is needed,
// refuse a wrong one, report AES-256 (revision 6), and open it with the right one with every page, the text,
// the bookmarks, the field value and the title.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync, spawnSync } from 'node:child_process';
import type { ToolFixture } from '../../../../tests/support/tool-fixture';
import { buildRichPdf, outlineLines, pdftotext, qpdfJson } from '../../../../tests/support/pdf/merge-pdfs';

const PASSWORD = 'Tr0ub4dor&3 lock';

export const fixture: ToolFixture = {
  valid: async () => [
    { name: 'contract.pdf', data: Buffer.from(await buildRichPdf({ tag: 'SECRET', pages: 3, fields: ['signer'] })) },
  ],
  fields: { password: PASSWORD },
  check: async (output) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pdf-lock-fixture-'));
    try {
      const file = path.join(dir, 'contract_locked.pdf');
      fs.writeFileSync(file, output);
      assert.equal(spawnSync('qpdf', ['--requires-password', file]).status, 0, 'a password is required');
      assert.equal(
        spawnSync('qpdf', ['--password=wrong password', '--check', file]).status,
        2,
        'a wrong password fails',
      );
      const enc = execFileSync('qpdf', [`--password=${PASSWORD}`, '--show-encryption', file]).toString();
      assert.match(enc, /^R = 6$/m, 'revision 6');
      assert.match(enc, /stream encryption method: AESv3/, 'AES-256');
      assert.match(enc, /Supplied password is user password/);
      execFileSync('qpdf', [`--password=${PASSWORD}`, '--check', file]);
      const text = pdftotext(file, PASSWORD);
      for (const p of [1, 2, 3]) assert.ok(text.includes(`SECRET page ${p}`), `page ${p} text`);
      assert.ok(!output.toString('latin1').includes('SECRET'), 'no clear text left');
      const j = qpdfJson(file, PASSWORD);
      assert.equal(j.pages.length, 3);
      assert.deepEqual(outlineLines(j.outlines), [
        'SECRET Chapter 1 ✓@1',
        'SECRET Chapter 2@2',
        '  SECRET Section 2.1@3',
      ]);
      assert.deepEqual(
        j.acroform.fields.map((f) => f.value),
        ['u:SECRET:signer'],
      );
      assert.match(execFileSync('pdfinfo', ['-upw', PASSWORD, file]).toString(), /Title:\s+SECRET title/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  },
};
