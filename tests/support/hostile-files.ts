// Hostile inputs made on the fly (issue 9): bombs, lies and junk that a public upload form will receive.
import { crc32, deflateSync } from 'node:zlib';
import { randomBytes } from 'node:crypto';
import { ZipFile } from 'yazl';
import { PDFDocument } from 'pdf-lib';
import type { FixtureFile } from './tool-fixture';

function zip(entries: { name: string; data: Buffer; compress?: boolean }[]): Promise<Buffer> {
  const z = new ZipFile();
  for (const e of entries) z.addBuffer(e.data, e.name, { compress: e.compress ?? true });
  z.end();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    z.outputStream.on('data', (c: Buffer) => chunks.push(c));
    z.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    z.outputStream.on('error', reject);
  });
}

const CONTENT_TYPES_DOCX =
  '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
  '<Default Extension="xml" ContentType="application/xml"/><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
  '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>';
const ROOT_RELS =
  '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
  '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>';

/** 256 MB of zeros deflated into a ~250 KB "Word document". */
export async function zipBombDocx(): Promise<FixtureFile> {
  return {
    name: 'bomb.docx',
    data: await zip([
      { name: '[Content_Types].xml', data: Buffer.from(CONTENT_TYPES_DOCX) },
      { name: '_rels/.rels', data: Buffer.from(ROOT_RELS) },
      { name: 'word/document.xml', data: Buffer.alloc(256 * 1024 * 1024, 0x20) },
    ]),
  };
}

/** A "Word document" with 20 000 entries: twice the server's 10 000-entry cap (OFFICE_MAX_ENTRIES); more only
 * slows yazl down (40 000 entries take 14 s to write) and tests nothing new. */
export async function manyEntriesDocx(count = 20_000): Promise<FixtureFile> {
  const empty = Buffer.alloc(0);
  const entries = [
    { name: '[Content_Types].xml', data: Buffer.from(CONTENT_TYPES_DOCX) },
    { name: '_rels/.rels', data: Buffer.from(ROOT_RELS) },
    {
      name: 'word/document.xml',
      data: Buffer.from(
        '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body/></w:document>',
      ),
    },
  ];
  for (let i = 0; i < count; i++) entries.push({ name: `x/${i}`, data: empty, compress: false } as never);
  return { name: 'many-entries.docx', data: await zip(entries) };
}

/** A Word document whose body declares entities that expand a billion times ("billion laughs"). */
export async function entityExpansionDocx(): Promise<FixtureFile> {
  const lol = [
    '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol">',
    ...Array.from({ length: 9 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i || ''};`.repeat(10)}">`),
    ']><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>&lol9;</w:t></w:r></w:p></w:body></w:document>',
  ].join('');
  return {
    name: 'laughs.docx',
    data: await zip([
      { name: '[Content_Types].xml', data: Buffer.from(CONTENT_TYPES_DOCX) },
      { name: '_rels/.rels', data: Buffer.from(ROOT_RELS) },
      { name: 'word/document.xml', data: Buffer.from(lol) },
    ]),
  };
}

function pngChunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(td) >>> 0);
  return Buffer.concat([len, td, crc]);
}

/** A valid-looking PNG header claiming width x height RGB pixels, with one tiny compressed row. */
export function hugeDimensionPng(width = 30_000, height = 30_000): FixtureFile {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  const idat = deflateSync(Buffer.alloc(1 + width * 3));
  const data = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', idat),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
  return { name: 'claims-30000x30000.png', data };
}

export async function truncatedPdf(): Promise<FixtureFile> {
  const doc = await PDFDocument.create();
  for (let i = 0; i < 5; i++) doc.addPage([300, 300]).drawText(`page ${i + 1}`, { x: 20, y: 150, size: 20 });
  const bytes = Buffer.from(await doc.save());
  return { name: 'truncated.pdf', data: bytes.subarray(0, Math.floor(bytes.length * 0.6)) };
}

export const randomBytesPdf = (): FixtureFile => ({ name: 'random.pdf', data: randomBytes(64 * 1024) });

/** A PDF whose /Pages node lists itself as its own kid. */
export function loopingPageTreePdf(): FixtureFile {
  const objs = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [2 0 R 3 0 R] /Count 2 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>',
  ];
  let body = '%PDF-1.7\n';
  const offsets: number[] = [];
  objs.forEach((o, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objs.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objs.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return { name: 'page-tree-loop.pdf', data: Buffer.from(body, 'latin1') };
}

export const emptyFile = (name: string): FixtureFile => ({ name, data: Buffer.alloc(0) });

/** Names that must never become paths or break headers: traversal, control characters, 300 characters. */
export const HOSTILE_NAMES = ['../../../etc/passwd.pdf', 'evil\u0000\r\nX-Injected: 1.pdf', `${'ä'.repeat(300)}.pdf`];
