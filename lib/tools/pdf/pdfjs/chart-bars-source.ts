// pdf.js side of PDF to Word, bar charts (plain JS, inlined into the pdf.js thread by worker-source.ts beside
// drawings-source.ts, which uses it): which filled rectangles of a page are a chart's bars.
export const CHART_BARS_SOURCE = String.raw`
// Bar and column charts are filled rectangles, straight and axis-aligned as a table's shading is, so they
// were no drawing and their bars were lost (only shading in a table is kept). Bars are told from shaded
// cells by their lengths: three or more empty rectangles standing on one line (a common base or axis) with
// different lengths away from it; a table row's cells share their height, a column's their width.
// (a bar may carry its value: a stacked bar's segments are numbered, "26", "30 %"; bars with values stand
// apart along their axis, where a table's shaded cells with numbers touch)
const BAR_VALUE = /^[-+−]?[$€£]?\d[\d.,]*\s?%?$/;
function chartBars(fills, runs, pageArea) {
  const valued = new Set();
  const empty = fills.filter((f) => {
    if (f.w * f.h >= 0.5 * pageArea) return false;
    const own = runs.filter((r) => runInside(r, f)); // (drawings-source.ts)
    if (own.length) valued.add(f);
    return own.every((r) => BAR_VALUE.test(r.str.trim()));
  });
  const bars = new Set();
  // [edge shared, length compared, start and end along the shared edge]
  const sides = [
    [(f) => f.y + f.h, (f) => f.h, (f) => f.x, (f) => f.x + f.w], [(f) => f.y, (f) => f.h, (f) => f.x, (f) => f.x + f.w],
    [(f) => f.x, (f) => f.w, (f) => f.y, (f) => f.y + f.h], [(f) => f.x + f.w, (f) => f.w, (f) => f.y, (f) => f.y + f.h],
  ];
  for (const [edge, len, from, to] of sides) {
    const sorted = [...empty].sort((a, b) => edge(a) - edge(b));
    for (let i = 0; i < sorted.length; ) {
      let j = i + 1;
      while (j < sorted.length && edge(sorted[j]) - edge(sorted[j - 1]) < 0.5) j++;
      const row = sorted.slice(i, j);
      const lens = row.map(len);
      const along = [...row].sort((a, b) => from(a) - from(b));
      const apart = along.every((f, k) => k === 0 || from(f) - to(along[k - 1]) >= 1);
      if (row.length >= 3 && Math.max(...lens) - Math.min(...lens) > 1 && (apart || !row.some((f) => valued.has(f)))) for (const f of row) bars.add(f);
      i = j;
    }
  }
  return [...bars];
}
`;
