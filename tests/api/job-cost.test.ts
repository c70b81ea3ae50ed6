// The per-tool cost estimate through the API and the real job runners (issue 13): a scanned book that PDF to
// Word would read by OCR for far longer than the time limit is refused at once with a 422 naming the file,
// at the default limits, instead of holding a runner until the 504; a smaller scan still converts.
import { scannedBookPdf } from '../support/cost-bombs';
import { cleanup, processStep, upload, useTestDataDir } from '../support/api';
import { resetJobPool } from '@/lib/jobs/pool';

useTestDataDir();
const TOOL = 'pdf/to_docx';

afterAll(async () => {
  await resetJobPool();
});

it('a 300-page scanned book answers 422 naming the file within seconds', async () => {
  const up = await upload(TOOL, [{ name: 'scanned-book.pdf', data: Buffer.from(await scannedBookPdf(300)) }]);
  expect(up.res.status).toBe(200);
  const t = Date.now();
  const pr = await processStep(TOOL, { session_id: up.sessionId });
  expect(pr.res.status).toBe(422);
  expect(pr.body).toEqual({
    success: false,
    error: expect.stringMatching(
      /^"scanned-book\.pdf" is too large or complex to process within this server's time limit \(about \d+ minutes of work; the limit is 5 minutes\)\./,
    ),
  });
  // Without the estimate this job ran until the 300 s time limit (about 8 s of OCR per page).
  expect(Date.now() - t).toBeLessThan(30_000);
  await cleanup(TOOL, up.sessionId);
}, 120_000);

it('a 2-page scan is not refused and converts (200)', async () => {
  const up = await upload(TOOL, [{ name: 'short-scan.pdf', data: Buffer.from(await scannedBookPdf(2)) }]);
  expect(up.res.status).toBe(200);
  const pr = await processStep(TOOL, { session_id: up.sessionId });
  expect(pr.res.status).toBe(200);
  expect(pr.body.success).toBe(true);
  await cleanup(TOOL, up.sessionId);
}, 240_000);
