// npm run test:e2e: checks that Debian's Chromium is there (Playwright's own download does not work here),
// then runs the Playwright suite.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  console.error(
    `Chromium was not found at ${chromium}.\n` +
      "Install Debian's Chromium:  sudo apt-get update && sudo apt-get install -y chromium\n" +
      '(or point CHROMIUM_PATH at a Chromium binary). `npx playwright install` is not used by this project.',
  );
  process.exit(1);
}
const r = spawnSync('npx', ['playwright', 'test', ...process.argv.slice(2)], { stdio: 'inherit', env: process.env });
process.exit(r.status ?? 1);
