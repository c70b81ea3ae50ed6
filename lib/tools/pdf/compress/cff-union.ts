// Bare CFF (Type 1C) font programs through fontkit (MIT): parse a subset, tell whether two subsets come from
// the same font program, and write one CFF holding the union of their glyphs. Reading and writing are
// fontkit's (its CFF parser, and the CFF writer of its subsetter, `restructure` structs); this file only
// chooses the glyphs. fontkit's subsetter always writes a CID-keyed font, which a simple /Type1 font's
// FontFile3 must not be, so the union overrides the two hooks where it makes the font CID-keyed and writes
// a name-keyed font (charset of glyph names, the original Private DICT and subroutines) instead.
import crypto from 'node:crypto';
import * as fontkit from 'fontkit';

/** One INDEX entry as fontkit's parser keeps it (a slice of the font's bytes). */
interface IndexEntry {
  offset: number;
  length: number;
}
interface CffCharset {
  version: number;
  glyphs?: number[];
  ranges?: { first: number; nLeft: number; offset: number }[];
}
interface CffTopDict {
  CharStrings: IndexEntry[];
  charset: CffCharset | unknown[];
  Private: (Record<string, unknown> & { Subrs?: IndexEntry[] }) | null;
  FontMatrix?: number[];
  FontBBox?: number[];
  PaintType?: number;
  CharstringType?: number;
  StrokeWidth?: number;
  ROS?: unknown;
  [key: string]: unknown;
}
export interface FontkitCff {
  isCIDFont: boolean;
  topDict: CffTopDict;
  globalSubrIndex: IndexEntry[];
  stream: { pos: number; readBuffer(n: number): Uint8Array };
  getGlyphName(gid: number): string | null;
}
export interface FontkitFont {
  'CFF ': FontkitCff | undefined;
  createSubset(): object;
  glyphForCodePoint(cp: number): { id: number };
  directory: { tables: Record<string, { offset: number; length: number } | undefined> };
}
interface SubsetInternals {
  cff: FontkitCff;
  charstrings: Uint8Array[];
  gsubrs: Uint8Array[];
  addString(s: string): number;
  encode(): Uint8Array;
}

/** SIDs below this are the CFF standard strings (CFF spec, appendix A). */
export const STANDARD_STRINGS = 391;

export interface CffSubset {
  font: FontkitFont;
  cff: FontkitCff;
  /** Same value for subsets of one font program: private dict, subroutines, matrix, paint type. */
  programKey: string;
  /** Glyph name → charstring bytes (and its standard SID, if it has one). */
  glyphs: Map<string, { cs: Buffer; sid: number | null }>;
}

export const readEntry = (cff: FontkitCff, e: IndexEntry): Buffer => {
  cff.stream.pos = e.offset;
  return Buffer.from(cff.stream.readBuffer(e.length));
};

export function sidOf(cff: FontkitCff, gid: number): number | null {
  const cs = cff.topDict.charset;
  if (gid === 0) return 0;
  if (Array.isArray(cs)) return null;
  const i = gid - 1;
  if (cs.version === 0) return cs.glyphs?.[i] ?? null;
  for (const r of cs.ranges ?? []) if (r.offset <= i && i <= r.offset + r.nLeft) return r.first + (i - r.offset);
  return null;
}

/** fontkit reads sfnt containers only: a bare CFF goes into a minimal OpenType file with one `CFF ` table. */
function wrapInSfnt(cff: Uint8Array): Buffer {
  const head = Buffer.alloc(28);
  head.write('OTTO', 0, 'latin1');
  head.writeUInt16BE(1, 4); // one table
  head.writeUInt16BE(16, 6);
  head.write('CFF ', 12, 'latin1');
  head.writeUInt32BE(28, 20); // offset
  head.writeUInt32BE(cff.length, 24);
  return Buffer.concat([head, cff]);
}

/** Parses a bare name-keyed CFF; null when fontkit cannot read it or it is CID-keyed or ambiguous. */
export function parseCffSubset(bytes: Uint8Array): CffSubset | null {
  let font: FontkitFont;
  try {
    font = fontkit.create(wrapInSfnt(bytes)) as FontkitFont;
  } catch {
    return null;
  }
  const cff = font['CFF '];
  if (!cff || cff.isCIDFont || cff.topDict.ROS) return null;
  const top = cff.topDict;
  if ((top.CharstringType ?? 2) !== 2 || !Array.isArray(top.CharStrings)) return null;
  const h = crypto.createHash('sha256');
  const priv = top.Private ?? {};
  h.update(JSON.stringify(Object.entries(priv).filter(([k]) => k !== 'Subrs')));
  for (const s of priv.Subrs ?? []) h.update(readEntry(cff, s)).update('\0');
  h.update('|');
  for (const s of cff.globalSubrIndex) h.update(readEntry(cff, s)).update('\0');
  h.update(JSON.stringify([top.FontMatrix, top.PaintType ?? 0, top.StrokeWidth ?? 0]));
  const glyphs = new Map<string, { cs: Buffer; sid: number | null }>();
  for (let gid = 0; gid < top.CharStrings.length; gid++) {
    const name = cff.getGlyphName(gid);
    if (!name || glyphs.has(name)) return null; // a glyph without a name, or two glyphs of one name
    const sid = sidOf(cff, gid);
    glyphs.set(name, {
      cs: readEntry(cff, top.CharStrings[gid]),
      sid: sid !== null && sid < STANDARD_STRINGS ? sid : null,
    });
  }
  if (!glyphs.has('.notdef')) return null;
  return { font, cff, programKey: h.digest('base64'), glyphs };
}

/** True when every glyph name the two share has the same charstring (so either program draws it the same). */
export function compatible(a: Map<string, { cs: Buffer }>, b: Map<string, { cs: Buffer }>): boolean {
  for (const [name, g] of b) {
    const other = a.get(name);
    if (other && !other.cs.equals(g.cs)) return false;
  }
  return true;
}

/**
 * Writes one CFF with every glyph of `subsets` (which share `programKey` and are pairwise `compatible`):
 * the first subset's Top and Private DICTs and subroutines, the union of the glyphs, a FontBBox around all.
 */
export function writeCffUnion(subsets: CffSubset[]): Buffer {
  const base = subsets[0];
  const glyphs = new Map<string, { cs: Buffer; sid: number | null }>();
  for (const s of subsets) for (const [name, g] of s.glyphs) if (!glyphs.has(name)) glyphs.set(name, g);
  const names = ['.notdef', ...[...glyphs.keys()].filter((n) => n !== '.notdef')];
  const bbox = subsets
    .map((s) => s.cff.topDict.FontBBox)
    .filter((b): b is number[] => Array.isArray(b) && b.length === 4)
    .reduce<number[] | null>(
      (acc, b) =>
        acc ? [Math.min(acc[0], b[0]), Math.min(acc[1], b[1]), Math.max(acc[2], b[2]), Math.max(acc[3], b[3])] : [...b],
      null,
    );
  const SubsetClass = base.font.createSubset().constructor as new (font: FontkitFont) => SubsetInternals;
  class UnionSubset extends SubsetClass {
    // fontkit calls this to collect the charstrings and global subroutines to write.
    subsetCharstrings() {
      this.charstrings = names.map((n) => glyphs.get(n)!.cs);
      this.gsubrs = this.cff.globalSubrIndex.map((e) => readEntry(this.cff, e));
    }
    // fontkit calls this to turn a name-keyed font into a CID-keyed one; here it stays name-keyed.
    createCIDFontdict(topDict: CffTopDict) {
      delete topDict.ROS;
      delete topDict.CIDCount;
      topDict.FDArray = null;
      topDict.FDSelect = null;
      topDict.charset = { version: 0, glyphs: names.slice(1).map((n) => glyphs.get(n)!.sid ?? this.addString(n)) };
      if (bbox) topDict.FontBBox = bbox;
      const priv = { ...(this.cff.topDict.Private ?? {}) };
      if (priv.Subrs) priv.Subrs = (priv.Subrs as IndexEntry[]).map((e) => readEntry(this.cff, e)) as never;
      topDict.Private = priv;
    }
  }
  return Buffer.from(new UnionSubset(base.font).encode());
}
