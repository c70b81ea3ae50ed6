// One merge in a fresh process for the bench: prints {ms, peakMB} (peak RSS includes the Node/tsx baseline).
import { mergeDocx } from '@/lib/tools/docx/merge/merge';

const [out, ...inputs] = process.argv.slice(2);
const t = performance.now();
const cpu0 = process.cpuUsage();
mergeDocx(
  inputs.map((p) => ({ path: p, name: p.split('/').pop() ?? p })),
  out,
).then(
  () => {
    const ms = performance.now() - t;
    const cpu = process.cpuUsage(cpu0);
    process.stdout.write(
      JSON.stringify({ ms, cpuMs: (cpu.user + cpu.system) / 1000, peakMB: process.resourceUsage().maxRSS / 1024 }),
    );
  },
  (e: unknown) => {
    process.stderr.write(String(e));
    process.exit(1);
  },
);
