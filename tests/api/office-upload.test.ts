// Upload checks for Word and PowerPoint: the package reader's precise reasons, at upload time.
import fs from 'node:fs';
import { cleanup, processStep, upload, useTestDataDir } from '../support/api';
import { corpusPath, hasCorpus } from '../support/corpus';
import { entityExpansionDocx, zipBombDocx } from '../support/hostile-files';
import { Document, Packer, Paragraph } from 'docx';

useTestDataDir();

const docx = async (text: string) => Packer.toBuffer(new Document({ sections: [{ children: [new Paragraph(text)] }] }));

describe('Office uploads', () => {
  it('a Word file with a stray byte after its ZIP end is accepted', async () => {
    const up = await upload('docx/merge', [
      { name: 'trailer.docx', data: Buffer.concat([await docx('x'), Buffer.from([0])]) },
    ]);
    expect(up.res.status).toBe(200);
    await cleanup('docx/merge', up.sessionId);
  });

  it('a Word document sent to PowerPoint merge is the wrong type (415)', async () => {
    const files = [
      { name: 'a.pptx', data: await docx('a') },
      { name: 'b.pptx', data: await docx('b') },
    ];
    const up = await upload('pptx/merge', files);
    expect(up.res.status).toBe(415);
    expect(up.body.error).toBe('"a.pptx" is not a PowerPoint (.pptx) file.');
  });

  it("a zip bomb dressed as .docx is refused at upload with the reader's reason", async () => {
    const up = await upload('docx/merge', [await zipBombDocx()]);
    expect(up.res.status).toBe(422);
    expect(up.body.error).toBe('"bomb.docx" is too large or too complex to process safely.');
  });

  it('entity expansion never runs: the document is refused as damaged when its body is read', async () => {
    // Upload only reads the package's directory and relationships; the body with the DTD is read by the merge.
    const up = await upload('docx/merge', [await entityExpansionDocx()]);
    expect(up.res.status).toBe(200);
    const pr = await processStep('docx/merge', { session_id: up.sessionId });
    expect(pr.res.status).toBe(422);
    expect(pr.body.error).toBe('"laughs.docx" is damaged or not a valid Word document.');
    await cleanup('docx/merge', up.sessionId);
  });

  (hasCorpus ? it : it.skip)('truncated corpus packages get "damaged" errors naming the file (corpus)', async () => {
    const truncated = {
      name: 'poi-truncated62886.docx',
      data: fs.readFileSync(corpusPath('bad', 'poi-truncated62886.docx')),
    };
    const up = await upload('docx/merge', [truncated]);
    expect(up.res.status).toBe(422);
    expect(up.body.error).toBe('"poi-truncated62886.docx" is damaged or not a valid Word document.');
    const deck = {
      name: 'poi-Divino_Revelado-truncated.pptx',
      data: fs.readFileSync(corpusPath('bad', 'poi-Divino_Revelado-truncated.pptx')),
    };
    const up2 = await upload('pptx/merge', [deck, deck]);
    expect(up2.res.status).toBe(422);
    expect(up2.body.error).toMatch(/^"poi-Divino_Revelado-truncated.pptx" is damaged or not a valid PowerPoint/);
  });
});
