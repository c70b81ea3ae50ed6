// pdf.js side of PDF to Word: a run's font, from pdf.js's font object and the font's PostScript name (plain JS,
// inlined into the pdf.js thread by worker-source.ts; the name patterns are shared with the tests).
import { Encodings } from '@pdf-lib/standard-fonts';

/** ZapfDingbats' glyph names (a12...) and their symbols, from pdf-lib's table of the standard encoding. */
const DINGBATS: Record<string, number> = Object.fromEntries(
  Encodings.ZapfDingbats.supportedCodePoints
    .map((cp) => [Encodings.ZapfDingbats.encodeUnicodeCodePoint(cp).name, cp] as const)
    .filter(([name]) => /^a\d+$/.test(name)),
);

/** Weights Word shows as bold, by names pdf.js does not flag: URW's clones of the PostScript faces (TeX's and
 *  Ghostscript's Times, Helvetica...) call their bold "Medi" (NimbusRomNo9L-Medi); Computer Modern and its
 *  EC / cm-super versions "bx", "b", "sx" (CMBX12, CMB10, SFBX1200, CMSSBX10); Adobe's short forms "-Bd" (and URW's C059-BdIta, LilyPond's). */
export const BOLD_NAME = /bold|black|heavy|semibold|demi|-medi(ital)?$|-bd(ita?)?$|^(cm|ec|sf)(bx|b\d|ssbx|sx|mib)/i;
/** Italic and oblique faces; URW's short forms ("ReguItal", "MediItal", "BookObli"), Computer Modern's and
 *  cm-super's italic, slanted and math italic (CMTI10, CMSL10, CMBXTI10, SFTI1000, CMMI10), and TeX's
 *  slanted roman ("-Regu-Slant_167"): for slanted faces italic is Word's nearest. */
export const ITALIC_NAME =
  /italic|oblique|(regu|medi|bold|demi|ligh|book)(ital|obli)$|slant|-(bd)?ita?$|,it$|^(cm|ec|sf)(ti|sl|bxti|bxsl|itt|ssi|si|mi\d|mib)/i;

/** Adobe Symbol's codes and the characters they show, from pdf-lib's table of its encoding. */
const SYMBOL_CODES: Record<number, number> = Object.fromEntries(
  Encodings.Symbol.supportedCodePoints.map((cp) => [Encodings.Symbol.encodeUnicodeCodePoint(cp).code, cp] as const),
);
/** Wingdings' codes for the bullets Word offers (●, ■, ❑, ◆, ❖, ▪, ➢, ✓): no table of it ships with a library. */
const WINGDINGS_BULLETS: Record<number, number> = {
  0x6c: 0x25cf,
  0x6e: 0x25a0,
  0x71: 0x2751,
  0x75: 0x25c6,
  0x76: 0x2756,
  0xa7: 0x25aa,
  0xd8: 0x27a2,
  0xfc: 0x2713,
};

export const FONTS_SOURCE = String.raw`
// ZapfDingbats (and TeX's pifont copy of it) without a ToUnicode: its glyph names (a12, a20...) are in no list
// pdf.js reads text by, so it gives the codes: groff's slides' pointing hand "☞" read "+", a check mark "3".
// The names the font gives its codes are read as the symbols they stand for, in a font of that name only
// (TeX's bitmap fonts name their letters /a0 to /a255).
const DINGBATS = ${JSON.stringify(DINGBATS)};
function dingbatText(f, name, str) {
  if (!/ZapfDingbats|Dingbats/i.test(name)) return str;
  // (the names its Differences give, else its built-in encoding's)
  const names = f && [f.differences, f.defaultEncoding].find((l) => l && l.some((n) => n && DINGBATS[n]));
  if (!names) return str;
  return [...str].map((c) => { const n = names[c.charCodeAt(0)]; return n && DINGBATS[n] ? String.fromCodePoint(DINGBATS[n]) : c; }).join('');
}

// Word's bullets in a symbol font (Symbol's ♦ and •, Wingdings' ▪ and ➢; LibreOffice's OpenSymbol copies of
// them) come through the ToUnicode at private-use codes, U+F000 plus the font's code (U+F0A8, U+F0B7): no
// face shows them, and a list's items ran into one paragraph (a visa form's instructions, LibreOffice 7.4).
const SYMBOL_CODES = ${JSON.stringify(SYMBOL_CODES)};
const WINGDINGS_BULLETS = ${JSON.stringify(WINGDINGS_BULLETS)};
function symbolText(name, str) {
  if (!/[\uF020-\uF0FF]/.test(str)) return str;
  const table = /wingdings/i.test(name) ? WINGDINGS_BULLETS : /symbol/i.test(name) ? SYMBOL_CODES : null;
  if (!table) return str;
  return str.replace(/[\uF020-\uF0FF]/g, (c) => {
    const cp = table[c.charCodeAt(0) - 0xf000];
    return cp ? String.fromCodePoint(cp) : c;
  });
}

// Computer Modern's text fonts keep ff, fi, fl, ffi, ffl at codes 11-15 (OT1). A ToUnicode that maps some of
// them and not the others (glpk's manual, dvipdfmx 2010: ff and ffi only) leaves pdf.js the codes, which it
// takes for white space: "con guration", "de ned". The glyphs before which one was shown carry it
// (extract-source.ts), and the space the text has there becomes the letters again.
const OT1_LIGATURES = { '\x0b': 'ff', '\x0c': 'fi', '\x0d': 'fl', '\x0e': 'ffi', '\x0f': 'ffl' };
const CM_TEXT = /^(cm(r|bx|b|ti|sl|bxti|bxsl|ss|ssbx|ssi|tt|sltt|itt|csc|u|dunh|fib)\d+)$/i;
function controlLigatures(str, shown, name) {
  if (!shown || !CM_TEXT.test(name) || !shown.some((c) => c.ligature)) return str;
  let k = 0;
  let out = '';
  for (let i = 0; i < str.length; i++) {
    const c = str[i];
    if (!/\s/.test(c)) {
      // (one first in the item: pdf.js took it for the space between items)
      if (i === 0 && shown[0]?.ligature) out += shown[0].ligature;
      k++;
      out += c;
    } else out += shown[k]?.ligature && /\S/.test(str[i + 1] ?? '') ? shown[k].ligature : c;
  }
  return out;
}

// Typographic ligature characters become their letters, so the text can be searched and edited; so do Arabic
// presentation forms (a letter's initial, medial, final or isolated shape, which fonts without a ToUnicode of
// letters give: arabi's sample book): Word shapes the letters itself, and LibreOffice broke a line inside a
// word set in the forms ("الفهر" then "س").
const LIGATURES = { '\uFB00': 'ff', '\uFB01': 'fi', '\uFB02': 'fl', '\uFB03': 'ffi', '\uFB04': 'ffl', '\uFB05': 'st', '\uFB06': 'st' };
// (and DEL after a letter, code 127: TeX's T1 and T2A fonts keep a hyphen there for breaking words, which
// pdf.js gives as it is: Bulgarian lshort's broken words read "изме\x7f нено", no hyphen to join them by)
const unligature = (s) => s.replace(/[\uFB00-\uFB06]/g, (c) => LIGATURES[c]).replace(/(?<=\p{L})\x7f/gu, '-').replace(/[\uFB50-\uFDFF\uFE70-\uFEFC]+/g, (m) => m.normalize('NFKC'));

// TeX's bitmap fonts (pdfTeX's Type 3 fonts, made from EC fonts where cm-super is not installed) have no
// ToUnicode and glyph names pdf.js cannot read (/a28): pdf.js gives their codes as they are, right for
// letters, but ligatures, dashes and quotes come out as control characters, which the DOCX cannot hold
// ("con\x1cguration" became "conguration"). Those positions are TeX's Cork (T1) encoding (ligatures at 27-31),
// or OT1 (Computer Modern) in a font that uses 14 or 15 (ffi, ffl there; its ff, fi, fl at 11-13 are white
// space to pdf.js, lost before this). A font with neither is left alone (OT1's accents are at 18-24).
const T1_CODES = { 13: '\u201A', 14: '\u2039', 15: '\u203A', 16: '\u201C', 17: '\u201D', 18: '\u201E', 19: '\u00AB',
  20: '\u00BB', 21: '\u2013', 22: '\u2014', 23: '', 25: '\u0131', 26: '\u0237', 27: 'ff', 28: 'fi', 29: 'fl', 30: 'ffi', 31: 'ffl' };
const OT1_CODES = { 0: '\u0393', 1: '\u0394', 2: '\u0398', 3: '\u039B', 4: '\u039E', 5: '\u03A0', 6: '\u03A3', 7: '\u03A5',
  8: '\u03A6', 11: 'ff', 12: 'fi', 13: 'fl', 14: 'ffi', 15: 'ffl', 16: '\u0131', 17: '\u0237', 25: '\u00DF', 26: '\u00E6',
  27: '\u0153', 28: '\u00F8', 29: '\u00C6', 30: '\u0152', 31: '\u00D8' };

// Computer Modern's math fonts embedded with no ToUnicode and no glyph names pdf.js can read (TeXmacs' PDFs):
// pdf.js gives their codes, so the math symbol font's (OMS) bullet, "≡" and "≤" came out as control
// characters and were dropped, its minus as "¡" (dvips moves codes 0-9 to 161-170 and 10-32 to 173-195),
// and math italic's (OML) Greek the same way, its period and comma as ":" and ";" (glyphs it has not). They
// are read by TeX's encodings: control codes always (no ToUnicode gives them), moved ones in a font that
// shows control codes too.
const MATH_FONT = /^cm(sy|mi)\d+$/i;
const OMS_CODES = [...'−·×∗÷⋄±∓⊕⊖⊗⊘⊙◯∘•≍≡⊆⊇≤≥⪯⪰∼≈⊂⊃≪≫≺≻'];
const OML_CODES = [...'ΓΔΘΛΞΠΣΥΦΨΩαβγδϵζηθικλμνξπρστυϕχ'];
/** TeX's code for a character pdf.js gave: a control code as it is, a moved one (161-170, 173-194) back. */
function texCode(c) {
  const u = c.charCodeAt(0);
  return u < 32 ? u : u >= 161 && u <= 170 ? u - 161 : u >= 173 && u <= 194 ? u - 163 : -1;
}
/** (runs before texCodes' text-font tables: a bitmap CMSY's bullet at 15 is no OT1 "ffl") */
function mathCodes(fonts) {
  for (const runs of fonts) {
    const kind = MATH_FONT.exec(runs[0].font || '')?.[1].toLowerCase();
    if (!kind) continue;
    const table = kind === 'sy' ? OMS_CODES : OML_CODES;
    // codes moved up only where the font shows raw codes too: a ToUnicode maps its circle to "©", its dot to "·"
    const raw = runs.some((r) => /[\x00-\x1f]/.test(r.str));
    const codes = raw ? /[\x00-\x1f\xa1-\xaa\xad-\xc2]/g : /[\x00-\x1f]/g;
    for (const r of runs) {
      r.str = r.str.replace(codes, (c) => table[texCode(c)] ?? c);
      if (table === OML_CODES) r.str = r.str.replace(/:/g, '.').replace(/;/g, ',');
    }
  }
}

// Word writes Calibri's ti, tt, tti and ft ligatures with codes its ToUnicode leaves out; pdf.js then gives the
// glyphs' places in Calibri's own map (U+10019F...) cut to 16 bits: "operaƟons", "seƫngs", "MicrosoŌ" (SIL's
// Harmattan features, a common complaint about Word's PDFs). They are read as their letters where they sit
// against a lowercase Latin letter; Ō only after one, so a name's real Ō ("Ōsaka") stays.
const CALIBRI_LIGATURES = { '\u019F': 'ti', '\u01A9': 'tt', '\u01AB': 'tti', '\u014C': 'ft' };
const CALIBRI_CODES = new RegExp('[' + Object.keys(CALIBRI_LIGATURES).join('') + ']', 'g');
function calibriLigatures(runs) {
  const lower = (c) => /[a-z]/.test(c || '');
  runs.forEach((r, i) => {
    if (!/calibri/i.test(r.font)) return;
    r.str = r.str.replace(CALIBRI_CODES, (c, at, s) => {
      const prev = at > 0 ? s[at - 1] : (runs[i - 1]?.str ?? '').slice(-1);
      const next = at < s.length - 1 ? s[at + 1] : (runs[i + 1]?.str ?? '')[0];
      return lower(prev) || (c !== '\u014C' && lower(next)) ? CALIBRI_LIGATURES[c] : c;
    });
  });
}

/** The page's runs by pdf.js font id (run.fid, set by extract-source.ts and removed here). */
function byFontOf(runs) {
  const byFont = new Map();
  for (const r of runs) {
    if (r.fid === undefined) continue;
    if (!byFont.has(r.fid)) byFont.set(r.fid, []);
    byFont.get(r.fid).push(r);
    delete r.fid;
  }
  return [...byFont.values()];
}

const visible = (runs) => runs.map((r) => r.str).join('').replace(/[\s\0]/g, '');

/** Rewrites the control characters of the runs of Type 3 fonts (run.t3, removed here) by TeX's encodings;
 * a font whose text is not mostly letters (codes given in drawing order: garbage either way) is left as it is. */
function texCodes(fonts) {
  for (const runs of fonts) {
    const t3 = runs[0].t3;
    for (const r of runs) delete r.t3;
    if (!t3 || MATH_FONT.test(runs[0].font || '')) continue;
    const text = visible(runs);
    const table = /[\x0e\x0f]/.test(text) ? OT1_CODES : /[\x1b-\x1f]/.test(text) ? T1_CODES : null;
    // (its letters against its letters and codes: a contents page's dot leaders are the same font's text)
    const core = text.replace(/[\p{P}\p{N}\p{S}]/gu, '');
    if (!table || (core.match(/[A-Za-z]/g) || []).length < 0.5 * core.length) continue;
    for (const r of runs) r.str = r.str.replace(/[\x00-\x1f]/g, (c) => (table[c.charCodeAt(0)] ?? c));
  }
}

/** A font's visible text that cannot be read: a twentieth of its characters are control codes (no ToUnicode, codes
 * in its glyphs' drawing order: dvips' bitmap fonts through Ghostscript). NUL, a string's end in some
 * producers' files, draws nothing and is not counted. */
const garbage = (text) => (text.match(/[\x01-\x1f\uFFFD]/g) || []).length >= 0.05 * text.length;

// Fonts whose glyphs are drawings, not letters: a music font's noteheads, clefs and digits (LilyPond's
// Emmentaler, Bravura...); LaTeX's picture fonts, pieces of circles and slopes (\circle, \line, texinfo's
// rounded corners). Their codes are not text (drawings-source.ts renders them).
const MUSIC_FONT = /emmentaler|feta|bravura|petaluma|leland|lilyjazz|gonville|sebastian/i;
const PICTURE_FONT = /^(?:[A-Z]{6}\+)?(?:lcirclew?|linew?)10$/i;
const drawnFont = (name) => MUSIC_FONT.test(name || '') || PICTURE_FONT.test(name || '');

/** The page's text as it reads (TeX's encodings and Word's Calibri ligatures applied); true when most of it is
 * in fonts that cannot be read: the page is then read by OCR, as a scan is. */
function readText(runs) {
  calibriLigatures(runs);
  const fonts = byFontOf(runs);
  mathCodes(fonts);
  texCodes(fonts);
  let all = 0;
  let bad = 0;
  for (const f of fonts) {
    if (drawnFont(f[0].font)) continue; // (a score's glyphs give codes; its words are what is read)
    const text = visible(f);
    all += text.length;
    if (garbage(text)) bad += text.length;
  }
  return all >= 20 && bad >= 0.5 * all;
}

// pdf.js gives glyph widths in thousandths of an em, a Type 3 font's in its own units (its FontMatrix makes
// them ems): the factor to thousandths, so one item's glyphs in two fonts are measured alike.
function fontEm(page, id) {
  try {
    const f = page.commonObjs.get(id);
    if (f && f.isType3Font && f.fontMatrix) return Math.abs(f.fontMatrix[0]) * 1000 || 1;
  } catch {}
  return 1;
}

function fontInfo(page, fontName, styles) {
  let name = '';
  let bold = false;
  let italic = false;
  let generic = 'sans-serif';
  let type3 = false;
  let f = null; // (pdf.js's font object: dingbatText reads its encoding)
  try {
    f = page.commonObjs.get(fontName);
    if (f) {
      type3 = !!f.isType3Font;
      name = f.name || '';
      bold = !!(f.bold || f.black);
      italic = !!f.italic;
      if (f.fallbackName === 'serif' || f.fallbackName === 'monospace') generic = f.fallbackName;
    }
  } catch {}
  if (!name && styles[fontName]) name = styles[fontName].fontFamily || '';
  const plain = name.replace(/^[A-Z]{6}\+/, '');
  if (${BOLD_NAME}.test(plain)) bold = true;
  if (${ITALIC_NAME}.test(plain)) italic = true;
  // (a Type 3 font pdf.js knows no name of: TeX's bitmap fonts; bitmap-face-source.ts)
  const face = type3 && (!plain || plain === 'Type3') ? bitmapFace(f) : null;
  if (face) {
    ({ bold, italic } = face);
    generic = face.generic || 'serif';
  }
  // (guessed: an italic bitmap face that could be either; extract-source.ts gives it its item's)
  return { name: plain, bold, italic, generic, type3, font: f, guessed: !!face && !face.generic };
}
`;
