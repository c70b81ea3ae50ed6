// Small PDFs that decode to gigabytes: each filter's worst case, a huge colour lookup, a huge page and a
// compressed content stream. They exist to prove that a job's memory is bounded whatever a decoder does.
// The encoders here write attack data only (the shapes real encoders never produce), so no library has them.
import zlib from 'node:zlib';
import { PDFDocument, PDFName, PDFNumber, PDFRawStream, type PDFDict, type PDFRef, PDFArray } from 'pdf-lib';

const MB = 1024 * 1024;

/** LZW codes (9-12 bits, EarlyChange 1) where each code names the longest string so far: the table's last
 * entries are ~3,800 bytes each, so every 1.5 input bytes become ~3.8 KB. */
export function lzwBomb(codes: number): Buffer {
  const out: number[] = [];
  let acc = 0;
  let bits = 0;
  const put = (code: number, width: number) => {
    acc = (acc << width) | code;
    bits += width;
    while (bits >= 8) {
      out.push((acc >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
    acc &= (1 << bits) - 1;
  };
  let width = 9;
  let next = 258;
  put(65, width);
  for (let i = 0; i < codes; i++) {
    const code = next < 4095 ? next : 4094;
    put(code, width);
    next++;
    if (((next + 1) & next) === 0 && next + 1 < 4096) width = Math.min(12, Math.floor(Math.log2(next + 1)) + 1);
  }
  put(257, width);
  if (bits > 0) out.push((acc << (8 - bits)) & 0xff);
  return Buffer.from(out);
}

/** Data for [/RunLengthDecode /RunLengthDecode]: each pass multiplies by 64. */
export function runLengthBomb(bytes: number): Buffer {
  return Buffer.alloc(bytes, 129);
}

/** ASCII85 text of data (the filter itself only grows 4 zero bytes from each 'z'). */
export function ascii85(data: Buffer): Buffer {
  let s = '';
  for (let i = 0; i < data.length; i += 4) {
    const chunk = Buffer.alloc(4);
    data.copy(chunk, 0, i, Math.min(i + 4, data.length));
    const n = chunk.readUInt32BE(0);
    const take = Math.min(4, data.length - i);
    if (n === 0 && take === 4) {
      s += 'z';
      continue;
    }
    let v = n;
    const c: string[] = [];
    for (let k = 0; k < 5; k++) {
      c.unshift(String.fromCharCode(33 + (v % 85)));
      v = Math.floor(v / 85);
    }
    s += c.slice(0, take + 1).join('');
  }
  return Buffer.from(`${s}~>`, 'latin1');
}

/** zlib data of `bytes` zero bytes, made in pieces so the test process never holds the whole. */
export async function flateZeros(bytes: number): Promise<Buffer> {
  const deflate = zlib.createDeflate({ level: 9 });
  const parts: Buffer[] = [];
  deflate.on('data', (b: Buffer) => parts.push(b));
  const done = new Promise((r) => deflate.on('end', r));
  const piece = Buffer.alloc(16 * MB);
  for (let left = bytes; left > 0; left -= piece.length) {
    if (!deflate.write(left >= piece.length ? piece : piece.subarray(0, left)))
      await new Promise((r) => deflate.once('drain', r));
  }
  deflate.end();
  await done;
  return Buffer.concat(parts);
}

async function withImage(size: number, dict: Record<string, unknown>, data: Buffer): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([600, 800]);
  const ctx = doc.context;
  const d = ctx.obj({
    Type: 'XObject',
    Subtype: 'Image',
    BitsPerComponent: 8,
    Width: size,
    Height: size,
    ...dict,
  }) as PDFDict;
  const ref: PDFRef = ctx.register(PDFRawStream.of(d, data));
  const name = page.node.newXObject('Im', ref);
  const content = ctx.register(ctx.flateStream(`q 500 0 0 500 50 150 cm /${name.asString().slice(1)} Do Q`));
  page.node.set(PDFName.of('Contents'), content);
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

export type BombKind = 'lzw' | 'runlength' | 'ascii85' | 'indexed' | 'hugepage' | 'flate-content';

/** A bomb of each kind, a few hundred KB at most. */
export async function pdfBomb(kind: BombKind): Promise<Buffer> {
  switch (kind) {
    case 'lzw': // 200k codes: ~0.3 MB -> ~0.75 GB of grey pixels
      return withImage(27_000, { ColorSpace: 'DeviceGray', Filter: 'LZWDecode' }, lzwBomb(200_000));
    case 'runlength': // 256 KB -> 1 GB
      return withImage(
        18_500,
        { ColorSpace: 'DeviceRGB', Filter: ['RunLengthDecode', 'RunLengthDecode'] },
        runLengthBomb(256 * 1024),
      );
    case 'ascii85': // LZW in ASCII85: ~0.4 MB -> ~0.75 GB
      return withImage(
        27_000,
        { ColorSpace: 'DeviceGray', Filter: ['ASCII85Decode', 'LZWDecode'] },
        ascii85(lzwBomb(200_000)),
      );
    case 'indexed': {
      // A 1x1 image whose colour table is a 512 MB Flate stream.
      const doc = await PDFDocument.create();
      const page = doc.addPage([600, 800]);
      const ctx = doc.context;
      const lookup = ctx.register(
        PDFRawStream.of(ctx.obj({ Filter: 'FlateDecode' }) as PDFDict, await flateZeros(512 * MB)),
      );
      const cs = PDFArray.withContext(ctx);
      cs.push(PDFName.of('Indexed'));
      cs.push(PDFName.of('DeviceRGB'));
      cs.push(PDFNumber.of(255));
      cs.push(lookup);
      const img = ctx.obj({
        Type: 'XObject',
        Subtype: 'Image',
        BitsPerComponent: 8,
        Width: 64,
        Height: 64,
        ColorSpace: cs,
        Filter: 'FlateDecode',
      }) as PDFDict;
      const ref = ctx.register(PDFRawStream.of(img, zlib.deflateSync(Buffer.alloc(64 * 64, 7))));
      const name = page.node.newXObject('Im', ref);
      page.node.set(
        PDFName.of('Contents'),
        ctx.register(ctx.flateStream(`q 500 0 0 500 50 150 cm /${name.asString().slice(1)} Do Q`)),
      );
      return Buffer.from(await doc.save({ useObjectStreams: false }));
    }
    case 'hugepage': {
      // One 10000 pt page without text: rendered at 150 dpi it would be a 434-megapixel canvas.
      const doc = await PDFDocument.create();
      doc.addPage([10_000, 10_000]);
      return Buffer.from(await doc.save());
    }
    case 'flate-content': {
      // A page whose content stream inflates to 512 MB (of whitespace).
      const doc = await PDFDocument.create();
      const page = doc.addPage([600, 800]);
      const ctx = doc.context;
      const content = ctx.register(
        PDFRawStream.of(ctx.obj({ Filter: 'FlateDecode' }) as PDFDict, await flateZeros(512 * MB)),
      );
      page.node.set(PDFName.of('Contents'), content);
      return Buffer.from(await doc.save({ useObjectStreams: false }));
    }
  }
}
