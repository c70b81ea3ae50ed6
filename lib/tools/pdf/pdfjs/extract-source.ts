// pdf.js side of PDF to Word (plain JS, inlined into the pdf.js thread by worker-source.ts): per page,
// text items with font and colour, images with their boxes and pixels, ruling lines and filled boxes,
// link annotations; pages without text are rendered whole. Coordinates: points, top-left origin.
export const EXTRACT_SOURCE = String.raw`
const MAX_IMAGE_PIXELS = 40e6; // = worker-source.ts MAX_IMAGE_PIXELS
const ap = (p, m) => [p[0] * m[0] + p[1] * m[2] + m[4], p[0] * m[1] + p[1] * m[3] + m[5]];

function unitBox(Util, m) {
  const pts = [[0, 0], [1, 0], [0, 1], [1, 1]].map(([x, y]) => ap([x, y], m));
  const xs = pts.map((p) => p[0]);
  const ys = pts.map((p) => p[1]);
  return { x: Math.min(...xs), y: Math.min(...ys), w: Math.max(...xs) - Math.min(...xs), h: Math.max(...ys) - Math.min(...ys) };
}

function getObj(objs, id) {
  return new Promise((resolve) => {
    try {
      objs.get(id, resolve);
    } catch {
      resolve(null);
    }
    setTimeout(() => resolve(null), 5000);
  });
}

async function extractPage(pdfjs, doc, p, task) {
  const { OPS, Util } = pdfjs;
  const page = await doc.getPage(p);
  const vp = page.getViewport({ scale: 1 });
  const scan = await plainScan(pdfjs, doc, page, vp, task); if (scan.data) return scan.data; // (plain-scan-source.ts)
  const V = vp.transform;
  const ops = await page.getOperatorList();
  const tc = scan.tc;
  // Optional content (layers) that viewers hide: Acrobat's page "Background" artwork, print-only marks.
  // pdf.js does not paint it; walked as paths it made blank drawings that pushed the text down the page.
  let occ = null;
  try { occ = await doc.getOptionalContentConfig(); } catch {}
  const marked = [];
  let hiddenDepth = 0;

  // Walk the operator list: CTM, fill colour, shown glyphs (for text colour), images, paths.
  const chars = [];
  const images = [];
  const segments = [];
  const fills = [];
  const drawn = [];
  const marks = []; // small dots and squares: a browser's list bullets (to-docx/web-lists.ts)
  let lastClip = null;
  let ligature = null, cmText = false; // an OT1 ligature pdf.js read as a control code, for the glyph after it (font-names.ts)
  // The glyphs' font (text-source.ts colourPieces cuts an item where its face changes) and its glyph units per
  // thousandth of an em: graphics state, which q and Q save and restore with the colours (and cmText)
  let fid = null, em = 1;
  const cmFonts = new Map(); // font name -> a Computer Modern text font: a page selects its few fonts again and again
  // The clip's box, kept with the graphics state: cairo paints a table cell as a clip to the cell, then the
  // whole page filled (Andika's feature tables were ten page-sized fills, drawn as none)
  let clip = null, pendingClip = false;
  let ctm = [1, 0, 0, 1, 0, 0];
  let fill = '#000000';
  let stroke = '#000000';
  let mode = 0, lw = 1, fa = 1, sa = 1; // lw: a stroked rule's thickness in user space (to-docx/lone-rules.ts); fa, sa: fill and stroke opacity
  const stack = [];
  // (the graphics state q and Q save and restore, as do a form's and an annotation's drawing)
  const save = () => stack.push([ctm, fill, stroke, mode, lw, fa, sa, clip, fid, em, cmText]);
  const restore = () => { if (stack.length) [ctm, fill, stroke, mode, lw, fa, sa, clip, fid, em, cmText] = stack.pop(); };
  const groups = []; // open transparency groups: true for a soft-masked one
  const fnArray = ops.fnArray;
  const argsArray = ops.argsArray;
  const toPage = (x, y) => ap(ap([x, y], ctm), V);
  const pending = [];
  const PAINTS_HIDDEN = new Set([OPS.constructPath, OPS.shadingFill, OPS.paintImageXObject, OPS.paintInlineImageXObject]);
  for (let i = 0; i < fnArray.length; i++) {
    const fn = fnArray[i];
    const args = argsArray[i];
    if (fn === OPS.beginMarkedContent || fn === OPS.beginMarkedContentProps) {
      let hide = false;
      if (fn === OPS.beginMarkedContentProps && args[0] === 'OC' && args[1] && occ) {
        try { hide = !occ.isVisible(args[1]); } catch {}
      }
      marked.push(hide);
      if (hide) hiddenDepth++;
      continue;
    }
    if (fn === OPS.endMarkedContent) {
      if (marked.pop()) hiddenDepth--;
      continue;
    }
    if (hiddenDepth > 0 && PAINTS_HIDDEN.has(fn)) continue;
    switch (fn) {
      case OPS.save: save(); break;
      case OPS.restore: restore(); break;
      case OPS.transform: ctm = Util.transform(ctm, args); break;
      case OPS.paintFormXObjectBegin:
        save();
        if (args[0]) ctm = Util.transform(ctm, args[0]);
        break;
      // A gradient fills its clip: the last path that was only a clip gives its box.
      case OPS.shadingFill: if (lastClip) drawn.push({ ...lastClip, complex: true }); break;
      case OPS.paintFormXObjectEnd: restore(); break;
      // A form field's appearance is drawn in its own space: its transform and matrix from the page's
      // (otherwise its boxes landed at the page's corner).
      case OPS.beginAnnotation:
        save();
        ctm = Util.transform(Util.transform([1, 0, 0, 1, 0, 0], args[2] || [1, 0, 0, 1, 0, 0]), args[3] || [1, 0, 0, 1, 0, 0]);
        break;
      case OPS.endAnnotation: restore(); break;
      case OPS.setFillRGBColor: fill = typeof args[0] === 'string' ? args[0] : fill; break;
      case OPS.setStrokeRGBColor: stroke = typeof args[0] === 'string' ? args[0] : stroke; break;
      case OPS.setTextRenderingMode: mode = args[0]; break;
      // (a ligature's code is read in Computer Modern's text fonts only: a symbol font's code 13 before a
      // typewriter "\rfloor" is no "fl")
      case OPS.setFont:
        ligature = null;
        fid = args[0];
        em = fontEm(page, fid);
        if (!cmFonts.has(args[0])) cmFonts.set(args[0], CM_TEXT.test(fontInfo(page, args[0], {}).name));
        cmText = cmFonts.get(args[0]);
        break;
      case OPS.clip: case OPS.eoClip: pendingClip = fn === OPS.eoClip ? 'eo' : true; break;
      case OPS.setGState: for (const [k, v] of args[0] || []) { if (k === 'ca' && typeof v === 'number') fa = v; if (k === 'CA' && typeof v === 'number') sa = v; } break;
      case OPS.setLineWidth: lw = typeof args[0] === 'number' ? args[0] : lw; break;
      // An image inside a soft mask's group is the mask's content, never shown itself: what shows is what is
      // painted through the mask (Chrome draws a box shadow as a grey fill through a blurred mask image, whose
      // own pixels came out a black block). It counts as a drawing's box: rendered from the page, mask
      // applied, when it is a drawing; left out when it is a page-tall strip or behind text.
      case OPS.beginGroup: groups.push(!!(args[0] && args[0].smask)); break;
      case OPS.endGroup: groups.pop(); break;
      case OPS.showText:
      case OPS.showSpacedText:
      case OPS.nextLineShowText:
      case OPS.nextLineSetSpacingShowText: {
        const glyphs = args[args.length - 1];
        if (!Array.isArray(glyphs)) break;
        for (const g of glyphs) {
          if (g && typeof g === 'object' && g.unicode) {
            // adv: the glyph's advance, to place a colour change inside a text item (text-source.ts)
            const adv = ((g.width || 0) * em) / g.unicode.length;
            for (const ch of g.unicode) {
              if (ch.trim()) chars.push({ ch, color: mode === 3 || mode === 7 ? null : fill, adv, fid, ...(ligature ? { ligature } : {}) });
              ligature = ch.trim() || !cmText ? null : OT1_LIGATURES[ch] ?? ligature;
            }
          }
        }
        break;
      }
      case OPS.paintImageXObject:
      case OPS.paintInlineImageXObject: {
        const box = unitBox(Util, Util.transform(V, ctm));
        if (box.w < 2 || box.h < 2) break;
        if (groups.includes(true)) { drawn.push({ ...box, complex: true }); break; }
        if (fn === OPS.paintImageXObject) pending.push({ id: args[0], box });
        else pending.push({ inline: args[0], box });
        break;
      }
      case OPS.constructPath: {
        const op = args[0];
        const buf = args[1] && args[1][0];
        if (!buf) break;
        const isStroke = op === OPS.stroke || op === OPS.closeStroke || op === OPS.fillStroke || op === OPS.eoFillStroke ||
          op === OPS.closeFillStroke || op === OPS.closeEOFillStroke;
        const isFill = op === OPS.fill || op === OPS.eoFill || op === OPS.fillStroke || op === OPS.eoFillStroke ||
          op === OPS.closeFillStroke || op === OPS.closeEOFillStroke;
        const width /* on the page; 0 is the thinnest line a device draws */ = lw * Math.sqrt(Math.abs((ctm[0] * ctm[3] - ctm[1] * ctm[2]) * (V[0] * V[3] - V[1] * V[2])));
        const onPaper = tint(fill, fa), sc = tint(stroke, sa); let cx = 0, cy = 0, sx = 0, sy = 0, fc = onPaper; // (paint-source.ts)
        let moves = 0, sides = 0, corner = 0; // subpaths, straight pieces, the widest curve's chord (roundedBox)
        const chord = (x, y) => { const a = toPage(cx, cy), b = toPage(x, y); return Math.hypot(a[0] - b[0], a[1] - b[1]); };
        let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity, curves = false, n = 0, diagonal = false;
        const add = (x1, y1, x2, y2) => {
          const a = toPage(x1, y1);
          const b = toPage(x2, y2);
          // (a curve drawn as many tiny straight pieces, as R's plots are, has no piece 1 pt across both
          // ways: their slope tells it from a rule's)
          const dx = Math.abs(a[0] - b[0]), dy = Math.abs(a[1] - b[1]);
          if ((dx > 1 && dy > 1) || (Math.min(dx, dy) > 0.1 && Math.min(dx, dy) > 0.1 * Math.max(dx, dy))) diagonal = true;
          else if (dx + dy > 0.5) sides++;
          if (isStroke && (Math.abs(a[0] - b[0]) < 1 || Math.abs(a[1] - b[1]) < 1) && Math.hypot(a[0] - b[0], a[1] - b[1]) > 3) {
            const shown = cutToClip(clip, { x1: a[0], y1: a[1], x2: b[0], y2: b[1], color: sc, width });
            if (shown) segments.push(shown);
          }
        };
        for (let k = 0; k < buf.length && n < 20000; n++) {
          const d = buf[k++];
          if (d === 0) { cx = sx = buf[k++]; cy = sy = buf[k++]; moves++; }
          else if (d === 1) { const x = buf[k++]; const y = buf[k++]; add(cx, cy, x, y); cx = x; cy = y; }
          else if (d === 2) { curves = true; corner = Math.max(corner, chord(buf[k + 4], buf[k + 5])); cx = buf[k + 4]; cy = buf[k + 5]; k += 6; }
          else if (d === 3) { curves = true; corner = Math.max(corner, chord(buf[k + 2], buf[k + 3])); cx = buf[k + 2]; cy = buf[k + 3]; k += 4; }
          else if (d === 4) { add(cx, cy, sx, sy); cx = sx; cy = sy; }
          else break;
          const pt = toPage(cx, cy);
          minX = Math.min(minX, pt[0]); maxX = Math.max(maxX, pt[0]);
          minY = Math.min(minY, pt[1]); maxY = Math.max(maxY, pt[1]);
        }
        if (isFill && fa < 1 && Number.isFinite(minX)) fc = tint(fill, fa, beneath(fills, (minX + maxX) / 2, (minY + maxY) / 2));
        if (!isFill && !isStroke && Number.isFinite(minX)) lastClip = { x: minX, y: minY, w: maxX - minX, h: maxY - minY };
        // (a clip even-odd between two boxes lets a frame show, not its inside: Qt draws a web page's box shadow
        // as a fill over the whole box through such a clip, and a code block came out a grey box)
        const ring = pendingClip === 'eo' && moves === 2 && !curves && !diagonal;
        if (pendingClip && Number.isFinite(minX)) clip = { ...meet(clip, { x: minX, y: minY, w: maxX - minX, h: maxY - minY }), ...(ring ? { ring } : {}) };
        pendingClip = false;
        // (white on the paper: a translucent white shape on a coloured slide is its decoration, no drawing)
        const white /* paint only (a plot panel's background): shows nothing, would join every drawing */ = (!isFill || onPaper === '#ffffff') && (!isStroke || sc === '#ffffff');
        // (what the clip lets show: a grid clipped to an answer's box is a drawing of that box)
        const seen = Number.isFinite(minX) && (isFill || isStroke) && visiblePart(clip, { x: minX, y: minY, w: maxX - minX, h: maxY - minY });
        if (seen && !white && drawn.length < 20000) drawn.push({ ...seen, complex: curves || diagonal });
        const mark = Number.isFinite(minX) && listMark(minX, minY, maxX - minX, maxY - minY, curves, isFill, isStroke);
        if (mark) marks.push({ ...mark, color: isFill ? fc : sc });
        if (isFill && fa > 0 && (!curves || (!diagonal && roundedBox(maxX - minX, maxY - minY, moves, sides, corner))) && Number.isFinite(minX)) {
          const w = maxX - minX;
          const h = maxY - minY;
          if (h < 2.5 && w > 3) segments.push({ x1: minX, y1: (minY + maxY) / 2, x2: maxX, y2: (minY + maxY) / 2, color: fc, width: h });
          else if (w < 2.5 && h > 3) segments.push({ x1: (minX + maxX) / 2, y1: minY, x2: (minX + maxX) / 2, y2: maxY, color: fc, width: w });
          // (extent: several outlines, a staff's five lines in one path, or slanted sides: not one box)
          else if (w > 3 && h > 3 && fc !== '#ffffff') {
            const b = meet(clip, { x: minX, y: minY, w, h });
            if (b.w > 3 && b.h > 3 && !(clip && clip.ring)) fills.push({ ...b, color: fc, ...(moves === 1 && !diagonal && (curves || sides <= 4) ? {} : { extent: true }) });
          }
          // (a white box covers; a button's white bevel, four sides and two diagonals, or an L of six does not)
          else if (w > 3 && h > 3 && moves === 1 && !diagonal && (curves || sides <= 4)) coverFills(fills, { x: minX, y: minY, w, h });
        }
        break;
      }
      default: break;
    }
  }

  for (const it of pending) {
    let img = it.inline;
    if (!img) {
      // An image used on several pages is cached for the document, in commonObjs, under an id pdf.js
      // starts with "g_": asking page.objs for it waited out getObj's 5 s for each such image on each page
      // (pdf-real bacula: 50 s a page of waiting, 4.5 s of work for 10 pages).
      const own = it.id.startsWith('g_') ? page.commonObjs : page.objs;
      const other = own === page.objs ? page.commonObjs : page.objs;
      img = await getObj(own, it.id);
      if (!img && other.has(it.id)) img = await getObj(other, it.id);
    }
    if (!img || !img.data || !img.width || !img.height || img.width * img.height > MAX_IMAGE_PIXELS) continue;
    const channels = img.kind === 3 ? 4 : img.kind === 2 ? 3 : 1;
    let data = img.data;
    if (img.kind === 1) {
      // 1 bit per pixel, rows padded to bytes: expand to 8-bit gray
      const rowBytes = (img.width + 7) >> 3;
      data = new Uint8Array(img.width * img.height);
      for (let y = 0; y < img.height; y++) {
        for (let x = 0; x < img.width; x++) {
          data[y * img.width + x] = (img.data[y * rowBytes + (x >> 3)] >> (7 - (x & 7))) & 1 ? 255 : 0;
        }
      }
    }
    images.push({ ...it.box, raw: { width: img.width, height: img.height, channels, data: new Uint8Array(data) } });
  }

  const runs = [];
  // font id -> its fontInfo and its face as a key, to cut an item where its glyphs' face changes (colourPieces)
  const faces = new Map();
  const infoOf = (id) => {
    if (!faces.has(id)) {
      const g = fontInfo(page, id, tc.styles);
      faces.set(id, { g, key: [g.name, g.generic, g.bold, g.italic].join('|') });
    }
    return faces.get(id);
  };
  const faceOf = (id) => (id ? infoOf(id).key : '');
  let ci = 0;
  for (const item of tc.items) {
    if (typeof item.str !== 'string' || !item.str.trim()) {
      if (item.hasEOL && runs.length) runs[runs.length - 1].eol = true;
      continue;
    }
    const m = Util.transform(V, item.transform);
    const size = Math.hypot(m[2], m[3]) || Math.abs(item.height) || 10;
    const { rotated, turn } = textTurn(m, size); // (drawings-source.ts)
    const f = fontInfo(page, item.fontName, tc.styles);
    // Colour: match the item's characters with the glyphs shown, in order.
    let color = '#000000';
    let invisible = false;
    let shown = null;
    // The glyphs are matched by the item's first letters, not its first alone: a page's hidden white slug
    // ("4TH PASS PAGES") drawn just before a table whose head has no glyphs of its own left in the list
    // gave the head "PUBLISH" its white (freeculture p. 182). The first letter alone stays the fallback.
    const want = [...item.str.replace(/\s/g, '')];
    const count = want.length;
    const sameStart = (look) => want.slice(0, 6).every((ch, k) => chars[look + k] && chars[look + k].ch === ch);
    let at = -1;
    for (let look = ci; look < Math.min(chars.length, ci + 200); look++) {
      if (chars[look].ch !== want[0]) continue;
      if (at < 0) at = look;
      if (sameStart(look)) {
        at = look;
        break;
      }
    }
    if (at >= 0) {
      color = chars[at].color || '#000000';
      invisible = chars[at].color === null;
      shown = chars.slice(at, at + count);
      ci = at + count;
    }
    const run = {
      str: controlLigatures(symbolText(f.name, dingbatText(f.font, f.name, item.str)), shown, f.name), x: m[4], y: m[5], w: item.width * Math.hypot(V[0], V[1]), size, font: f.name, generic: f.generic, bold: f.bold,
      italic: f.italic, color, rotated, eol: !!item.hasEOL, invisible, ...(turn ? { turn } : {}),
      ...(slant(m, turn) !== null ? { angle: slant(m, turn) } : {}),
    };
    const figure = f.type3 ? figureBox(f.font, run, item.str) : null; // (drawn-glyphs-source.ts)
    if (figure) run.figure = figure;
    const font = { fid: item.fontName, t3: f.type3 }; // (font-names.ts readText)
    for (const piece of shown && !rotated ? colourPieces(run, shown, faceOf) : [run]) {
      // (a piece in another face than the item's first glyphs: text-source.ts)
      const id = piece.fid;
      delete piece.fid;
      const g = id && id !== item.fontName ? infoOf(id).g : null;
      const face = g ? { font: g.name, generic: g.guessed ? f.generic : g.generic, bold: g.bold, italic: g.italic } : {};
      runs.push({ ...piece, ...face, str: unligature(piece.str), ...(g ? { fid: id, t3: g.type3 } : font) });
    }
  }
  unmeasuredWidths(runs); // (text-source.ts)
  const garbled = readText(runs); // (font-names.ts) its text dropped: rendered and read by OCR below
  if (garbled) runs.length = 0;
  // Form fields' captions and values as their appearances show them (widgets-source.ts).
  const shown = annotationTexts(pdfjs, page, ops, V);
  runs.push(...shown.runs);
  const links = [];
  try {
    for (const a of await page.getAnnotations()) {
      // Filled-in form fields without an appearance showing the value: their values are page text.
      // (a check box's value is its state's name, "Off" or "Yes": not text)
      if (a.subtype === 'Widget' && (a.fieldType === 'Tx' || a.fieldType === 'Ch') && !shown.ids.has(a.id) && typeof a.fieldValue === 'string' && a.fieldValue.trim() && a.rect && !a.hidden) {
        const q1 = ap([a.rect[0], a.rect[1]], V);
        const q2 = ap([a.rect[2], a.rect[3]], V);
        const h = Math.abs(q2[1] - q1[1]);
        const size = Math.max(4, Math.min(12, h * 0.7));
        runs.push({ str: a.fieldValue, x: Math.min(q1[0], q2[0]) + 2, y: Math.max(q1[1], q2[1]) - (h - size) / 2 - size * 0.2,
          w: Math.abs(q2[0] - q1[0]) - 4, size, font: 'Helvetica', generic: 'sans-serif', bold: false, italic: false, color: '#000000', rotated: false,
          eol: true, invisible: false });
      }
      const url = a.url || a.unsafeUrl;
      if (a.subtype !== 'Link' || !url || !a.rect) continue;
      const p1 = ap([a.rect[0], a.rect[1]], V);
      const p2 = ap([a.rect[2], a.rect[3]], V);
      links.push({ x: Math.min(p1[0], p2[0]), y: Math.min(p1[1], p2[1]), w: Math.abs(p2[0] - p1[0]), h: Math.abs(p2[1] - p1[1]), url });
    }
  } catch {}

  dropRepeatedText(runs);
  dropOverprintedGlyphs(runs);
  dropTextShadows(images, runs);
  // Whether the page has text is read before the drawings take their labels: a page whose words are all a
  // chart's or a diagram's labels is not a scan (it was rendered whole and read by OCR).
  const textless = runs.length === 0;
  const layerOnly = !textless && runs.every((r) => r.invisible || !r.str.trim());
  const stamped = !textless && !layerOnly && stampedScan(images, runs, vp.width, vp.height); // (scan-source.ts)
  if (task.drawingDpi > 0 && runs.length > 0) {
    await placeDrawings(doc, page, { width: vp.width, height: vp.height }, drawn, runs, images, segments, fills, task);
  }
  let rendered;
  // A page that paints nothing (blank, however large) is not rendered at all. A page whose text is all
  // invisible is a scan with a text layer (OCRmyPDF): rendered too, the layer's words go over it.
  if (task.renderDpi > 0 && (textless || layerOnly || stamped) && paintsSomething(OPS, fnArray)) {
    const r = await renderRegion(doc, page, { x: 0, y: 0, w: vp.width, h: vp.height }, task.renderDpi, task.limits, 'jpg');
    // (rendered with text, all of it is invisible: the page's own text layer)
    if (r) rendered = { x: 0, y: 0, w: vp.width, h: vp.height, data: r.data, format: 'jpg', dpi: r.dpi,
      ...(stamped && !runs.some((q) => q.invisible && q.str.trim()) ? { stamped: true } : runs.some((q) => q.str.trim()) ? { textLayer: true } : {}) };
  }
  page.cleanup();
  return { width: vp.width, height: vp.height, runs, images, segments, fills, links, rendered, ...(marks.length ? { marks } : {}), ...(garbled ? { garbled } : {}) };
}

// An image lying under a line of text and no taller than it (the text's shadow, or a picture of that same
// text): placed in the flow it takes a line of its own and shows the text twice (bacula's cover footer ran
// onto a page of its own). The text stays, editable. A picture a couple of ems wide or less in a long text
// item is no shadow of it: htmldoc sets an accented letter as a tiny image in the gap of a sentence's item.
function dropTextShadows(images, runs) {
  for (let i = images.length - 1; i >= 0; i--) {
    const o = images[i];
    const under = runs.some((r) => {
      if (r.rotated || r.invisible || o.h > r.size * 2) return false;
      if (o.w < Math.min(0.5 * r.w, 2 * r.size)) return false;
      const top = r.y - r.size * 0.9, bottom = r.y + r.size * 0.3;
      const ox = Math.min(o.x + o.w, r.x + r.w) - Math.max(o.x, r.x);
      const oy = Math.min(o.y + o.h, bottom) - Math.max(o.y, top);
      return ox > 0 && oy > 0 && ox * oy >= 0.8 * o.w * o.h;
    });
    if (under) images.splice(i, 1);
  }
}

// A baseline at a slant, in degrees (y down); null when level (an oblique face is only sheared: upright),
// upside down or a quarter turn.
function slant(m, turn) {
  const a = (Math.atan2(m[1], m[0]) * 180) / Math.PI;
  return turn || Math.abs(a) < 2 || Math.abs(a) > 178 ? null : a;
}

async function extract(pdfjs, doc, task) {
  const pages = [];
  const n = Math.min(doc.numPages, task.maxPages);
  for (let p = task.firstPage || 1; p <= n; p++) {
    try {
      const data = await extractPage(pdfjs, doc, p, task);
      // One page at a time to the host, so only one page's pixels are in flight; with the pixels this
      // thread has rendered so far (a read continued in a fresh thread keeps the job's budget).
      parentPort.postMessage({ page: data, index: p - 1, pixels: jobPixels });
    } catch (e) {
      if (e && (e.name === 'PasswordException' || e.name === 'LimitError')) throw e;
      parentPort.postMessage({ page: { width: 612, height: 792, runs: [], images: [], segments: [], fills: [], links: [], failed: true }, index: p - 1 });
    }
  }
  return { pages, totalPages: doc.numPages };
}
`;
