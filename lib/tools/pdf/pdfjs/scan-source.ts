// pdf.js side (plain JS, inlined into the pdf.js thread by worker-source.ts): a scan carrying a little
// digital text. Scans often have a few words set over the picture: a court's ECF header on every page, a
// Bates number, a scanner app's footer, a fax header, a "Received" stamp. Such a page is rendered (its stamp
// with it) and read by OCR as a scan; to-docx/stamped-scan.ts keeps it a text page when OCR finds little
// beyond the digital words (a photo slide with a title, a certificate over a border picture).
export const SCAN_SOURCE = String.raw`
const STAMP_WORDS = 40; // an ECF header is ~12 words, a fax header ~20
const STAMP_AREA = 0.04; // of the page: an ECF header line is ~1 %, a slide's big title ~4 %
const SCAN_COVER = 0.9; // of the page under the scan's picture(s)
const SCAN_DPI = 100; // pixels per inch of the picture, below which OCR reads little
const PAPER = 0.5; // share of the picture's pixels that are light: paper, not a photograph

function stampedScan(images, runs, width, height) {
  const shown = runs.filter((r) => !r.invisible && r.str.trim());
  if (!shown.length) return false;
  const words = shown.reduce((n, r) => n + r.str.trim().split(/\s+/).length, 0);
  const area = shown.reduce((a, r) => a + Math.abs(r.w) * r.size, 0);
  if (words > STAMP_WORDS || area > STAMP_AREA * width * height) return false;
  // (as wide as the page: a scan is one picture or horizontal strips; screenshots side by side on a slide
  // are not)
  const scans = images.filter((o) => o.raw && o.w >= 0.95 * width && o.raw.width / (o.w / 72) >= SCAN_DPI && o.raw.height / (o.h / 72) >= SCAN_DPI);
  if (!scans.length) return false;
  // the page's cover by the pictures on a grid (pictures may be strips, or overlap)
  const N = 24;
  let covered = 0;
  for (let i = 0; i < N; i++)
    for (let j = 0; j < N; j++) {
      const x = ((i + 0.5) * width) / N, y = ((j + 0.5) * height) / N;
      if (scans.some((o) => x >= o.x && x <= o.x + o.w && y >= o.y && y <= o.y + o.h)) covered++;
    }
  if (covered < SCAN_COVER * N * N) return false;
  let light = 0, seen = 0;
  for (const o of scans) {
    const { data, channels } = o.raw;
    const step = Math.max(1, Math.floor(data.length / channels / 20000));
    for (let p = 0; p * channels < data.length; p += step) {
      const i = p * channels;
      const l = channels >= 3 ? (data[i] * 299 + data[i + 1] * 587 + data[i + 2] * 114) / 1000 : data[i];
      if (l >= 150) light++;
      seen++;
    }
  }
  return seen > 0 && light >= PAPER * seen;
}
`;
