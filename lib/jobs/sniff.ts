// What a file really is, judged by its bytes, whatever its name or the browser's filter says.
import 'server-only';
import fs from 'node:fs/promises';
import type { FileKind } from '@/lib/tools/registry';

export type Sniffed = FileKind | 'zip' | 'ole' | 'empty' | 'unknown';

async function head(filePath: string, bytes: number): Promise<{ head: Buffer; size: number; tail: Buffer }> {
  const fh = await fs.open(filePath, 'r');
  try {
    const { size } = await fh.stat();
    const h = Buffer.alloc(Math.min(bytes, size));
    await fh.read(h, 0, h.length, 0);
    const t = Buffer.alloc(Math.min(1024, size));
    await fh.read(t, 0, t.length, Math.max(0, size - t.length));
    return { head: h, size, tail: t };
  } finally {
    await fh.close();
  }
}

const startsWith = (b: Buffer, sig: number[]) => sig.every((v, i) => b[i] === v);

export function sniffBytes(b: Buffer, size: number, tail: Buffer): Sniffed {
  if (size === 0) return 'empty';
  if (startsWith(b, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (b.subarray(0, 6).toString('latin1') === 'GIF87a' || b.subarray(0, 6).toString('latin1') === 'GIF89a')
    return 'gif';
  if (b.length >= 26 && b[0] === 0x42 && b[1] === 0x4d && [12, 40, 52, 56, 64, 108, 124].includes(b.readUInt32LE(14)))
    return 'bmp';
  if (startsWith(b, [0x50, 0x4b, 0x03, 0x04])) return 'zip';
  if (startsWith(b, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return 'ole';
  // The PDF header may sit after some junk (readers accept up to 1 KB); a headerless file that still
  // ends like a PDF is left to the PDF tools, which give a precise error or a result.
  const text = b.toString('latin1');
  if (text.indexOf('%PDF-') !== -1) return 'pdf';
  if (tail.toString('latin1').includes('%%EOF') && /\d+\s+\d+\s+obj/.test(text)) return 'pdf';
  return 'unknown';
}

export interface OfficeSniffer {
  /** The Office kind of a ZIP package, or null when it is none (or cannot be read). */
  kind: (filePath: string) => Promise<'docx' | 'pptx' | 'xlsx' | null>;
  /** Why a ZIP is not the expected package: the reader's precise error, or a 415. */
  explain: (filePath: string, name: string, expected: 'docx' | 'pptx', expectedText: string) => Promise<Error>;
}

/** The file's kind; ZIP packages are told apart by their main part when an Office sniffer is given. */
export async function sniffFile(filePath: string, office?: OfficeSniffer): Promise<Sniffed> {
  const { head: h, size, tail } = await head(filePath, 1024);
  const kind = sniffBytes(h, size, tail);
  if (kind !== 'zip' || !office) return kind;
  const pkg = await office.kind(filePath).catch(() => null);
  return pkg === 'docx' || pkg === 'pptx' ? pkg : 'zip';
}
