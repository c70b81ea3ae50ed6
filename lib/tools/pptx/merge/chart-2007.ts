// Office 2007 wrote charts that leave out settings whose 2007 default differs from later Office versions
// (an absent or val-less <c:showSerName>, <c:smooth>, <c:varyColors>... meant "no" in 2007, "yes" after).
// Readers decide by the package's app.xml (Application "Microsoft..." and AppVersion "12.x"), which the
// merged deck cannot state for each source. So a chart from a 2007 deck gets those settings written out.
import { XElement as Element, allElements } from '@/lib/office/xtree';

const elementChildren = (e: Element) => e.elements();
const firstChild = (e: Element, name: string) => e.first(name);

export const C_NS = 'http://schemas.openxmlformats.org/drawingml/2006/chart';

/** True when the deck's app.xml says Office 2007 wrote it (the rule LibreOffice and Office apply). */
export function isOffice2007(application: string, appVersion: string): boolean {
  return /^Microsoft/i.test(application.trim()) && /^12\./.test(appVersion.trim());
}

const BOOLEANS = new Set([
  'autoTitleDeleted',
  'date1904',
  'roundedCorners',
  'plotVisOnly',
  'showDLblsOverMax',
  'varyColors',
  'delete',
  'showLegendKey',
  'showVal',
  'showCatName',
  'showSerName',
  'showPercent',
  'showBubbleSize',
  'showLeaderLines',
  'overlay',
  'rAngAx',
  'smooth',
  'invertIfNegative',
  'bubble3D',
  'dispEq',
  'dispRSqr',
  'auto',
  'noMultiLvlLbl',
  'showNegBubbles',
  'wireframe',
  'applyToFront',
  'applyToSides',
  'applyToEnd',
  'marker',
  'autoUpdate',
]);

const LABEL_FLAGS = ['showLegendKey', 'showVal', 'showCatName', 'showSerName', 'showPercent', 'showBubbleSize'];
const LABEL_ORDER = [
  'idx',
  'delete',
  'layout',
  'tx',
  'numFmt',
  'spPr',
  'txPr',
  'dLblPos',
  ...LABEL_FLAGS,
  'separator',
  'showLeaderLines',
  'leaderLines',
  'extLst',
];
const GROUPS = new Set([
  'barChart',
  'bar3DChart',
  'lineChart',
  'line3DChart',
  'areaChart',
  'area3DChart',
  'pieChart',
  'pie3DChart',
  'doughnutChart',
  'ofPieChart',
  'scatterChart',
  'radarChart',
  'bubbleChart',
]);
const BEFORE_VARY = new Set(['barDir', 'grouping', 'ofPieType', 'scatterStyle', 'radarStyle']);

/** Inserts <c:name val="0"/> before the first child that comes later in `order` (or at the end). */
function insertFlag(parent: Element, name: string, order: readonly string[], val = '0'): void {
  const prefix = parent.prefix ? `${parent.prefix}:` : '';
  const el = new Element(`${prefix}${name}`, C_NS);
  el.setAttribute('val', val);
  const at = order.indexOf(name);
  const next = elementChildren(parent).find((c) => {
    const i = order.indexOf(c.localName ?? '');
    return i > at || (i < 0 && c.localName === 'extLst');
  });
  parent.insertBefore(el, next ?? null);
}

/** Writes out the 2007 meaning of every left-out setting LibreOffice and Office read by version. */
export function explicitOffice2007Chart(root: Element): void {
  for (const el of allElements(root)) {
    if (el.namespaceURI !== C_NS) continue;
    const name = el.localName;
    const parent = el.parent?.localName ?? '';
    // <c:marker> is a boolean only directly in a line chart group; in a series it is a marker style.
    const isBoolean = BOOLEANS.has(name) && (name !== 'marker' || /^line(3D)?Chart$/.test(parent));
    if (isBoolean && !el.hasAttribute('val') && elementChildren(el).length === 0) el.setAttribute('val', '0');
    if (/^(catAx|valAx|dateAx|serAx)$/.test(name)) {
      const order = [
        'axId',
        'scaling',
        'delete',
        'axPos',
        'majorGridlines',
        'minorGridlines',
        'title',
        'numFmt',
        'majorTickMark',
        'minorTickMark',
        'tickLblPos',
        'spPr',
        'txPr',
        'crossAx',
        'crosses',
        'crossesAt',
        'extLst',
      ];
      if (!firstChild(el, 'delete')) insertFlag(el, 'delete', order);
      if (!firstChild(el, 'majorTickMark')) insertFlag(el, 'majorTickMark', order, 'out');
      if (!firstChild(el, 'minorTickMark')) insertFlag(el, 'minorTickMark', order, 'none');
    }
    if ((name === 'majorTickMark' || name === 'minorTickMark') && !el.hasAttribute('val'))
      el.setAttribute('val', 'out');
    if (name === 'grouping' && !el.hasAttribute('val')) el.setAttribute('val', 'standard');
    if ((name === 'barChart' || name === 'bar3DChart') && !firstChild(el, 'grouping')) {
      insertFlag(
        el,
        'grouping',
        ['barDir', 'grouping', 'varyColors', 'ser', 'dLbls', 'gapWidth', 'extLst'],
        'standard',
      );
    }
    if (name === 'lineChart' && !firstChild(el, 'marker')) {
      insertFlag(el, 'marker', [
        'grouping',
        'varyColors',
        'ser',
        'dLbls',
        'dropLines',
        'hiLowLines',
        'upDownBars',
        'marker',
        'smooth',
        'axId',
        'extLst',
      ]);
    }
    if ((name === 'dLbls' || name === 'dLbl') && !firstChild(el, 'delete')) {
      for (const flag of LABEL_FLAGS) if (!firstChild(el, flag)) insertFlag(el, flag, LABEL_ORDER);
    }
    if (GROUPS.has(name) && !firstChild(el, 'varyColors')) {
      const prefix = el.prefix ? `${el.prefix}:` : '';
      const v = new Element(`${prefix}varyColors`, C_NS);
      v.setAttribute('val', '0');
      el.insertBefore(v, elementChildren(el).find((c) => !BEFORE_VARY.has(c.localName ?? '')) ?? null);
    }
    if (name === 'ser' && /^(lineChart|line3DChart|scatterChart)$/.test(parent) && !firstChild(el, 'smooth')) {
      insertFlag(el, 'smooth', ['smooth', 'extLst']);
    }
    if ((name === 'legend' || name === 'title') && !firstChild(el, 'overlay')) {
      insertFlag(el, 'overlay', ['legendPos', 'legendEntry', 'tx', 'layout', 'overlay', 'spPr', 'txPr', 'extLst']);
    }
    if (name === 'view3D' && !firstChild(el, 'rAngAx')) {
      insertFlag(el, 'rAngAx', ['rotX', 'hPercent', 'rotY', 'depthPercent', 'rAngAx', 'perspective', 'extLst']);
    }
    if (name === 'chart' && !firstChild(el, 'autoTitleDeleted')) {
      insertFlag(el, 'autoTitleDeleted', [
        'title',
        'autoTitleDeleted',
        'pivotFmts',
        'view3D',
        'floor',
        'sideWall',
        'backWall',
        'plotArea',
        'legend',
        'plotVisOnly',
        'dispBlanksAs',
        'showDLblsOverMax',
        'extLst',
      ]);
    }
  }
}
