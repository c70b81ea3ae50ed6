// Forms survive compression (issue 15: Ghostscript drops them, we must not): every field of the real form
// documents comes back with the same name, type, value, flags, widget and page, as qpdf reads them, and the
// pages render the same in poppler (widget appearances included).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { compressPdf } from './compress-pdf';
import { corpusPath, describeCorpus } from '@/tests/support/corpus';

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'e-forms-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

type Field = Record<string, unknown> & { annotation?: Record<string, unknown> };

/** The form's fields as qpdf reports them, without object numbers (the output is renumbered). */
function fields(file: string): string[] {
  const json = JSON.parse(execFileSync('qpdf', ['--json', '--json-key=acroform', file], { encoding: 'utf8' }));
  return (json.acroform.fields as Field[]).map((f) => {
    const { object: _o, parent: _p, annotation, ...rest } = f;
    const { object: _a, ...widget } = annotation ?? {};
    const sorted = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).sort());
    return JSON.stringify({ ...sorted(rest), widget: sorted(widget) });
  });
}

/** The code of every JavaScript action in the file (field calculations, buttons, document scripts). */
function scripts(file: string): string[] {
  const args = ['--json=2', '--json-key=qpdf', '--json-stream-data=inline', '--decode-level=all', file];
  const json = JSON.parse(execFileSync('qpdf', args, { encoding: 'utf8', maxBuffer: 1 << 28 }));
  const objects = json.qpdf[1] as Record<string, { value?: unknown; stream?: { data?: string } }>;
  const code = (js: unknown): string => {
    const ref = typeof js === 'string' && /^\d+ \d+ R$/.test(js) ? objects[`obj:${js}`] : undefined;
    if (ref?.stream) return Buffer.from(ref.stream.data ?? '', 'base64').toString('latin1');
    return String(ref ? ref.value : js);
  };
  const found: string[] = [];
  const walk = (o: unknown) => {
    if (Array.isArray(o)) o.forEach(walk);
    else if (o && typeof o === 'object') {
      const d = o as Record<string, unknown>;
      if (d['/S'] === '/JavaScript') found.push(code(d['/JS']));
      Object.values(d).forEach(walk);
    }
  };
  walk(Object.values(objects).map((o) => o.value ?? (o.stream as { dict?: unknown } | undefined)?.dict));
  return found.sort();
}

const renders = (file: string) =>
  execFileSync('pdftoppm', ['-r', '40', '-gray', '-png', file], { maxBuffer: 1 << 28 }).toString('base64');

describeCorpus('pdf compress keeps forms', () => {
  it.each([
    ['pdf-real', 'acrotex-eqpin2corr-form.pdf', 133, 111],
    ['pdf', 'pdfjs-prefilled_f1040.pdf', 242, 0],
  ])('%s/%s: all %d fields, values, appearances and %d scripts kept', async (folder, name, count, js) => {
    const file = corpusPath(folder, name);
    if (!fs.existsSync(file)) return console.warn(`[corpus] ${file} absent`);
    const out = path.join(dir, name);
    fs.writeFileSync(out, await compressPdf(fs.readFileSync(file), file, name));
    const before = fields(file);
    expect(before).toHaveLength(count);
    expect(fields(out)).toEqual(before);
    const code = scripts(file);
    expect(code).toHaveLength(js);
    expect(scripts(out)).toEqual(code);
    expect(renders(out)).toBe(renders(file));
    const text = (f: string) => execFileSync('pdftotext', [f, '-'], { encoding: 'utf8' });
    expect(text(out)).toBe(text(file));
  });
});
