// MuPDF runs in a thread per job from a WASM module compiled once per process: two successive jobs both
// work, and the heap cap still stops a job that needs more.
import { PDFDocument, PDFName, StandardFonts } from 'pdf-lib';
import { MupdfError, mupdfRewrite } from './mupdf-host';

async function textPdf(pages: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 0; i < pages; i++) doc.addPage([200, 200]).drawText(`Page ${i + 1}`, { x: 20, y: 100, font });
  return doc.save();
}

describe('mupdfRewrite', () => {
  it('rewrites in two successive threads sharing one compiled module', async () => {
    const first = await mupdfRewrite(await textPdf(2));
    const second = await mupdfRewrite(await textPdf(3));
    expect(first.pages).toBe(2);
    expect(second.pages).toBe(3);
    const back = await PDFDocument.load(second.bytes);
    expect(back.getPageCount()).toBe(3);
  });

  it('stops at the heap cap with a memory error', async () => {
    // A 32 MB file cannot even be read into a 20 MB heap.
    const doc = await PDFDocument.load(await textPdf(1));
    doc.catalog.set(PDFName.of('Big'), doc.context.register(doc.context.stream(new Uint8Array(32 << 20))));
    const big = await doc.save();
    const err = await mupdfRewrite(big, { memoryMb: 20 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(MupdfError);
    expect((err as MupdfError).kind).toBe('memory');
  });
});
