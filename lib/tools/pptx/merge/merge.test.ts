// PowerPoint merge on decks built here (pptxgenjs): order, notes, sections, comments, sizes, relationships,
// hostile XML. The real decks of the corpus are in merge-corpus.test.ts.
import fs from 'node:fs';
import path from 'node:path';
import { run as mergeProcess } from './server';
import { buildDeck, editDeck, MARKER, withComment, withModernComment } from '@/tests/support/pptx/build-deck';
import { mergeWorkspace } from '@/tests/support/pptx/merge-workspace';
import { parseStrict, verifyDeck } from '@/tests/support/pptx/verify';

const EMU = 914400;
const ws = mergeWorkspace();
const { save, merge, expectRefused } = ws;

const xfrmOf = (xml: string, shapeName: string) => {
  const m = new RegExp(
    `name="${shapeName}"[\\s\\S]*?<a:off x="(-?\\d+)" y="(-?\\d+)"/><a:ext cx="(\\d+)" cy="(\\d+)"/>`,
  ).exec(xml);
  return m ? m.slice(1).map(Number) : null;
};

describe('PowerPoint merge of decks built by pptxgenjs', () => {
  let a: string, b: string, c: string;
  beforeAll(async () => {
    a = save(
      'Alpha deck.pptx',
      await buildDeck({ layout: 'LAYOUT_16x9', label: 'Alpha', slides: 3, hidden: [2], table: true }),
    );
    b = save(
      'Beta.pptx',
      await buildDeck({ layout: 'LAYOUT_4x3', label: 'Beta', slides: 2, chart: true, color: '30A050' }),
    );
    c = save('Gamma.pptx', await buildDeck({ layout: 'LAYOUT_16x9', label: 'Gamma', slides: 2, hidden: [1] }));
  });

  test('keeps slides in order with notes, hidden slides, sections, links; stores an identical master once', async () => {
    const [ra, rb, rc] = await Promise.all([a, b, c].map((f) => verifyDeck(f, { full: false })));
    const { report } = await merge([a, b, c], 'built.pptx');
    expect(report.problems).toEqual([]);
    expect(report.slides).toHaveLength(7);
    expect(report.slideIds).toEqual([256, 257, 258, 259, 260, 261, 262]);
    expect(report.hiddenSlides).toBe(ra.hiddenSlides + rb.hiddenSlides + rc.hiddenSlides);
    expect(report.notesOf.size).toBe(ra.notesOf.size + rb.notesOf.size + rc.notesOf.size);
    expect(report.notesMasters).toBe(1);
    expect(report.sections).toEqual([
      { name: 'Alpha deck', count: 3 },
      { name: 'Beta', count: 2 },
      { name: 'Gamma', count: 2 },
    ]);
    // Alpha and Gamma share the same master and layouts; Beta's is fitted, so it is its own.
    expect(report.masters).toBe(2);
    expect(report.layouts).toBe(ra.layouts + rb.layouts);
    expect(report.sldSz).toEqual(ra.sldSz);
    // Slide text follows deck order.
    const texts = report.slides.map((s) =>
      /(\w+) slide (\d)/.exec(report.parts.get(s)!.toString('utf8'))?.slice(1).join(' '),
    );
    expect(texts).toEqual(['Alpha 1', 'Alpha 2', 'Alpha 3', 'Beta 1', 'Beta 2', 'Gamma 1', 'Gamma 2']);
    // Each deck's "jump to last slide" link lands on that deck's last slide in the merged deck.
    const jump = (slide: string) => {
      const relsXml = report.parts.get(slide.replace(/([^/]+)$/, '_rels/$1.rels'))!.toString('utf8');
      return /Type="[^"]+\/slide" Target="([^"]+)"/.exec(relsXml)?.[1];
    };
    expect(jump(report.slides[0])).toBe(path.posix.basename(report.slides[2]));
    expect(jump(report.slides[3])).toBe(path.posix.basename(report.slides[4]));
    // Beta's chart keeps its workbook.
    const chartRels = [...report.parts.keys()].filter((p) => /^ppt\/charts\/_rels\//.test(p));
    expect(chartRels.some((p) => /\.xlsx"/.test(report.parts.get(p)!.toString('utf8')))).toBe(true);
    const app = parseStrict(report.parts.get('docProps/app.xml')!.toString('utf8'));
    const field = (n: string) => app.children.find((x) => x.name === n)?.text;
    expect([field('Slides'), field('Notes'), field('HiddenSlides')]).toEqual([
      '7',
      String(report.notesOf.size),
      String(report.hiddenSlides),
    ]);
  });

  test('fits a 4:3 slide into a 16:9 deck: scaled uniformly and centred', async () => {
    const { report } = await merge([a, b], 'fit.pptx');
    expect(report.problems).toEqual([]);
    const W = report.sldSz.cx,
      H = report.sldSz.cy; // 10 x 5.625 in
    const src = (await verifyDeck(b)).sldSz; // 10 x 7.5 in
    const s = Math.min(W / src.cx, H / src.cy);
    const dx = (W - src.cx * s) / 2,
      dy = (H - src.cy * s) / 2;
    const beta = report.parts.get(report.slides[3])!.toString('utf8');
    const alpha = report.parts.get(report.slides[0])!.toString('utf8');
    const [x, y, cx, cy] = xfrmOf(beta, 'Shape 0')!;
    expect(x).toBeCloseTo(MARKER.x * EMU * s + dx, -1);
    expect(y).toBeCloseTo(MARKER.y * EMU * s + dy, -1);
    expect(cx).toBeCloseTo(MARKER.w * EMU * s, -1);
    expect(cy).toBeCloseTo(MARKER.h * EMU * s, -1);
    expect(cx / cy).toBeCloseTo(MARKER.w / MARKER.h, 3);
    // Text shrinks by the same factor; the first deck's slides are untouched.
    const size = (xml: string) =>
      Number(
        /Beta slide 1|Alpha slide 1/.test(xml) &&
          /<a:rPr[^>]*\ssz="(\d+)"[^>]*>(?:(?!<\/a:r>)[\s\S])*?<a:t>(?:Alpha|Beta) slide 1</.exec(xml)?.[1],
      );
    expect(size(beta)).toBe(Math.round(2800 * s));
    expect(size(alpha)).toBe(2800);
    expect(xfrmOf(alpha, 'Shape 0')).toEqual([MARKER.x * EMU, MARKER.y * EMU, MARKER.w * EMU, MARKER.h * EMU]);
  });

  test('keeps comments, merging authors by name and keeping comment numbers unique per author', async () => {
    const one = save(
      'c1.pptx',
      await withComment(await buildDeck({ layout: 'LAYOUT_16x9', label: 'One', slides: 1 }), 'Ann', 'first'),
    );
    const two = save(
      'c2.pptx',
      await withComment(await buildDeck({ layout: 'LAYOUT_16x9', label: 'Two', slides: 1 }), 'Bob', 'second'),
    );
    const three = save(
      'c3.pptx',
      await withComment(await buildDeck({ layout: 'LAYOUT_16x9', label: 'Three', slides: 1 }), 'Ann', 'third'),
    );
    const { report } = await merge([one, two, three], 'comments.pptx');
    expect(report.problems).toEqual([]);
    const authors = parseStrict(report.parts.get('ppt/commentAuthors.xml')!.toString('utf8')).children.map((a) => [
      a.attrs.id,
      a.attrs.name,
      a.attrs.lastIdx,
    ]);
    expect(authors).toEqual([
      ['0', 'Ann', '2'],
      ['1', 'Bob', '1'],
    ]);
    const comments = report.slides.map((s) => {
      const rels = report.parts.get(s.replace(/([^/]+)$/, '_rels/$1.rels'))!.toString('utf8');
      const target = /Type="[^"]+\/comments" Target="\.\.\/comments\/([^"]+)"/.exec(rels)![1];
      const cm = parseStrict(report.parts.get(`ppt/comments/${target}`)!.toString('utf8')).children[0];
      return [cm.attrs.authorId, cm.attrs.idx, cm.children.find((c) => c.name === 'p:text')!.text];
    });
    expect(comments).toEqual([
      ['0', '1', 'first'],
      ['1', '1', 'second'],
      ['0', '2', 'third'],
    ]);
  });

  test('keeps modern comments: authors united by id, each comment naming its slide by the new slide id', async () => {
    const deck = (label: string) => buildDeck({ layout: 'LAYOUT_16x9', label, slides: 2 });
    const one = save('m1.pptx', await withModernComment(await deck('One'), '{A}', 'Ann', 'first'));
    const two = save('m2.pptx', await withModernComment(await deck('Two'), '{B}', 'Bob', 'second'));
    const three = save('m3.pptx', await withModernComment(await deck('Three'), '{A}', 'Ann', 'third'));
    const { report } = await merge([one, two, three], 'modern-comments.pptx');
    expect(report.problems).toEqual([]);
    const authors = parseStrict(report.parts.get('ppt/authors.xml')!.toString('utf8')).children.map(
      (a) => a.attrs.name,
    );
    expect(authors).toEqual(['Ann', 'Bob']);
    const marks = [0, 2, 4].map((i) => {
      const s = report.slides[i];
      const rels = report.parts.get(s.replace(/([^/]+)$/, '_rels/$1.rels'))!.toString('utf8');
      const target = /Type="[^"]+2018\/10\/relationships\/comments" Target="\.\.\/comments\/([^"]+)"/.exec(rels)![1];
      return /sldId="(\d+)"/.exec(report.parts.get(`ppt/comments/${target}`)!.toString('utf8'))![1];
    });
    expect(marks.map(Number)).toEqual([report.slideIds[0], report.slideIds[2], report.slideIds[4]]);
  });

  test('gives notes a notes master when no deck has one (a plain one is made)', async () => {
    const strip = (deck: Buffer) =>
      editDeck(deck, (parts) => {
        for (const name of [...parts.keys()]) if (/notesMaster/.test(name)) parts.delete(name);
        for (const name of [...parts.keys()].filter((n) => n.endsWith('.rels'))) {
          parts.set(
            name,
            Buffer.from(
              parts
                .get(name)!
                .toString('utf8')
                .replace(/<Relationship [^>]*notesMaster[^>]*\/>/g, ''),
            ),
          );
        }
        const pres = parts
          .get('ppt/presentation.xml')!
          .toString('utf8')
          .replace(/<p:notesMasterIdLst>.*?<\/p:notesMasterIdLst>/, '');
        parts.set('ppt/presentation.xml', Buffer.from(pres));
      });
    const x = save('no-nm-1.pptx', await strip(await buildDeck({ layout: 'LAYOUT_16x9', label: 'Xray', slides: 2 })));
    const y = save('no-nm-2.pptx', await strip(await buildDeck({ layout: 'LAYOUT_16x9', label: 'Yankee', slides: 1 })));
    expect((await verifyDeck(x, { full: false })).notesMasters).toBe(0);
    const { report } = await merge([x, y], 'plain-notes-master.pptx');
    expect(report.problems).toEqual([]);
    expect(report.notesMasters).toBe(1);
    expect(report.notesOf.size).toBe(3);
  });

  test('writes only relationships whose targets exist (a picture missing from its deck)', async () => {
    const broken = save(
      'broken.pptx',
      await editDeck(await buildDeck({ layout: 'LAYOUT_16x9', label: 'Broken', slides: 2 }), (parts) => {
        for (const name of [...parts.keys()]) if (name.startsWith('ppt/media/')) parts.delete(name);
      }),
    );
    const src = await verifyDeck(broken);
    expect(src.problems.some((p) => /missing ppt\/media/.test(p))).toBe(true);
    const { report } = await merge([a, broken], 'missing-target.pptx');
    expect(report.problems).toEqual([]);
    expect(report.slides).toHaveLength(5);
    // No element names a relationship that is not there.
    for (const s of report.slides.slice(3)) {
      const ids = [
        ...report.parts
          .get(s.replace(/([^/]+)$/, '_rels/$1.rels'))!
          .toString('utf8')
          .matchAll(/Id="([^"]+)"/g),
      ].map((m) => m[1]);
      const refs = [
        ...report.parts
          .get(s)!
          .toString('utf8')
          .matchAll(/r:(?:embed|link|id)="([^"]+)"/g),
      ].map((m) => m[1]);
      expect(refs.filter((r) => !ids.includes(r))).toEqual([]);
    }
  });

  test('refuses a DTD in any XML part, parsed or copied as it is, naming the file (billion laughs)', async () => {
    const laughs = '<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;">]>';
    const plant = (label: string, pick: (names: string[]) => string) =>
      buildDeck({ layout: 'LAYOUT_16x9', label, slides: 1 }).then((deck) =>
        editDeck(deck, (parts) => {
          const name = pick([...parts.keys()]);
          parts.set(
            name,
            Buffer.from(
              parts
                .get(name)!
                .toString('utf8')
                .replace(/^(<\?xml[^>]*\?>)?/, `$1${laughs}`),
            ),
          );
        }),
      );
    // A slide (rewritten on the way) and a theme (copied as it is) each carry the DTD.
    const slide = save(
      'dtd-slide.pptx',
      await plant('DtdSlide', (n) => n.find((x) => /slides\/slide1\.xml$/.test(x))!),
    );
    const theme = save('dtd-theme.pptx', await plant('DtdTheme', (n) => n.find((x) => /theme\/theme1\.xml$/.test(x))!));
    await expectRefused([a, slide], 'dtd-slide.pptx', /damaged or not a valid PowerPoint/);
    await expectRefused([a, theme], 'dtd-theme.pptx', /damaged or not a valid PowerPoint/);
  });

  test('the processor writes Merged_File.pptx in the job folder', async () => {
    const workDir = fs.mkdtempSync(path.join(ws.dir(), 'job-'));
    const inputs = [a, c].map((p) => ({
      path: p,
      name: path.basename(p),
      size: fs.statSync(p).size,
      kind: 'pptx' as const,
    }));
    const res = await mergeProcess(inputs, {}, { workDir });
    expect(res.path).toBe(path.join(workDir, 'Merged_File.pptx'));
    const report = await verifyDeck(res.path);
    expect(report.problems).toEqual([]);
    expect(report.slides).toHaveLength(5);
  });

  test('refuses a file that is not a presentation, naming it', async () => {
    const junk = save('notes.pptx', Buffer.from('this is not a zip file at all'.repeat(10)));
    await expectRefused([a, junk], 'notes.pptx', /damaged|not a valid/);
  });
});
