// Word documents built with the `docx` package for the merge tests, fixture and bench: each with its own
// page setup, header/footer, numbered list (same list reference in every document, so ids clash),
// footnote, comment, bookmark with an internal link (same name in every document) and a picture.
// Test support only (the `docx` package is a dev dependency).
import {
  AlignmentType,
  Bookmark,
  CommentRangeEnd,
  CommentRangeStart,
  CommentReference,
  Document,
  FootnoteReferenceRun,
  Footer,
  Header,
  ImageRun,
  InternalHyperlink,
  LevelFormat,
  Packer,
  PageOrientation,
  Paragraph,
  SectionType,
  Table,
  TableCell,
  TableRow,
  TextRun,
  type ISectionOptions,
} from 'docx';
import zlib from 'node:zlib';

/** A small solid-colour PNG written by hand (zlib for the pixel data), so no image library is needed. */
export function solidPng(w: number, h: number, rgb: [number, number, number]): Buffer {
  return pngOf(w, h, () => rgb);
}

/** A PNG of seeded noise: incompressible, for documents of a realistic size. */
export function noisePng(w: number, h: number, seed: number): Buffer {
  let a = seed >>> 0;
  const next = () => {
    a = (Math.imul(a, 1664525) + 1013904223) >>> 0;
    return a >>> 24;
  };
  return pngOf(w, h, () => [next(), next(), next()]);
}

function pngOf(w: number, h: number, pixel: () => [number, number, number]): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (b: Buffer) => {
    let c = 0xffffffff;
    for (const x of b) c = crcTable[(c ^ x) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const c = Buffer.alloc(4);
    c.writeUInt32BE(crc(td));
    return Buffer.concat([len, td, c]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  const raw = Buffer.concat(
    Array.from({ length: h }, () =>
      Buffer.concat([Buffer.from([0]), ...Array.from({ length: w }, () => Buffer.from(pixel()))]),
    ),
  );
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export interface BuildSpec {
  tag: string;
  landscape?: boolean;
  header?: boolean;
  /** A second section (landscape) after the first. */
  twoSections?: boolean;
  paragraphs?: number;
  listItems?: number;
  extras?: boolean;
  image?: Buffer;
  /** Extra footnotes (with extras). */
  notes?: number;
  /** End the (first) section with a table instead of a paragraph. */
  endTable?: boolean;
}

export async function buildDocx(spec: BuildSpec): Promise<Buffer> {
  const { tag } = spec;
  const list = (n: number, from = 1) =>
    Array.from(
      { length: n },
      (_, i) => new Paragraph({ text: `${tag} step ${from + i}`, numbering: { reference: 'steps', level: 0 } }),
    );
  const paras = (n: number) =>
    Array.from(
      { length: n },
      (_, i) =>
        new Paragraph({
          children: [
            new TextRun(`${tag} paragraph ${i + 1} `),
            new TextRun('lorem ipsum dolor sit amet, consectetur adipiscing elit. '.repeat(3)),
          ],
        }),
    );
  const first: Paragraph[] = [
    new Paragraph({ children: [new Bookmark({ id: 'intro', children: [new TextRun(`${tag} introduction`)] })] }),
  ];
  if (spec.extras) {
    first.push(new Paragraph({ children: [new TextRun(`${tag} has a note`), new FootnoteReferenceRun(1)] }));
    first.push(
      new Paragraph({
        children: [
          new CommentRangeStart(0),
          new CommentRangeStart(1),
          new TextRun(`${tag} commented text`),
          new CommentRangeEnd(0),
          new CommentRangeEnd(1),
          new TextRun({ children: [new CommentReference(0)] }),
          new TextRun({ children: [new CommentReference(1)] }),
        ],
      }),
    );
    first.push(
      new Paragraph({
        children: [
          new InternalHyperlink({ anchor: 'intro', children: [new TextRun(`${tag} link to the introduction`)] }),
        ],
      }),
    );
  }
  if (spec.image)
    first.push(
      new Paragraph({
        children: [new ImageRun({ type: 'png', data: spec.image, transformation: { width: 24, height: 24 } })],
      }),
    );
  if (spec.extras)
    first.push(
      ...Array.from(
        { length: spec.notes ?? 0 },
        (_, i) =>
          new Paragraph({
            children: [new TextRun(`${tag} noted paragraph ${i + 2}`), new FootnoteReferenceRun(i + 2)],
          }),
      ),
    );
  first.push(...paras(spec.paragraphs ?? 2), ...list(spec.listItems ?? 3));
  const blocks: Array<Paragraph | Table> = [...first];
  if (spec.endTable) {
    blocks.push(
      new Table({
        rows: [
          new TableRow({
            children: [
              new TableCell({ children: [new Paragraph(`${tag} table cell`)] }),
              new TableCell({ children: [new Paragraph(`${tag} second cell`)] }),
            ],
          }),
        ],
      }),
    );
  }
  const page = (landscape: boolean) => ({
    page: {
      size: {
        orientation: landscape ? PageOrientation.LANDSCAPE : PageOrientation.PORTRAIT,
        width: 11906,
        height: 16838,
      },
    },
  });
  const sections: ISectionOptions[] = [
    {
      properties: page(!!spec.landscape),
      ...(spec.header
        ? {
            headers: { default: new Header({ children: [new Paragraph(`${tag} header`)] }) },
            footers: { default: new Footer({ children: [new Paragraph(`${tag} footer`)] }) },
          }
        : {}),
      children: blocks,
    },
  ];
  if (spec.twoSections) {
    sections.push({
      properties: { ...page(!spec.landscape), type: SectionType.NEXT_PAGE },
      children: [new Paragraph(`${tag} second section`), ...list(2, (spec.listItems ?? 3) + 1)],
    });
  }
  const doc = new Document({
    creator: 'onedesk tests',
    numbering: {
      config: [
        {
          reference: 'steps',
          levels: [{ level: 0, format: LevelFormat.DECIMAL, text: '%1.', alignment: AlignmentType.START }],
        },
      ],
    },
    ...(spec.extras
      ? {
          footnotes: Object.fromEntries(
            Array.from({ length: 1 + (spec.notes ?? 0) }, (_, i) => [
              i + 1,
              { children: [new Paragraph(`${tag} footnote text${i ? ` ${i + 1}` : ''}`)] },
            ]),
          ),
          comments: {
            children: [
              {
                id: 0,
                author: 'Tester',
                date: new Date(Date.UTC(2024, 0, 1)),
                resolved: true,
                children: [new Paragraph(`${tag} comment text`)],
              },
              {
                id: 1,
                author: 'Replier',
                date: new Date(Date.UTC(2024, 0, 2)),
                parentId: 0,
                children: [new Paragraph(`${tag} reply text`)],
              },
            ],
          },
        }
      : {}),
    sections,
  });
  return Packer.toBuffer(doc);
}
