// Runs once when the server starts: inconsistent storage or queue settings stop it with a clear message.
// QUEUE=local: this process's sweeper deletes expired sessions now and then periodically. QUEUE=redis: one
// sweep per tick for the whole cluster, run by a worker (lib/jobs/queue/cluster-sweeper.ts); this process
// only removes its own dead scratch at start (s3; on a shared disk that sweep would touch others' jobs).
export async function register() {
  if (process.env.NEXT_RUNTIME === 'nodejs') {
    const { exitOnBadStorageConfig } = await import('./lib/jobs/store/startup-check');
    exitOnBadStorageConfig();
    const { exitOnBadQueueConfig } = await import('./lib/jobs/queue/settings');
    exitOnBadQueueConfig();
    if (process.env.QUEUE === 'redis') {
      const { startClusterSweeper } = await import('./lib/jobs/queue/cluster-sweeper');
      await startClusterSweeper();
    } else {
      const { startSweeper } = await import('./lib/jobs/sweeper');
      startSweeper();
    }
  }
}
