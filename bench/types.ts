// `npm run bench` runs every bench/*.bench.ts file in its own process and prints one table of their rows.
// A bench file's default export is `async () => BenchRow[]`. Skip a reference you cannot run (missing
// tool or corpus) with a row whose note says so, never a made-up figure.
export interface BenchRow {
  tool: string;
  input: string;
  /** output bytes / input bytes */
  ratio?: number;
  /** e.g. 'SSIM 0.981', 'IoU 0.94', 'recall 99.6 %' */
  quality?: string;
  ms?: number;
  peakMB?: number;
  /** reference figures, e.g. 'gs /ebook: 0.41, SSIM 0.97, 2.1 s' */
  note?: string;
}
