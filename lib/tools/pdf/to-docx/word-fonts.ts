// The family Word sets a PDF's font in (PDF to Word): the standard 14 and common Office fonts by name, the
// free clones and free faces by what they are, anything else by its kind.
import type { TextRun } from '../pdfjs/protocol';

/** Families Word users commonly have (Windows/Office), kept by name. */
const COMMON_FONTS = new Set([
  'Arial',
  'Arial Narrow',
  'Arial Black',
  'Calibri',
  'Cambria',
  'Candara',
  'Consolas',
  'Constantia',
  'Corbel',
  'Courier New',
  'Georgia',
  'Garamond',
  'Book Antiqua',
  'Bookman Old Style',
  'Century',
  'Century Gothic',
  'Franklin Gothic',
  'Gill Sans',
  'Lucida Console',
  'Lucida Sans',
  'Palatino Linotype',
  'Segoe UI',
  'Tahoma',
  'Times New Roman',
  'Trebuchet MS',
  'Verdana',
  'Aptos',
  'Symbol',
  'Wingdings',
  // metric-compatible open families LibreOffice ships
  'Liberation Sans',
  'Liberation Serif',
  'Liberation Mono',
  'DejaVu Sans',
  'DejaVu Serif',
  'DejaVu Sans Mono',
  'Noto Sans',
  'Noto Serif',
]);

/** The free clones of the PostScript faces, under their own names in TeX's and Ghostscript's PDFs
 * (NimbusRomNo9L is Times: it came out as Arial, wider, and the page's lines wrapped). */
const PS_CLONES: [RegExp, string][] = [
  [/^(nimbusrom|texgyretermes|freeserif)/i, 'Times New Roman'],
  [/^(nimbussan|texgyreheros|freesans)/i, 'Arial'],
  [/^(nimbusmon|texgyrecursor|freemono)/i, 'Courier New'],
  [/^(urwpalladio|texgyrepagella|palatino|p052)/i, 'Palatino Linotype'],
  [/^(urwbookman|texgyrebonum|bookman)/i, 'Bookman Old Style'],
  [/^(centurysch|texgyreschola|newcenturyschlbk|c059)/i, 'Century'],
  [/^(urwgothic|texgyreadventor|avantgarde)/i, 'Century Gothic'],
];

/** Free faces TeX and the web embed, by their kind: the font's flags, which pdf.js reads the kind from, often
 * call a serif face sans-serif (Linux Libertine, a linguistics manual's face, came out in Arial, wider: its
 * contents' entries wrapped). */
const FREE_FACES: [RegExp, string][] = [
  [
    /^(berasansmono|inconsolata|sourcecode|fira(mono|code)|robotomono|ubuntumono|noto(sans)?mono|luximono|t1xtt|txtt|newtxtt|cousine|p22typewriter|pltypewriter|monospace821)/i,
    'Courier New',
  ],
  [
    /^(linbiolinum|biolinum|berasans|sourcesans|firasans|opensans|lato|roboto|notosans|ptsans|bitstreamverasans|ubuntu|cabin|raleway|montserrat|arimo|cantarell)/i,
    'Arial',
  ],
  // (serif faces about as wide as Times only: Source Serif, Utopia or Charter set in Times ran short, and
  // Arial, wider, keeps their lines' breaks closer)
  [
    /^(antpolt|linlibertine|libertin|stix|xits|newtx|txr|tinos|acaslon|ebgaramond|garamond|crimson|cochineal|gentium)/i,
    'Times New Roman',
  ],
];

/**
 * PDF font names → a family Word and LibreOffice can show: the standard 14 and common Office fonts by name;
 * anything else (embedded book or brand fonts nobody has) by its kind, so an unknown serif face does not
 * fall back to a wide sans-serif and push the text onto more pages.
 */
export function wordFont(pdfName: string, generic: TextRun['generic'] = 'sans-serif'): string {
  const n = pdfName
    .replace(/^[A-Z]{6}\+/, '')
    .replace(
      /[-,](Bold|Italic|Oblique|Regular|Roman|Medium|Light|Black|Semibold|Demi|BoldItalic|BoldOblique|It|BdIt|Bd)+.*$/i,
      '',
    )
    .replace(/(MT|PS|PSMT)$/, '');
  if (/^(helvetica|arial|sans-serif|liberationsans|nimbussans)/i.test(n)) return 'Arial';
  // Carlito and Caladea are Calibri's and Cambria's metric twins (an office suite's PDF of a document set
  // in them): Word shows Calibri, LibreOffice its twin, both at the PDF's widths. Arial is wider: a
  // slide's title wrapped and pushed its slide onto another page.
  if (/^carlito/i.test(n)) return 'Calibri';
  if (/^caladea/i.test(n)) return 'Cambria';
  if (/^(times|serif|liberationserif|nimbusroman)/i.test(n)) return 'Times New Roman';
  if (/^(courier|monospace|liberationmono|nimbusmono)/i.test(n)) return 'Courier New';
  // TeX's Computer Modern / Latin Modern faces: pdf.js often calls them sans-serif (symbolic flags).
  if (/^(cm(ss|tt)|lmsans|lmmono|sf(ss|tt))/i.test(n)) return /tt|mono/i.test(n.slice(0, 6)) ? 'Courier New' : 'Arial';
  if (/^(cm(r|bx|ti|sl|csc|u|b|mi|fib|dunh)\d|lmroman|sf(rm|bx|ti|sl)\d|ec(rm|bx|ti|sl)\d)/i.test(n))
    return 'Times New Roman';
  // TeXmacs names them in full ("EuropeanComputerModern-RomanRegular10pt"): a TeXmacs manual came out in
  // Arial, wider, and a page ran onto two
  const cm = /^(european)?computermodern|^latinmodern/i.test(n) ? n.toLowerCase() : '';
  if (cm) return /typewriter|mono/.test(cm) ? 'Courier New' : /sans/.test(cm) ? 'Arial' : 'Times New Roman';
  for (const [clone, family] of PS_CLONES) if (clone.test(n)) return family;
  const spaced = n.replace(/([a-z])([A-Z])/g, '$1 $2').trim();
  for (const f of COMMON_FONTS) if (f.replace(/\s/g, '').toLowerCase() === n.replace(/\s/g, '').toLowerCase()) return f;
  for (const [kind, family] of FREE_FACES) if (kind.test(n)) return family;
  if (generic === 'serif') return 'Times New Roman';
  if (generic === 'monospace') return 'Courier New';
  return spaced && /^(calibri|segoe|verdana|tahoma)/i.test(spaced) ? spaced : 'Arial';
}
