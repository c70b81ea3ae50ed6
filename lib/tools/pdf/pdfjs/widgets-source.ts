// pdf.js side of PDF to Word, form fields (plain JS, inlined into the pdf.js thread by worker-source.ts
// after extract-source.ts, whose `ap` it uses): the text a form field's appearance shows (a button's
// caption, a field's value) is drawn by the annotation, not the page, so pdf.js's text content leaves it
// out. It is read here from the appearance streams in the page's operator list, at its place.
export const WIDGETS_SOURCE = String.raw`
// Text shown inside annotation appearances (beginAnnotation ... endAnnotation), as text runs in page
// coordinates; ids: the annotations that showed any (their field value is not added a second time).
function annotationTexts(pdfjs, page, ops, V) {
  const { OPS, Util } = pdfjs;
  const runs = [];
  const ids = new Set();
  const fnArray = ops.fnArray, argsArray = ops.argsArray;
  const I = [1, 0, 0, 1, 0, 0];
  let inAnnot = null, ctm = I, stack = [];
  let tm = I, lineX = 0, lineY = 0, x = 0, leading = 0, size = 10, fontName = null, charSpacing = 0, wordSpacing = 0, hScale = 1, mode = 0;
  for (let i = 0; i < fnArray.length; i++) {
    const fn = fnArray[i], args = argsArray[i];
    if (fn === OPS.beginAnnotation) {
      inAnnot = args[0];
      ctm = Util.transform(args[2] || I, args[3] || I);
      stack = [];
      continue;
    }
    if (!inAnnot) continue;
    switch (fn) {
      case OPS.endAnnotation: inAnnot = null; break;
      case OPS.save: stack.push([ctm, mode]); break;
      case OPS.restore: if (stack.length) [ctm, mode] = stack.pop(); break;
      case OPS.transform: ctm = Util.transform(ctm, args); break;
      case OPS.paintFormXObjectBegin: stack.push([ctm, mode]); if (args[0]) ctm = Util.transform(ctm, args[0]); break;
      case OPS.paintFormXObjectEnd: if (stack.length) [ctm, mode] = stack.pop(); break;
      case OPS.beginText: tm = I; lineX = lineY = x = 0; break;
      case OPS.setTextMatrix: tm = args[0] && typeof args[0] === 'object' ? Array.from(args[0]) : Array.from(args); lineX = lineY = x = 0; break;
      case OPS.setFont: fontName = args[0]; size = args[1] || size; break;
      case OPS.setCharSpacing: charSpacing = args[0]; break;
      case OPS.setWordSpacing: wordSpacing = args[0]; break;
      case OPS.setHScale: hScale = args[0] / 100; break;
      case OPS.setLeading: leading = args[0]; break;
      case OPS.setTextRenderingMode: mode = args[0]; break;
      case OPS.moveText: lineX += args[0]; lineY += args[1]; x = lineX; break;
      case OPS.setLeadingMoveText: leading = -args[1]; lineX += args[0]; lineY += args[1]; x = lineX; break;
      case OPS.nextLine: lineY -= leading; x = lineX; break;
      case OPS.showText:
      case OPS.showSpacedText:
      case OPS.nextLineShowText:
      case OPS.nextLineSetSpacingShowText: {
        if (fn !== OPS.showText && fn !== OPS.showSpacedText) { lineY -= leading; x = lineX; }
        const glyphs = args[args.length - 1];
        if (!Array.isArray(glyphs)) break;
        let str = '', w = 0;
        for (const g of glyphs) {
          if (typeof g === 'number') { w -= (g / 1000) * size * hScale; if (g < -200 && !str.endsWith(' ')) str += ' '; continue; }
          if (!g) continue;
          str += g.unicode || '';
          w += ((g.width || 0) / 1000) * size * hScale + charSpacing * hScale + (g.unicode === ' ' ? wordSpacing * hScale : 0);
        }
        const m = Util.transform(Util.transform(V, ctm), tm);
        const p = ap([x, lineY], m);
        const scale = Math.hypot(m[2], m[3]);
        x += w;
        // invisible text, and symbol glyphs (a check box's tick, a radio's dot) are not words
        if (mode === 3 || mode === 7 || !/[\p{L}\p{N}]/u.test(str) || /zapf|dingbat|symbol/i.test(String(fontName))) break;
        const f = fontInfo(page, fontName, {});
        runs.push({ str: unligature(str.trim()), x: p[0], y: p[1], w: w * Math.hypot(m[0], m[1]), size: size * scale,
          font: f.name || 'Helvetica', generic: f.generic, bold: f.bold, italic: f.italic, color: '#000000',
          rotated: Math.abs(m[1]) > 0.01 * scale || Math.abs(m[2]) > 0.01 * scale || m[0] < 0, eol: true, invisible: false });
        ids.add(inAnnot);
        break;
      }
      default: break;
    }
  }
  return { runs, ids };
}
`;
