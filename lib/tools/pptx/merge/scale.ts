// Fits a slide (or notes page, layout, master, chart, SmartArt drawing) of one size into another: every
// length is multiplied by one factor, so nothing is stretched, and top-level shapes are moved by the
// letterbox offset, so the content is centred and never clipped. Lengths are EMUs and font sizes are
// hundredths of a point; percentages and path coordinates are relative and stay as they are.
import { XElement, allElements, type XDoc, type XElement as Element } from '@/lib/office/xtree';

export interface Size {
  cx: number;
  cy: number;
}
/** Uniform scale s and centring offset (dx, dy) into a slide of size (cx, cy). */
export interface Fit {
  s: number;
  dx: number;
  dy: number;
  cx: number;
  cy: number;
}

/** The uniform fit of `from` into `to`, or null when the sizes are the same. */
export function fitInto(from: Size, to: Size): Fit | null {
  if (from.cx === to.cx && from.cy === to.cy) return null;
  const s = Math.min(to.cx / from.cx, to.cy / from.cy);
  return {
    s,
    dx: Math.round((to.cx - from.cx * s) / 2),
    dy: Math.round((to.cy - from.cy * s) / 2),
    cx: to.cx,
    cy: to.cy,
  };
}

const EMU_ATTRS: Record<string, readonly string[]> = {
  off: ['x', 'y'],
  chOff: ['x', 'y'],
  ext: ['cx', 'cy'],
  chExt: ['cx', 'cy'],
  pPr: ['marL', 'marR', 'indent', 'defTabSz'],
  defPPr: ['marL', 'marR', 'indent', 'defTabSz'],
  tcPr: ['marL', 'marR', 'marT', 'marB'],
  bodyPr: ['lIns', 'tIns', 'rIns', 'bIns'],
  tab: ['pos'],
  gridCol: ['w'],
  tr: ['h'],
  ln: ['w'],
  lnL: ['w'],
  lnR: ['w'],
  lnT: ['w'],
  lnB: ['w'],
  lnTlToBr: ['w'],
  lnBlToTr: ['w'],
  outerShdw: ['dist', 'blurRad'],
  innerShdw: ['dist', 'blurRad'],
  prstShdw: ['dist'],
  reflection: ['dist', 'blurRad'],
  glow: ['rad'],
  softEdge: ['rad'],
  tile: ['tx', 'ty'],
};
const LVL_PPR = /^lvl[1-9]pPr$/;
const PT_ATTRS: Record<string, readonly string[]> = {
  rPr: ['sz', 'kern', 'spc'],
  defRPr: ['sz', 'kern', 'spc'],
  endParaRPr: ['sz', 'kern', 'spc'],
  spcPts: ['val'],
  buSzPts: ['val'],
};

function scaleAttr(el: Element, name: string, s: number, min?: number): void {
  const v = el.getAttribute(name);
  if (v === null || !/^-?\d+$/.test(v)) return;
  let n = Math.round(Number(v) * s);
  if (min !== undefined && Number(v) >= min) n = Math.max(min, n);
  el.setAttribute(name, String(n));
}

/** A stretched background picture fills the fitted slide's box, not the whole (other-shaped) slide. */
function stretchIntoBox(stretch: XElement, fit: Fit): void {
  let rect = stretch.first('fillRect');
  if (!rect) {
    rect = new XElement(stretch.prefix ? `${stretch.prefix}:fillRect` : 'fillRect', stretch.namespaceURI);
    stretch.appendChild(rect);
  }
  const fx = (fit.cx - 2 * fit.dx) / fit.cx;
  const fy = (fit.cy - 2 * fit.dy) / fit.cy;
  const inset = (a: string, frac: number, off: number, size: number) =>
    rect!.setAttribute(a, String(Math.round(Number(rect!.getAttribute(a) ?? 0) * frac + (off / size) * 100000)));
  inset('l', fx, fit.dx, fit.cx);
  inset('r', fx, fit.dx, fit.cx);
  inset('t', fy, fit.dy, fit.cy);
  inset('b', fy, fit.dy, fit.cy);
}

/** The xfrm that places a shape on the slide (not its children), if it has one. */
function ownXfrm(shape: Element): Element | undefined {
  const direct = shape.first('xfrm');
  if (direct) return direct;
  const pr = shape.first('spPr') ?? shape.first('grpSpPr');
  return pr ? pr.first('xfrm') : undefined;
}

/** The shapes placed directly on the slide, looking through mc:AlternateContent. */
function topLevelShapes(spTree: Element): Element[] {
  const out: Element[] = [];
  for (const child of spTree.elements()) {
    if (child.localName === 'AlternateContent') {
      for (const branch of child.elements()) out.push(...branch.elements());
    } else out.push(child);
  }
  return out;
}

/**
 * Scales every length in the document by fit.s; with `place`, shapes directly on the slide's shape tree
 * are also moved by (dx, dy). Group children keep their child coordinates (scaled alike), so groups stay
 * consistent.
 */
export function scaleDocument(doc: XDoc, fit: Fit, place: boolean, all?: Element[]): void {
  const { root } = doc;
  const moved = new Set<Element>();
  const elements = all ?? allElements(root);
  if (place) {
    for (const tree of elements.filter((e) => e.localName === 'spTree')) {
      for (const shape of topLevelShapes(tree)) {
        const off = ownXfrm(shape)?.first('off');
        if (off) moved.add(off);
      }
    }
  }
  const inBackground = new Set<XElement>();
  if (place)
    for (const bg of elements.filter((e) => e.localName === 'bg')) allElements(bg).forEach((e) => inBackground.add(e));
  // Master text styles without a size mean PowerPoint's 18 pt, which must shrink with the slide too.
  for (const styles of elements.filter((e) => e.localName === 'txStyles' || e.localName === 'notesStyle')) {
    for (const d of allElements(styles))
      if (d.localName === 'defRPr' && !d.hasAttribute('sz')) d.setAttribute('sz', '1800');
  }
  for (const el of elements) {
    const name = el.localName;
    if (name === 'stretch' && inBackground.has(el)) stretchIntoBox(el, fit);
    if (name === 'tile') {
      // Tiles keep their pixel size unless told: scale them, and start them where the fitted slide starts.
      for (const a of ['sx', 'sy'])
        el.setAttribute(a, String(Math.round(Number(el.getAttribute(a) ?? 100000) * fit.s)));
      if (inBackground.has(el)) {
        el.setAttribute('tx', String(Math.round(Number(el.getAttribute('tx') ?? 0) * fit.s) + fit.dx));
        el.setAttribute('ty', String(Math.round(Number(el.getAttribute('ty') ?? 0) * fit.s) + fit.dy));
        continue;
      }
    }
    const emu = EMU_ATTRS[name] ?? (LVL_PPR.test(name) ? EMU_ATTRS.pPr : undefined);
    if (emu) for (const a of emu) scaleAttr(el, a, fit.s, a === 'w' ? 1 : undefined);
    const pt = PT_ATTRS[name];
    if (pt) for (const a of pt) scaleAttr(el, a, fit.s, a === 'sz' ? 100 : undefined);
    if (moved.has(el)) {
      const x = el.getAttribute('x');
      const y = el.getAttribute('y');
      if (x !== null) el.setAttribute('x', String(Number(x) + fit.dx));
      if (y !== null) el.setAttribute('y', String(Number(y) + fit.dy));
    }
  }
}
