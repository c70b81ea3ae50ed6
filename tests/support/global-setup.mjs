// The API tests run jobs through the real worker pool, which loads the bundled processor worker; the queue
// tests also start `npm run worker`'s bundle (.workers/queue-worker.mjs).
import { buildWorker } from '../../scripts/build-worker.mjs';
import { buildQueueWorkerOnly } from '../../scripts/worker.mjs';

export default async function globalSetup() {
  await buildWorker();
  await buildQueueWorkerOnly();
}
