// Bare TrueType subsets (FontFile2 of simple /TrueType fonts) read by fontkit (MIT), and one TrueType file
// holding the union of their glyphs. fontkit reads the tables; its subsetter cannot write a font made of
// several fonts' glyphs nor a cmap (a simple TrueType font in a PDF needs one), so the union's tables are
// laid out here from the subsets' own bytes: glyph outlines and hinting programs are copied, never decoded.
//
// Only subsets drawn through one Windows Unicode cmap (3,1) and made of simple glyphs take part (a composite
// glyph names its parts by glyph id, which differ between subsets); a code point two subsets share must
// have byte-identical outlines and metrics.
import crypto from 'node:crypto';
import * as fontkit from 'fontkit';

interface Indexed<T> {
  length: number;
  get?(i: number): T;
  [i: number]: T;
}
const at = <T>(a: Indexed<T>, i: number): T => (a.get ? a.get(i) : a[i]);

interface TtfFont {
  numGlyphs: number;
  characterSet: number[];
  glyphForCodePoint(cp: number): { id: number };
  directory: { tables: Record<string, { offset: number; length: number } | undefined> };
  loca: { offsets: number[] };
  /** restructure LazyArrays (get(i)) or plain arrays. */
  hmtx: { metrics: Indexed<{ advance: number; bearing: number }>; bearings: Indexed<number> };
  cmap: { tables: { platformID: number; encodingID: number }[] };
  head: { unitsPerEm: number; xMin: number; yMin: number; xMax: number; yMax: number };
}

export interface TtGlyph {
  data: Buffer;
  advance: number;
  lsb: number;
}

export interface TtSubset {
  /** Same value for subsets of one font program: hinting programs, units per em. */
  programKey: string;
  /** Unicode code point → its glyph. */
  glyphs: Map<number, TtGlyph>;
  notdef: TtGlyph;
  tables: Map<string, Buffer>;
  bbox: number[];
}

const sameGlyph = (a: TtGlyph, b: TtGlyph) => a.advance === b.advance && a.lsb === b.lsb && a.data.equals(b.data);

/** Parses a TrueType subset; null when it is not a (3,1)-cmap font of simple glyphs fontkit can read. */
export function parseTtSubset(bytes: Uint8Array): TtSubset | null {
  const buf = Buffer.from(bytes);
  let font: TtfFont;
  try {
    font = fontkit.create(buf) as TtfFont;
    const cmaps = font.cmap.tables;
    if (cmaps.length !== 1 || cmaps[0].platformID !== 3 || cmaps[0].encodingID !== 1) return null;
    const tables = new Map<string, Buffer>();
    for (const [tag, t] of Object.entries(font.directory.tables))
      if (t) tables.set(tag, buf.subarray(t.offset, t.offset + t.length));
    const glyf = tables.get('glyf');
    if (!glyf || !tables.has('head') || !tables.has('hhea') || !tables.has('maxp')) return null;
    const glyphAt = (gid: number): TtGlyph | null => {
      const data = glyf.subarray(font.loca.offsets[gid], font.loca.offsets[gid + 1]);
      if (data.length >= 2 && data.readInt16BE(0) < 0) return null; // composite
      const m = font.hmtx.metrics;
      const advance = at(m, Math.min(gid, m.length - 1)).advance;
      const lsb = gid < m.length ? at(m, gid).bearing : at(font.hmtx.bearings, gid - m.length);
      return { data: Buffer.from(data), advance, lsb };
    };
    const notdef = glyphAt(0);
    if (!notdef) return null;
    const glyphs = new Map<number, TtGlyph>();
    for (const cp of font.characterSet) {
      const gid = font.glyphForCodePoint(cp).id;
      if (gid === 0) continue;
      const g = glyphAt(gid);
      if (!g || cp > 0xfffe) return null;
      glyphs.set(cp, g);
    }
    const h = crypto.createHash('sha256');
    for (const tag of ['cvt ', 'fpgm', 'prep']) h.update(tag).update(tables.get(tag) ?? Buffer.alloc(0));
    h.update(String(font.head.unitsPerEm));
    const { xMin, yMin, xMax, yMax } = font.head;
    return { programKey: h.digest('base64'), glyphs, notdef, tables, bbox: [xMin, yMin, xMax, yMax] };
  } catch {
    return null;
  }
}

export function ttCompatible(a: Map<number, TtGlyph>, b: Map<number, TtGlyph>): boolean {
  for (const [cp, g] of b) {
    const other = a.get(cp);
    if (other && !sameGlyph(other, g)) return false;
  }
  return true;
}

/** cmap with one (3,1) format 4 subtable: one segment per run of consecutive code points and glyph ids. */
function cmapTable(map: [number, number][]): Buffer {
  const segs: { start: number; end: number; delta: number }[] = [];
  for (const [cp, gid] of map) {
    const last = segs[segs.length - 1];
    if (last && cp === last.end + 1 && (gid - cp) % 65536 === last.delta) last.end = cp;
    else segs.push({ start: cp, end: cp, delta: (gid - cp) % 65536 });
  }
  segs.push({ start: 0xffff, end: 0xffff, delta: 1 });
  const n = segs.length;
  const sub = Buffer.alloc(16 + n * 8);
  const searchRange = 2 * 2 ** Math.floor(Math.log2(n));
  sub.writeUInt16BE(4, 0);
  sub.writeUInt16BE(sub.length, 2);
  sub.writeUInt16BE(n * 2, 6);
  sub.writeUInt16BE(searchRange, 8);
  sub.writeUInt16BE(Math.log2(searchRange / 2), 10);
  sub.writeUInt16BE(n * 2 - searchRange, 12);
  segs.forEach((s, i) => {
    sub.writeUInt16BE(s.end, 14 + i * 2);
    sub.writeUInt16BE(s.start, 16 + n * 2 + i * 2);
    sub.writeUInt16BE((s.delta + 65536) % 65536, 16 + n * 4 + i * 2);
    // idRangeOffset stays 0
  });
  const head = Buffer.alloc(12);
  head.writeUInt16BE(1, 2); // one subtable
  head.writeUInt16BE(3, 4);
  head.writeUInt16BE(1, 6);
  head.writeUInt32BE(12, 8);
  return Buffer.concat([head, sub]);
}

const pad4 = (b: Buffer) => (b.length % 4 ? Buffer.concat([b, Buffer.alloc(4 - (b.length % 4))]) : b);
const checksum = (b: Buffer) => {
  const p = pad4(b);
  let sum = 0;
  for (let i = 0; i < p.length; i += 4) sum = (sum + p.readUInt32BE(i)) >>> 0;
  return sum;
};

/** The union of pairwise compatible subsets of one program, as a TrueType file. */
export function writeTtUnion(subsets: TtSubset[]): Buffer {
  const base = subsets[0];
  const order: TtGlyph[] = [base.notdef];
  const cmap: [number, number][] = [];
  const cps = new Map<number, TtGlyph>();
  for (const s of subsets) for (const [cp, g] of s.glyphs) if (!cps.has(cp)) cps.set(cp, g);
  for (const cp of [...cps.keys()].sort((a, b) => a - b)) {
    const g = cps.get(cp)!;
    let gid = order.findIndex((o) => sameGlyph(o, g));
    if (gid <= 0) gid = order.push(g) - 1;
    cmap.push([cp, gid]);
  }
  const glyf = Buffer.concat(order.map((g) => pad4(g.data)));
  const loca = Buffer.alloc((order.length + 1) * 4);
  let off = 0;
  order.forEach((g, i) => {
    loca.writeUInt32BE(off, i * 4);
    off += pad4(g.data).length;
  });
  loca.writeUInt32BE(off, order.length * 4);
  const hmtx = Buffer.alloc(order.length * 4);
  order.forEach((g, i) => {
    hmtx.writeUInt16BE(g.advance, i * 4);
    hmtx.writeInt16BE(g.lsb, i * 4 + 2);
  });
  const bbox = subsets.reduce(
    (a, s) => [
      Math.min(a[0], s.bbox[0]),
      Math.min(a[1], s.bbox[1]),
      Math.max(a[2], s.bbox[2]),
      Math.max(a[3], s.bbox[3]),
    ],
    [...base.bbox],
  );
  const head = Buffer.from(base.tables.get('head')!);
  head.writeUInt32BE(0, 8); // checkSumAdjustment, set below
  bbox.forEach((v, i) => head.writeInt16BE(v, 36 + i * 2));
  head.writeInt16BE(1, 50); // long loca
  const hhea = Buffer.from(base.tables.get('hhea')!);
  hhea.writeUInt16BE(Math.max(...order.map((g) => g.advance)), 10);
  hhea.writeUInt16BE(order.length, 34);
  const maxp = Buffer.from(base.tables.get('maxp')!);
  // Version 1 maxp: every limit (points, contours, zones, stack, ...) is the largest of the subsets'.
  for (const s of subsets.slice(1)) {
    const other = s.tables.get('maxp')!;
    for (let o = 6; o + 2 <= Math.min(maxp.length, other.length); o += 2)
      maxp.writeUInt16BE(Math.max(maxp.readUInt16BE(o), other.readUInt16BE(o)), o);
  }
  maxp.writeUInt16BE(order.length, 4);
  const tables = new Map<string, Buffer>([
    ['cmap', cmapTable(cmap)],
    ['glyf', glyf],
    ['head', head],
    ['hhea', hhea],
    ['hmtx', hmtx],
    ['loca', loca],
    ['maxp', maxp],
  ]);
  for (const tag of ['cvt ', 'fpgm', 'prep', 'OS/2', 'post', 'name'])
    if (base.tables.has(tag) && tag !== 'post') tables.set(tag, base.tables.get(tag)!);
  // sfnt: offset table, sorted table records, 4-byte aligned table data.
  const tags = [...tables.keys()].sort();
  const dir = Buffer.alloc(12 + tags.length * 16);
  const sr = 16 * 2 ** Math.floor(Math.log2(tags.length));
  dir.writeUInt32BE(0x00010000, 0);
  dir.writeUInt16BE(tags.length, 4);
  dir.writeUInt16BE(sr, 6);
  dir.writeUInt16BE(Math.log2(sr / 16), 8);
  dir.writeUInt16BE(tags.length * 16 - sr, 10);
  let pos = dir.length;
  const bodies: Buffer[] = [];
  tags.forEach((tag, i) => {
    const t = tables.get(tag)!;
    dir.write(tag, 12 + i * 16, 'latin1');
    dir.writeUInt32BE(checksum(t), 16 + i * 16);
    dir.writeUInt32BE(pos, 20 + i * 16);
    dir.writeUInt32BE(t.length, 24 + i * 16);
    bodies.push(pad4(t));
    pos += pad4(t).length;
  });
  const file = Buffer.concat([dir, ...bodies]);
  const headAt = dir.readUInt32BE(20 + tags.indexOf('head') * 16);
  file.writeUInt32BE((0xb1b0afba - checksum(file)) >>> 0, headAt + 8);
  return file;
}
