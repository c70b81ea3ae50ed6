// PNG to JPG: an RGBA PNG with an opaque red square, a half-transparent blue band and a fully transparent
// corner. Read back with djpeg (independent decoder): transparent → white (never black), half-transparent
// blue → light blue, the square stays red.
import assert from 'node:assert/strict';
import type { ToolFixture } from '../../../../tests/support/tool-fixture';
import { djpeg, rgbaPng } from '../../../../tests/fixtures/image-samples';

const at = (img: ReturnType<typeof djpeg>, x: number, y: number) => {
  const i = (y * img.width + x) * img.channels;
  return [img.data[i], img.data[i + 1], img.data[i + 2]];
};

export const fixture: ToolFixture = {
  valid: async () => [{ name: 'logo.png', data: await rgbaPng(96, 64) }],
  check: async (output) => {
    assert.equal(output[0], 0xff, 'JPEG SOI');
    assert.equal(output[1], 0xd8, 'JPEG SOI');
    const img = djpeg(output);
    assert.equal(img.width, 96);
    assert.equal(img.height, 64);
    const [r, g, b] = at(img, 90, 4);
    assert.ok(r > 240 && g > 240 && b > 240, `transparent corner is white, got ${r},${g},${b}`);
    const [r2, g2, b2] = at(img, 20, 20);
    assert.ok(r2 > 180 && g2 < 70 && b2 < 70, `red square stays red, got ${r2},${g2},${b2}`);
    const [r3, g3, b3] = at(img, 60, 44);
    assert.ok(b3 > 200 && r3 > 110 && r3 < 160 && g3 > 120, `half-transparent blue over white, got ${r3},${g3},${b3}`);
  },
};
