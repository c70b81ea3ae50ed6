// npm run dev: keeps the job worker bundle rebuilt on every change (esbuild watch) while `next dev` serves.
import * as esbuild from 'esbuild';
import { spawn } from 'node:child_process';
import { workerOptions } from './build-worker.mjs';

const ctx = await esbuild.context(workerOptions);
await ctx.rebuild();
await ctx.watch();
const next = spawn('npx', ['next', 'dev', ...process.argv.slice(2)], { stdio: 'inherit', env: process.env });
const stop = async (code) => {
  await ctx.dispose();
  process.exit(code ?? 0);
};
next.on('exit', (code) => void stop(code));
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => next.kill(sig));
