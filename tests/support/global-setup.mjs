// The API tests run jobs through the real worker pool, which loads the bundled processor worker.
import { buildWorker } from '../../scripts/build-worker.mjs';

export default async function globalSetup() {
  await buildWorker();
}
