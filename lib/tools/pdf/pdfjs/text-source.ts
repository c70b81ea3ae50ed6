// pdf.js side of PDF to Word, text (plain JS, inlined into the pdf.js thread by worker-source.ts after
// extract-source.ts): runs that are one piece of text shown twice.
export const TEXT_SOURCE = String.raw`
// The same text shown twice at (nearly) the same place is one piece of text: a CSS text-shadow printed by a
// browser (a white copy 1 px below every heading of a Sphinx page), or bold faked by overprinting. Laid out,
// each copy was a line of its own: every heading took two lines and the page ran over. The copy drawn last
// (the one on top, the text itself) is kept.
function dropRepeatedText(runs) {
  const seen = new Map();
  const drop = new Set();
  runs.forEach((r, i) => {
    if (r.rotated || r.invisible || !r.str.trim()) return;
    const key = r.str + '|' + Math.round(r.size * 4);
    const same = seen.get(key) || [];
    for (const j of same) {
      const q = runs[j];
      if (!drop.has(j) && Math.abs(q.x - r.x) <= 0.15 * r.size && Math.abs(q.y - r.y) <= 0.15 * r.size) drop.add(j);
    }
    same.push(i);
    seen.set(key, same);
  });
  if (!drop.size) return;
  let k = 0;
  for (let i = 0; i < runs.length; i++) if (!drop.has(i)) runs[k++] = runs[i];
  runs.length = k;
}
`;
