// Remove Background: a 320x240 composite (a shaded ball and a block pasted on a noisy background, known
// mask), stored as a JPEG rotated with EXIF Orientation 6. The result must be an upright RGBA PNG of the
// displayed size whose alpha matches the known mask.
import assert from 'node:assert/strict';
import sharp from 'sharp';
import type { ToolFixture } from '../../../../tests/support/tool-fixture';
import { makeComposite, maskIoU } from '../../../../tests/support/image/background-images';

export const fixture: ToolFixture = {
  valid: async () => {
    const c = await makeComposite(1);
    // Stored turned 90° counter-clockwise; Orientation 6 tells viewers to turn it back.
    const data = await sharp(c.rgba, { raw: { width: c.width, height: c.height, channels: 4 } })
      .rotate(270)
      .removeAlpha()
      .jpeg({ quality: 92 })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    return [{ name: 'ball on grass.jpg', data }];
  },
  check: async (output) => {
    const c = await makeComposite(1);
    const { data, info } = await sharp(output).raw().toBuffer({ resolveWithObject: true });
    const meta = await sharp(output).metadata();
    assert.equal(meta.format, 'png');
    assert.equal(info.channels, 4, 'has an alpha channel');
    assert.equal(info.width, c.width, 'orientation applied: width');
    assert.equal(info.height, c.height, 'orientation applied: height');
    const alpha = new Uint8Array(info.width * info.height);
    for (let i = 0; i < alpha.length; i++) alpha[i] = data[i * 4 + 3];
    const iou = maskIoU(alpha, c.mask);
    assert.ok(iou > 0.9, `alpha matches the pasted objects: IoU ${iou.toFixed(3)}`);
    assert.equal(alpha[0], 0, 'background corner is transparent');
  },
};
