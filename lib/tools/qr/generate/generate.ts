// One QR image from content and options, verified: what POST /api/qr/generate/process/ stores.
import 'server-only';
import { layoutPng, layoutQr, layoutSvg } from './render';
import type { QrOptions } from './options-schema';
import { verifyQr } from './verify';

export interface QrImage {
  data: Buffer;
  mime: 'image/png' | 'image/svg+xml';
  ext: 'png' | 'svg';
}

export async function generateQrImage(content: string, opts: QrOptions = {}): Promise<QrImage> {
  const layout = layoutQr(content, opts);
  const image: QrImage =
    opts.format === 'svg'
      ? { data: layoutSvg(layout), mime: 'image/svg+xml', ext: 'svg' }
      : { data: await layoutPng(layout), mime: 'image/png', ext: 'png' };
  await verifyQr(image.data, content);
  return image;
}
