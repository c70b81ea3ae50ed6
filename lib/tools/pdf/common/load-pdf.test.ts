import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFDict, PDFDocument, PDFName, PDFNumber, PDFRef } from 'pdf-lib';
import { corpusPath, describeCorpus } from '@/tests/support/corpus';
import type { JobInput } from '../../types';
import { run as merge } from '../merge/server';
import { loadCheckedPdf, probePdf, walkPageTree } from './load-pdf';

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'load-pdf-test-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const input = (file: string): JobInput => ({
  path: file,
  name: path.basename(file),
  size: fs.statSync(file).size,
  kind: 'pdf',
});

/** Two pages under an intermediate /Pages node that carries MediaBox and Rotate (inherited by both). */
async function inheritedPdf(): Promise<string> {
  const doc = await PDFDocument.create();
  doc.addPage([100, 100]);
  doc.addPage([100, 100]);
  const ctx = doc.context;
  const root = doc.catalog.get(PDFName.of('Pages')) as PDFRef;
  const mid = ctx.nextRef();
  const kids = doc.getPages().map((p) => p.ref);
  for (const k of kids) {
    const d = doc.getPage(kids.indexOf(k)).node;
    d.delete(PDFName.of('MediaBox'));
    d.set(PDFName.of('Parent'), mid);
  }
  ctx.assign(
    mid,
    ctx.obj({ Type: 'Pages', Parent: root, Kids: kids, Count: 2, MediaBox: [0, 0, 300, 500], Rotate: 90 }),
  );
  ctx.lookup(root, PDFDict).set(PDFName.of('Kids'), ctx.obj([mid]));
  const file = path.join(dir, 'inherited.pdf');
  fs.writeFileSync(file, await doc.save({ useObjectStreams: false }));
  return file;
}

describe('load-pdf', () => {
  it('walks the page tree with inherited attributes, and a merge keeps them on each page', async () => {
    const file = await inheritedPdf();
    const doc = await PDFDocument.load(fs.readFileSync(file));
    const leaves = walkPageTree(doc);
    expect(leaves).toHaveLength(2);
    expect((leaves[0].inherited.get(PDFName.of('Rotate')) as PDFNumber).asNumber()).toBe(90);
    expect(leaves[0].inherited.has(PDFName.of('MediaBox'))).toBe(true);
    const out = await merge([input(file), input(file)], {}, { workDir: fs.mkdtempSync(path.join(dir, 'job-')) });
    const info = execFileSync('pdfinfo', ['-f', '1', '-l', '4', out.path]).toString();
    expect(info.match(/size:\s+300 x 500 pts/g)).toHaveLength(4);
    expect(info.match(/rot:\s+90/g)).toHaveLength(4);
  });

  it('probes encryption and page count with qpdf, quick or walking the tree', async () => {
    const file = await inheritedPdf();
    expect(await probePdf(file)).toEqual({ pages: 2, encryption: 'none', assemblyAllowed: false, repaired: false });
    expect((await probePdf(file, { walk: true })).pages).toBe(2);
    const locked = path.join(dir, 'locked.pdf');
    execFileSync('qpdf', ['--encrypt', 'pw-123456', 'owner', '256', '--', file, locked]);
    expect((await probePdf(locked)).encryption).toBe('password');
    expect((await probePdf(locked, { password: 'pw-123456', walk: true })).pages).toBe(2);
    const open = path.join(dir, 'open.pdf');
    execFileSync('qpdf', ['--encrypt', '', 'owner', '256', '--', file, open]);
    expect(await probePdf(open)).toMatchObject({ encryption: 'open', assemblyAllowed: true, pages: 2 });
  });
});

describeCorpus('load-pdf on real files', () => {
  it('refuses a looping page tree and a password file by name; reads the valid shattered-1.pdf', async () => {
    const ctx = { workDir: fs.mkdtempSync(path.join(dir, 'job-')) };
    await expect(loadCheckedPdf(input(corpusPath('bad', 'pdfjs-Pages-tree-refs-loop.pdf')), ctx)).rejects.toMatchObject(
      {
        message: '"pdfjs-Pages-tree-refs-loop.pdf" is damaged and cannot be read.',
      },
    );
    await expect(loadCheckedPdf(input(corpusPath('bad', 'forensics-a-text-pass-A5d.pdf')), ctx)).rejects.toMatchObject({
      message: '"forensics-a-text-pass-A5d.pdf" is password-protected. Remove the password and try again.',
    });
    const ok = await loadCheckedPdf(input(corpusPath('bad', 'shattered-1.pdf')), ctx);
    expect(ok).toMatchObject({ repaired: false, rewritten: false });
    expect(ok.pages).toHaveLength(1);
  });
});
