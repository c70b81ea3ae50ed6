// Runs a list of tasks at most `concurrency` at a time, in order, so one visitor with twenty files never
// floods the job queue (issue 20). A failing task never stops the others: each settles on its own.

export async function runQueue<T>(
  items: readonly T[],
  concurrency: number,
  task: (item: T, index: number) => Promise<void>,
  signal?: AbortSignal,
): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length && !signal?.aborted) {
      const i = next++;
      try {
        await task(items[i], i);
      } catch {
        // The task reports its own failure (per-file state); the queue goes on.
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, items.length)) }, lane));
}
