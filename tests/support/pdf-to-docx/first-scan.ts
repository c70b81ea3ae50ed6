// Converts one scanned PDF in a process of its own and prints {ms, cpuMs, pages} as JSON: the first scan a
// job runner reads, with nothing of tesseract compiled or started (bench-vs-lo.ts ocrThreadsRows bundles it
// as the runner is bundled).
import { convertPdf } from '@/lib/tools/pdf/to-docx/convert';
import { closeWarmReader } from '@/lib/tools/pdf/to-docx/ocr';

async function main(file: string): Promise<void> {
  const cpu = process.cpuUsage();
  const t = Date.now();
  const r = await convertPdf(file, 'scan.pdf');
  const ms = Date.now() - t;
  const c = process.cpuUsage(cpu);
  await closeWarmReader();
  process.stdout.write(JSON.stringify({ ms, cpuMs: (c.user + c.system) / 1000, pages: r.pages }));
}

main(process.argv[2]).then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
