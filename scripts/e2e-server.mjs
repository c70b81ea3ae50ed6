// Builds the site (unless E2E_SKIP_BUILD=1) and serves the production build for Playwright.
import { spawnSync, spawn } from 'node:child_process';

const port = process.env.PORT ?? '3100';
const run = (cmd, args) => {
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: process.env });
  if (r.status !== 0) process.exit(r.status ?? 1);
};
if (process.env.E2E_SKIP_BUILD !== '1') run('npm', ['run', 'build']);
const server = spawn('node', ['server.mjs'], { stdio: 'inherit', env: { ...process.env, PORT: port, HOST: '127.0.0.1' } });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => server.kill(sig));
server.on('exit', (code) => process.exit(code ?? 0));
