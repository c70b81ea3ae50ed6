// SmartArt: the diagram data part names its pre-rendered drawing through an id of the *document's*
// relationships (dsp:dataModelExt/@relId), not through an r: attribute. Two documents with the same part
// names and ids are merged; each data part must point at its own drawing.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import yauzl from 'yauzl';
import yazl from 'yazl';
import { mergeDocx } from './merge';
import { checkDocxPackage } from './check-package';

const RT = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const DGM = 'http://schemas.openxmlformats.org/drawingml/2006/diagram';
const DSP = 'http://schemas.microsoft.com/office/drawing/2008/diagram';
const A = 'http://schemas.openxmlformats.org/drawingml/2006/main';
const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
const DML = 'application/vnd.openxmlformats-officedocument.drawingml';

function smartArtDocx(tag: string): Promise<Buffer> {
  const parts: Record<string, string> = {
    '[Content_Types].xml': `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/><Override PartName="/word/diagrams/data1.xml" ContentType="${DML}.diagramData+xml"/><Override PartName="/word/diagrams/layout1.xml" ContentType="${DML}.diagramLayout+xml"/><Override PartName="/word/diagrams/quickStyle1.xml" ContentType="${DML}.diagramStyle+xml"/><Override PartName="/word/diagrams/colors1.xml" ContentType="${DML}.diagramColors+xml"/><Override PartName="/word/diagrams/drawing1.xml" ContentType="application/vnd.ms-office.drawingml.diagramDrawing+xml"/></Types>`,
    '_rels/.rels': `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${RT}/officeDocument" Target="word/document.xml"/></Relationships>`,
    'word/_rels/document.xml.rels': `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId5" Type="${RT}/diagramData" Target="diagrams/data1.xml"/><Relationship Id="rId6" Type="${RT}/diagramLayout" Target="diagrams/layout1.xml"/><Relationship Id="rId7" Type="${RT}/diagramQuickStyle" Target="diagrams/quickStyle1.xml"/><Relationship Id="rId8" Type="${RT}/diagramColors" Target="diagrams/colors1.xml"/><Relationship Id="rId9" Type="http://schemas.microsoft.com/office/2007/relationships/diagramDrawing" Target="diagrams/drawing1.xml"/></Relationships>`,
    'word/document.xml': `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="${W}" xmlns:r="${RT}" xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing"><w:body><w:p><w:r><w:t>${tag} before the diagram</w:t></w:r></w:p><w:p><w:r><w:drawing><wp:inline><wp:extent cx="3000000" cy="1500000"/><wp:docPr id="1" name="Diagram 1"/><a:graphic xmlns:a="${A}"><a:graphicData uri="${DGM}"><dgm:relIds xmlns:dgm="${DGM}" r:dm="rId5" r:lo="rId6" r:qs="rId7" r:cs="rId8"/></a:graphicData></a:graphic></wp:inline></w:drawing></w:r></w:p><w:sectPr><w:pgSz w:w="11906" w:h="16838"/></w:sectPr></w:body></w:document>`,
    'word/diagrams/data1.xml': `<?xml version="1.0" encoding="UTF-8"?><dgm:dataModel xmlns:dgm="${DGM}" xmlns:a="${A}"><dgm:ptLst><dgm:pt modelId="{1}"><dgm:t><a:p><a:r><a:t>${tag} node</a:t></a:r></a:p></dgm:t></dgm:pt></dgm:ptLst><dgm:extLst><a:ext uri="http://schemas.microsoft.com/office/drawing/2008/diagram"><dsp:dataModelExt xmlns:dsp="${DSP}" relId="rId9" minVer="http://schemas.openxmlformats.org/drawingml/2006/diagram"/></a:ext></dgm:extLst></dgm:dataModel>`,
    'word/diagrams/layout1.xml': `<?xml version="1.0" encoding="UTF-8"?><dgm:layoutDef xmlns:dgm="${DGM}" uniqueId="urn:microsoft.com/office/officeart/2005/8/layout/default"/>`,
    'word/diagrams/quickStyle1.xml': `<?xml version="1.0" encoding="UTF-8"?><dgm:styleDef xmlns:dgm="${DGM}" uniqueId="urn:microsoft.com/office/officeart/2005/8/quickstyle/simple1"/>`,
    'word/diagrams/colors1.xml': `<?xml version="1.0" encoding="UTF-8"?><dgm:colorsDef xmlns:dgm="${DGM}" uniqueId="urn:microsoft.com/office/officeart/2005/8/colors/accent1_2"/>`,
    'word/diagrams/drawing1.xml': `<?xml version="1.0" encoding="UTF-8"?><dsp:drawing xmlns:dsp="${DSP}" xmlns:a="${A}"><dsp:spTree><dsp:sp modelId="{1}"><dsp:txBody><a:p><a:r><a:t>${tag} drawn</a:t></a:r></a:p></dsp:txBody></dsp:sp></dsp:spTree></dsp:drawing>`,
  };
  const z = new yazl.ZipFile();
  for (const [n, t] of Object.entries(parts)) z.addBuffer(Buffer.from(t), n);
  z.end();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    z.outputStream
      .on('data', (c: Buffer) => chunks.push(c))
      .on('end', () => resolve(Buffer.concat(chunks)))
      .on('error', reject);
  });
}

async function entries(file: string): Promise<Map<string, string>> {
  const zip = await yauzl.openPromise(file, { lazyEntries: true });
  const out = new Map<string, string>();
  await new Promise<void>((resolve, reject) => {
    zip
      .on('entry', (e: yauzl.Entry) =>
        zip.openReadStream(e, (err, s) => {
          if (err) return reject(err);
          const c: Buffer[] = [];
          s.on('data', (b: Buffer) => c.push(b)).on('end', () => {
            out.set(e.fileName, Buffer.concat(c).toString('utf8'));
            zip.readEntry();
          });
        }),
      )
      .on('end', resolve)
      .on('error', reject);
    zip.readEntry();
  });
  return out;
}

it('keeps each SmartArt pointing at its own data, layout, style, colours and drawing parts', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docx-smartart-'));
  try {
    const a = path.join(dir, 'a.docx');
    const b = path.join(dir, 'b.docx');
    fs.writeFileSync(a, await smartArtDocx('Alpha'));
    fs.writeFileSync(b, await smartArtDocx('Bravo'));
    const out = path.join(dir, 'out.docx');
    await mergeDocx(
      [
        { path: a, name: 'a.docx' },
        { path: b, name: 'b.docx' },
      ],
      out,
    );
    expect(await checkDocxPackage(out)).toEqual([]);
    const parts = await entries(out);
    const rels = new Map(
      [...parts.get('word/_rels/document.xml.rels')!.matchAll(/Id="([^"]+)"[^>]*Target="([^"]+)"/g)].map((m) => [
        m[1],
        `word/${m[2]}`,
      ]),
    );
    const dataParts = [...parts.keys()].filter((n) => /^word\/diagrams\/data\d+\.xml$/.test(n));
    expect(dataParts).toHaveLength(2);
    const seen: string[] = [];
    for (const tag of ['Alpha', 'Bravo']) {
      const data = dataParts.find((n) => parts.get(n)!.includes(`${tag} node`))!;
      const relId = /relId="([^"]+)"/.exec(parts.get(data)!)![1];
      const drawing = rels.get(relId)!;
      expect(parts.get(drawing)).toContain(`${tag} drawn`);
      seen.push(drawing);
    }
    expect(new Set(seen).size).toBe(2);
    // Layout, style and colour parts are identical in both documents: shared once.
    expect([...parts.keys()].filter((n) => /layout\d*\.xml$/.test(n))).toHaveLength(1);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
