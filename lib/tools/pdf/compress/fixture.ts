// PDF compress: a two-page PDF with 300 dpi photos must come back much smaller, valid (qpdf), with the
// same pages and text (poppler).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ToolFixture } from '../../../../tests/support/tool-fixture';
import { photoPdf } from '../../../../tests/support/pdf-compress/make-pdfs';

function withFiles<T>(files: Record<string, Buffer>, fn: (p: Record<string, string>) => T): T {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'e-fx-'));
  try {
    const paths: Record<string, string> = {};
    for (const [k, v] of Object.entries(files)) {
      paths[k] = path.join(dir, `${k}.pdf`);
      fs.writeFileSync(paths[k], v);
    }
    return fn(paths);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export const fixture: ToolFixture = {
  valid: async () => [{ name: 'Photo report.pdf', data: Buffer.from(await photoPdf()), type: 'application/pdf' }],
  check: async (output, inputs) => {
    const input = inputs[0].data;
    assert.equal(output.subarray(0, 5).toString('latin1'), '%PDF-');
    assert.ok(
      output.length < input.length * 0.2,
      `expected a much smaller file, got ${output.length} of ${input.length} bytes`,
    );
    withFiles({ in: input, out: output }, (p) => {
      execFileSync('qpdf', ['--check', p.out], { stdio: 'ignore' });
      const info = execFileSync('pdfinfo', [p.out], { encoding: 'utf8' });
      assert.match(info, /Pages:\s+2\b/);
      const text = (f: string) => execFileSync('pdftotext', [f, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ').trim();
      assert.equal(text(p.out), text(p.in));
    });
  },
};
