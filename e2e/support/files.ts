// Small real input files for the e2e flows, written to a temp dir so the page's file input can take them.
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';
import type { FixtureFile } from '../../tests/support/tool-fixture';

/** Writes files into a fresh temp folder and returns their paths, in order. */
export async function writeTemp(files: FixtureFile[]): Promise<string[]> {
  const dir = await mkdtemp(path.join(tmpdir(), 'e2e-files-'));
  const paths: string[] = [];
  for (const [i, f] of files.entries()) {
    // Same names in one folder would overwrite each other: give duplicates their own sub-folder.
    const sub = files.findIndex((g) => g.name === f.name) === i ? dir : await mkdtemp(path.join(dir, 'dup-'));
    const p = path.join(sub, f.name);
    await writeFile(p, f.data);
    paths.push(p);
  }
  return paths;
}

/** A PDF whose pages say "<label> page n". */
export async function makePdf(label: string, pages = 1): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 1; i <= pages; i++)
    doc.addPage([300, 200]).drawText(`${label} page ${i}`, { x: 20, y: 100, size: 14, font });
  return Buffer.from(await doc.save());
}

export async function makeImage(format: 'jpeg' | 'png', width = 64, height = 48): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 30, g: 120, b: 200 } } })
    .toFormat(format)
    .toBuffer();
}

async function makeDocx(text: string): Promise<Buffer> {
  const { Document, Packer, Paragraph } = await import('docx');
  return Packer.toBuffer(new Document({ sections: [{ children: [new Paragraph(text)] }] }));
}

/** A real file of the first kind a tool's picker accepts (for pages whose tool has no fixture yet). */
export async function sampleFor(accept: string, base = 'sample'): Promise<FixtureFile> {
  if (accept.includes('pdf')) return { name: `${base}.pdf`, data: await makePdf(base) };
  if (accept.includes('wordprocessingml') || accept.includes('.docx'))
    return { name: `${base}.docx`, data: await makeDocx(base) };
  if (accept.includes('presentationml') || accept.includes('.pptx')) {
    // No PPTX writer in the project; a tool without its fixture only has to answer with a clear server error.
    return { name: `${base}.pptx`, data: await makeDocx(base) };
  }
  if (accept.includes('image/jpeg')) return { name: `${base}.jpg`, data: await makeImage('jpeg') };
  return { name: `${base}.png`, data: await makeImage('png') };
}

/** A quick check of a result's type by its first bytes, for tools whose fixture is not written yet. */
export function looksLike(data: Buffer, mime: string): boolean {
  const head = data.subarray(0, 16);
  if (mime === 'application/pdf') return head.toString('latin1').startsWith('%PDF-');
  if (mime === 'image/png')
    return head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  if (mime === 'image/jpeg') return head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff;
  if (mime === 'image/svg+xml') return /<svg[\s>]/.test(data.subarray(0, 2048).toString('utf8'));
  if (mime.includes('openxmlformats')) return head.toString('latin1').startsWith('PK\u0003\u0004');
  return data.length > 0;
}
