// tesseract's WebAssembly is compiled once per process (ocr.ts shareCore) and every tesseract thread
// instantiates that module (ocr-thread.cjs) instead of compiling its own.
import { getEnvironmentData } from 'node:worker_threads';
import sharp from 'sharp';
import { createWorker, OEM } from 'tesseract.js';
import { CORE_KEY, ocrSetup, shareCore, threadOptions } from './ocr';

const line = (text: string) =>
  sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="900" height="120"><rect width="900" height="120" fill="white"/>` +
        `<text x="30" y="75" font-family="DejaVu Sans" font-size="40">${text}</text></svg>`,
    ),
  )
    .png()
    .toBuffer();

test('the core is compiled once per process and shared as environment data', () => {
  shareCore();
  const first = getEnvironmentData(CORE_KEY) as { name: string; module: WebAssembly.Module };
  expect(first.name).toMatch(/^tesseract-core-(relaxedsimd-|simd-)?lstm$/);
  expect(first.module).toBeInstanceOf(WebAssembly.Module);
  shareCore();
  expect(getEnvironmentData(CORE_KEY)).toBe(first);
});

test('two successive tesseract threads instantiate the shared core and read', async () => {
  const image = await line('Shared cores read plain words');
  const setup = ocrSetup();
  for (let round = 0; round < 2; round++) {
    const statuses: string[] = [];
    const w = await createWorker(setup.langs, OEM.LSTM_ONLY, {
      ...threadOptions(setup),
      logger: (m) => statuses.push(m.status),
    });
    try {
      const { data } = await w.recognize(image);
      expect(data.text).toMatch(/Shared cores read plain words/);
      expect(statuses).toContain('tesseract core shared');
    } finally {
      await w.terminate();
    }
  }
}, 60_000);
