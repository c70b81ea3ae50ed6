// Runs once when the server starts: inconsistent storage settings stop it with a clear message; the
// sweeper deletes expired sessions now and then periodically.
export async function register() {
  if (process.env.NEXT_RUNTIME === 'nodejs') {
    const { storageConfigErrors } = await import('./lib/config');
    const errors = storageConfigErrors();
    if (errors.length)
      throw new Error(`OneDesk cannot start, storage settings are inconsistent:\n  ${errors.join('\n  ')}`);
    const { startSweeper } = await import('./lib/jobs/sweeper');
    startSweeper();
  }
}
