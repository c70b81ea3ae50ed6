// Runs once when the server starts: the sweeper deletes expired sessions now and then periodically.
export async function register() {
  if (process.env.NEXT_RUNTIME === 'nodejs') {
    const { startSweeper } = await import('./lib/jobs/sweeper');
    startSweeper();
  }
}
