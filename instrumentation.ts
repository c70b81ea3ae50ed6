// Runs once when the server starts: inconsistent storage settings stop it with a clear message; the
// sweeper deletes expired sessions now and then periodically.
export async function register() {
  if (process.env.NEXT_RUNTIME === 'nodejs') {
    const { exitOnBadStorageConfig } = await import('./lib/jobs/store/startup-check');
    exitOnBadStorageConfig();
    const { startSweeper } = await import('./lib/jobs/sweeper');
    startSweeper();
  }
}
