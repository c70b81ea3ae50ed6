// Optional QR settings (issue 21) for POST /api/qr/generate/process/: format, size, ec_level, fg, bg, margin.
// Browser-safe (the page uses the same contrast rule and limits; the zod schema is in ./options-schema.ts). With none of them the spec's PNG comes out
// byte for byte as before.

export type Level = 'H' | 'Q' | 'M' | 'L';
export const FORMATS = ['png', 'svg'] as const;
export type QrFormat = (typeof FORMATS)[number];
export const SIZE_MIN = 100;
export const SIZE_MAX = 2000;
export const MARGIN_MAX = 20;
export const DEFAULT_MARGIN = 4;
export const DEFAULT_FG = '#000000';
export const DEFAULT_BG = '#ffffff';
/** Dark modules must be darker than light ones by at least this contrast ratio (WCAG's AA figure). */
export const MIN_CONTRAST = 4.5;

export const HEX = /^#[0-9a-fA-F]{6}$/;

/** WCAG 2 relative luminance of '#rrggbb'. */
export function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** (lighter + 0.05) / (darker + 0.05) */
export function contrastRatio(a: string, b: string): number {
  const [x, y] = [luminance(a), luminance(b)];
  return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
}

/** Null when the pair scans; else the visitor's reason. */
export function colourProblem(fg: string, bg: string): string | null {
  if (luminance(fg) >= luminance(bg))
    return 'The foreground colour must be darker than the background: most phone cameras do not read light-on-dark codes.';
  const ratio = contrastRatio(fg, bg);
  if (ratio < MIN_CONTRAST)
    return `These colours are too close to scan reliably (contrast ${ratio.toFixed(1)}:1; at least ${MIN_CONTRAST}:1 is needed).`;
  return null;
}
