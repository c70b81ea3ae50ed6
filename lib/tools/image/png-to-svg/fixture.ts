// PNG to SVG: a small flat logo with transparency (a ring, a triangle, a rounded square). The SVG must parse
// (librsvg renders it), carry a viewBox and the PNG's size, render back close to the PNG on white and on
// black, and keep the background transparent.
import assert from 'node:assert/strict';
import sharp from 'sharp';
import type { ToolFixture } from '../../../../tests/support/tool-fixture';
import { renderSvg, svgFidelity } from './compare';

const LOGO = `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="160">
  <circle cx="80" cy="80" r="62" fill="none" stroke="#1b2a4a" stroke-width="14"/>
  <path d="M150 130 L200 30 L235 130 Z" fill="#d62828"/>
  <rect x="55" y="55" width="50" height="50" rx="8" fill="#f4a261"/>
</svg>`;

export const fixture: ToolFixture = {
  valid: async () => [{ name: 'company logo.png', data: await sharp(Buffer.from(LOGO)).png().toBuffer() }],
  check: async (output, inputs) => {
    const text = output.toString('utf8');
    const root = /<svg\b[^>]*>/.exec(text)?.[0] ?? '';
    assert.match(root, /\bviewBox="[\d.]+ [\d.]+ [\d.]+ [\d.]+"/, 'has a viewBox');
    assert.match(root, /\bwidth="240"/, 'keeps the PNG width');
    assert.match(root, /\bheight="160"/, 'keeps the PNG height');
    const fid = await svgFidelity(output, inputs[0].data);
    assert.ok(fid.ssim >= 0.93, `renders like the PNG: SSIM ${fid.ssim.toFixed(3)}`);
    assert.ok(fid.alphaError < 0.03, `same transparency: alpha error ${fid.alphaError.toFixed(3)}`);
    const px = await renderSvg(output, 240, 160);
    assert.equal(px[3], 0, 'background corner stays transparent');
    assert.equal(px[(80 * 240 + 30) * 4 + 3], 0, 'inside of the ring stays transparent');
  },
};
