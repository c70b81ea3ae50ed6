// JPG to PNG: a photo-like JPEG with EXIF Orientation 6 and a Display P3 profile. The PNG must show the
// picture upright (rotated 90° clockwise), pixel for pixel what an independent decoder (djpeg) reads from
// the JPEG, and carry the same ICC profile.
import assert from 'node:assert/strict';
import sharp from 'sharp';
import type { ToolFixture } from '../../../../tests/support/tool-fixture';
import { djpeg, photoJpeg, rotate90cw } from '../../../../tests/fixtures/image-samples';

export const fixture: ToolFixture = {
  valid: async () => [
    {
      name: 'holiday photo.jpg',
      data: await photoJpeg({ width: 64, height: 48, orientation: 6, icc: 'p3', quality: 90 }),
    },
  ],
  check: async (output, inputs) => {
    const meta = await sharp(output).metadata();
    assert.equal(meta.format, 'png');
    assert.equal(meta.width, 48, 'orientation applied: width');
    assert.equal(meta.height, 64, 'orientation applied: height');
    const inMeta = await sharp(inputs[0].data).metadata();
    assert.ok(meta.icc && inMeta.icc && Buffer.compare(meta.icc, inMeta.icc) === 0, 'ICC profile kept');
    const ref = djpeg(inputs[0].data);
    const upright = rotate90cw(ref.data, ref.width, ref.height, 3);
    const { data } = await sharp(output).raw().toBuffer({ resolveWithObject: true });
    let worst = 0;
    for (let i = 0; i < data.length; i++) worst = Math.max(worst, Math.abs(data[i] - upright[i]));
    assert.ok(worst <= 2, `lossless: largest pixel difference to djpeg is ${worst}`);
  },
};
