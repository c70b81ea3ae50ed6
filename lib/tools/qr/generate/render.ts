// QR code PNG rendering for POST /api/qr/generate/process/ (server-only).
//
// - The whole content is one UTF-8 byte-mode segment, so every decoder gets the exact bytes back.
// - Non-ASCII content is preceded by an ECI designator 26 (UTF-8). Without it, decoders guess the charset from
//   the bytes and short texts go wrong (zbar reads '가' as Shift-JIS '穈'). ASCII content gets no ECI, so the
//   oldest readers still read plain URLs.
// - The strongest error-correction level the content fits in is used: H, then Q, M, L (a 1000-character Korean
//   text fits only at L).
// - At least 6 pixels per module and a 4-module quiet zone: decoders and phone cameras read it reliably.
// Issue 21 options (./options.ts): a fixed level, a pixel size (whole pixels per module, the rest added to
// the quiet zone so modules stay sharp), colours (RGB PNG; default black/white stays 8-bit greyscale), a margin
// in modules, and SVG drawn on exactly the same pixel grid as the PNG. Without options: the spec's PNG as before.
import 'server-only';
import sharp from 'sharp';
import { AppError } from '@/lib/core/errors';
import { DEFAULT_BG, DEFAULT_FG, DEFAULT_MARGIN } from './options';
import type { QrOptions } from './options-schema';

/* eslint-disable @typescript-eslint/no-require-imports */
// node-qrcode has no public ECI segment; its internals are used through these narrow types.
interface QrSegment {
  mode: { id: string; bit: number; ccBits: number[] };
  getLength(): number;
  getBitsLength(): number;
  write(buffer: unknown): void;
}
interface QrSymbol {
  /** size × size, row by row; 1 is a dark module. */
  modules: { size: number; data: Uint8Array };
  version: number;
  errorCorrectionLevel: { bit: number };
}
type SegmentInput = { data: Uint8Array; mode: 'byte' } | typeof ECI_UTF8;
const segments = require('qrcode/lib/core/segments') as { fromArray: (array: unknown[]) => QrSegment[] };
const qrcode = require('qrcode/lib/core/qrcode') as {
  create: (data: SegmentInput[], options: { errorCorrectionLevel: Level }) => QrSymbol;
};

export type { Level } from './options';
import type { Level } from './options';
export const LEVELS: readonly Level[] = ['H', 'Q', 'M', 'L'];
export const QUIET_ZONE = DEFAULT_MARGIN;
/** Pixels per module at the largest version; smaller codes get more so the image is at least ~600 px wide. */
export const MIN_SCALE = 6;
const TARGET_WIDTH = 600;

/** Marker for the ECI segment; turned into a real segment by the patched fromArray below. */
const ECI_UTF8 = Object.freeze({ eci: 26 as const });

/** ECI header: mode indicator 0111 then the 8-bit designator 26, written as a segment's "character count". */
const eciSegment = (designator: number): QrSegment => ({
  mode: { id: 'ECI', bit: 0b0111, ccBits: [8, 8, 8] },
  getLength: () => designator,
  getBitsLength: () => 0,
  write: () => {},
});

const PATCHED = Symbol.for('onedesk.qr.eci');
const patchable = segments as typeof segments & { [PATCHED]?: true };
if (!patchable[PATCHED]) {
  const fromArray = segments.fromArray;
  // Pass-through for every array without the marker, so other callers see the library unchanged.
  segments.fromArray = (array: unknown[]) =>
    array.flatMap((item) => (item === ECI_UTF8 ? [eciSegment(ECI_UTF8.eci)] : fromArray([item])));
  patchable[PATCHED] = true;
}

export interface QrSymbolInfo {
  level: Level;
  version: number;
  /** Modules per side, without the quiet zone. */
  size: number;
  scale: number;
  eci: boolean;
}

function buildSegments(content: string): { input: SegmentInput[]; eci: boolean } {
  const bytes = new TextEncoder().encode(content);
  const eci = bytes.some((b) => b > 0x7f);
  const data: SegmentInput = { data: bytes, mode: 'byte' };
  return { input: eci ? [ECI_UTF8, data] : [data], eci };
}

/** Picks the strongest level the content fits in (or the one asked for). Throws AppError when it does not fit. */
export function planQr(content: string, only?: Level): { symbol: QrSymbol; info: QrSymbolInfo } {
  if (content.length === 0) throw new AppError('BAD_REQUEST', 'Enter text or a URL to make a QR code.');
  const { input, eci } = buildSegments(content);
  for (const level of only ? [only] : LEVELS) {
    let symbol: QrSymbol;
    try {
      symbol = qrcode.create(input, { errorCorrectionLevel: level });
    } catch (e) {
      if (e instanceof Error && /too big/i.test(e.message)) continue;
      throw e;
    }
    const size = symbol.modules.size;
    const scale = Math.max(MIN_SCALE, Math.ceil(TARGET_WIDTH / (size + 2 * QUIET_ZONE)));
    return { symbol, info: { level, version: symbol.version, size, scale, eci } };
  }
  if (only) {
    throw new AppError(
      'PAYLOAD_TOO_LARGE',
      `The text is too long for a QR code at error-correction level ${only}. Choose a lower level or "Automatic", or shorten it.`,
    );
  }
  throw new AppError(
    'PAYLOAD_TOO_LARGE',
    'The text is too long for a QR code. Shorten it and try again (a QR code holds at most 2,952 bytes of UTF-8 text).',
  );
}

/** Where every module lands in the image: the same grid for PNG and SVG. */
export interface QrLayout {
  modules: { size: number; data: Uint8Array };
  info: QrSymbolInfo;
  /** Image side in pixels. */
  width: number;
  /** Pixels per module. */
  scale: number;
  /** Pixel offset of module (0, 0). */
  origin: number;
  margin: number;
  fg: string;
  bg: string;
}

export function layoutQr(content: string, opts: QrOptions = {}): QrLayout {
  const { symbol, info } = planQr(content, opts.ec_level);
  const margin = opts.margin ?? QUIET_ZONE;
  const total = info.size + 2 * margin;
  let scale: number;
  let width: number;
  if (opts.size !== undefined) {
    scale = Math.floor(opts.size / total);
    if (scale < 2) {
      throw new AppError(
        'BAD_REQUEST',
        `A ${opts.size}-pixel image is too small for this content: it needs at least ${2 * total} pixels (2 per module).`,
      );
    }
    width = opts.size;
  } else {
    scale = opts.margin === undefined ? info.scale : Math.max(MIN_SCALE, Math.ceil(TARGET_WIDTH / total));
    width = total * scale;
  }
  // Left-over pixels of a fixed size widen the quiet zone evenly.
  const origin = Math.floor((width - total * scale) / 2) + margin * scale;
  return {
    modules: symbol.modules,
    info: { ...info, scale },
    width,
    scale,
    origin,
    margin,
    fg: (opts.fg ?? DEFAULT_FG).toLowerCase(),
    bg: (opts.bg ?? DEFAULT_BG).toLowerCase(),
  };
}

const rgb = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));

/** PNG of a layout: 8-bit greyscale for black on white (the spec's image), RGB otherwise. */
export async function layoutPng(l: QrLayout): Promise<Buffer> {
  const grey = l.fg === DEFAULT_FG && l.bg === DEFAULT_BG;
  const channels = grey ? 1 : 3;
  const dark = grey ? [0] : rgb(l.fg);
  const light = grey ? [255] : rgb(l.bg);
  const { size, data } = l.modules;
  const { width, scale, origin } = l;
  const pixels = Buffer.alloc(width * width * channels);
  if (grey) pixels.fill(255);
  else for (let i = 0; i < width * width; i++) pixels.set(light, i * 3);
  const darkRow = Buffer.alloc(scale * channels);
  for (let i = 0; i < scale; i++) darkRow.set(dark, i * channels);
  for (let row = 0; row < size; row++) {
    for (let col = 0; col < size; col++) {
      if (!data[row * size + col]) continue;
      const x0 = origin + col * scale;
      for (let y = origin + row * scale, yEnd = y + scale; y < yEnd; y++)
        darkRow.copy(pixels, (y * width + x0) * channels);
    }
  }
  // sharp (libvips + libpng) encodes in a few milliseconds; node-qrcode's pure-JS PNG writer takes far longer.
  return sharp(pixels, { raw: { width, height: width, channels } })
    .png({ compressionLevel: 9 })
    .toBuffer();
}

/** SVG of a layout: the same pixel grid as the PNG (viewBox in pixels; modules drawn in module units and
 * placed by one translate + scale). Each row's dark runs are one-module-wide horizontal strokes with relative
 * moves (as node-qrcode's SVG does), which keeps the file small. */
export function layoutSvg(l: QrLayout): Buffer {
  const { size, data } = l.modules;
  const { width, scale, origin } = l;
  let d = '';
  for (let row = 0; row < size; row++) {
    let x = -1; // pen position in this row; -1 = the row's first run not drawn yet
    for (let col = 0; col < size;) {
      if (!data[row * size + col]) {
        col++;
        continue;
      }
      let end = col;
      while (end < size && data[row * size + end]) end++;
      d += x < 0 ? `M${col} ${row + 0.5}h${end - col}` : `m${col - x} 0h${end - col}`;
      x = end;
      col = end;
    }
  }
  const svg =
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${width}" viewBox="0 0 ${width} ${width}" shape-rendering="crispEdges">` +
    `<rect width="${width}" height="${width}" fill="${l.bg}"/>` +
    `<path transform="translate(${origin} ${origin}) scale(${scale})" stroke="${l.fg}" stroke-width="1" fill="none" d="${d}"/></svg>\n`;
  return Buffer.from(svg, 'utf8');
}

/** The QR code of `content` as a PNG image: black modules on white, 8-bit greyscale. */
export async function renderQrPng(content: string): Promise<Buffer> {
  return layoutPng(layoutQr(content));
}
