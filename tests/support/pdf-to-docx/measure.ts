// Test and bench helper for PDF to Word: word recall and word-pair order recall of the DOCX's text
// (read back through LibreOffice → PDF → pdftotext) against pdftotext of the original, and page
// similarity of the LibreOffice rendering vs the original. Not used by the product.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Scripts written without spaces between words: there a "word" between punctuation is a whole clause,
 * cut wherever a line ends, so a reflowed paragraph would lose it whole. Each character counts instead. */
const UNSPACED = /([\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}])/gu;

/** Words of a text. NFKC first: the source's ligature characters ("ﬁ", U+FB01) and compatibility forms are
 * the same words as the letters a DOCX holds ("fi"). A word holding a control character is not counted:
 * there the source's text cannot spell it (a TeX bitmap font's ligature, "con\x1cguration", would count as
 * "con" and "guration"); NUL is nothing (PDFlib ends every string of some files with one, drawing nothing). */
export const words = (t: string): string[] =>
  t
    // eslint-disable-next-line no-control-regex
    .replace(/\x00/g, '')
    // eslint-disable-next-line no-control-regex
    .replace(/\S*[\x01-\x08\x0e-\x1f\x7f]\S*/g, ' ')
    .normalize('NFKC')
    .replace(/\u00ad\s*/g, '')
    .toLowerCase()
    .replace(UNSPACED, ' $1 ')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0);

function multiset(ws: string[]): Map<string, number> {
  const m = new Map<string, number>();
  for (const w of ws) m.set(w, (m.get(w) ?? 0) + 1);
  return m;
}

/**
 * The candidate's words with a word broken at a line's end made whole again: a DOCX word holds a soft hyphen
 * where the PDF broke it ("incom\u00adpatible"), and where LibreOffice breaks it there too its PDF sets the
 * hyphen apart, which pdftotext drops, leaving "incom patible" (pdftotext joins the source's own "incom-").
 * Two pieces are joined only where one is no word of the reference and together they are one.
 */
function rejoined(ref: string[], cand: string[]): string[] {
  const vocab = new Set(ref);
  const out: string[] = [];
  for (let i = 0; i < cand.length; i++) {
    const [a, b] = [cand[i], cand[i + 1]];
    if (b !== undefined && (!vocab.has(a) || !vocab.has(b)) && vocab.has(a + b)) {
      out.push(a + b);
      i++;
    } else out.push(a);
  }
  return out;
}

/** Share of the reference's words (with multiplicity) found in the candidate. */
export function wordRecall(ref: string[], cand: string[]): number {
  if (!ref.length) return 1;
  const c = multiset(rejoined(ref, cand));
  let hit = 0;
  for (const w of ref) {
    const n = c.get(w) ?? 0;
    if (n > 0) {
      hit++;
      c.set(w, n - 1);
    }
  }
  return hit / ref.length;
}

/** Share of the reference's adjacent word pairs that are also adjacent in the candidate. */
export function pairRecall(ref: string[], cand: string[]): number {
  const pairs = (ws: string[]) => ws.slice(1).map((w, i) => `${ws[i]} ${w}`);
  return wordRecall(pairs(ref), pairs(rejoined(ref, cand)));
}

export const pdftotext = (pdf: string, args: string[] = []): string =>
  execFileSync('pdftotext', [...args, pdf, '-'], { encoding: 'utf8', maxBuffer: 1 << 28 });

/**
 * The reference text of a source PDF: what a viewer shows, so only text inside each page's crop box.
 * pdftotext reads the whole media box, where a printer's file keeps its slug lines, registration numbers
 * and colour-bar labels (corpus freeculture: 600 of 4768 words), which no viewer and no converter shows.
 */
export function visibleText(pdf: string): string {
  const info = execFileSync('pdfinfo', ['-f', '1', '-l', '100000', '-box', pdf], { encoding: 'utf8' });
  const field = (page: number, name: string) =>
    new RegExp(`^Page\\s+${page} ${name}:\\s+(.+)$`, 'm').exec(info)?.[1].trim().split(/\s+/).map(Number);
  const pages = Number(/^Pages:\s+(\d+)/m.exec(info)?.[1] ?? 0);
  // Per page: the crop area in pdftotext's -x/-y/-W/-H (points from the media box's top-left corner), or
  // null where the whole page is what shows (no smaller crop box) or the page is rotated (kept whole).
  const areas = Array.from({ length: pages }, (_, i) => {
    const media = field(i + 1, 'MediaBox');
    const crop = field(i + 1, 'CropBox');
    if (!media || !crop || media.join() === crop.join() || field(i + 1, 'rot')?.[0] !== 0) return null;
    const [mx0, , , my1] = media;
    const [cx0, cy0, cx1, cy1] = crop;
    return [cx0 - mx0, my1 - cy1, cx1 - cx0, cy1 - cy0].map((v) => `${Math.round(v)}`);
  });
  if (areas.every((a) => a === null)) return pdftotext(pdf);
  return areas
    .map((a, i) => {
      const range = ['-f', `${i + 1}`, '-l', `${i + 1}`];
      return pdftotext(pdf, a ? [...range, '-x', a[0], '-y', a[1], '-W', a[2], '-H', a[3]] : range);
    })
    .join('');
}

/** soffice is a launcher: its soffice.bin child outlives it when it is killed. Found by its own profile. */
export function killOffice(profile: string): void {
  const ps = execFileSync('ps', ['-eo', 'pid=,args='], { encoding: 'utf8' });
  for (const line of ps.split('\n'))
    if (line.includes(profile) && line.includes('soffice.bin')) {
      try {
        process.kill(Number(line.trim().split(' ')[0]), 'SIGKILL');
      } catch {
        // already gone
      }
    }
}

let outRoot: string | null = null;
/** A new folder for read-backs, inside one folder of this process's that goes when the process exits (the
 * callers read the PDFs and leave them: 143 folders had piled up in /tmp). */
function outDir(): string {
  if (!outRoot) {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'e-lo-out-'));
    process.once('exit', () => fs.rmSync(root, { recursive: true, force: true }));
    outRoot = root;
  }
  return fs.mkdtempSync(path.join(outRoot, 'r-'));
}

/** Converts DOCX files to PDF with LibreOffice in one call; returns the PDF paths in the same order. */
export function docxToPdf(docxFiles: string[], timeoutMs = 600_000): string[] {
  const out = outDir();
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'lo-e-'));
  try {
    execFileSync(
      'soffice',
      [`-env:UserInstallation=file://${profile}`, '--headless', '--convert-to', 'pdf', '--outdir', out, ...docxFiles],
      { stdio: 'ignore', timeout: timeoutMs, killSignal: 'SIGKILL' },
    );
  } catch (e) {
    killOffice(profile);
    throw e;
  } finally {
    fs.rmSync(profile, { recursive: true, force: true });
  }
  return docxFiles.map((f) => path.join(out, `${path.basename(f, '.docx')}.pdf`));
}
