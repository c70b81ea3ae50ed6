// A job stopped while a page is being read (issue 19: the pixel budget test, flaky in CI): close() stops the
// tesseract threads, and a read that had set its parameters then asked the stopped thread to recognise.
// tesseract.js posts to it from an async function of its own, whose rejection nobody can catch: Jest saw it
// as the test's error, and in a job worker it is an unhandled rejection. The read now ends with its own error
// and never calls the stopped thread. (tesseract.js is replaced by a stand-in that records its calls.)
const calls: string[] = [];
let releaseParameters: () => void = () => undefined;

jest.mock('tesseract.js', () => ({
  OEM: { LSTM_ONLY: 1 },
  PSM: { AUTO: '3' },
  createWorker: async () => ({
    setParameters: () => {
      calls.push('setParameters');
      return new Promise<void>((resolve) => (releaseParameters = resolve));
    },
    recognize: async () => {
      calls.push('recognize');
      return { data: { blocks: [] } };
    },
    terminate: async () => {
      calls.push('terminate');
    },
  }),
}));

import { PageReader } from './ocr';

test('a read whose thread was stopped meanwhile ends with its own error, and never asks the stopped thread', async () => {
  const reader = new PageReader({ langPath: '/nowhere', gzip: false, langs: ['eng'] }, 1);
  const reading = reader.read(new Uint8Array([1, 2, 3]), 300);
  const outcome = reading.then(
    () => 'read',
    (e: Error) => e.message,
  );
  while (!calls.includes('setParameters')) await new Promise((r) => setImmediate(r));
  await reader.close();
  releaseParameters();
  expect(await outcome).toBe('OCR reader closed');
  expect(calls).toEqual(['setParameters', 'terminate']);
});
