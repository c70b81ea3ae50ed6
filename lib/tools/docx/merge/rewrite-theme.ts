// Theme references of a document merged under another document's theme (rewriter.ts applies these to an
// element's attributes before its ids are rewritten): w:rFonts theme fonts become the font names they stood
// for, and theme colours are dropped where the resolved colour is written too.
import type { RewriteHooks } from './rewrite-types';

/** rFonts theme attributes and the explicit attributes they become. */
const THEME_ATTR: Record<string, string> = {
  asciiTheme: 'ascii',
  hAnsiTheme: 'hAnsi',
  eastAsiaTheme: 'eastAsia',
  cstheme: 'cs',
};

/** w:rFonts: each theme font the merge can name becomes its explicit attribute (w:asciiTheme -> w:ascii). */
export function themeFontAttrs(
  attrs: Record<string, string>,
  themeFont: NonNullable<RewriteHooks['themeFont']>,
): Record<string, string> {
  const copy: Record<string, string> = {};
  for (const k in attrs) {
    const c = k.indexOf(':');
    const target = THEME_ATTR[k.slice(c + 1)];
    const font = target ? themeFont(attrs[k]) : null;
    if (target && font) copy[`${c > 0 ? k.slice(0, c + 1) : ''}${target}`] = font;
  }
  for (const k in attrs) {
    const c = k.indexOf(':');
    const l = k.slice(c + 1);
    if (THEME_ATTR[l] && copy[`${c > 0 ? k.slice(0, c + 1) : ''}${THEME_ATTR[l]}`] !== undefined) continue;
    if (copy[k] === undefined) copy[k] = attrs[k];
  }
  return copy;
}

/** Any w: element: its theme colour attributes dropped where an explicit colour or fill is set (the
 * explicit value is what the source document showed). The same object when it has none. */
export function resolvedColourAttrs(local: string, attrs: Record<string, string>): Record<string, string> {
  let themed = false;
  for (const k in attrs)
    if (k.includes(':theme')) {
      themed = true;
      break;
    }
  if (!themed) return attrs;
  const v = (l: string) => {
    for (const k in attrs) if (k.endsWith(`:${l}`)) return attrs[k];
    return undefined;
  };
  const colour = local === 'color' ? v('val') : v('color');
  const fill = v('fill');
  const copy: Record<string, string> = {};
  for (const k in attrs) {
    const l = k.slice(k.indexOf(':') + 1);
    if ((l === 'themeColor' || l === 'themeTint' || l === 'themeShade') && colour && colour !== 'auto') continue;
    if ((l === 'themeFill' || l === 'themeFillTint' || l === 'themeFillShade') && fill && fill !== 'auto') continue;
    copy[k] = attrs[k];
  }
  return copy;
}
