// How faithfully a scan read by OCR comes back (issue 19): made image-only copies of real text pages (several
// faces, 200 and 300 dpi) converted by us, by us with the recognised text removed (the cleaned picture
// only) and by LibreOffice's PDF import; each DOCX read back by LibreOffice and compared with the scan by
// SSIM under two renderers (poppler's pdftoppm and Ghostscript) at 50 and 100 dpi, plus our OCR recall.
// Run: npx tsx --conditions=react-server tests/support/pdf-to-docx/scan-fidelity.ts [filter]
//   SCAN_DPI=200,300 (default both), SCAN_KEEP=dir keeps the scans, DOCX and read-back PDFs there.
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import JSZip from 'jszip';
import { convertPdf } from '@/lib/tools/pdf/to-docx/convert';
import { closeWarmReader } from '@/lib/tools/pdf/to-docx/ocr';
import { docxToPdf, pdftotext, visibleText, wordRecall, words } from './measure';
import { imageOnlyPdf, sampleDocPdf } from './make-pdfs';
import { loImport } from './bench-vs-lo';
import { meanSsim, renderWith, type Renderer } from './renderers';

const CORPUS = process.env.CORPUS_DIR ?? path.resolve(__dirname, '../../../../shared/corpus');
/** label, file, pages (qpdf range): real text pages in different faces */
const SOURCES: [string, string, string][] = [
  ['jverein (DejaVu Sans, Arial)', `${CORPUS}/pdf/jverein-Rechnung.pdf`, '1'],
  ['lammps-cg p1-3 (Times, 2 col)', `${CORPUS}/pdf-real/lammps-cg-dna-2col.pdf`, '1-3'],
  ['freeculture p20 (serif book)', `${CORPUS}/pdf/pdfjs-freeculture.pdf`, '20'],
  ['annapurna p1 (Word-made)', `${CORPUS}/pdf-real/annapurna-sil-features-word.pdf`, '1'],
  ['libtasn1 p5 (CM/texinfo)', '/usr/share/doc/libtasn1-doc/libtasn1.pdf', '5'],
  ['shared-mime-info p3 (docbook)', '/usr/share/doc/shared-mime-info/shared-mime-info-spec.pdf', '3'],
];

/** The DOCX with every text run emptied: what our scan pages look like without the recognised text. */
export async function withoutText(docx: Buffer): Promise<Buffer> {
  const zip = await JSZip.loadAsync(docx);
  const xml = await zip.file('word/document.xml')!.async('string');
  zip.file('word/document.xml', xml.replace(/<w:t(?:\s[^>]*)?>[^<]*<\/w:t>/g, '<w:t></w:t>'));
  return zip.generateAsync({ type: 'nodebuffer' });
}

/** LibreOffice's import depends only on the scan: kept between runs. */
function loCached(scan: string, dir: string): string {
  const key = crypto.createHash('sha1').update(fs.readFileSync(scan)).digest('hex').slice(0, 16);
  const cache = path.join(os.tmpdir(), 'p2w-scan-fidelity-lo');
  fs.mkdirSync(cache, { recursive: true });
  const hit = path.join(cache, `${key}.docx`);
  if (!fs.existsSync(hit)) {
    const lo = loImport(scan, fs.mkdtempSync(path.join(dir, 'lo-')));
    if (fs.existsSync(lo.docx)) fs.copyFileSync(lo.docx, hit);
  }
  const out = path.join(dir, `lo-${path.basename(scan, '.pdf')}.docx`);
  if (fs.existsSync(hit)) fs.copyFileSync(hit, out);
  return out;
}

async function main(): Promise<void> {
  const filter = (process.argv[2] ?? '').split(',');
  const dpis = (process.env.SCAN_DPI ?? '200,300').split(',').map(Number);
  const dir = process.env.SCAN_KEEP ?? fs.mkdtempSync(path.join(os.tmpdir(), 'p2w-fidelity-'));
  fs.mkdirSync(dir, { recursive: true });
  const made = path.join(dir, 'made-sample.pdf');
  fs.writeFileSync(made, await sampleDocPdf());
  const sources: [string, string, string][] = [['made sample (Helvetica)', made, '1-2'], ...SOURCES];
  const rows: string[] = [];
  let cpu = 0;
  let pagesRead = 0;
  for (const [label, file, range] of sources) {
    if (!filter.some((f) => label.includes(f)) || !fs.existsSync(file)) continue;
    const slug = label.split(' ')[0];
    const text = path.join(dir, `${slug}-text.pdf`);
    execFileSync('qpdf', ['--warning-exit-0', file, '--pages', '.', range, '--', text], { stdio: 'ignore' });
    for (const dpi of dpis) {
      const scan = path.join(dir, `${slug}-${dpi}.pdf`);
      fs.writeFileSync(scan, await imageOnlyPdf(fs.readFileSync(text), dpi));
      const c0 = process.cpuUsage();
      const r = await convertPdf(scan, path.basename(scan));
      const c = process.cpuUsage(c0);
      cpu += (c.user + c.system) / 1e6;
      pagesRead += r.pages;
      const ours = path.join(dir, `ours-${slug}-${dpi}.docx`);
      const bare = path.join(dir, `bare-${slug}-${dpi}.docx`);
      fs.writeFileSync(ours, r.docx);
      fs.writeFileSync(bare, await withoutText(r.docx));
      const lo = loCached(scan, dir);
      const [oursPdf, barePdf, loPdf] = docxToPdf([ours, bare, lo]);
      const recall = wordRecall(words(visibleText(text)), words(pdftotext(oursPdf)));
      const cells: string[] = [];
      for (const [rr, d] of [
        ['poppler', 50],
        ['poppler', 100],
        ['gs', 50],
        ['gs', 100],
        ['gs-i', 50],
      ] as [Renderer, number][]) {
        const ref = renderWith(rr, scan, d);
        const [o, b, l] = [oursPdf, barePdf, loPdf].map((p) => meanSsim(ref, p, rr, d));
        cells.push(`${o.toFixed(4)} / ${b.toFixed(4)} / ${l.toFixed(4)}`);
      }
      rows.push(`| ${label}, ${dpi} dpi | ${recall.toFixed(3)} | ${cells.join(' | ')} |`);
      console.error(rows[rows.length - 1]);
    }
  }
  await closeWarmReader();
  console.log(
    `SSIM ours / ours without text / LibreOffice import; load ${os.loadavg()[0].toFixed(1)}, ` +
      `conversion CPU ${(cpu / Math.max(1, pagesRead)).toFixed(2)} s/page`,
  );
  console.log('| scan | recall | poppler 50 | poppler 100 | gs 50 | gs 100 | gs interpolated 50 |');
  console.log('|---|---|---|---|---|---|---|');
  for (const r of rows) console.log(r);
  if (!process.env.SCAN_KEEP) fs.rmSync(dir, { recursive: true, force: true });
}

if (require.main === module)
  main().catch((e) => {
    console.error(e);
    process.exit(1);
  });
