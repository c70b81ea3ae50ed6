// pdf.js side of PDF to Word (plain JS, inlined into the pdf.js thread by worker-source.ts before
// extract-source.ts, which uses it): the colour a translucent paint shows on the page.
export const PAINT_SOURCE = String.raw`
// A translucent paint (ExtGState ca / CA) shows as its colour mixed with the white paper beneath: a 25 %
// grey panel read as solid grey printed its text on a dark box.
const tint = (hex, a) => a >= 1 || !/^#[0-9a-f]{6}$/i.test(hex) ? hex : '#' + [1, 3, 5].map((k) => Math.round(Math.max(0, a) * parseInt(hex.slice(k, k + 2), 16) + (1 - Math.max(0, a)) * 255).toString(16).padStart(2, '0')).join('');
`;
