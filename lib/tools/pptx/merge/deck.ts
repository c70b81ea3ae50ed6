// One source deck opened through the guarded package reader: its content types, presentation part,
// slide list, masters and sizes, with cached relationship lookups.
import { createHash } from 'node:crypto';
import { AppError } from '@/lib/core/errors';
import { damagedError, decodeXml, openPackage, type OfficePackage } from '@/lib/office/package-reader';
import {
  ContentTypes,
  NS,
  REL,
  XmlError,
  descendants,
  firstChild,
  parseRels,
  parseXml,
  relsPartOf,
  type Rel,
  type XElement as Element,
} from '@/lib/office/opc';
import { serializeElement } from '@/lib/office/xtree';
import type { Size } from './scale';
import { isOffice2007 } from './chart-2007';

export interface SourceSlide {
  part: string;
  id: number;
}

export interface SourceDeck {
  index: number;
  fileName: string;
  pkg: OfficePackage;
  ct: ContentTypes;
  presPart: string;
  presXml: string;
  presRels: Rel[];
  slides: SourceSlide[];
  masters: string[];
  notesMaster: string | null;
  handoutMaster: string | null;
  size: Size;
  notesSize: Size;
  /** The presentation's <p:defaultTextStyle> (text box defaults) as XML, or null. */
  defaultTextStyle: string | null;
  /** Office 2007 wrote it (its charts leave out settings later versions read differently). */
  office2007: boolean;
  /** The relationships of a part (internal targets resolved to stored names), cached. */
  rels(part: string): Promise<Rel[]>;
  /** A part's bytes; cached for small parts until take() hands them over. */
  read(part: string): Promise<Buffer>;
  take(part: string): Promise<Buffer>;
  /** Starts reading the deck's small parts ahead (call just before the deck is copied). */
  startPrefetch(): void;
  /** Drops cached bytes once the deck is copied. */
  release(): void;
  hashOf(part: string): Promise<string>;
}

const CACHE_LIMIT = 8 * 1024 * 1024;

function sizeOf(el: Element | undefined, fallback: Size): Size {
  const cx = Number(el?.getAttribute('cx'));
  const cy = Number(el?.getAttribute('cy'));
  return cx > 0 && cy > 0 ? { cx, cy } : fallback;
}

const PREFETCH_PART = 2 * 1024 * 1024;
const PREFETCH_TOTAL = 64 * 1024 * 1024;
const PREFETCH_PARALLEL = 8;

/** Reads the small parts ahead, several at once: the copy walks parts one by one and would wait on each. */
function prefetch(
  pkg: OfficePackage,
  pending: Map<string, Promise<Buffer | undefined>>,
  bytes: Map<string, Buffer>,
): void {
  let budget = PREFETCH_TOTAL;
  const queue = pkg.names().filter((n) => {
    const size = pkg.size(n);
    if (n.endsWith('/') || size > PREFETCH_PART || size > budget) return false;
    budget -= size;
    return true;
  });
  const settle = new Map<string, (b: Buffer | undefined) => void>();
  for (const n of queue) pending.set(n, new Promise((resolve) => settle.set(n, resolve)));
  const worker = async () => {
    for (let n = queue.shift(); n !== undefined; n = queue.shift()) {
      let buf: Buffer | undefined;
      try {
        buf = await pkg.read(n);
      } catch {
        buf = undefined; /* read again on demand, which reports */
      }
      if (buf) bytes.set(n, buf);
      pending.delete(n);
      settle.get(n)!(buf);
    }
  };
  for (let i = 0; i < PREFETCH_PARALLEL; i++) void worker();
}

/**
 * Where a ZIP really ends when bytes trail its end-of-central-directory record (some writers and transfers
 * append a newline; PowerPoint ignores them), or null when nothing trails.
 */
export async function openDeck(filePath: string, name: string, index: number): Promise<SourceDeck> {
  // The package reader also accepts decks with stray bytes after the ZIP's end record.
  const pkg = await openPackage(filePath, name, 'pptx');
  const fileName = pkg.fileName;
  try {
    return await loadDeck(pkg, index);
  } catch (err) {
    await pkg.close();
    if (err instanceof AppError) throw err;
    if (err instanceof XmlError) throw damagedError(fileName, 'pptx');
    throw err;
  }
}

async function loadDeck(pkg: OfficePackage, index: number): Promise<SourceDeck> {
  const fileName = pkg.fileName;
  const presPart = pkg.mainPart;
  if (!presPart || !pkg.has('[Content_Types].xml')) throw damagedError(fileName, 'pptx');
  const ct = ContentTypes.parse(await pkg.readXml('[Content_Types].xml'));

  const relsCache = new Map<string, Rel[]>();
  const bytes = new Map<string, Buffer>();
  const hashes = new Map<string, string>();

  const pending = new Map<string, Promise<Buffer | undefined>>();
  const read = async (part: string): Promise<Buffer> => {
    const hit = bytes.get(part) ?? (await pending.get(part));
    if (hit) return hit;
    const buf = await pkg.read(part);
    if (buf.length <= CACHE_LIMIT) bytes.set(part, buf);
    return buf;
  };
  let prefetching = false;
  const startPrefetch = () => {
    if (!prefetching) {
      prefetching = true;
      prefetch(pkg, pending, bytes);
    }
  };
  const take = async (part: string): Promise<Buffer> => {
    const buf = await read(part);
    bytes.delete(part);
    return buf;
  };
  const rels = async (part: string): Promise<Rel[]> => {
    const hit = relsCache.get(part);
    if (hit) return hit;
    const relsPart = pkg.resolve(relsPartOf(part));
    let list: Rel[] = [];
    if (relsPart) {
      list = parseRels(decodeXml(await take(relsPart), fileName, 'pptx'), part);
      // Internal targets are matched to the stored part names (ZIP names are case-sensitive, OPC's are not).
      list = list.map((r) => (r.external ? r : { ...r, target: pkg.resolve(r.target) ?? r.target }));
    }
    relsCache.set(part, list);
    return list;
  };
  const hashOf = async (part: string): Promise<string> => {
    const hit = hashes.get(part);
    if (hit) return hit;
    const h = createHash('sha1');
    if (pkg.size(part) > CACHE_LIMIT) {
      const s = await pkg.stream(part);
      for await (const chunk of s) h.update(chunk as Buffer);
    } else h.update(await read(part));
    const digest = h.digest('hex');
    hashes.set(part, digest);
    return digest;
  };

  const presXml = await pkg.readXml(presPart);
  const presRels = await rels(presPart);
  const byId = new Map(presRels.filter((r) => !r.external).map((r) => [r.id, r.target]));
  const { root } = parseXml(presXml);

  const listTargets = (listName: string, itemName: string): { part: string; el: Element }[] => {
    const list = firstChild(root, listName);
    if (!list) return [];
    const out: { part: string; el: Element }[] = [];
    for (const el of descendants(list, itemName)) {
      const target = byId.get(el.getAttributeNS(NS.r, 'id') ?? '');
      if (target && pkg.has(target)) out.push({ part: target, el });
    }
    return out;
  };

  if (/^http:\/\/purl\.oclc\.org\/ooxml\//.test(root.namespaceURI)) {
    throw new AppError(
      'UNPROCESSABLE',
      `"${fileName}" is saved as a Strict Open XML presentation, which cannot be merged. Save it as a regular PowerPoint presentation (.pptx) and try again.`,
    );
  }
  // A slide listed twice (a damaged list) is taken once.
  const seen = new Set<string>();
  const slides = listTargets('sldIdLst', 'sldId')
    .filter(({ part }) => !seen.has(part) && seen.add(part))
    .map(({ part, el }) => ({ part, id: Number(el.getAttribute('id')) }));
  if (slides.length === 0) {
    throw new AppError('UNPROCESSABLE', `"${fileName}" has no slides. Add a slide to it or leave it out of the merge.`);
  }
  const masters = listTargets('sldMasterIdLst', 'sldMasterId').map((t) => t.part);
  const notesMaster =
    listTargets('notesMasterIdLst', 'notesMasterId')[0]?.part ??
    presRels.find((r) => r.type === REL.notesMaster && !r.external && pkg.has(r.target))?.target ??
    null;
  const handoutMaster = listTargets('handoutMasterIdLst', 'handoutMasterId')[0]?.part ?? null;

  let office2007 = false;
  const appRel = (await rels('')).find((r) => r.type === REL.appProps && !r.external && pkg.has(r.target));
  if (appRel && pkg.size(appRel.target) < 1024 * 1024) {
    try {
      const app = parseXml(decodeXml(await take(appRel.target), fileName, 'pptx')).root;
      office2007 = isOffice2007(
        firstChild(app, 'Application')?.textContent ?? '',
        firstChild(app, 'AppVersion')?.textContent ?? '',
      );
    } catch {
      /* unreadable app.xml: not a 2007 deck */
    }
  }

  const dts = firstChild(root, 'defaultTextStyle');
  const defaultTextStyle = dts ? serializeElement(dts) : null;

  return {
    defaultTextStyle,
    office2007,
    index,
    fileName,
    pkg,
    ct,
    presPart,
    presXml,
    presRels,
    slides,
    masters,
    notesMaster,
    handoutMaster,
    size: sizeOf(firstChild(root, 'sldSz'), { cx: 9144000, cy: 6858000 }),
    notesSize: sizeOf(firstChild(root, 'notesSz'), { cx: 6858000, cy: 9144000 }),
    rels,
    read,
    take,
    hashOf,
    startPrefetch,
    release: () => {
      bytes.clear();
      relsCache.clear();
    },
  };
}
