// Builds the site (unless E2E_SKIP_BUILD=1) and serves the production build for Playwright.
import { spawnSync, spawn } from 'node:child_process';
import fs from 'node:fs';

const port = process.env.PORT ?? '3100';
const run = (cmd, args) => {
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: process.env });
  if (r.status !== 0) process.exit(r.status ?? 1);
};
// Each run starts with an empty data directory, so the hostile-input spec judges only this run's leftovers.
if (process.env.DATA_DIR) fs.rmSync(process.env.DATA_DIR, { recursive: true, force: true });
if (process.env.E2E_SKIP_BUILD !== '1') run('npm', ['run', 'build']);
const server = spawn('node', ['server.mjs'], {
  stdio: 'inherit',
  env: { ...process.env, PORT: port, HOST: '127.0.0.1' },
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => server.kill(sig));
server.on('exit', (code) => process.exit(code ?? 0));
