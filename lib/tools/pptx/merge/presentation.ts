// Presentation-level parts of the merged deck: presentation.xml (first deck's settings, new id lists, one
// section per source deck), app.xml, merged comment authors (legacy and modern) and table styles, and a
// notes master for decks whose notes have none.
import { randomUUID } from 'node:crypto';
import { decodeXml } from '@/lib/office/package-reader';
import type { SourceDeck } from './deck';
import {
  NS,
  REL,
  descendants,
  elementChildren,
  escAttr,
  firstChild,
  parseXml,
  serializeXml,
  type XDoc,
} from '@/lib/office/opc';
import { XElement, allElements } from '@/lib/office/xtree';
import type { Size } from './scale';

export interface Section {
  name: string;
  slideIds: number[];
}

export interface PresentationLists {
  masters: { id: number; rid: string }[];
  notesMasterRid: string | null;
  handoutMasterRid: string | null;
  slides: { id: number; rid: string }[];
  /** First deck's presentation rel ids -> new ones (embedded fonts, tags...); unmapped references are removed. */
  ridMap: Map<string, string>;
  sections: Section[];
}

const SECTION_EXT = '{521415D9-36F7-43E2-AB2F-B90AF26B5E84}';
const REMOVED = new Set(['sldMasterIdLst', 'notesMasterIdLst', 'handoutMasterIdLst', 'sldIdLst', 'custShowLst']);

export function buildPresentationXml(deck0: SourceDeck, lists: PresentationLists): string {
  const doc = parseXml(deck0.presXml);
  const { root } = doc;
  const p = root.namespaceURI || NS.p;
  const pp = root.prefix ? `${root.prefix}:` : '';
  const el = (name: string) => new XElement(`${pp}${name}`, p);
  const withRid = (e: XElement, rid: string) => {
    e.setAttributeNS(NS.r, 'r:id', rid);
    return e;
  };

  for (const child of root.elements()) if (REMOVED.has(child.localName)) root.removeChild(child);
  // Other references to the first deck's presentation relationships (embedded fonts, tags...).
  for (const e of allElements(root)) {
    for (const attr of e.attributesNS(NS.r)) {
      const mapped = lists.ridMap.get(e.getAttribute(attr) ?? '');
      if (mapped) e.setAttribute(attr, mapped);
      else {
        e.parent?.removeChild(e);
        break;
      }
    }
  }
  for (const list of ['embeddedFontLst', 'custDataLst']) {
    const l = firstChild(root, list);
    if (l && l.elements().length === 0) root.removeChild(l);
  }
  for (const font of descendants(root, 'embeddedFont')) {
    if (!font.elements().some((c) => c.localName !== 'font')) font.parent?.removeChild(font);
  }

  const masterList = el('sldMasterIdLst');
  for (const m of lists.masters) {
    const e = el('sldMasterId');
    e.setAttribute('id', String(m.id));
    masterList.appendChild(withRid(e, m.rid));
  }
  const fresh: XElement[] = [masterList];
  if (lists.notesMasterRid) {
    const l = el('notesMasterIdLst');
    l.appendChild(withRid(el('notesMasterId'), lists.notesMasterRid));
    fresh.push(l);
  }
  if (lists.handoutMasterRid) {
    const l = el('handoutMasterIdLst');
    l.appendChild(withRid(el('handoutMasterId'), lists.handoutMasterRid));
    fresh.push(l);
  }
  const slideList = el('sldIdLst');
  for (const s of lists.slides) {
    const e = el('sldId');
    e.setAttribute('id', String(s.id));
    slideList.appendChild(withRid(e, s.rid));
  }
  fresh.push(slideList);
  const anchor = firstChild(root, 'sldSz') ?? firstChild(root, 'notesSz') ?? root.elements()[0];
  for (const e of fresh) root.insertBefore(e, anchor);

  // One section per source deck.
  let extLst = firstChild(root, 'extLst');
  if (!extLst) {
    extLst = el('extLst');
    root.appendChild(extLst);
  }
  for (const ext of extLst.elements()) if (ext.getAttribute('uri') === SECTION_EXT) extLst.removeChild(ext);
  const sectionsXml = lists.sections
    .map(
      (s) =>
        `<p14:section name="${escAttr(s.name)}" id="{${randomUUID().toUpperCase()}}"><p14:sldIdLst>${s.slideIds
          .map((id) => `<p14:sldId id="${id}"/>`)
          .join('')}</p14:sldIdLst></p14:section>`,
    )
    .join('');
  const frag = parseXml(
    `<${pp}ext xmlns${pp ? `:${pp.slice(0, -1)}` : ''}="${p}" uri="${SECTION_EXT}"><p14:sectionLst xmlns:p14="${NS.p14}">${sectionsXml}</p14:sectionLst></${pp}ext>`,
  ).root;
  frag.removeAttribute(pp ? `xmlns:${pp.slice(0, -1)}` : 'xmlns');
  extLst.insertBefore(frag, extLst.children[0]);
  return serializeXml(doc);
}

export interface AppStats {
  slides: number;
  notes: number;
  hidden: number;
  clips: number;
}

export async function buildAppXml(deck0: SourceDeck, appPart: string | null, stats: AppStats): Promise<string> {
  let application = 'Microsoft Office PowerPoint';
  let format = '';
  if (appPart) {
    try {
      const { root } = parseXml(decodeXml(await deck0.pkg.read(appPart), deck0.fileName, 'pptx'));
      application = firstChild(root, 'Application')?.textContent?.trim() || application;
      format = firstChild(root, 'PresentationFormat')?.textContent?.trim() ?? '';
    } catch {
      /* a broken app.xml is replaced as a whole */
    }
  }
  const tag = (n: string, v: string | number) => `<${n}>${escAttr(String(v))}</${n}>`;
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/extended-properties" xmlns:vt="http://schemas.openxmlformats.org/officeDocument/2006/docPropsVTypes">${tag(
    'TotalTime',
    0,
  )}${tag('Application', application)}${format ? tag('PresentationFormat', format) : ''}${tag(
    'Slides',
    stats.slides,
  )}${tag('Notes', stats.notes)}${tag('HiddenSlides', stats.hidden)}${tag('MMClips', stats.clips)}${tag(
    'ScaleCrop',
    'false',
  )}${tag('LinksUpToDate', 'false')}${tag('SharedDoc', 'false')}${tag('HyperlinksChanged', 'false')}${tag(
    'AppVersion',
    '16.0000',
  )}</Properties>`;
}

async function presPartXml(deck: SourceDeck, type: string): Promise<XDoc | null> {
  const rel = deck.presRels.find((r) => r.type === type && !r.external && deck.pkg.has(r.target));
  if (!rel) return null;
  return parseXml(decodeXml(await deck.pkg.read(rel.target), deck.fileName, 'pptx'));
}

export interface AuthorMaps {
  authorId: Map<string, string>;
  idxOffset: Map<string, number>;
}

/** Legacy comment authors merged by name and initials; each deck gets its id map and comment index offsets. */
export async function mergeCommentAuthors(decks: SourceDeck[]): Promise<{ xml: string | null; maps: AuthorMaps[] }> {
  const merged: { name: string; initials: string; lastIdx: number; clrIdx: string }[] = [];
  const byKey = new Map<string, number>();
  const maps: AuthorMaps[] = [];
  for (const deck of decks) {
    const m: AuthorMaps = { authorId: new Map(), idxOffset: new Map() };
    maps.push(m);
    const doc = await presPartXml(deck, REL.commentAuthors);
    if (!doc) continue;
    for (const a of descendants(doc.root, 'cmAuthor')) {
      const name = a.getAttribute('name') ?? '';
      const initials = a.getAttribute('initials') ?? '';
      const key = `${name}\u0000${initials}`;
      const lastIdx = Math.max(0, Number(a.getAttribute('lastIdx')) || 0);
      let i = byKey.get(key);
      if (i === undefined) {
        i = merged.length;
        byKey.set(key, i);
        merged.push({ name, initials, lastIdx: 0, clrIdx: a.getAttribute('clrIdx') ?? String(i % 8) });
      }
      m.authorId.set(a.getAttribute('id') ?? '', String(i));
      m.idxOffset.set(a.getAttribute('id') ?? '', merged[i].lastIdx);
      merged[i].lastIdx += lastIdx;
    }
  }
  if (merged.length === 0) return { xml: null, maps };
  const items = merged.map(
    (a, i) =>
      `<p:cmAuthor id="${i}" name="${escAttr(a.name)}" initials="${escAttr(a.initials)}" lastIdx="${a.lastIdx}" clrIdx="${escAttr(a.clrIdx)}"/>`,
  );
  return {
    xml: `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<p:cmAuthorLst xmlns:a="${NS.a}" xmlns:r="${NS.r}" xmlns:p="${NS.p}">${items.join('')}</p:cmAuthorLst>`,
    maps,
  };
}

/** Union of the decks' children of one presentation-level part, keyed by an attribute (first deck wins). */
async function unionPart(
  decks: SourceDeck[],
  type: string,
  childName: string,
  keyAttr: string,
): Promise<string | null> {
  let base: XDoc | null = null;
  const seen = new Set<string>();
  for (const deck of decks) {
    const doc = await presPartXml(deck, type);
    if (!doc) continue;
    const { root } = doc;
    if (!base) {
      base = doc;
      for (const c of descendants(root, childName)) seen.add(c.getAttribute(keyAttr) ?? '');
      continue;
    }
    const baseRoot = base.root;
    for (const c of elementChildren(root)) {
      if (c.localName !== childName) continue;
      const key = c.getAttribute(keyAttr) ?? '';
      if (seen.has(key)) continue;
      seen.add(key);
      baseRoot.insertBefore(c.clone(), firstChild(baseRoot, 'extLst'));
    }
  }
  return base ? serializeXml(base) : null;
}

export const mergeTableStyles = (decks: SourceDeck[]) => unionPart(decks, REL.tableStyles, 'tblStyle', 'styleId');
export const mergeModernAuthors = (decks: SourceDeck[]) => unionPart(decks, REL.modernAuthors, 'author', 'id');

/** A plain notes master (slide image above, notes below) for notes whose decks have none. */
export function plainNotesMaster(notes: Size, slide: Size): string {
  const mx = Math.round(notes.cx * 0.1);
  const imgW = notes.cx - 2 * mx;
  const imgH = Math.round(Math.min(imgW * (slide.cy / slide.cx), notes.cy * 0.4));
  const imgX = Math.round((notes.cx - imgH * (slide.cx / slide.cy)) / 2);
  const top = Math.round(notes.cy * 0.08);
  const bodyY = top + imgH + Math.round(notes.cy * 0.04);
  const bodyH = Math.round(notes.cy * 0.9) - bodyY;
  const ph = (
    id: number,
    name: string,
    type: string,
    idx: number,
    x: number,
    y: number,
    cx: number,
    cy: number,
    body: string,
  ) =>
    `<p:sp><p:nvSpPr><p:cNvPr id="${id}" name="${name}"/><p:cNvSpPr><a:spLocks noGrp="1"/></p:cNvSpPr><p:nvPr><p:ph type="${type}" idx="${idx}"/></p:nvPr></p:nvSpPr><p:spPr><a:xfrm><a:off x="${x}" y="${y}"/><a:ext cx="${cx}" cy="${cy}"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom>${body}</p:spPr>${
      type === 'body'
        ? '<p:txBody><a:bodyPr/><a:lstStyle/><a:p><a:r><a:rPr lang="en-US"/><a:t>Notes</a:t></a:r></a:p></p:txBody>'
        : ''
    }</p:sp>`;
  const lvl = (n: number) =>
    `<a:lvl${n}pPr marL="${(n - 1) * 457200}" algn="l" defTabSz="914400"><a:defRPr sz="1200" kern="1200"><a:solidFill><a:schemeClr val="tx1"/></a:solidFill><a:latin typeface="+mn-lt"/><a:ea typeface="+mn-ea"/><a:cs typeface="+mn-cs"/></a:defRPr></a:lvl${n}pPr>`;
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<p:notesMaster xmlns:a="${NS.a}" xmlns:r="${NS.r}" xmlns:p="${NS.p}"><p:cSld><p:bg><p:bgRef idx="1001"><a:schemeClr val="bg1"/></p:bgRef></p:bg><p:spTree><p:nvGrpSpPr><p:cNvPr id="1" name=""/><p:cNvGrpSpPr/><p:nvPr/></p:nvGrpSpPr><p:grpSpPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="0" cy="0"/><a:chOff x="0" y="0"/><a:chExt cx="0" cy="0"/></a:xfrm></p:grpSpPr>${ph(
    2,
    'Slide Image Placeholder 1',
    'sldImg',
    2,
    imgX,
    top,
    notes.cx - 2 * imgX,
    imgH,
    '<a:noFill/><a:ln w="12700"><a:solidFill><a:prstClr val="black"/></a:solidFill></a:ln>',
  )}${ph(
    3,
    'Notes Placeholder 2',
    'body',
    3,
    mx,
    bodyY,
    imgW,
    Math.max(bodyH, 914400),
    '',
  )}</p:spTree></p:cSld><p:clrMap bg1="lt1" tx1="dk1" bg2="lt2" tx2="dk2" accent1="accent1" accent2="accent2" accent3="accent3" accent4="accent4" accent5="accent5" accent6="accent6" hlink="hlink" folHlink="folHlink"/><p:notesStyle>${[
    1, 2, 3, 4, 5, 6, 7, 8, 9,
  ]
    .map(lvl)
    .join('')}</p:notesStyle></p:notesMaster>`;
}

/** The Office theme's colours and fonts, for the plain notes master. */
export function plainTheme(): string {
  const c = (n: string, v: string) => `<a:${n}><a:srgbClr val="${v}"/></a:${n}>`;
  const fill = '<a:solidFill><a:schemeClr val="phClr"/></a:solidFill>';
  const ln = (w: number) => `<a:ln w="${w}"><a:solidFill><a:schemeClr val="phClr"/></a:solidFill></a:ln>`;
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<a:theme xmlns:a="${NS.a}" name="Office Theme"><a:themeElements><a:clrScheme name="Office"><a:dk1><a:sysClr val="windowText" lastClr="000000"/></a:dk1><a:lt1><a:sysClr val="window" lastClr="FFFFFF"/></a:lt1>${c(
    'dk2',
    '44546A',
  )}${c('lt2', 'E7E6E6')}${c('accent1', '4472C4')}${c('accent2', 'ED7D31')}${c('accent3', 'A5A5A5')}${c('accent4', 'FFC000')}${c('accent5', '5B9BD5')}${c('accent6', '70AD47')}${c('hlink', '0563C1')}${c('folHlink', '954F72')}</a:clrScheme><a:fontScheme name="Office"><a:majorFont><a:latin typeface="Calibri Light"/><a:ea typeface=""/><a:cs typeface=""/></a:majorFont><a:minorFont><a:latin typeface="Calibri"/><a:ea typeface=""/><a:cs typeface=""/></a:minorFont></a:fontScheme><a:fmtScheme name="Office"><a:fillStyleLst>${fill}${fill}${fill}</a:fillStyleLst><a:lnStyleLst>${ln(6350)}${ln(12700)}${ln(19050)}</a:lnStyleLst><a:effectStyleLst><a:effectStyle><a:effectLst/></a:effectStyle><a:effectStyle><a:effectLst/></a:effectStyle><a:effectStyle><a:effectLst/></a:effectStyle></a:effectStyleLst><a:bgFillStyleLst>${fill}${fill}${fill}</a:bgFillStyleLst></a:fmtScheme></a:themeElements><a:objectDefaults/><a:extraClrSchemeLst/></a:theme>`;
}
