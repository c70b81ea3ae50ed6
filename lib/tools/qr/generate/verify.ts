// Every generated code is read back before it is offered (issue 21): the image itself (the PNG, or the SVG
// rasterised by librsvg through sharp) is decoded with jsQR, a decoder independent of the encoder (node-qrcode),
// and its bytes must be exactly the content's UTF-8 bytes. A code that does not read back is never stored.
import 'server-only';
import sharp from 'sharp';
import jsQR from 'jsqr';
import { AppError } from '@/lib/core/errors';

export async function decodeQrImage(image: Buffer): Promise<Uint8Array | null> {
  const { data, info } = await sharp(image, { density: 72 })
    .flatten({ background: '#ffffff' })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const found = jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height, {
    inversionAttempts: 'dontInvert',
  });
  return found ? Uint8Array.from(found.binaryData) : null;
}

export async function verifyQr(image: Buffer, content: string): Promise<void> {
  const got = await decodeQrImage(image);
  const want = new TextEncoder().encode(content);
  if (got && got.length === want.length && got.every((b, i) => b === want[i])) return;
  throw new AppError(
    'UNPROCESSABLE',
    'This QR code did not read back correctly, so it is not offered. Try a larger size, a wider quiet zone, stronger contrast or a higher error-correction level.',
  );
}
