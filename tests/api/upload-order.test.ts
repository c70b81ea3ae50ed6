// Merge uploads keep the order in which the files were sent, even when a big file's write to disk finishes
// after the small files that follow it.
import { randomBytes } from 'node:crypto';
import { PDFDocument } from 'pdf-lib';
import { cleanup, upload, useTestDataDir } from '../support/api';

useTestDataDir();

async function pdfWithBulk(bytes: number): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage([200, 200]);
  // Incompressible bulk makes this file slow to write; the PDF stays valid.
  doc.attach(randomBytes(bytes), 'bulk.bin', { mimeType: 'application/octet-stream' });
  return Buffer.from(await doc.save());
}

describe('upload order', () => {
  it('lists the files in the order they were sent, whatever their sizes', async () => {
    const names = ['z-big.pdf', 'a-tiny.pdf', 'm-tiny.pdf', 'b-big.pdf', 'c-tiny.pdf'];
    const sizes = [8_000_000, 0, 0, 4_000_000, 0];
    for (let round = 0; round < 3; round++) {
      const files = await Promise.all(names.map(async (name, i) => ({ name, data: await pdfWithBulk(sizes[i]) })));
      const up = await upload('pdf/merge', files);
      expect(up.res.status).toBe(200);
      expect((up.body.files as { name: string }[]).map((f) => f.name)).toEqual(names);
      await cleanup('pdf/merge', up.sessionId);
    }
  });
});
