// A made PDF converted as the job converts an upload: written to a temporary folder (the converter reads a
// file), converted, the folder removed whatever happens.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { convertPdf } from '@/lib/tools/pdf/to-docx/convert';

export async function convertBytes(pdf: Uint8Array, name: string): ReturnType<typeof convertPdf> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'p2w-made-'));
  try {
    const f = path.join(dir, name);
    fs.writeFileSync(f, pdf);
    return await convertPdf(f, name);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
