// Image Compress: a photo-like q95 JPEG with EXIF Orientation 6 and a GPS position. The result must be a
// smaller JPEG that djpeg (independent decoder) reads, upright, close to the original, without EXIF/GPS.
import assert from 'node:assert/strict';
import sharp from 'sharp';
import type { ToolFixture } from '../../../../tests/support/tool-fixture';
import { djpeg, meanAbsDiff, photoJpeg, rotate90cw } from '../../../../tests/fixtures/image-samples';

export const fixture: ToolFixture = {
  valid: async () => [
    {
      name: 'camera photo.jpg',
      data: await photoJpeg({ width: 256, height: 192, orientation: 6, gps: true, quality: 95 }),
    },
  ],
  check: async (output, inputs) => {
    assert.ok(output.length < inputs[0].data.length, `smaller: ${output.length} vs ${inputs[0].data.length} bytes`);
    const out = djpeg(output);
    assert.equal(out.width, 192, 'orientation applied: width');
    assert.equal(out.height, 256, 'orientation applied: height');
    const meta = await sharp(output).metadata();
    assert.equal(meta.exif, undefined, 'EXIF (with GPS) dropped');
    const ref = djpeg(inputs[0].data);
    const diff = meanAbsDiff(out.data, rotate90cw(ref.data, ref.width, ref.height, 3));
    assert.ok(diff < 4, `looks the same: mean difference ${diff.toFixed(2)} levels`);
  },
};
