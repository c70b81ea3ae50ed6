// How close an SVG renders to the image it was traced from: both are rasterised at the PNG's size (librsvg
// through sharp, an independent renderer) and flattened on white and on black, so a wrong alpha (a dark rim,
// a filled hole, a lost shadow) lowers the score on one of the two. SSIM from ../similarity.
import sharp from 'sharp';
import { similarity } from '../common/similarity';

export interface SvgFidelity {
  /** Lower of the two luma SSIMs (white / black background). */
  ssim: number;
  /** Mean absolute alpha difference, 0..1. */
  alphaError: number;
  width: number;
  height: number;
}

async function flatten(rgba: Buffer, width: number, height: number, bg: string) {
  const layer = await sharp(rgba, { raw: { width, height, channels: 4 } })
    .png()
    .toBuffer();
  const data = await sharp({ create: { width, height, channels: 3, background: bg } })
    .composite([{ input: layer }])
    .removeAlpha()
    .raw()
    .toBuffer();
  return { data, width, height, channels: 3 };
}

/** Renders the SVG at width x height as RGBA. Throws if librsvg cannot parse it. */
export async function renderSvg(svg: Buffer, width: number, height: number): Promise<Buffer> {
  return sharp(svg).resize(width, height, { fit: 'fill' }).ensureAlpha().raw().toBuffer();
}

export async function svgFidelity(svg: Buffer, png: Buffer): Promise<SvgFidelity> {
  const { data: ref, info } = await sharp(png)
    .ensureAlpha()
    .toColourspace('srgb')
    .raw({ depth: 'uchar' })
    .toBuffer({ resolveWithObject: true });
  const { width, height } = info;
  const test = await renderSvg(svg, width, height);
  let ssim = 1;
  for (const bg of ['#ffffff', '#000000']) {
    ssim = Math.min(ssim, similarity(await flatten(ref, width, height, bg), await flatten(test, width, height, bg)).y);
  }
  let a = 0;
  for (let i = 3; i < ref.length; i += 4) a += Math.abs(ref[i] - test[i]);
  return { ssim, alphaError: a / (width * height) / 255, width, height };
}
