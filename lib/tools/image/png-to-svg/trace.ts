// Colour tracing with vtracer (@neplex/vectorizer): colour clustering + spline fitting. Transparency is
// handled explicitly: the colours are traced on a copy whose transparent pixels were filled from their
// visible neighbours, and the alpha plane is traced separately into an SVG <mask>, so outlines follow the
// real edge, soft shadows stay soft and no dark rim appears where transparent pixels used to be.
import sharp from 'sharp';
import { ColorMode, Hierarchical, PathSimplifyMode, optimize, vectorizeRaw, type Config } from '@neplex/vectorizer';
import { alphaAsGrey, fillTransparent, imageStats, isPhotoLike, type ImageStats } from './prepare';
import { snapFills, type Rgb } from './presets';

export type TraceKind = 'poster' | 'photo';

/** Small images are traced enlarged (curves fit better); big ones shrunk (an SVG of a 12 MP photo at full
 * detail would be tens of MB). The SVG keeps the PNG's width and height either way. */
const MIN_TRACE_SIDE = 512;
const MAX_TRACE_PIXELS: Record<TraceKind, number> = { poster: 4_000_000, photo: 1_000_000 };
/** Icons this small are pixel art: enlarged with hard pixel edges, which the tracer then keeps. */
const PIXEL_ART_SIDE = 64;

const base = {
  colorMode: ColorMode.Color,
  hierarchical: Hierarchical.Stacked,
  mode: PathSimplifyMode.Spline,
  spliceThreshold: 45,
  maxIterations: 10,
  pathPrecision: 1,
} satisfies Partial<Config>;

export const CONFIGS: Record<TraceKind | 'alpha', Config> = {
  // Flat colours, sharp corners kept: logos, icons, drawings.
  poster: { ...base, filterSpeckle: 4, colorPrecision: 8, layerDifference: 4, cornerThreshold: 60, lengthThreshold: 4 },
  // Many colours: coarser layers, speckles merged, smooth curves.
  photo: {
    ...base,
    filterSpeckle: 8,
    colorPrecision: 7,
    layerDifference: 20,
    cornerThreshold: 180,
    lengthThreshold: 4,
  },
  // The alpha plane: few grey levels.
  alpha: { ...base, filterSpeckle: 2, colorPrecision: 8, layerDifference: 4, cornerThreshold: 60, lengthThreshold: 4 },
};

/** Mask layers: near-black and near-white clusters snapped to pure black/white (no faint veil, no leak). */
function snapMaskFills(paths: string): string {
  return paths.replace(/fill="#([0-9a-f]{6})"/gi, (_m, hex: string) => {
    const v = parseInt(hex.slice(0, 2), 16);
    return `fill="${v < 12 ? '#000' : v > 243 ? '#fff' : `#${hex}`}"`;
  });
}

export interface TraceResult {
  svg: string;
  kind: TraceKind;
  stats: ImageStats;
  traceWidth: number;
  traceHeight: number;
}

function pathsOf(svg: string): string {
  return (svg.match(/<path\b[^>]*\/>/g) ?? []).join('');
}

export interface TraceOptions {
  kind?: TraceKind;
  configs?: Partial<Record<TraceKind | 'alpha', Partial<Config>>>;
  minSide?: number;
  /** Enlarge with nearest neighbour at most this side (pixel art), smoothly above. */
  pixelArtSide?: number;
  /** Snap the colour layers' fills to these colours (a chosen colour count or black and white, presets.ts). */
  palette?: Rgb[];
}

export async function traceRgba(
  rgba: Uint8Array,
  width: number,
  height: number,
  opts: TraceOptions = {},
): Promise<TraceResult> {
  const stats = imageStats(rgba, width, height);
  const side = Math.max(width, height);
  const kind = opts.kind ?? (side > PIXEL_ART_SIDE && isPhotoLike(stats) ? 'photo' : 'poster');
  let scale = 1;
  const minSide = opts.minSide ?? MIN_TRACE_SIDE;
  if (side < minSide && kind === 'poster') scale = Math.min(16, minSide / side);
  if (width * height > MAX_TRACE_PIXELS[kind]) scale = Math.sqrt(MAX_TRACE_PIXELS[kind] / (width * height));
  const tw = Math.max(1, Math.round(width * scale));
  const th = Math.max(1, Math.round(height * scale));
  let px = rgba;
  if (tw !== width || th !== height) {
    // sharp premultiplies alpha while resizing, so enlarged edges do not pick up hidden colours.
    px = await sharp(Buffer.from(rgba.buffer, rgba.byteOffset, rgba.length), { raw: { width, height, channels: 4 } })
      .resize(tw, th, {
        fit: 'fill',
        kernel: scale < 1 ? 'lanczos3' : side <= (opts.pixelArtSide ?? PIXEL_ART_SIDE) ? 'nearest' : 'mitchell',
      })
      .raw()
      .toBuffer();
  }
  const dims = { width: tw, height: th };
  // Whole units are fine once enlarged 2x or more (half a source pixel); otherwise keep one decimal.
  const precision = { pathPrecision: scale >= 2 ? 0 : 1 };
  const config = { ...CONFIGS[kind], ...precision, ...opts.configs?.[kind] };
  const colour = pathsOf(await vectorizeRaw(Buffer.from(fillTransparent(px, tw, th)), dims, config));
  let body = opts.palette ? snapFills(colour, opts.palette) : colour;
  if (stats.anyTransparent) {
    const mask = snapMaskFills(
      pathsOf(
        await vectorizeRaw(Buffer.from(alphaAsGrey(px, tw, th)), dims, {
          ...CONFIGS.alpha,
          ...precision,
          ...opts.configs?.alpha,
        }),
      ),
    );
    body =
      `<mask id="a" maskUnits="userSpaceOnUse" x="0" y="0" width="${tw}" height="${th}">` +
      `<rect width="${tw}" height="${th}"/>${mask}</mask><g mask="url(#a)">${body}</g>`;
  }
  const raw = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${tw} ${th}">${body}</svg>`;
  const svg = await optimize(raw, { multipass: true, multipassIterations: 3 });
  return { svg, kind, stats, traceWidth: tw, traceHeight: th };
}
