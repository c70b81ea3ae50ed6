// Runs once when the server starts. Settings that cannot work together stop the start with a clear error.
// QUEUE=local: this process's sweeper deletes expired sessions now and then periodically. QUEUE=redis: one
// sweep per tick for the whole cluster, run by a worker (lib/jobs/queue/cluster-sweeper.ts).
export async function register() {
  if (process.env.NEXT_RUNTIME === 'nodejs') {
    const { exitOnBadQueueConfig } = await import('./lib/jobs/queue/settings');
    exitOnBadQueueConfig();
    if (process.env.QUEUE === 'redis') {
      const { scheduleClusterSweeper } = await import('./lib/jobs/queue/cluster-sweeper');
      await scheduleClusterSweeper().catch((e) => console.error('[sweeper] cannot schedule:', e?.message ?? e));
    } else {
      const { startSweeper } = await import('./lib/jobs/sweeper');
      startSweeper();
    }
  }
}
