// QR code PNG rendering for POST /api/qr/generate/process/ (server-only).
//
// - The whole content is one UTF-8 byte-mode segment, so every decoder gets the exact bytes back.
// - Non-ASCII content is preceded by an ECI designator 26 (UTF-8). Without it, decoders guess the charset from
//   the bytes and short texts go wrong (zbar reads '가' as Shift-JIS '穈'). ASCII content gets no ECI, so the
//   oldest readers still read plain URLs.
// - The strongest error-correction level the content fits in is used: H, then Q, M, L (a 1000-character Korean
//   text fits only at L).
// - At least 6 pixels per module and a 4-module quiet zone: decoders and phone cameras read it reliably.
import 'server-only';
import sharp from 'sharp';
import { AppError } from '@/lib/core/errors';

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

export type Level = 'H' | 'Q' | 'M' | 'L';
export const LEVELS: readonly Level[] = ['H', 'Q', 'M', 'L'];
export const QUIET_ZONE = 4;
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

/** Picks the strongest level the content fits in. Throws AppError when it fits in no QR code at all. */
export function planQr(content: string): { symbol: QrSymbol; info: QrSymbolInfo } {
  if (content.length === 0) throw new AppError('BAD_REQUEST', 'Enter text or a URL to make a QR code.');
  const { input, eci } = buildSegments(content);
  for (const level of LEVELS) {
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
  throw new AppError(
    'PAYLOAD_TOO_LARGE',
    'The text is too long for a QR code. Shorten it and try again (a QR code holds at most 2,952 bytes of UTF-8 text).',
  );
}

/** The QR code of `content` as a PNG image: black modules on white, 8-bit greyscale. */
export async function renderQrPng(content: string): Promise<Buffer> {
  const { symbol, info } = planQr(content);
  const { size, data } = symbol.modules;
  const { scale } = info;
  const width = (size + 2 * QUIET_ZONE) * scale;
  const pixels = Buffer.alloc(width * width, 255);
  for (let row = 0; row < size; row++) {
    for (let col = 0; col < size; col++) {
      if (!data[row * size + col]) continue;
      const x0 = (col + QUIET_ZONE) * scale;
      for (let y = (row + QUIET_ZONE) * scale, yEnd = y + scale; y < yEnd; y++) {
        pixels.fill(0, y * width + x0, y * width + x0 + scale);
      }
    }
  }
  // sharp (libvips + libpng) encodes in a few milliseconds; node-qrcode's pure-JS PNG writer takes far longer.
  return sharp(pixels, { raw: { width, height: width, channels: 1 } }).png({ compressionLevel: 9 }).toBuffer();
}
