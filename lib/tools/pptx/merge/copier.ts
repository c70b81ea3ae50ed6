// Copies the parts one source deck contributes, following relationships from each slide: layout and
// master (stored once per content hash), theme and its images, media, charts with their workbooks and
// style parts, SmartArt, OLE objects, notes, comments. Relationship ids are kept (SmartArt data refers to
// its drawing by the slide's rel id), targets are renamed, and relationships whose targets are missing
// are dropped.
import { createHash } from 'node:crypto';
import { decodeXml } from '@/lib/office/package-reader';
import type { SourceDeck } from './deck';
import { explicitOffice2007Chart } from './chart-2007';
import { applyTextDefaults, ensureSize } from './text-defaults';
import {
  PPTX_CT as CT,
  NS,
  REL,
  descendants,
  firstChild,
  parseXml,
  serializeXml,
  type Rel,
  type XElement as Element,
} from '@/lib/office/opc';
import type { OutPackage } from '@/lib/office/out-package';
import { scaleDocument, type Fit } from './scale';
import { allElements } from '@/lib/office/xtree';

/** What the copiers of all decks share. */
export interface MergeState {
  out: OutPackage;
  /** Next id for masters and layouts (>= 2^31, one space for both). */
  nextMasterId: number;
  masters: Map<string, MasterEntry>;
  masterOrder: MasterEntry[];
  /** Identical media (same bytes) stored once. */
  media: Map<string, string>;
  /** Layouts reached from slides but missing from their master's list (sloppy writers): listed at the end. */
  orphanLayouts: { master: string; layout: string }[];
  ensureNotesMaster(): Promise<string | null>;
}

export interface MasterEntry {
  name: string;
  id: number;
  layoutsByRid: Map<string, string | null>;
}

export interface CommentMap {
  authorId: Map<string, string>;
  idxOffset: Map<string, number>;
}

const LARGE = 8 * 1024 * 1024;
const BACK_LINKS = new Set<string>([REL.slideMaster, REL.slide, REL.notesSlide, REL.notesMaster, REL.handoutMaster]);

/** References to relationships that were not written: optional ones go (a picture without its image, an
 * inert link), so no element names a relationship that does not exist. */
function dropReferences(all: Element[], dropped: Set<string>): void {
  for (const el of all) {
    for (const attr of el.attributesNS(NS.r)) {
      const local = attr.slice(attr.indexOf(':') + 1);
      const optional = local === 'embed' || local === 'link' || /^hlink/.test(el.localName);
      if (optional && dropped.has(el.getAttribute(attr) ?? '')) el.removeAttribute(attr);
    }
  }
}

export class DeckCopier {
  readonly memo = new Map<string, string | null>();
  /** Source slide part -> output slide part, for slide-jump links and notes back-links. */
  readonly slideNames = new Map<string, string>();
  /** Source slide id -> output slide id (modern comments name their slide by id). */
  readonly slideIds = new Map<string, string>();
  comments: CommentMap = { authorId: new Map(), idxOffset: new Map() };
  private readonly hashes = new Map<string, string>();

  constructor(
    readonly deck: SourceDeck,
    private readonly state: MergeState,
    private readonly slideFit: Fit | null,
    private readonly notesFit: Fit | null,
    /** This deck's text box defaults when they differ from the merged deck's or its slides are fitted. */
    textDefaults: Element | null = null,
  ) {
    // Defaults are written in already fitted (and with explicit sizes), after the part itself is scaled.
    if (textDefaults && slideFit) {
      const copy = textDefaults.clone();
      for (const level of copy.elements()) if (/^lvl\dpPr$/.test(level.localName)) ensureSize(level);
      scaleDocument({ standalone: false, root: copy }, slideFit, false);
      this.textDefaults = copy;
    } else this.textDefaults = textDefaults;
  }

  private readonly textDefaults: Element | null;

  private typeOf(part: string): string {
    return this.deck.ct.typeOf(part) ?? 'application/octet-stream';
  }

  /** Copies a part reached by a relationship; returns its output name or null when it is left out. */
  async copyPart(part: string): Promise<string | null> {
    const stored = this.deck.pkg.resolve(part);
    if (!stored) return null;
    if (this.memo.has(stored)) return this.memo.get(stored)!;
    const type = this.typeOf(stored);
    if (CT.slide.test(type)) return this.slideNames.get(stored) ?? null;
    if (CT.master.test(type)) return this.ensureMaster(stored);
    if (CT.layout.test(type)) return this.ensureLayout(stored);
    if (CT.notesMaster.test(type)) return this.state.ensureNotesMaster();
    if (CT.handoutMaster.test(type)) return null;
    return this.copyGeneric(stored, type);
  }

  async copySlide(part: string, outName: string): Promise<{ hidden: boolean; notes: boolean; clips: number }> {
    const stored = this.deck.pkg.resolve(part)!;
    const rels: Rel[] = [];
    let hidden = false;
    await this.copyGeneric(stored, this.typeOf(stored), outName, rels, (xml) => {
      hidden = /<(?:\w+:)?sld\b[^>]*\sshow="(?:0|false)"/.test(xml);
    });
    return {
      hidden,
      notes: rels.some((r) => r.type === REL.notesSlide),
      clips: rels.filter((r) => /\/(video|audio|media)$/.test(r.type)).length,
    };
  }

  /** Copies a part under a new (or given) name, then its relationship targets, then adapts its XML. */
  async copyGeneric(
    stored: string,
    type: string,
    presetName?: string,
    relsOut: Rel[] = [],
    inspect?: (xml: string) => void,
  ): Promise<string> {
    const { out } = this.state;
    const isMedia = /^ppt\/media\//i.test(stored) && this.deck.pkg.size(stored) <= LARGE;
    if (isMedia && !presetName) {
      const key = `${type}:${await this.deck.hashOf(stored)}`;
      const known = this.state.media.get(key);
      if (known) {
        this.memo.set(stored, known);
        return known;
      }
      const name = out.alloc(stored);
      this.state.media.set(key, name);
      this.memo.set(stored, name);
      out.add({ name, type, data: await this.deck.take(stored) });
      return name;
    }

    const name = presetName ?? out.alloc(stored);
    this.memo.set(stored, name);
    const dropped = new Set<string>();
    for (const rel of await this.deck.rels(stored)) {
      if (rel.external) {
        relsOut.push(rel);
        continue;
      }
      const target = rel.type === REL.vbaProject ? null : await this.copyPart(rel.target);
      if (target) relsOut.push({ ...rel, target });
      else dropped.add(rel.id);
    }

    if (CT.notes.test(type) && !relsOut.some((r) => r.type === REL.notesMaster)) {
      // Notes whose notes master is missing get the merged deck's (a plain one when no deck has any).
      const nm = await this.state.ensureNotesMaster();
      let n = relsOut.length + 1;
      while (relsOut.some((r) => r.id === `rId${n}`) || dropped.has(`rId${n}`)) n += 1;
      if (nm) relsOut.push({ id: `rId${n}`, type: REL.notesMaster, target: nm, external: false });
    }
    const fit = CT.notes.test(type) || CT.notesMaster.test(type) ? this.notesFit : this.slideFit;
    const placeable =
      CT.slide.test(type) ||
      CT.layout.test(type) ||
      CT.master.test(type) ||
      CT.notes.test(type) ||
      CT.notesMaster.test(type) ||
      CT.handoutMaster.test(type);
    const textOnly = CT.chart.test(type) || CT.diagramDrawing.test(type);
    const isMaster = CT.master.test(type);
    const isComments = CT.comments.test(type) && this.comments.authorId.size > 0;
    const isModern = CT.modernComments.test(type);
    const chart2007 = this.deck.office2007 && /drawingml\.chart\+xml$/.test(type);
    const textDefaults = this.textDefaults && (CT.slide.test(type) || CT.layout.test(type) || CT.master.test(type));
    const dangling = dropped.size > 0 && /\+xml$/.test(type);
    const rewrite =
      ((placeable || textOnly) && fit) || isMaster || isComments || isModern || chart2007 || textDefaults || dangling;

    if (!rewrite && !inspect && this.deck.pkg.size(stored) > LARGE) {
      const { pkg } = this.deck;
      out.add({ name, type, stream: () => pkg.stream(stored), size: pkg.size(stored), rels: relsOut });
      return name;
    }
    const data = await this.deck.take(stored);
    if (!rewrite) {
      if (inspect) inspect(data.subarray(0, 4096).toString('utf8'));
      out.add({ name, type, data, rels: relsOut });
      return name;
    }
    const doc = parseXml(decodeXml(data, this.deck.fileName, 'pptx'));
    const { root } = doc;
    const all = allElements(root);
    if (dangling) dropReferences(all, dropped);
    if ((placeable || textOnly) && fit) scaleDocument(doc, fit, placeable, all);
    if (textDefaults) applyTextDefaults(root, this.textDefaults!, false, all);
    if (isMaster) this.renumberLayouts(root, dropped);
    if (isComments) this.remapComments(root);
    if (isModern) this.remapModernComments(root);
    if (chart2007) explicitOffice2007Chart(root);
    const xml = serializeXml(doc);
    if (inspect) inspect(xml.slice(0, 4096));
    out.add({ name, type, data: Buffer.from(xml, 'utf8'), rels: relsOut });
    return name;
  }

  /** Masters are stored once per content (and fit): a deck whose master is already in the output reuses it. */
  async ensureMaster(stored: string): Promise<string> {
    if (this.memo.has(stored)) return this.memo.get(stored)!;
    const fitKey = `${this.slideFit ? `${this.slideFit.s}:${this.slideFit.dx}:${this.slideFit.dy}` : '1'}:${this.textDefaults ? this.deck.defaultTextStyle : ''}`;
    const key = `${fitKey}:${await this.subtreeHash(stored, new Set())}`;
    const rels = await this.deck.rels(stored);
    const known = this.state.masters.get(key);
    if (known) {
      this.memo.set(stored, known.name);
      for (const r of rels) {
        if (r.type === REL.slideLayout && !r.external) this.memo.set(r.target, known.layoutsByRid.get(r.id) ?? null);
      }
      return known.name;
    }
    const entry: MasterEntry = {
      name: this.state.out.alloc(stored),
      id: this.state.nextMasterId++,
      layoutsByRid: new Map(),
    };
    this.state.masters.set(key, entry);
    this.state.masterOrder.push(entry);
    await this.copyGeneric(stored, this.typeOf(stored), entry.name);
    for (const r of rels) {
      if (r.type === REL.slideLayout && !r.external) entry.layoutsByRid.set(r.id, this.memo.get(r.target) ?? null);
    }
    return entry.name;
  }

  private async ensureLayout(stored: string): Promise<string | null> {
    const masterRel = (await this.deck.rels(stored)).find((r) => r.type === REL.slideMaster && !r.external);
    const master = masterRel && this.deck.pkg.resolve(masterRel.target);
    if (master && !this.memo.has(master)) {
      await this.ensureMaster(master);
      if (this.memo.has(stored)) return this.memo.get(stored)!;
    }
    const name = await this.copyGeneric(stored, this.typeOf(stored));
    const masterOut = master ? this.memo.get(master) : null;
    const listed =
      master && (await this.deck.rels(master)).some((r) => r.type === REL.slideLayout && r.target === stored);
    if (masterOut && !listed) this.state.orphanLayouts.push({ master: masterOut, layout: name });
    return name;
  }

  /** Content hash of a part and everything it links to, ignoring back-links and layout ids. */
  private async subtreeHash(part: string, stack: Set<string>): Promise<string> {
    const hit = this.hashes.get(part);
    if (hit) return hit;
    const h = createHash('sha1');
    const type = this.typeOf(part);
    h.update(type);
    if (CT.master.test(type)) {
      const text = (await this.deck.read(part)).toString('utf8');
      h.update(text.replace(/(<(?:\w+:)?sldLayoutId\b[^>]*?)\sid="\d+"/g, '$1'));
    } else h.update(await this.deck.hashOf(part));
    stack.add(part);
    const rels = [...(await this.deck.rels(part))].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    for (const r of rels) {
      h.update(`|${r.id}|${r.type}|`);
      if (r.external) h.update(r.target);
      else if (BACK_LINKS.has(r.type) || stack.has(r.target)) h.update('link');
      else if (this.deck.pkg.has(r.target)) h.update(await this.subtreeHash(r.target, stack));
      else h.update('missing');
    }
    stack.delete(part);
    const digest = h.digest('hex');
    this.hashes.set(part, digest);
    return digest;
  }

  /** New, unique layout ids in the master's list; entries whose layout was left out are removed. */
  private renumberLayouts(root: Element, dropped: Set<string>): void {
    const list = firstChild(root, 'sldLayoutIdLst');
    if (!list) return;
    for (const el of descendants(list, 'sldLayoutId')) {
      const rid = el.getAttributeNS(NS.r, 'id') ?? '';
      if (dropped.has(rid)) el.parent?.removeChild(el);
      else el.setAttribute('id', String(this.state.nextMasterId++));
    }
  }

  private remapComments(root: Element): void {
    for (const cm of descendants(root, 'cm')) {
      const old = cm.getAttribute('authorId') ?? '';
      const id = this.comments.authorId.get(old);
      if (id !== undefined) cm.setAttribute('authorId', id);
      const idx = Number(cm.getAttribute('idx'));
      const off = this.comments.idxOffset.get(old) ?? 0;
      if (Number.isFinite(idx) && off) cm.setAttribute('idx', String(idx + off));
    }
  }

  private remapModernComments(root: Element): void {
    for (const mk of descendants(root, 'sldMk')) {
      const id = this.slideIds.get(mk.getAttribute('sldId') ?? '');
      if (id) mk.setAttribute('sldId', id);
    }
  }
}
