import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isAppError } from '@/lib/core/errors';
import { corpusFiles, corpusPath, describeCorpus } from '@/tests/support/corpus';
import type { JobInput } from '../../types';
import { run as lock, PASSWORD_TOO_SHORT } from './server';
import { saslprep } from './saslprep';
import { buildRichPdf, linkTargets, outlineLines, pdftotext, qpdfJson } from '@/tests/support/pdf/merge-pdfs';

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lock-test-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function input(file: string, name = path.basename(file)): JobInput {
  return { path: file, name, size: fs.statSync(file).size, kind: 'pdf' };
}
async function lockFile(file: string, password: string, name?: string): Promise<string> {
  const workDir = fs.mkdtempSync(path.join(dir, 'job-'));
  return (await lock([input(file, name)], { password }, { workDir })).path;
}
const qpdfRun = (...args: string[]) => spawnSync('qpdf', args, { encoding: 'utf8' });

describe('PDF lock', () => {
  const PW = 'c0rrect Horse!';
  let src: string;
  let out: string;
  beforeAll(async () => {
    src = path.join(dir, 'rich.pdf');
    fs.writeFileSync(src, await buildRichPdf({ tag: 'LOCKME', pages: 5, fields: ['name', 'email'] }));
    out = await lockFile(src, PW);
  });

  it('needs a password, refuses a wrong one, and is AES-256 revision 6 with all permissions', () => {
    expect(qpdfRun('--requires-password', out).status).toBe(0);
    expect(qpdfRun('--password=wrong-password', '--check', out).status).toBe(2);
    const enc = qpdfRun(`--password=${PW}`, '--show-encryption', out);
    expect(enc.status).toBe(0);
    expect(enc.stdout).toMatch(/^R = 6$/m);
    expect(enc.stdout).toMatch(/Supplied password is user password/);
    expect(enc.stdout).toMatch(/stream encryption method: AESv3/);
    expect(enc.stdout).toMatch(/string encryption method: AESv3/);
    expect(enc.stdout).not.toMatch(/: not allowed/);
    expect(qpdfRun(`--password=${PW}`, '--check', out).status).toBe(0);
  });

  it('opens with the password with every page, text, outline, links, fields, labels and info intact', () => {
    const text = pdftotext(out, PW);
    for (let i = 1; i <= 5; i++) expect(text).toContain(`LOCKME page ${i}`);
    expect(spawnSync('pdftotext', ['-upw', 'nope-nope', out, '-']).status).not.toBe(0);
    const info = execFileSync('pdfinfo', ['-upw', PW, out]).toString();
    expect(info).toMatch(/Title:\s+LOCKME title/);
    expect(info).toMatch(/Pages:\s+5/);
    expect(info).toMatch(/Encrypted:\s+yes \(print:yes copy:yes change:yes addNotes:yes algorithm:AES-256\)/);

    const before = qpdfJson(src);
    const after = qpdfJson(out, PW);
    expect(outlineLines(after.outlines)).toEqual(outlineLines(before.outlines));
    expect(outlineLines(after.outlines)).toContain('LOCKME Chapter 1 ✓@1');
    expect(linkTargets(after)).toEqual(linkTargets(before));
    expect(linkTargets(after)).toEqual(['1->5', '1->5']);
    expect(after.pagelabels).toEqual(before.pagelabels);
    expect(after.acroform.fields.map((f) => [f.fullname, f.value])).toEqual(
      before.acroform.fields.map((f) => [f.fullname, f.value]),
    );
    expect(after.acroform.fields.map((f) => f.value)).toEqual(['u:LOCKME:name', 'u:LOCKME:email']);
  });

  it('leaves no string in clear text', () => {
    const raw = fs.readFileSync(out).toString('latin1');
    for (const s of ['LOCKME', 'Test Author', 'shared', 'example.org']) expect(raw).not.toContain(s);
  });

  it('uses a fresh random owner password and file key each time', async () => {
    const again = await lockFile(src, PW);
    const ownerKey = (f: string) => /\/O\s*<([0-9a-fA-F]+)>|\/O\s*\(/.exec(fs.readFileSync(f).toString('latin1'))?.[0];
    expect(ownerKey(again)).toBeDefined();
    expect(ownerKey(again)).not.toEqual(ownerKey(out));
  });

  it('takes passwords with spaces, quotes, leading @ or dashes, and Unicode (SASLprep for revision 6)', async () => {
    for (const pw of ['@etc/passwd', '--help me pässwörd 日本', 'it\'s "quoted"']) {
      const o = await lockFile(src, pw);
      expect(qpdfRun(`--password=${pw}`, '--show-npages', o).stdout.trim()).toBe('5');
    }
    // A soft hyphen maps to nothing and U+00AA (ª) to 'a' under SASLprep: what other readers will type.
    const o = await lockFile(src, 'pass\u00ADword\u00AA');
    expect(qpdfRun('--password=passworda', '--show-npages', o).stdout.trim()).toBe('5');
  });

  it('refuses short passwords with the page message, and refuses control characters', async () => {
    for (const pw of [undefined, '']) {
      await expect(lock([input(src)], { password: pw }, { workDir: dir })).rejects.toMatchObject({
        message: 'A password is required.',
      });
    }
    for (const pw of ['12345', '\u00AD\u00AD\u00AD1234']) {
      await expect(lock([input(src)], { password: pw }, { workDir: dir })).rejects.toMatchObject({
        message: PASSWORD_TOO_SHORT,
      });
    }
    await expect(lock([input(src)], { password: 'abc\u0000defg' }, { workDir: dir })).rejects.toMatchObject({
      name: 'AppError',
    });
    expect(PASSWORD_TOO_SHORT).toBe('Password must be at least 6 characters long');
  });
});

describe('saslprep', () => {
  it('maps and normalises like RFC 4013', () => {
    expect(saslprep('I\u00ADX')).toBe('IX');
    expect(saslprep('user')).toBe('user');
    expect(saslprep('\u00AA')).toBe('a');
    expect(saslprep('\u2168')).toBe('IX');
    expect(saslprep('a\u00A0b')).toBe('a b');
    expect(saslprep('a\u0007b')).toBeNull();
  });
});

describeCorpus('PDF lock on real files', () => {
  it('matches the SASLprep of a real revision 6 file (pdfjs-saslprep-r6.pdf)', () => {
    const pw = saslprep('S\u00AASL\u00ADprep')!;
    expect(qpdfRun(`--password=${pw}`, '--show-npages', corpusPath('bad', 'pdfjs-saslprep-r6.pdf')).status).toBe(0);
  });

  it('locks the 352-page book with its outline and the 1040 form with its values', async () => {
    for (const name of ['pdfjs-freeculture.pdf', 'pdfjs-prefilled_f1040.pdf']) {
      const file = corpusPath('pdf', name);
      const out = await lockFile(file, 'secret-123');
      expect(qpdfRun('--requires-password', out).status).toBe(0);
      const before = qpdfJson(file);
      const after = qpdfJson(out, 'secret-123');
      expect(after.pages.length).toBe(before.pages.length);
      expect(outlineLines(after.outlines)).toEqual(outlineLines(before.outlines));
      expect(after.acroform.fields.map((f) => f.value)).toEqual(before.acroform.fields.map((f) => f.value));
      const n = before.pages.length;
      expect(pdftotext(out, 'secret-123', 1, 12)).toEqual(pdftotext(file, undefined, 1, 12));
      expect(pdftotext(out, 'secret-123', n)).toEqual(pdftotext(file, undefined, n));
    }
  });

  it('gives every bad PDF a clear error or a correct result', async () => {
    for (const file of corpusFiles('bad', '.pdf')) {
      const name = path.basename(file);
      try {
        const out = await lockFile(file, 'secret-123');
        // Accepted: it must be a correct locked file with the pages qpdf reads in the input.
        expect(qpdfRun('--requires-password', out).status).toBe(0);
        const pages = /Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [file]).toString())![1];
        expect(qpdfRun('--password=secret-123', '--show-npages', out).stdout.trim()).toBe(pages);
      } catch (e) {
        if (!isAppError(e)) throw new Error(`${name}: ${String(e)}`);
        expect(e.message).toContain(`"${name}"`);
        expect(e.message).toMatch(/password-protected|damaged|has no pages/);
      }
    }
    // The encrypted ones are refused as such; the valid shattered-1.pdf locks.
    for (const name of [
      'forensics-a-text-pass-A5d.pdf',
      'pdfjs-issue3371-aes128-pw.pdf',
      'pdfjs-saslprep-r6.pdf',
      'pdfjs-empty_protected.pdf',
    ]) {
      await expect(lockFile(corpusPath('bad', name), 'secret-123')).rejects.toMatchObject({
        message: `"${name}" is already password-protected. Remove the protection and try again.`,
      });
    }
    const ok = await lockFile(corpusPath('bad', 'shattered-1.pdf'), 'secret-123');
    expect(pdftotext(ok, 'secret-123')).toEqual(pdftotext(corpusPath('bad', 'shattered-1.pdf')));
  });
});
