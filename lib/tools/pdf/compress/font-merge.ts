// Duplicate subsets of one font stored once (issue 15). Producers that embed each page, each included
// figure or each music snippet separately write a new subset of the same font every time (LilyPond's
// manual: 265 subsets of Emmentaler-20, 2.7 MB of font programs with 73 distinct glyphs). Ghostscript keeps
// them all. Here the Type 1C (CFF, cff-union.ts) and TrueType (truetype-union.ts) subsets of one font
// program are replaced by one program holding the union of their glyphs, which every descriptor then uses.
//
// Merged only where it is provably the same drawing:
// - the same font name after the subset tag and descriptor /Flags; CFF: the same Private DICT, subroutines,
//   matrix and paint type; TrueType: the same hinting programs and units per em, one (3,1) cmap;
// - every glyph name (CFF) or code point (TrueType) two subsets share has byte-identical outlines and
//   metrics (else they go into separate unions);
// - the PDF font's /Encoding does not fall back on the font program's built-in encoding (a name, or a
//   dictionary with /BaseEncoding), since the union's built-in encoding is not the subsets'.
// The font dictionaries (/Widths, /Encoding, /ToUnicode) are not touched, so text extraction is unchanged.
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFNumber, PDFRawStream, PDFRef } from 'pdf-lib';
import { DecodeCapError, filterChain, inflate } from './pixels';
import { compatible, parseCffSubset, writeCffUnion, type CffSubset } from './cff-union';
import { parseTtSubset, ttCompatible, writeTtUnion, type TtGlyph, type TtSubset } from './truetype-union';

const N = (s: string) => PDFName.of(s);
/** A font program larger than this is not a subset worth merging (and bounds the decode). */
const MAX_FONT_BYTES = 16 * 1024 * 1024;

/** What differs between the font kinds merged: where the program sits and how its subsets are compared. */
interface Kind<S, G> {
  subtype: string;
  fileKey: 'FontFile2' | 'FontFile3';
  /** The program stream's /Subtype, if it has one. */
  fileSubtype?: string;
  parse(bytes: Uint8Array): (S & { programKey: string; glyphs: Map<G, unknown> }) | null;
  compatible(a: Map<G, unknown>, b: Map<G, unknown>): boolean;
  write(subsets: S[]): Buffer;
}

const CFF_KIND: Kind<CffSubset, string> = {
  subtype: 'Type1',
  fileKey: 'FontFile3',
  fileSubtype: 'Type1C',
  parse: parseCffSubset,
  compatible: (a, b) => compatible(a as Map<string, { cs: Buffer }>, b as Map<string, { cs: Buffer }>),
  write: writeCffUnion,
};

const TRUETYPE_KIND: Kind<TtSubset, number> = {
  subtype: 'TrueType',
  fileKey: 'FontFile2',
  parse: parseTtSubset,
  compatible: (a, b) => ttCompatible(a as Map<number, TtGlyph>, b as Map<number, TtGlyph>),
  write: writeTtUnion,
};

interface Program<S> {
  ref: PDFRef;
  size: number;
  subset: S;
  descriptors: PDFDict[];
}

/** The font's /Encoding leaves no code to the font program's built-in encoding. */
function encodingIsExplicit(font: PDFDict): boolean {
  const enc = font.lookup(N('Encoding'));
  if (enc instanceof PDFName) return true;
  if (!(enc instanceof PDFDict)) return false;
  if (enc.lookup(N('BaseEncoding')) instanceof PDFName) return true;
  // /Differences naming every code (as type1-to-cff.ts writes them).
  const diffs = enc.lookup(N('Differences'));
  if (!(diffs instanceof PDFArray)) return false;
  const named = new Set<number>();
  let code = -1;
  for (let i = 0; i < diffs.size(); i++) {
    const v = diffs.lookup(i);
    if (v instanceof PDFNumber) code = v.asNumber();
    else if (v instanceof PDFName && code >= 0) named.add(code++);
  }
  for (let c = 0; c < 256; c++) if (!named.has(c)) return false;
  return true;
}

function decodeFontFile(stream: PDFRawStream): Uint8Array | null {
  const chain = filterChain(stream.dict);
  if (!chain || chain.names.length > 1 || chain.parms.some((p) => p)) return null;
  if (chain.names.length === 0) return stream.contents;
  if (chain.names[0] !== 'FlateDecode' && chain.names[0] !== 'Fl') return null;
  try {
    return inflate(stream.contents, MAX_FONT_BYTES);
  } catch (e) {
    if (e instanceof DecodeCapError) return null;
    return null;
  }
}

/** Collects the programs of simple fonts of one kind that may be merged, keyed by font name + program. */
function collectPrograms<S, G>(
  doc: PDFDocument,
  kind: Kind<S, G>,
): Map<string, Program<S & { programKey: string; glyphs: Map<G, unknown> }>[]> {
  type P = Program<S & { programKey: string; glyphs: Map<G, unknown> }>;
  const ctx = doc.context;
  const programs = new Map<string, P>();
  const excluded = new Set<string>();
  const groups = new Map<string, P[]>();
  for (const [, obj] of ctx.enumerateIndirectObjects()) {
    if (!(obj instanceof PDFDict) || obj.lookup(N('Subtype')) !== N(kind.subtype)) continue;
    const descriptor = obj.lookup(N('FontDescriptor'));
    if (!(descriptor instanceof PDFDict)) continue;
    const fileRef = descriptor.get(N(kind.fileKey));
    if (!(fileRef instanceof PDFRef)) continue;
    const key = fileRef.toString();
    // One font dictionary that relies on the built-in encoding keeps its program out of any union.
    if (!encodingIsExplicit(obj)) {
      excluded.add(key);
      continue;
    }
    const known = programs.get(key);
    if (known) {
      if (!known.descriptors.includes(descriptor)) known.descriptors.push(descriptor);
      continue;
    }
    const stream = ctx.lookup(fileRef);
    if (!(stream instanceof PDFRawStream)) continue;
    if (kind.fileSubtype && stream.dict.lookup(N('Subtype')) !== N(kind.fileSubtype)) continue;
    const fontName = descriptor.lookup(N('FontName'));
    if (!(fontName instanceof PDFName)) continue;
    const bytes = decodeFontFile(stream);
    if (!bytes) continue;
    let subset: ReturnType<typeof kind.parse> = null;
    try {
      subset = kind.parse(bytes);
    } catch {
      subset = null; // a damaged program stays as it is
    }
    if (!subset) continue;
    // TrueType: how a reader picks the cmap depends on the symbolic flag, so the descriptors must agree.
    const flags = kind.fileKey === 'FontFile2' ? String(descriptor.lookup(N('Flags'))) : '';
    const program: P = { ref: fileRef, size: bytes.length, subset, descriptors: [descriptor] };
    programs.set(key, program);
    const group = `${fontName.decodeText().replace(/^[A-Z]{6}\+/, '')}\n${subset.programKey}\n${flags}`;
    if (!groups.has(group)) groups.set(group, []);
    groups.get(group)!.push(program);
  }
  for (const [k, list] of groups) {
    const kept = list.filter((p) => !excluded.has(p.ref.toString()));
    if (kept.length < 2) groups.delete(k);
    else groups.set(k, kept);
  }
  return groups;
}

export interface FontMergeStats {
  /** Font programs replaced by a union. */
  programs: number;
  /** Unions written. */
  unions: number;
  /** Decoded bytes of the replaced programs and of the unions. */
  before: number;
  after: number;
}

/** Replaces compatible Type 1C and TrueType subsets of one font by their union. The old programs become
 * unreachable. */
export function mergeFontSubsets(doc: PDFDocument): FontMergeStats {
  const stats: FontMergeStats = { programs: 0, unions: 0, before: 0, after: 0 };
  mergeKind(doc, CFF_KIND, stats);
  mergeKind(doc, TRUETYPE_KIND, stats);
  return stats;
}

function mergeKind<S, G>(doc: PDFDocument, kind: Kind<S, G>, stats: FontMergeStats): void {
  const ctx = doc.context;
  for (const list of collectPrograms(doc, kind).values()) {
    // First fit: a subset joins the first union whose shared glyphs all draw the same.
    const clusters: { members: (typeof list)[number][]; glyphs: Map<G, unknown> }[] = [];
    for (const p of list) {
      const c = clusters.find((cl) => kind.compatible(cl.glyphs, p.subset.glyphs));
      if (c) {
        c.members.push(p);
        for (const [n, g] of p.subset.glyphs) if (!c.glyphs.has(n)) c.glyphs.set(n, g);
      } else clusters.push({ members: [p], glyphs: new Map(p.subset.glyphs) });
    }
    for (const c of clusters) {
      if (c.members.length < 2) continue;
      let union: Buffer;
      try {
        union = kind.write(c.members.map((m) => m.subset));
      } catch {
        continue; // fontkit could not write it: the subsets stay as they are
      }
      const before = c.members.reduce((a, m) => a + m.size, 0);
      if (union.length >= before) continue;
      // Written unfiltered: recompressStreams deflates it at level 9 with the other streams.
      const dict = kind.fileSubtype
        ? ctx.obj({ Subtype: kind.fileSubtype, Length: union.length })
        : ctx.obj({ Length1: union.length, Length: union.length });
      const ref = ctx.register(PDFRawStream.of(dict, union));
      for (const m of c.members) for (const d of m.descriptors) d.set(N(kind.fileKey), ref);
      stats.programs += c.members.length;
      stats.unions++;
      stats.before += before;
      stats.after += union.length;
    }
  }
}
