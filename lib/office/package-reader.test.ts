import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import yazl from 'yazl';
import { Document, Packer, Paragraph } from 'docx';
import { corpusPath, describeCorpus } from '@/tests/support/corpus';
import { openPackage, sniffOfficeKind, type PackageLimits, DEFAULT_LIMITS } from './package-reader';

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pkg-reader-'));
});
afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

function zipOf(entries: Array<[string, Buffer | string, boolean?]>): Promise<Buffer> {
  const z = new yazl.ZipFile();
  for (const [name, data, compress] of entries) z.addBuffer(Buffer.from(data), name, { compress: compress ?? true });
  z.end();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    z.outputStream
      .on('data', (c: Buffer) => chunks.push(c))
      .on('end', () => resolve(Buffer.concat(chunks)))
      .on('error', reject);
  });
}

function write(name: string, data: Buffer): string {
  const p = path.join(dir, name);
  fs.writeFileSync(p, data);
  return p;
}

/** Replaces every occurrence of a same-length byte string (used to plant names yazl refuses to write). */
function patch(buf: Buffer, from: string, to: string): Buffer {
  expect(from.length).toBe(to.length);
  const out = Buffer.from(buf);
  let i = out.indexOf(from);
  expect(i).toBeGreaterThanOrEqual(0);
  while (i >= 0) {
    out.write(to, i, 'latin1');
    i = out.indexOf(from, i + 1);
  }
  return out;
}

const CT_DOCX = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>`;
const RELS = `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`;
const DOC =
  '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p/></w:body></w:document>';

/** Hand-written ZIP64 archive of `count` empty stored entries (yazl is too slow for 300 000 entries). */
function manyEntriesZip(count: number): Buffer {
  const names = Array.from({ length: count }, (_, i) => Buffer.from(`f${i}`));
  const localLen = names.reduce((n, b) => n + 30 + b.length, 0);
  const centralLen = names.reduce((n, b) => n + 46 + b.length, 0);
  const buf = Buffer.alloc(localLen + centralLen + 56 + 20 + 22);
  let o = 0;
  const offsets: number[] = [];
  for (const n of names) {
    offsets.push(o);
    buf.writeUInt32LE(0x04034b50, o);
    buf.writeUInt16LE(20, o + 4);
    buf.writeUInt16LE(n.length, o + 26);
    n.copy(buf, o + 30);
    o += 30 + n.length;
  }
  const cdStart = o;
  names.forEach((n, i) => {
    buf.writeUInt32LE(0x02014b50, o);
    buf.writeUInt16LE(20, o + 4);
    buf.writeUInt16LE(20, o + 6);
    buf.writeUInt16LE(n.length, o + 28);
    buf.writeUInt32LE(offsets[i], o + 42);
    n.copy(buf, o + 46);
    o += 46 + n.length;
  });
  const z64 = o;
  buf.writeUInt32LE(0x06064b50, o);
  buf.writeBigUInt64LE(44n, o + 4);
  buf.writeUInt16LE(45, o + 12);
  buf.writeUInt16LE(45, o + 14);
  buf.writeBigUInt64LE(BigInt(count), o + 24);
  buf.writeBigUInt64LE(BigInt(count), o + 32);
  buf.writeBigUInt64LE(BigInt(centralLen), o + 40);
  buf.writeBigUInt64LE(BigInt(cdStart), o + 48);
  o += 56;
  buf.writeUInt32LE(0x07064b50, o);
  buf.writeBigUInt64LE(BigInt(z64), o + 8);
  buf.writeUInt32LE(1, o + 16);
  o += 20;
  buf.writeUInt32LE(0x06054b50, o);
  buf.writeUInt16LE(0xffff, o + 8);
  buf.writeUInt16LE(0xffff, o + 10);
  buf.writeUInt32LE(0xffffffff, o + 12);
  buf.writeUInt32LE(0xffffffff, o + 16);
  return buf;
}

describe('openPackage on documents built here', () => {
  it('reads a docx written by the docx package: kind, main part, parts, case-insensitive lookup', async () => {
    const doc = new Document({ sections: [{ children: [new Paragraph('Hello package reader')] }] });
    const file = write('hello.docx', await Packer.toBuffer(doc));
    const pkg = await openPackage(file, 'hello.docx', 'docx');
    try {
      expect(pkg.kind).toBe('docx');
      expect(pkg.mainPart).toBe('word/document.xml');
      expect(pkg.names()).toContain('[Content_Types].xml');
      expect(pkg.has('WORD/Document.XML')).toBe(true);
      expect(pkg.has('/word/document.xml')).toBe(true);
      expect(pkg.has('word/nothing.xml')).toBe(false);
      const xml = await pkg.readXml('word/document.xml');
      expect(xml).toContain('Hello package reader');
      expect(pkg.size('word/document.xml')).toBe(Buffer.byteLength(xml));
    } finally {
      await pkg.close();
    }
    expect(await sniffOfficeKind(file)).toBe('docx');
  });

  it('refuses a docx when a PowerPoint file is expected, naming the file', async () => {
    const file = write(
      'deck.pptx',
      await zipOf([
        ['[Content_Types].xml', CT_DOCX],
        ['_rels/.rels', RELS],
        ['word/document.xml', DOC],
      ]),
    );
    await expect(openPackage(file, 'deck.pptx', 'pptx')).rejects.toThrow(
      '"deck.pptx" is damaged or not a valid PowerPoint presentation.',
    );
  });

  it('sniffs non-Office ZIPs and non-ZIP files as null', async () => {
    const zip = write('plain.zip', await zipOf([['a.txt', 'hello']]));
    expect(await sniffOfficeKind(zip)).toBeNull();
    const txt = write('plain.txt', Buffer.from('not a zip at all'));
    expect(await sniffOfficeKind(txt)).toBeNull();
    await expect(openPackage(txt, 'plain.docx', 'docx')).rejects.toThrow(
      '"plain.docx" is damaged or not a valid Word document.',
    );
  });
});

describe('openPackage refuses hostile ZIPs', () => {
  const tooLarge = (n: string) => `"${n}" is too large or too complex to process safely.`;
  const damaged = (n: string) => `"${n}" is damaged or not a valid Word document.`;

  it('a zip bomb disguised as .docx (extreme ratio) before inflating it', async () => {
    const bomb = Buffer.alloc(8 * 1024 * 1024); // 8 MiB of zeros deflate to ~8 KiB
    const file = write(
      'bomb.docx',
      await zipOf([
        ['[Content_Types].xml', CT_DOCX],
        ['_rels/.rels', RELS],
        ['word/document.xml', bomb],
      ]),
    );
    expect(fs.statSync(file).size).toBeLessThan(50_000);
    await expect(openPackage(file, 'bomb.docx', 'docx')).rejects.toThrow(tooLarge('bomb.docx'));
  });

  it('entries and totals over the configured limits', async () => {
    const file = write(
      'big.docx',
      await zipOf([
        ['[Content_Types].xml', CT_DOCX],
        ['_rels/.rels', RELS],
        ['word/document.xml', DOC],
        ['word/media/a.bin', Buffer.alloc(5000, 7), false],
      ]),
    );
    const small: PackageLimits = { ...DEFAULT_LIMITS, maxEntryBytes: 4000 };
    await expect(openPackage(file, 'big.docx', 'docx', small)).rejects.toThrow(tooLarge('big.docx'));
    const total: PackageLimits = { ...DEFAULT_LIMITS, maxTotalBytes: 5500 };
    await expect(openPackage(file, 'big.docx', 'docx', total)).rejects.toThrow(tooLarge('big.docx'));
    const few: PackageLimits = { ...DEFAULT_LIMITS, maxEntries: 3 };
    await expect(openPackage(file, 'big.docx', 'docx', few)).rejects.toThrow(tooLarge('big.docx'));
    const ok = await openPackage(file, 'big.docx', 'docx');
    expect((await ok.read('word/media/a.bin')).length).toBe(5000);
    await ok.close();
  });

  it('300 000 entries, refused from the end record alone and quickly', async () => {
    const zip = manyEntriesZip(300_000);
    const file = write('many.docx', zip);
    await expect(openPackage(file, 'many.docx', 'docx')).rejects.toThrow(tooLarge('many.docx'));
    // Proof it never walked the 300 000 directory records (not a clock): with them wiped, the refusal is the
    // same, where reading them would fail on a bad record.
    const cdStart = zip.readUInt32LE(zip.length - 22 - 20 - 56 + 48);
    const wiped = write('many-wiped.docx', Buffer.from(zip).fill(0, cdStart, zip.length - 22 - 20 - 56));
    await expect(openPackage(wiped, 'many.docx', 'docx')).rejects.toThrow(tooLarge('many.docx'));
  });

  it('duplicate part names, case-insensitively', async () => {
    const file = write(
      'dup.docx',
      await zipOf([
        ['[Content_Types].xml', CT_DOCX],
        ['_rels/.rels', RELS],
        ['word/document.xml', DOC],
        ['WORD/Document.xml', DOC],
      ]),
    );
    await expect(openPackage(file, 'dup.docx', 'docx')).rejects.toThrow(damaged('dup.docx'));
  });

  it.each([
    ['../', 'zz/evil.xml', '../evil.xml'],
    ['absolute', 'zzzevil.xml', '/tmp/ev.xml'],
    ['backslash', 'word/zz.xml', 'word\\zz.xml'],
  ])('unsafe part names (%s)', async (_label, planted, evil) => {
    const good = await zipOf([
      ['[Content_Types].xml', CT_DOCX],
      ['_rels/.rels', RELS],
      ['word/document.xml', DOC],
      [planted, 'x'],
    ]);
    const file = write('names.docx', patch(good, planted, evil));
    await expect(openPackage(file, 'names.docx', 'docx')).rejects.toThrow(damaged('names.docx'));
  });

  it('a part that inflates to more than its declared size', async () => {
    const body = Buffer.alloc(4000, 'a');
    const good = await zipOf([
      ['[Content_Types].xml', CT_DOCX],
      ['_rels/.rels', RELS],
      ['word/document.xml', DOC],
      ['word/liar.xml', body],
    ]);
    // Lower the declared uncompressed size (central directory and local header) from 4000 to 1000.
    const lied = Buffer.from(good);
    const cd = lied.indexOf(
      Buffer.from('word/liar.xml'),
      lied.lastIndexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]), lied.length),
    );
    const cdHeader = lied.lastIndexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]), cd);
    expect(lied.readUInt32LE(cdHeader + 24)).toBe(4000);
    lied.writeUInt32LE(1000, cdHeader + 24);
    const local = lied.readUInt32LE(cdHeader + 42);
    lied.writeUInt32LE(1000, local + 22);
    const file = write('liar.docx', lied);
    const pkg = await openPackage(file, 'liar.docx', 'docx');
    try {
      expect(pkg.size('word/liar.xml')).toBe(1000);
      await expect(pkg.read('word/liar.xml')).rejects.toThrow(damaged('liar.docx'));
    } finally {
      await pkg.close();
    }
  });

  it('XML parts with a DOCTYPE and entities (billion laughs)', async () => {
    const laughs = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;">]><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>&lol2;</w:t></w:r></w:p></w:body></w:document>`;
    const file = write(
      'lol.docx',
      await zipOf([
        ['[Content_Types].xml', CT_DOCX],
        ['_rels/.rels', RELS],
        ['word/document.xml', laughs],
      ]),
    );
    const pkg = await openPackage(file, 'lol.docx', 'docx');
    try {
      await expect(pkg.readXml('word/document.xml')).rejects.toThrow(damaged('lol.docx'));
    } finally {
      await pkg.close();
    }
    // Any XML part, read raw or streamed (copied as it is into a merge), UTF-16 too; other parts pass.
    const utf16 = Buffer.concat([
      Buffer.from([0xff, 0xfe]),
      Buffer.from('<?xml version="1.0"?><!DOCTYPE a [<!ENTITY b "c">]><a/>', 'utf16le'),
    ]);
    const media = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47]),
      Buffer.from('<!DOCTYPE in a picture is just bytes'),
    ]);
    const file3 = write(
      'lol3.docx',
      await zipOf([
        ['[Content_Types].xml', CT_DOCX],
        ['_rels/.rels', RELS],
        ['word/document.xml', DOC],
        ['customXml/item1.xml', laughs],
        ['word/theme/theme1.xml', utf16],
        ['word/media/image1.png', media],
      ]),
    );
    const pkg3 = await openPackage(file3, 'lol3.docx', 'docx');
    try {
      await expect(pkg3.read('customXml/item1.xml')).rejects.toThrow(damaged('lol3.docx'));
      await expect(pkg3.read('word/theme/theme1.xml')).rejects.toThrow(damaged('lol3.docx'));
      const drain = async (name: string) => {
        for await (const chunk of await pkg3.stream(name)) void chunk;
      };
      await expect(drain('customXml/item1.xml')).rejects.toThrow(damaged('lol3.docx'));
      expect((await pkg3.read('word/media/image1.png')).equals(media)).toBe(true);
    } finally {
      await pkg3.close();
    }
    const ct = CT_DOCX.replace('<Types', '<!DOCTYPE Types [<!ENTITY x "y">]><Types');
    const file2 = write(
      'lol2.docx',
      await zipOf([
        ['[Content_Types].xml', ct],
        ['_rels/.rels', RELS],
        ['word/document.xml', DOC],
      ]),
    );
    await expect(openPackage(file2, 'lol2.docx', 'docx')).rejects.toThrow(damaged('lol2.docx'));
  });
});

describeCorpus('openPackage on the bad corpus', () => {
  it('an encrypted Word file (OLE container)', async () => {
    const file = corpusPath('bad', 'poi-bug53475-password-is-pass.docx');
    await expect(openPackage(file, 'poi-bug53475-password-is-pass.docx', 'docx')).rejects.toThrow(
      '"poi-bug53475-password-is-pass.docx" is password-protected. Remove the password and try again.',
    );
    expect(await sniffOfficeKind(file)).toBeNull();
  });

  it('a truncated Word file', async () => {
    await expect(
      openPackage(corpusPath('bad', 'poi-truncated62886.docx'), 'poi-truncated62886.docx', 'docx'),
    ).rejects.toThrow('"poi-truncated62886.docx" is damaged or not a valid Word document.');
  });

  it('a truncated PowerPoint file', async () => {
    await expect(
      openPackage(
        corpusPath('bad', 'poi-Divino_Revelado-truncated.pptx'),
        'poi-Divino_Revelado-truncated.pptx',
        'pptx',
      ),
    ).rejects.toThrow('"poi-Divino_Revelado-truncated.pptx" is damaged or not a valid PowerPoint presentation.');
  });

  it('sniffs real Word and PowerPoint files', async () => {
    expect(await sniffOfficeKind(corpusPath('docx', 'd1_aatmay.docx'))).toBe('docx');
    expect(await sniffOfficeKind(corpusPath('bad', 'pypptx-no-slides.pptx'))).toBe('pptx');
  });
});

describe('bytes after the end of the ZIP', () => {
  it('are ignored, as PowerPoint and LibreOffice ignore them, and the package opens and sniffs', async () => {
    const { mkdtempSync, writeFileSync, readFileSync, rmSync } = await import('node:fs');
    const os = await import('node:os');
    const pathMod = await import('node:path');
    const { Document, Packer, Paragraph } = await import('docx');
    const dir = mkdtempSync(pathMod.join(os.tmpdir(), 'trailer-'));
    try {
      const good = await Packer.toBuffer(new Document({ sections: [{ children: [new Paragraph('trailer test')] }] }));
      const file = pathMod.join(dir, 'with-trailer.docx');
      writeFileSync(file, Buffer.concat([good, Buffer.from([0x00])]));
      expect(await sniffOfficeKind(file)).toBe('docx');
      const pkg = await openPackage(file, 'with-trailer.docx', 'docx');
      expect((await pkg.readXml('word/document.xml')).includes('trailer test')).toBe(true);
      await pkg.close();
      expect(readFileSync(file).length).toBe(good.length + 1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
