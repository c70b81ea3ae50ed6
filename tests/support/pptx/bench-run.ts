// Bench helper (not used by the product): one merge in a fresh process; prints wall and CPU time and peak RSS.
import path from 'node:path';
import { mergePresentations } from '@/lib/tools/pptx/merge/merge';

async function main(): Promise<void> {
  const [out, ...inputs] = process.argv.slice(2);
  const t = performance.now();
  const cpu = process.cpuUsage();
  let slides = 0;
  if (inputs.length)
    slides = (
      await mergePresentations(
        inputs.map((f) => ({ path: f, name: path.basename(f) })),
        out,
      )
    ).slides;
  const used = process.cpuUsage(cpu);
  process.stdout.write(
    JSON.stringify({
      ms: performance.now() - t,
      cpuMs: (used.user + used.system) / 1000,
      slides,
      peakMB: process.resourceUsage().maxRSS / 1024,
    }),
  );
}

main().catch((e: unknown) => {
  process.stderr.write(String(e instanceof Error ? e.stack : e));
  process.exit(1);
});
