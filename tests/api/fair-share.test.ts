// One client cannot starve the others: while client A holds both job slots with slow jobs, client B's
// small job still starts at once (A's second job is put back in line and finishes later).
import sharp from 'sharp';
import { as, processStep, runJob, upload, useTestDataDir } from '../support/api';
import { sampleFile } from '../support/sample-files';
import { jobPool } from '@/lib/jobs/pool';
import { sampleRss, treeRssMb } from '../support/rss';

useTestDataDir({ JOB_CONCURRENCY: '2', MAX_JOBS_PER_CLIENT: '2', JOB_TIMEOUT_SECONDS: '240' });

it('a small job from client B finishes within 10 s while client A holds two slow ones', async () => {
  // A noisy 24-megapixel photo: image/compress searches JPEG qualities on it for tens of seconds.
  const photo = await sharp({
    create: { width: 6000, height: 4000, channels: 3, noise: { type: 'gaussian', mean: 128, sigma: 50 } },
  } as never)
    .jpeg({ quality: 95 })
    .toBuffer();
  const small = await sampleFile('png', 'small.png');
  const idle = await treeRssMb();
  const rss = sampleRss(200);

  const slow = await as('client-a', async () => {
    const ups = [
      await upload('image/compress', [{ name: 'a1.jpg', data: photo }]),
      await upload('image/compress', [{ name: 'a2.jpg', data: photo }]),
    ];
    for (const u of ups) expect(u.res.status).toBe(200);
    return ups.map((u) => processStep('image/compress', { session_id: u.sessionId }));
  });
  // Both slots are A's before B arrives.
  const until = Date.now() + 20_000;
  while (jobPool().stats().busy < 2 && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
  expect(jobPool().stats().busy).toBe(2);

  const started = Date.now();
  const b = await as('client-b', () => runJob('image/png_to_jpg', [small]));
  const seconds = (Date.now() - started) / 1000;
  console.info(`[fair-share] B's job took ${seconds.toFixed(1)} s while A held two slots`);
  expect(b.data.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
  expect(seconds).toBeLessThan(10);
  expect(jobPool().stats().busy).toBeGreaterThanOrEqual(1); // A is still being served

  // A's jobs both finish (the one put back in line restarts).
  const results = await Promise.all(slow);
  for (const r of results) expect(r.res.status).toBe(200);
  await rss.stop();
  console.info(`[fair-share] tree RSS idle ${idle.toFixed(0)} MB, peak ${rss.peakMb().toFixed(0)} MB`);
  expect(rss.peakMb() - idle).toBeLessThan(2 * 1024 + 400);
}, 300_000);
