// Each file tool provides lib/tools/<family>/<tool>/fixture.ts (its folder) exporting `fixture: ToolFixture`. The generic API suite
// (tests/api/file-tools.test.ts) and the generic Playwright flow (e2e/file-tools.spec.ts) loop over the
// registry and use it: upload `valid()`, process, download, then `check()` the result. A tool without a
// fixture file is expected to answer 501 (not built yet).
// Fixtures must not import Jest or Playwright: use node:assert, so both runners can load them.

import fs from 'node:fs';
import path from 'node:path';
import { toolBySlug } from '../../lib/tools/registry';

export interface FixtureFile {
  name: string;
  data: Buffer;
  /** MIME type the browser would send; defaults from the extension. */
  type?: string;
}

export interface ToolFixture {
  /** Small, real inputs that process in a few seconds (merges: 2-3 files). Built programmatically or read
   * from ../shared/corpus only when present (fall back to built ones otherwise). */
  valid: () => Promise<FixtureFile[]>;
  /** Extra fields (PDF lock: password) sent with upload and process. */
  fields?: Record<string, string>;
  /** Throws if the result is wrong. Use an independent reader where one exists (qpdf, pdftotext,
   * LibreOffice, jsQR...), not only the library that wrote it. */
  check: (output: Buffer, inputs: FixtureFile[]) => Promise<void>;
}

/** The tool's fixture if its author has written one (lib/tools/<family>/<tool>/fixture.ts), for Jest and Playwright. */
export function loadFixture(slug: string): ToolFixture | null {
  const tool = toolBySlug(slug);
  if (!tool || !('fileKinds' in tool)) return null;
  const file = path.join(
    __dirname,
    '..',
    '..',
    'lib',
    'tools',
    ...tool.api.replace(/_/g, '-').split('/'),
    'fixture.ts',
  );
  if (!fs.existsSync(file)) return null;
  // require, not import(): Playwright's TypeScript transform hooks the CommonJS loader in this project.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const mod = require(file) as { fixture?: ToolFixture };
  if (!mod.fixture) throw new Error(`${file} does not export \`fixture\``);
  return mod.fixture;
}
