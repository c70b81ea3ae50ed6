// Loads a tool's test fixture (tests/fixtures/<slug>.ts) when its helper has written one.
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { ToolFixture } from '../../tests/support/tool-fixture';

const FIXTURES = path.resolve(__dirname, '../../tests/fixtures');

export async function loadFixture(slug: string): Promise<ToolFixture | null> {
  const file = path.join(FIXTURES, `${slug}.ts`);
  if (!existsSync(file)) return null;
  // require, not import(): Playwright's TypeScript transform hooks the CommonJS loader in this project.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const mod = require(file) as { fixture?: ToolFixture };
  if (!mod.fixture) throw new Error(`${file} does not export \`fixture\``);
  return mod.fixture;
}
