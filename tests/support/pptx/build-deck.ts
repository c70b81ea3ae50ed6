// Test helper (not used by the product): small real decks written by pptxgenjs, an independent writer,
// with notes, a hidden slide, a slide-jump link, a table, a chart (with its workbook) and a picture.
import PptxGenJS from 'pptxgenjs';
import sharp from 'sharp';

export interface DeckSpec {
  layout: 'LAYOUT_16x9' | 'LAYOUT_4x3' | 'LAYOUT_WIDE';
  label: string;
  slides: number;
  /** 1-based slide numbers to hide. */
  hidden?: number[];
  chart?: boolean;
  table?: boolean;
  color?: string;
}

/** The box every built slide has, in inches: tests check where it lands after a fit. */
export const MARKER = { x: 1, y: 1, w: 2, h: 1 };

export async function buildDeck(spec: DeckSpec): Promise<Buffer> {
  const p = new PptxGenJS();
  p.layout = spec.layout;
  p.title = spec.label;
  const png = await sharp({ create: { width: 48, height: 48, channels: 3, background: '#d03030' } })
    .png()
    .toBuffer();
  for (let i = 1; i <= spec.slides; i++) {
    const s = p.addSlide();
    if (spec.hidden?.includes(i)) (s as unknown as { hidden: boolean }).hidden = true;
    s.addShape('rect', { ...MARKER, fill: { color: spec.color ?? '3060C0' } });
    s.addText(`${spec.label} slide ${i}`, { x: 3.5, y: 0.4, w: 5, h: 0.8, fontSize: 28, color: '202020' });
    s.addImage({ data: `image/png;base64,${png.toString('base64')}`, x: 1, y: 2.5, w: 1, h: 1 });
    s.addNotes(`Notes of ${spec.label} slide ${i}`);
    if (i === 1 && spec.slides > 1) {
      s.addText(`Jump to slide ${spec.slides}`, {
        x: 3.5,
        y: 1.4,
        w: 4,
        h: 0.5,
        fontSize: 14,
        hyperlink: { slide: spec.slides },
      });
    }
    if (i === 1 && spec.table) {
      s.addTable(
        [
          [{ text: 'A' }, { text: 'B' }],
          [{ text: '1' }, { text: '2' }],
        ],
        { x: 3.5, y: 2.2, w: 4, fontSize: 14, border: { type: 'solid', color: '808080', pt: 1 } },
      );
    }
    if (i === 2 && spec.chart) {
      s.addChart(p.ChartType.bar, [{ name: 'Sales', labels: ['Q1', 'Q2', 'Q3'], values: [3, 5, 4] }], {
        x: 3.5,
        y: 2,
        w: 4,
        h: 3,
      });
    }
  }
  // pptxgenjs lazily import()s node:fs for media given by path when it sees Node; Jest's CommonJS runtime
  // refuses dynamic import(). Every medium here is inline data, so it is told it is not in Node meanwhile.
  const release = Object.getOwnPropertyDescriptor(process, 'release')!;
  Object.defineProperty(process, 'release', { ...release, value: { ...process.release, name: 'not-node' } });
  try {
    return (await p.write({ outputType: 'nodebuffer' })) as Buffer;
  } finally {
    Object.defineProperty(process, 'release', release);
  }
}

/** Rewrites a deck's parts (name -> bytes) and zips it again. */
export async function editDeck(deck: Buffer, edit: (parts: Map<string, Buffer>) => void): Promise<Buffer> {
  const { readZipBuffer } = await import('./verify');
  const yazl = (await import('yazl')).default;
  const parts = await readZipBuffer(deck);
  edit(parts);
  const zip = new yazl.ZipFile();
  for (const [name, data] of parts) if (!name.endsWith('/')) zip.addBuffer(data, name);
  zip.end();
  const chunks: Buffer[] = [];
  for await (const c of zip.outputStream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

/** Adds a legacy comment by `author` to the first slide of a built deck (pptxgenjs writes none). */
export async function withComment(deck: Buffer, author: string, text: string): Promise<Buffer> {
  return editDeck(deck, (parts) => addComment(parts, author, text));
}

function addComment(parts: Map<string, Buffer>, author: string, text: string): void {
  const P = 'http://schemas.openxmlformats.org/presentationml/2006/main';
  const R = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
  const add = (name: string, xml: string) =>
    parts.set(name, Buffer.from(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n${xml}`));
  add(
    'ppt/commentAuthors.xml',
    `<p:cmAuthorLst xmlns:p="${P}"><p:cmAuthor id="0" name="${author}" initials="${author[0]}" lastIdx="1" clrIdx="0"/></p:cmAuthorLst>`,
  );
  add(
    'ppt/comments/comment1.xml',
    `<p:cmLst xmlns:p="${P}"><p:cm authorId="0" dt="2024-01-01T10:00:00.000" idx="1"><p:pos x="10" y="10"/><p:text>${text}</p:text></p:cm></p:cmLst>`,
  );
  const patch = (name: string, from: string, to: string) =>
    parts.set(name, Buffer.from(parts.get(name)!.toString('utf8').replace(from, to)));
  patch(
    'ppt/slides/_rels/slide1.xml.rels',
    '</Relationships>',
    `<Relationship Id="rId90" Type="${R}/comments" Target="../comments/comment1.xml"/></Relationships>`,
  );
  patch(
    'ppt/_rels/presentation.xml.rels',
    '</Relationships>',
    `<Relationship Id="rId90" Type="${R}/commentAuthors" Target="commentAuthors.xml"/></Relationships>`,
  );
  patch(
    '[Content_Types].xml',
    '</Types>',
    '<Override PartName="/ppt/commentAuthors.xml" ContentType="application/vnd.openxmlformats-officedocument.presentationml.commentAuthors+xml"/><Override PartName="/ppt/comments/comment1.xml" ContentType="application/vnd.openxmlformats-officedocument.presentationml.comments+xml"/></Types>',
  );
}

/** Adds a modern (threaded, PowerPoint 365) comment by `author` (with its id) to the first slide. */
export async function withModernComment(deck: Buffer, authorId: string, author: string, text: string): Promise<Buffer> {
  return editDeck(deck, (parts) => {
    const P188 = 'http://schemas.microsoft.com/office/powerpoint/2018/8/main';
    const PC = 'http://schemas.microsoft.com/office/powerpoint/2013/main/command';
    const sldId = /<p:sldId id="(\d+)"/.exec(parts.get('ppt/presentation.xml')!.toString('utf8'))![1];
    const add = (name: string, xml: string) =>
      parts.set(name, Buffer.from(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n${xml}`));
    add(
      'ppt/authors.xml',
      `<p188:authorLst xmlns:p188="${P188}"><p188:author id="${authorId}" name="${author}" initials="${author[0]}" userId="${author}" providerId="None"/></p188:authorLst>`,
    );
    add(
      'ppt/comments/modernComment_100_1.xml',
      `<p188:cmLst xmlns:p188="${P188}" xmlns:pc="${PC}" xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"><p188:cm id="{11111111-2222-3333-4444-555555555555}" authorId="${authorId}" created="2024-01-01T10:00:00.000"><pc:sldMkLst><pc:docMk/><pc:sldMk cId="100" sldId="${sldId}"/></pc:sldMkLst><p188:txBody><a:bodyPr/><a:lstStyle/><a:p><a:r><a:rPr lang="en-US"/><a:t>${text}</a:t></a:r></a:p></p188:txBody></p188:cm></p188:cmLst>`,
    );
    const patch = (name: string, from: string, to: string) =>
      parts.set(name, Buffer.from(parts.get(name)!.toString('utf8').replace(from, to)));
    patch(
      'ppt/slides/_rels/slide1.xml.rels',
      '</Relationships>',
      '<Relationship Id="rId91" Type="http://schemas.microsoft.com/office/2018/10/relationships/comments" Target="../comments/modernComment_100_1.xml"/></Relationships>',
    );
    patch(
      'ppt/_rels/presentation.xml.rels',
      '</Relationships>',
      '<Relationship Id="rId91" Type="http://schemas.microsoft.com/office/2018/10/relationships/authors" Target="authors.xml"/></Relationships>',
    );
    patch(
      '[Content_Types].xml',
      '</Types>',
      '<Override PartName="/ppt/authors.xml" ContentType="application/vnd.ms-powerpoint.authors+xml"/><Override PartName="/ppt/comments/modernComment_100_1.xml" ContentType="application/vnd.ms-powerpoint.comments+xml"/></Types>',
    );
  });
}
