// Type 1 fonts (FontFile) rewritten as compact CFF (FontFile3 /Type1C), as Ghostscript does: a Type 1
// program is eexec-encrypted charstrings that deflate cannot shrink; the same glyphs as CFF are about a
// quarter of the bytes (lammps-cg: 257 KB of Type 1 → 71 KB). The conversion is pdf.js's (pdfjs-dist,
// Apache-2.0: its Type1Font turns every Type 1 font it renders into a CFF-flavoured OpenType file), run in
// the pdf.js thread on a probe file that holds only the fonts; the CFF is then rewritten by fontkit
// (cff-union.ts) with the glyph names in the right place.
//
// Why the rewrite: pdf.js writes the charset one glyph off (it lists ".notdef" first, which the CFF charset
// leaves implicit), so glyph g carries the name of glyph g-1. pdf.js itself never reads those names; a PDF
// reader does. Names are taken one glyph further on; the last glyph's name is known from the descriptor's
// /CharSet (the one name left over) or from /Differences.
//
// Kept apart (left as Type 1): fonts pdf.js could not convert or composes accents for (seac), fonts whose
// codes reach a glyph whose name is not known for sure, any name that disagrees with /Differences, and
// results that are not at least 10 % smaller. Each converted font gets an /Encoding naming all 256 codes,
// so no reader falls back on a built-in encoding; /ToUnicode and /Widths are untouched.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import * as fontkit from 'fontkit';
import {
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFNumber,
  PDFObjectCopier,
  PDFRawStream,
  PDFRef,
  PDFString,
} from 'pdf-lib';
import { runPdfjs } from '../pdfjs/host';
import type { ConvertedFont } from '../pdfjs/protocol';
import { STANDARD_STRINGS, readEntry, sidOf, writeCffUnion, type CffSubset, type FontkitFont } from './cff-union';

const N = (s: string) => PDFName.of(s);
const MIN_GAIN = 0.9;

interface Candidate {
  font: PDFDict;
  fileRef: PDFRef;
  descriptor: PDFDict;
}

function candidates(doc: PDFDocument): Candidate[] {
  const out: Candidate[] = [];
  for (const [, obj] of doc.context.enumerateIndirectObjects()) {
    if (!(obj instanceof PDFDict) || obj.lookup(N('Subtype')) !== N('Type1')) continue;
    const descriptor = obj.lookup(N('FontDescriptor'));
    if (!(descriptor instanceof PDFDict)) continue;
    const fileRef = descriptor.get(N('FontFile'));
    if (!(fileRef instanceof PDFRef) || !(doc.context.lookup(fileRef) instanceof PDFRawStream)) continue;
    out.push({ font: obj, fileRef, descriptor });
  }
  return out;
}

/** A one-page file whose content selects every candidate font once, in order. */
async function probeFile(doc: PDFDocument, list: Candidate[]): Promise<Uint8Array> {
  const probe = await PDFDocument.create();
  const copier = PDFObjectCopier.for(doc.context, probe.context);
  const fonts = probe.context.obj({});
  let content = '';
  list.forEach((c, i) => {
    fonts.set(N(`F${i}`), probe.context.register(copier.copy(c.font)));
    content += `BT /F${i} 10 Tf () Tj ET\n`;
  });
  const page = probe.addPage([100, 100]);
  page.node.set(N('Resources'), probe.context.obj({ Font: fonts }));
  page.node.set(N('Contents'), probe.context.register(probe.context.stream(content)));
  return probe.save({ useObjectStreams: false });
}

/** The glyph names a subset's descriptor lists in /CharSet, e.g. (/A/B/comma). */
function charSetOf(descriptor: PDFDict): string[] | null {
  const cs = descriptor.lookup(N('CharSet'));
  if (!(cs instanceof PDFString || cs instanceof PDFHexString)) return null;
  return cs.decodeText().split('/').filter(Boolean);
}

interface Program {
  subset: CffSubset;
  /** Char code → glyph name for each font dictionary using the program. */
  encodings: Map<PDFDict, string[]>;
}

/** pdf.js's OpenType file → the glyphs under their right names, and each code's glyph name. */
function readConverted(f: ConvertedFont, charSet: string[] | null): { subset: CffSubset; codeNames: string[] } | null {
  if (!f.data || f.mimetype !== 'font/opentype' || f.seac) return null;
  let font: FontkitFont;
  try {
    font = fontkit.create(Buffer.from(f.data)) as FontkitFont;
  } catch {
    return null;
  }
  const cff = font['CFF '];
  if (!cff || cff.isCIDFont || !Array.isArray(cff.topDict.CharStrings)) return null;
  const count = cff.topDict.CharStrings.length;
  // pdf.js's glyph 0 is its own empty .notdef; glyph g's name is stored at g + 1 (see above).
  const nameOf = (gid: number): string | null =>
    gid === 0 ? '.notdef' : gid < count - 1 ? cff.getGlyphName(gid + 1) : null;
  // The last glyph's name: the one name of the descriptor's /CharSet no other glyph has (pdfTeX writes it).
  let last: string | null = null;
  if (charSet) {
    const known = new Set<string>();
    for (let gid = 1; gid < count - 1; gid++) known.add(nameOf(gid) ?? '');
    const rest = charSet.filter((n) => !known.has(n) && n !== '.notdef');
    if (rest.length === 1 && [...known].every((n) => n === '.notdef' || charSet.includes(n))) last = rest[0];
  }
  const codeNames: string[] = [];
  const lastName: (string | null)[] = last ? [last] : [];
  for (let code = 0; code < 256; code++) {
    const cp = f.toFontChar[code];
    const gid = cp >= 0 ? font.glyphForCodePoint(cp).id : 0;
    if (gid <= 0 || gid >= count) {
      codeNames.push('.notdef');
      continue;
    }
    const diff = f.differences[code];
    let name = nameOf(gid);
    if (name === null) {
      name = diff ?? last;
      if (!name) return null; // the last glyph, reached by a code whose name is not known
      lastName.push(name);
    }
    // pdf.js sends a code whose /Differences name the font lacks to .notdef: keep the name (the reader finds
    // no glyph either way, and text extraction still reads the name).
    if (diff && diff !== name && name === '.notdef') name = diff;
    else if (diff && diff !== name) return null;
    codeNames.push(name);
  }
  if (new Set(lastName).size > 1) return null;
  const glyphs = new Map<string, { cs: Buffer; sid: number | null }>();
  glyphs.set('.notdef', { cs: readEntry(cff, cff.topDict.CharStrings[0]), sid: 0 });
  for (let gid = 1; gid < count; gid++) {
    const name = gid < count - 1 ? nameOf(gid) : (lastName[0] ?? null);
    if (!name || glyphs.has(name)) continue; // the last glyph unnamed (no code reaches it), a second .notdef
    const sid = gid < count - 1 ? sidOf(cff, gid + 1) : null;
    glyphs.set(name, {
      cs: readEntry(cff, cff.topDict.CharStrings[gid]),
      sid: sid !== null && sid < STANDARD_STRINGS ? sid : null,
    });
  }
  return { subset: { font, cff, programKey: '', glyphs }, codeNames };
}

export interface Type1Stats {
  converted: number;
  before: number;
  after: number;
}

/** Rewrites the document's Type 1 font programs as CFF where pdf.js converts them cleanly and it pays. */
export async function convertType1Fonts(doc: PDFDocument, opts: { timeoutMs?: number } = {}): Promise<Type1Stats> {
  const stats: Type1Stats = { converted: 0, before: 0, after: 0 };
  const list = candidates(doc);
  if (list.length === 0) return stats;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pdfc-t1-'));
  let fonts: ConvertedFont[];
  try {
    const file = path.join(dir, 'probe.pdf');
    fs.writeFileSync(file, await probeFile(doc, list));
    fonts = (await runPdfjs({ kind: 'fonts', path: file }, { timeoutMs: opts.timeoutMs ?? 60_000 })).fonts;
  } catch {
    return stats; // pdf.js could not read the probe: the fonts stay Type 1
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  if (fonts.length !== list.length) return stats;
  const programs = new Map<string, Program | null>();
  list.forEach((c, i) => {
    const key = c.fileRef.toString();
    if (programs.get(key) === null) return;
    let read: ReturnType<typeof readConverted> = null;
    try {
      read = readConverted(fonts[i], charSetOf(c.descriptor));
    } catch {
      read = null; // fontkit could not read pdf.js's file
    }
    if (!read) {
      programs.set(key, null); // one font dictionary pdf.js could not map keeps the program as it is
      return;
    }
    const known = programs.get(key);
    if (known) known.encodings.set(c.font, read.codeNames);
    else programs.set(key, { subset: read.subset, encodings: new Map([[c.font, read.codeNames]]) });
  });
  const ctx = doc.context;
  for (const [key, program] of programs) {
    if (!program) continue;
    const c = list.find((x) => x.fileRef.toString() === key)!;
    const old = ctx.lookup(c.fileRef) as PDFRawStream;
    let cff: Buffer;
    try {
      cff = writeCffUnion([program.subset]);
    } catch {
      continue;
    }
    const packed = zlib.deflateSync(cff, { level: 9 });
    if (packed.length > old.contents.length * MIN_GAIN) continue;
    const ref = ctx.register(
      PDFRawStream.of(ctx.obj({ Subtype: 'Type1C', Filter: 'FlateDecode', Length: packed.length }), packed),
    );
    for (const x of list) {
      if (x.fileRef.toString() !== key) continue;
      x.descriptor.delete(N('FontFile'));
      x.descriptor.set(N('FontFile3'), ref);
      const names = program.encodings.get(x.font)!;
      const diffs = PDFArray.withContext(ctx);
      diffs.push(PDFNumber.of(0));
      for (const n of names) diffs.push(N(n));
      x.font.set(N('Encoding'), ctx.obj({ Type: 'Encoding', Differences: diffs }));
    }
    stats.converted++;
    stats.before += old.contents.length;
    stats.after += packed.length;
  }
  return stats;
}
