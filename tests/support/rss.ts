// Samples the resident memory of this process and everything it started (the job runners) during a test,
// as the hostile suite's "server memory" (the API tests run the server's handlers in this process).
import { treeRss } from '@/lib/jobs/runner';

const MB = 1024 * 1024;

export interface RssSampler {
  /** highest process-tree RSS seen since start, in MB */
  peakMb: () => number;
  stop: () => Promise<void>;
}

export async function treeRssMb(): Promise<number> {
  return ((await treeRss(process.pid)) ?? process.memoryUsage.rss()) / MB;
}

export function sampleRss(everyMs = 50): RssSampler {
  let peak = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      peak = Math.max(peak, await treeRssMb());
      await new Promise((r) => setTimeout(r, everyMs));
    }
  })();
  return {
    peakMb: () => peak,
    stop: async () => {
      running = false;
      await loop;
    },
  };
}

/** The tree's RSS (or what `measure` reads) once runners that should go away have gone, or a busy moment
 * has passed (polls up to `withinMs`). */
export async function settledRssMb(
  belowMb: number,
  withinMs = 5000,
  measure: () => Promise<number> = treeRssMb,
): Promise<number> {
  const end = Date.now() + withinMs;
  let now = await measure();
  while (now > belowMb && Date.now() < end) {
    await new Promise((r) => setTimeout(r, 200));
    now = await measure();
  }
  return now;
}
