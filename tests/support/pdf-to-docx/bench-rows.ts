// PDF to Word bench rows: text recall vs pdftotext, word-pair order recall, page similarity (LibreOffice).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BenchRow } from '../../../bench/types';
import { convertPdf } from '@/lib/tools/pdf/to-docx/convert';
import { compareDocs } from '../pdf-compress/page-similarity';
import { docxToPdf, pairRecall, pdftotext, visibleText, wordRecall, words } from './measure';
import { sampleDocPdf } from './make-pdfs';

export async function docxBench(corpusPdfs: string[] = []): Promise<BenchRow[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'e-docx-bench-'));
  const made = path.join(dir, 'made-sample.pdf');
  fs.writeFileSync(made, await sampleDocPdf());
  const inputs = [made, ...corpusPdfs];
  const done: { file: string; docx: string; ms: number; pages: number; scanned: number }[] = [];
  for (const file of inputs) {
    const t0 = Date.now();
    const r = await convertPdf(file, path.basename(file));
    const docx = path.join(dir, `${done.length}.docx`);
    fs.writeFileSync(docx, r.docx);
    done.push({ file, docx, ms: Date.now() - t0, pages: r.pages, scanned: r.scannedPages.length });
  }
  const pdfs = docxToPdf(done.map((d) => d.docx));
  const rows: BenchRow[] = done.map((d, i) => {
    const ref = words(visibleText(d.file));
    const got = fs.existsSync(pdfs[i]) ? words(pdftotext(pdfs[i])) : [];
    const n = Math.min(d.pages, 10);
    const sim = fs.existsSync(pdfs[i]) ? compareDocs(d.file, pdfs[i], n, 50) : { mean: 0, worst: 0 };
    return {
      tool: 'pdf/to_docx',
      input: `${d.file === made ? 'made: 2 columns, table, link, photo' : `corpus: ${path.basename(d.file)}`} (${d.pages} p${d.scanned ? `, ${d.scanned} scanned` : ''})`,
      quality: `words ${(wordRecall(ref, got) * 100).toFixed(1)} %, pairs ${(pairRecall(ref, got) * 100).toFixed(1)} %, SSIM ${sim.mean.toFixed(3)}`,
      ms: d.ms,
      note: `reference: pdftotext within the crop boxes (${ref.length} words); look: LibreOffice render vs original at 50 dpi, first ${n} pages`,
    };
  });
  fs.rmSync(dir, { recursive: true, force: true });
  return rows;
}
