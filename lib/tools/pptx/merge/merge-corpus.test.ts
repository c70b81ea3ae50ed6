// PowerPoint merge on the real decks of ../shared/corpus (skipped, visibly, without it): refusals naming the
// file, sound parts and relationships, and every slide rendered by LibreOffice like its source.
import fs from 'node:fs';
import path from 'node:path';
import { corpusFiles, corpusPath, describeCorpus } from '@/tests/support/corpus';
import { mergeWorkspace } from '@/tests/support/pptx/merge-workspace';
import { pageSimilarity, pdfPageCount, pdfPageSizes, renderPages, toPdf } from '@/tests/support/pptx/render';
import { verifyDeck } from '@/tests/support/pptx/verify';

const ws = mergeWorkspace();
const { save, merge, expectRefused } = ws;

describeCorpus('PowerPoint merge of real decks', () => {
  const decks = corpusFiles('pptx', '.pptx');
  const deck = (name: string) => decks.find((f) => path.basename(f) === name)!;

  test('refuses a deck with no slides, a truncated one and an encrypted one, naming each', async () => {
    const ok = deck('poi-with_japanese.pptx');
    await expectRefused([ok, corpusPath('bad', 'pypptx-no-slides.pptx')], 'pypptx-no-slides.pptx', /no slides/);
    await expectRefused(
      [ok, corpusPath('bad', 'poi-Divino_Revelado-truncated.pptx')],
      'poi-Divino_Revelado-truncated.pptx',
      /damaged/,
    );
    const locked = save('locked.pptx', fs.readFileSync(corpusPath('bad', 'poi-bug53475-password-is-pass.docx')));
    await expectRefused([ok, locked], 'locked.pptx', /password/);
  });

  test('refuses every other kind of file (bad PDFs, images, Word files named .pptx) with an error naming it', async () => {
    const ok = deck('poi-with_japanese.pptx');
    const others = [
      ...corpusFiles('bad'),
      ...corpusFiles('docx', '.docx').slice(0, 3),
      ...corpusFiles('png').slice(0, 1),
    ].filter((f) => !/\.pptx$/.test(f));
    for (const f of others) {
      const name = `${path.basename(f).replace(/\.[^.]+$/, '')}.pptx`;
      const copy = save(name, fs.readFileSync(f));
      await expectRefused([ok, copy], name, /damaged|not a valid|password|too large/);
    }
  }, 60_000);

  test('merges every corpus deck: counts add up and every part and relationship is sound', async () => {
    const sources = await Promise.all(decks.map((f) => verifyDeck(f, { full: false })));
    const { report } = await merge(decks, 'corpus-all.pptx');
    expect(report.problems).toEqual([]);
    expect(report.slides).toHaveLength(sources.reduce((n, r) => n + r.slides.length, 0));
    expect(report.notesOf.size).toBe(sources.reduce((n, r) => n + r.notesOf.size, 0));
    expect(report.hiddenSlides).toBe(sources.reduce((n, r) => n + r.hiddenSlides, 0));
    expect(report.masters).toBeLessThanOrEqual(sources.reduce((n, r) => n + r.masters, 0));
    expect(report.sections.map((s) => s.count)).toEqual(sources.map((r) => r.slides.length));
    expect(report.sldSz).toEqual(sources[0].sldSz);
    expect(report.notesSz).toEqual(sources[0].notesSz);
  }, 120_000);

  test('stores identical masters and layouts once (the same deck twice)', async () => {
    const themes = deck('poi-themes.pptx');
    const src = await verifyDeck(themes, { full: false });
    const { report } = await merge([themes, themes], 'themes-twice.pptx');
    expect(report.problems).toEqual([]);
    expect(report.slides).toHaveLength(2 * src.slides.length);
    expect(report.masters).toBe(src.masters);
    expect(report.layouts).toBe(src.layouts);
  });

  test('renders every slide like its source in LibreOffice (same size), and fits other sizes', async () => {
    const same = [
      'officer-slides.pptx',
      'poi-themes.pptx',
      'pypptx-cht-chart-type.pptx',
      'poi-with_japanese.pptx',
      'poi-aascu-cooper.pptx',
    ].map(deck);
    const mixed = [
      'p5_SlideWithCharts.pptx',
      'officer-slides.pptx',
      'poi-bug65228-huge-slide.pptx',
      'poi-ececapstonespring2012.pptx',
      'poi-HowWeRefactor.pptx',
    ].map(deck);
    const sameOut = (await merge(same, 'render-same.pptx')).out;
    const mixedMerge = await merge(mixed, 'render-mixed.pptx');
    expect(mixedMerge.report.problems).toEqual([]);
    const pdfDir = fs.mkdtempSync(path.join(ws.dir(), 'pdf-'));
    const sources = [...new Set([...same, ...mixed])];
    const pdfs = toPdf([...sources, sameOut, mixedMerge.out], pdfDir);
    const pdfOf = (f: string) => pdfs[[...sources, sameOut, mixedMerge.out].indexOf(f)];
    const pngDir = fs.mkdtempSync(path.join(ws.dir(), 'png-'));
    const pages = (f: string) => renderPages(pdfOf(f), 320, pngDir);

    // Same size: each merged page against its source page.
    const merged = pages(sameOut);
    const expected = same.flatMap((f) => pages(f));
    expect(merged).toHaveLength(expected.length);
    expect(pdfPageCount(pdfOf(sameOut))).toBe(same.reduce((n, f) => n + pdfPageCount(pdfOf(f)), 0));
    const scores = await Promise.all(merged.map((m, i) => pageSimilarity(expected[i], m)));
    const mean = scores.reduce((s, x) => s + x, 0) / scores.length;
    console.log(
      `[pptx render] same-size SSIM mean ${mean.toFixed(4)} min ${Math.min(...scores).toFixed(4)} over ${scores.length} slides`,
    );
    expect(mean).toBeGreaterThanOrEqual(0.98);
    expect(Math.min(...scores)).toBeGreaterThanOrEqual(0.9);

    // Other sizes: every page has the first deck's size; the letterboxed slide matches its source.
    const sizes = pdfPageSizes(pdfOf(mixedMerge.out));
    const first = pdfPageSizes(pdfOf(mixed[0]))[0];
    for (const s of sizes) expect([s.w, s.h]).toEqual([first.w, first.h]);
    const mPages = pages(mixedMerge.out);
    const fitScores: number[] = [];
    let k = 0;
    for (const f of mixed) {
      const srcSize = pdfPageSizes(pdfOf(f))[0];
      const s = Math.min(first.w / srcSize.w, first.h / srcSize.h);
      const px = 320 / first.w;
      const box = {
        left: Math.round(((first.w - srcSize.w * s) / 2) * px),
        top: Math.round(((first.h - srcSize.h * s) / 2) * px),
        width: Math.round(srcSize.w * s * px),
        height: Math.round(srcSize.h * s * px),
      };
      // Text drawn at another size rasterises differently: compare layout (a slight blur), not glyph pixels.
      for (const src of pages(f)) fitScores.push(await pageSimilarity(src, mPages[k++], box, 1.2));
    }
    expect(k).toBe(mPages.length);
    const fitMean = fitScores.reduce((s, x) => s + x, 0) / fitScores.length;
    console.log(
      `[pptx render] fitted SSIM mean ${fitMean.toFixed(4)} min ${Math.min(...fitScores).toFixed(4)} over ${fitScores.length} slides`,
    );
    expect(fitMean).toBeGreaterThanOrEqual(0.93);
    expect(Math.min(...fitScores)).toBeGreaterThanOrEqual(0.8);
  }, 300_000);
});
