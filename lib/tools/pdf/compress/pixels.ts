// Image stream bytes <-> pixels. Decompression is zlib's (node:zlib) and pdf-lib's filters; this file only
// applies the PDF parts around them: filter chains, PNG/TIFF predictors, colour spaces and palettes.
import zlib from 'node:zlib';
import {
  PDFArray,
  PDFDict,
  PDFName,
  PDFNumber,
  PDFRawStream,
  PDFStream,
  PDFString,
  PDFHexString,
  decodePDFRawStream,
  type PDFContext,
  type PDFObject,
} from 'pdf-lib';

export interface ColourInfo {
  /** Components of the pixels after palette expansion: 1 (gray), 3 (RGB) or 4 (CMYK: JPEG only). */
  comps: 1 | 3 | 4;
  /** The colour space object to write for expanded pixels (base space for Indexed). */
  space: PDFObject;
  palette?: { hival: number; lookup: Uint8Array };
}

/** A stream decoded to more bytes than its cap allows (a decompression bomb, or far more data than the image
 * declares). The processor answers 422 naming the file. */
export class DecodeCapError extends Error {
  constructor(readonly cap: number) {
    super(`decoded stream exceeds ${cap} bytes`);
    this.name = 'DecodeCapError';
  }
}

const num = (o: PDFObject | undefined): number | undefined => (o instanceof PDFNumber ? o.asNumber() : undefined);

/** Gray/RGB-like colour spaces, Indexed over them. Anything else (CMYK, Separation, Lab...) → null. */
export function colourInfo(ctx: PDFContext, csObj: PDFObject | undefined): ColourInfo | null {
  const cs = csObj ? ctx.lookup(csObj) : undefined;
  if (cs instanceof PDFName) {
    if (cs === PDFName.of('DeviceGray') || cs === PDFName.of('G')) return { comps: 1, space: csObj! };
    if (cs === PDFName.of('DeviceRGB') || cs === PDFName.of('RGB')) return { comps: 3, space: csObj! };
    if (cs === PDFName.of('DeviceCMYK') || cs === PDFName.of('CMYK')) return { comps: 4, space: csObj! };
    return null;
  }
  if (!(cs instanceof PDFArray) || cs.size() < 1) return null;
  const family = cs.lookup(0);
  if (family === PDFName.of('CalGray')) return { comps: 1, space: csObj! };
  if (family === PDFName.of('CalRGB')) return { comps: 3, space: csObj! };
  if (family === PDFName.of('ICCBased')) {
    const icc = cs.lookup(1);
    const n = icc instanceof PDFStream ? num(icc.dict.lookup(PDFName.of('N'))) : undefined;
    if (n === 1 || n === 3 || n === 4) return { comps: n, space: csObj! };
    return null;
  }
  if ((family === PDFName.of('Indexed') || family === PDFName.of('I')) && cs.size() === 4) {
    const base = colourInfo(ctx, cs.get(1));
    const hival = num(cs.lookup(2));
    if (!base || base.palette || base.comps === 4 || hival === undefined || hival < 0 || hival > 255) return null;
    const lk = cs.lookup(3);
    let lookup: Uint8Array | undefined;
    if (lk instanceof PDFString || lk instanceof PDFHexString) lookup = lk.asBytes();
    else if (lk instanceof PDFRawStream) {
      // A lookup table holds at most 256 entries of 3 components: its stream is capped at that (plus slack).
      const chain = filterChain(lk.dict);
      lookup = chain ? (applyFilters(ctx, lk.contents, chain, 4096) ?? undefined) : undefined;
    }
    if (!lookup || lookup.length < (hival + 1) * base.comps) return null;
    return { comps: base.comps, space: base.space, palette: { hival, lookup } };
  }
  return null;
}

export interface FilterChain {
  names: string[];
  parms: (PDFDict | undefined)[];
}

export function filterChain(dict: PDFDict): FilterChain | null {
  const f = dict.lookup(PDFName.of('Filter'));
  const p = dict.lookup(PDFName.of('DecodeParms')) ?? dict.lookup(PDFName.of('DP'));
  const parmAt = (i: number) => {
    const v = p instanceof PDFArray ? p.lookup(i) : i === 0 ? p : undefined;
    return v instanceof PDFDict ? v : undefined;
  };
  if (f === undefined) return { names: [], parms: [] };
  if (f instanceof PDFName) return { names: [f.decodeText()], parms: [parmAt(0)] };
  if (f instanceof PDFArray) {
    const names: string[] = [];
    for (let i = 0; i < f.size(); i++) {
      const n = f.lookup(i);
      if (!(n instanceof PDFName)) return null;
      names.push(n.decodeText());
    }
    return { names, parms: names.map((_, i) => parmAt(i)) };
  }
  return null;
}

const ALIASES: Record<string, string> = {
  Fl: 'FlateDecode',
  LZW: 'LZWDecode',
  A85: 'ASCII85Decode',
  AHx: 'ASCIIHexDecode',
  RL: 'RunLengthDecode',
  DCT: 'DCTDecode',
};

/** pdf-lib's decoder for one filter, asked for at most cap + 1 bytes (it stops there: bounded memory). */
function pdfLibDecode(ctx: PDFContext, data: Uint8Array, name: string, cap: number, parms?: PDFDict): Uint8Array {
  const fake = PDFRawStream.of(PDFDict.withContext(ctx), data);
  fake.dict.set(PDFName.of('Filter'), PDFName.of(name));
  // pdf-lib reads only /EarlyChange (LZW) from the parms; predictors are applied by unpredict below.
  if (parms) fake.dict.set(PDFName.of('DecodeParms'), parms);
  return decodePDFRawStream(fake).getBytes(cap + 1) as Uint8Array;
}

/**
 * Applies the decodable filters of `chain` in order. Returns null when a filter is not supported. Each step's
 * output is capped at `maxOut` bytes: past it, `truncate` keeps the first `maxOut` bytes (an image's data past
 * its declared size is ignored by every reader: pdfTeX writes some masks twice as long), otherwise the cap
 * throws DecodeCapError.
 */
export function applyFilters(
  ctx: PDFContext,
  data: Uint8Array,
  chain: FilterChain,
  maxOut: number,
  truncate = false,
): Uint8Array | null {
  let cur = data;
  const cap = Math.max(1024, maxOut);
  for (let i = 0; i < chain.names.length; i++) {
    const name = ALIASES[chain.names[i]] ?? chain.names[i];
    const parms = chain.parms[i];
    if (name === 'FlateDecode') {
      try {
        cur = inflate(cur, cap);
      } catch (e) {
        if (!(e instanceof DecodeCapError) || !truncate) throw e;
        // zlib cannot stop early without throwing; pdf-lib's inflater can (slower, but only for such streams).
        cur = pdfLibDecode(ctx, cur, 'FlateDecode', cap).subarray(0, cap);
      }
    } else if (['LZWDecode', 'ASCII85Decode', 'ASCIIHexDecode', 'RunLengthDecode'].includes(name)) {
      // pdf-lib's decoders have no output limit (pdf-lib issue 1777) when asked for everything (decode());
      // asked for cap + 1 bytes they stop there, so a bomb costs at most the cap.
      const got = pdfLibDecode(ctx, cur, name, cap, parms);
      if (got.length > cap && !truncate) throw new DecodeCapError(cap);
      cur = got.subarray(0, cap);
    } else {
      return null;
    }
    if (parms && (name === 'FlateDecode' || name === 'LZWDecode')) {
      const un = unpredict(cur, parms);
      if (!un) return null;
      cur = un;
    }
  }
  return cur;
}

export function inflate(data: Uint8Array, maxOut: number): Buffer {
  const cap = Math.max(1024, maxOut);
  try {
    // Z_SYNC_FLUSH: a truncated stream gives what it has instead of throwing (as PDF readers do).
    return zlib.inflateSync(data, { finishFlush: zlib.constants.Z_SYNC_FLUSH, maxOutputLength: cap });
  } catch (e) {
    if ((e as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE' || e instanceof RangeError)
      throw new DecodeCapError(cap);
    throw e;
  }
}

function unpredict(data: Uint8Array, parms: PDFDict): Uint8Array | null {
  const predictor = num(parms.lookup(PDFName.of('Predictor'))) ?? 1;
  if (predictor === 1) return data;
  const colors = num(parms.lookup(PDFName.of('Colors'))) ?? 1;
  const bpc = num(parms.lookup(PDFName.of('BitsPerComponent'))) ?? 8;
  const columns = num(parms.lookup(PDFName.of('Columns'))) ?? 1;
  const bpp = Math.max(1, Math.ceil((colors * bpc) / 8));
  const rowBytes = Math.ceil((colors * bpc * columns) / 8);
  if (predictor === 2) {
    if (bpc !== 8) return null;
    const out = Buffer.from(data);
    for (let r = 0; r + rowBytes <= out.length; r += rowBytes) {
      for (let k = bpp; k < rowBytes; k++) out[r + k] = (out[r + k] + out[r + k - bpp]) & 0xff;
    }
    return out;
  }
  if (predictor < 10) return null;
  const rows = Math.floor(data.length / (rowBytes + 1));
  const out = Buffer.alloc(rows * rowBytes);
  for (let r = 0; r < rows; r++) {
    const type = data[r * (rowBytes + 1)];
    const src = r * (rowBytes + 1) + 1;
    const dst = r * rowBytes;
    const up = dst - rowBytes;
    for (let k = 0; k < rowBytes; k++) {
      const x = data[src + k];
      const a = k >= bpp ? out[dst + k - bpp] : 0;
      const b = r > 0 ? out[up + k] : 0;
      const c = r > 0 && k >= bpp ? out[up + k - bpp] : 0;
      let v: number;
      switch (type) {
        case 0:
          v = x;
          break;
        case 1:
          v = x + a;
          break;
        case 2:
          v = x + b;
          break;
        case 3:
          v = x + ((a + b) >> 1);
          break;
        case 4:
          v = x + paeth(a, b, c);
          break;
        default:
          return null;
      }
      out[dst + k] = v & 0xff;
    }
  }
  return out;
}

function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

/**
 * One row through PNG filter `t` into `buf`; returns its score (sum of |signed residual|), or stops early
 * with a score >= `limit` once the row cannot beat the best filter so far (its bytes are then unused).
 * One loop per filter: a per-byte switch on the filter type cost seconds on screenshot-heavy files.
 */
function filterRow(
  t: number,
  px: Uint8Array,
  cur: number,
  up: number,
  hasUp: boolean,
  rowBytes: number,
  comps: number,
  buf: Uint8Array,
  limit: number,
): number {
  let score = 0;
  const first = Math.min(comps, rowBytes);
  // Columns before the first full pixel have no left neighbour (a = c = 0).
  for (let k = 0; k < first; k++) {
    const x = px[cur + k];
    const b = hasUp ? px[up + k] : 0;
    const pred = t === 0 || t === 1 ? 0 : t === 2 ? b : t === 3 ? b >> 1 : paeth(0, b, 0);
    const v = (x - pred) & 0xff;
    buf[k] = v;
    score += v < 128 ? v : 256 - v;
  }
  const step = 256; // check the early stop every 256 bytes
  for (let start = first; start < rowBytes; start += step) {
    const end = Math.min(rowBytes, start + step);
    if (t === 0) {
      for (let k = start; k < end; k++) {
        const v = px[cur + k];
        buf[k] = v;
        score += v < 128 ? v : 256 - v;
      }
    } else if (t === 1) {
      for (let k = start; k < end; k++) {
        const v = (px[cur + k] - px[cur + k - comps]) & 0xff;
        buf[k] = v;
        score += v < 128 ? v : 256 - v;
      }
    } else if (t === 2) {
      for (let k = start; k < end; k++) {
        const v = (px[cur + k] - (hasUp ? px[up + k] : 0)) & 0xff;
        buf[k] = v;
        score += v < 128 ? v : 256 - v;
      }
    } else if (t === 3) {
      for (let k = start; k < end; k++) {
        const v = (px[cur + k] - ((px[cur + k - comps] + (hasUp ? px[up + k] : 0)) >> 1)) & 0xff;
        buf[k] = v;
        score += v < 128 ? v : 256 - v;
      }
    } else {
      for (let k = start; k < end; k++) {
        const a = px[cur + k - comps];
        const b = hasUp ? px[up + k] : 0;
        const c = hasUp ? px[up + k - comps] : 0;
        const p = a + b - c;
        const pa = p > a ? p - a : a - p;
        const pb = p > b ? p - b : b - p;
        const pc = p > c ? p - c : c - p;
        const v = (px[cur + k] - (pa <= pb && pa <= pc ? a : pb <= pc ? b : c)) & 0xff;
        buf[k] = v;
        score += v < 128 ? v : 256 - v;
      }
    }
    if (score >= limit) return score;
  }
  return score;
}

/** PNG-predicted (adaptive per row, Predictor 15) and deflated, the best lossless form for Flate images. */
export function deflatePredicted(pixels: Uint8Array, width: number, height: number, comps: number): Buffer {
  return zlib.deflateSync(predictRows(pixels, width, height, comps), { level: 9, memLevel: 9 });
}

/** The PNG-filtered rows (filter byte + residuals), each row with the filter of least absolute residual. */
export function predictRows(pixels: Uint8Array, width: number, height: number, comps: number): Buffer {
  const rowBytes = width * comps;
  const out = Buffer.alloc(height * (rowBytes + 1));
  const cand = [0, 1, 2, 3, 4].map(() => Buffer.alloc(rowBytes));
  for (let r = 0; r < height; r++) {
    const cur = r * rowBytes;
    const up = cur - rowBytes;
    let best = 0;
    let bestScore = Infinity;
    for (let t = 0; t < 5; t++) {
      // Ties keep the lower filter number, as a strict "<" always did.
      const score = filterRow(t, pixels, cur, up, r > 0, rowBytes, comps, cand[t], bestScore);
      if (score < bestScore) {
        bestScore = score;
        best = t;
      }
    }
    out[r * (rowBytes + 1)] = best;
    cand[best].copy(out, r * (rowBytes + 1) + 1);
  }
  return out;
}

/** Expands palette indices (8 bits per index) to gray or RGB pixels. */
export function expandPalette(
  idx: Uint8Array,
  count: number,
  comps: number,
  palette: { hival: number; lookup: Uint8Array },
): Buffer {
  const out = Buffer.alloc(count * comps);
  for (let i = 0; i < count; i++) {
    const v = Math.min(idx[i], palette.hival) * comps;
    for (let c = 0; c < comps; c++) out[i * comps + c] = palette.lookup[v + c];
  }
  return out;
}

/**
 * Photographs have many colours and few runs of equal neighbours; charts, screenshots and scanned text
 * have few colours or long flat runs. Only photographic images are worth JPEG (lossy) encoding.
 */
export function looksPhotographic(pixels: Uint8Array, width: number, height: number, comps: number): boolean {
  const total = width * height;
  const step = Math.max(1, Math.floor(total / 200_000));
  const colours = new Set<number>();
  let same = 0;
  let seen = 0;
  for (let p = 0; p + 1 < total; p += step) {
    if ((p + 1) % width === 0) continue;
    const o = p * comps;
    let key = 0;
    let eq = true;
    for (let c = 0; c < comps; c++) {
      key = key * 256 + pixels[o + c];
      if (pixels[o + c] !== pixels[o + comps + c]) eq = false;
    }
    if (colours.size <= 4096) colours.add(key);
    if (eq) same++;
    seen++;
  }
  if (seen === 0) return false;
  const minColours = comps === 1 ? 128 : 1024;
  return colours.size >= minColours && same / seen < 0.5;
}
