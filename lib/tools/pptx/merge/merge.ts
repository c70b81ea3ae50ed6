// Merges PowerPoint decks: slides in deck order, each with its own layout, master and theme (stored once
// per content), notes, comments and media; the first deck's size, settings and notes master win, and
// slides of other sizes are fitted and centred. See docs/notes/pptx.md.
import { AppError } from '@/lib/core/errors';
import { damagedError } from '@/lib/office/package-reader';
import { DeckCopier, type MergeState } from './copier';
import { openDeck, type SourceDeck } from './deck';
import {
  PPTX_CT as CT,
  NS,
  REL,
  XmlError,
  descendants,
  firstChild,
  parseXml,
  serializeXml,
  type Rel,
} from '@/lib/office/opc';
import { XElement } from '@/lib/office/xtree';
import { OutPackage } from '@/lib/office/out-package';
import {
  buildAppXml,
  buildPresentationXml,
  mergeCommentAuthors,
  mergeModernAuthors,
  mergeTableStyles,
  plainNotesMaster,
  plainTheme,
  type Section,
} from './presentation';
import { fitInto } from './scale';

export interface MergeInput {
  path: string;
  name: string;
}
export interface MergeStats {
  slides: number;
  notes: number;
  hidden: number;
  masters: number;
  layouts: number;
}

const T = {
  tableStyles: 'application/vnd.openxmlformats-officedocument.presentationml.tableStyles+xml',
  commentAuthors: 'application/vnd.openxmlformats-officedocument.presentationml.commentAuthors+xml',
  modernAuthors: 'application/vnd.ms-powerpoint.authors+xml',
  app: 'application/vnd.openxmlformats-officedocument.extended-properties+xml',
  notesMaster: 'application/vnd.openxmlformats-officedocument.presentationml.notesMaster+xml',
  theme: 'application/vnd.openxmlformats-officedocument.theme+xml',
};

/** Adds a layout to its master's layout list (and relationships). */
function listLayout(out: OutPackage, masterName: string, layout: string, id: number): void {
  const master = out.get(masterName);
  if (!master?.data) return;
  const rels = (master.rels ??= []) as Rel[]; // PowerPoint parts keep their relationships as a list
  let n = rels.length + 1;
  while (rels.some((r) => r.id === `rId${n}`)) n += 1;
  const rid = `rId${n}`;
  rels.push({ id: rid, type: REL.slideLayout, target: layout, external: false });
  const doc = parseXml(master.data.toString('utf8'));
  const { root } = doc;
  const pp = root.prefix ? `${root.prefix}:` : '';
  let list = firstChild(root, 'sldLayoutIdLst');
  if (!list) {
    list = new XElement(`${pp}sldLayoutIdLst`, NS.p);
    root.insertBefore(
      list,
      firstChild(root, 'transition') ??
        firstChild(root, 'txStyles') ??
        firstChild(root, 'timing') ??
        firstChild(root, 'hf') ??
        firstChild(root, 'extLst') ??
        null,
    );
  }
  const el = new XElement(`${pp}sldLayoutId`, NS.p);
  el.setAttribute('id', String(id));
  el.setAttributeNS(NS.r, 'r:id', rid);
  list.appendChild(el);
  master.data = Buffer.from(serializeXml(doc));
}

export async function mergePresentations(inputs: MergeInput[], outFile: string): Promise<MergeStats> {
  const decks: SourceDeck[] = [];
  try {
    for (const [i, input] of inputs.entries()) decks.push(await openDeck(input.path, input.name, i));
    return await mergeDecks(decks, outFile);
  } finally {
    await Promise.all(decks.map((d) => d.pkg.close()));
  }
}

/** Runs one deck's step, naming the deck when its XML turns out to be malformed. */
async function inDeck<T>(deck: SourceDeck, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof XmlError) throw damagedError(deck.fileName, 'pptx');
    throw err;
  }
}

async function mergeDecks(decks: SourceDeck[], outFile: string): Promise<MergeStats> {
  const [deck0] = decks;
  const out = new OutPackage();
  for (const fixed of [
    'ppt/presentation.xml',
    'docProps/app.xml',
    'ppt/tableStyles.xml',
    'ppt/commentAuthors.xml',
    'ppt/authors.xml',
  ]) {
    out.reserve(fixed);
  }

  let notesMasterName: string | null | undefined;
  const state: MergeState = {
    out,
    nextMasterId: 2147483648,
    masters: new Map(),
    masterOrder: [],
    media: new Map(),
    orphanLayouts: [],
    ensureNotesMaster: async () => {
      if (notesMasterName !== undefined) return notesMasterName;
      const source = decks.find((d) => d.notesMaster);
      notesMasterName = out.alloc('ppt/notesMasters/notesMaster1.xml');
      if (source) {
        const c = copiers[source.index];
        await inDeck(source, () =>
          c.copyGeneric(source.notesMaster!, source.ct.typeOf(source.notesMaster!) ?? T.notesMaster, notesMasterName!),
        );
      } else {
        const theme = out.alloc('ppt/theme/theme1.xml');
        out.add({ name: theme, type: T.theme, data: Buffer.from(plainTheme()) });
        out.add({
          name: notesMasterName,
          type: T.notesMaster,
          data: Buffer.from(plainNotesMaster(deck0.notesSize, deck0.size)),
          rels: [{ id: 'rId1', type: REL.theme, target: theme, external: false }],
        });
      }
      return notesMasterName;
    },
  };
  // Text defaults that differ only in their language (a spelling setting) are the same for rendering.
  const norm = (x: string | null) => (x ?? '').replace(/\slang="[^"]*"/g, '').replace(/\s+/g, ' ');
  const copiers = decks.map((d) => {
    const fit = fitInto(d.size, deck0.size);
    // Text boxes need the deck's own defaults when they differ, and explicit sizes when the slide is fitted.
    // (A deck without defaults is left as it is: what a reader assumes for it is not known.)
    const own = d.defaultTextStyle;
    const differs = norm(own) !== norm(deck0.defaultTextStyle);
    return new DeckCopier(
      d,
      state,
      fit,
      fitInto(d.notesSize, deck0.notesSize),
      own && (differs || fit) ? parseXml(own).root : null,
    );
  });

  // Slide names and ids first: slide-jump links and notes point at slides not copied yet.
  let nextSlideId = 256;
  let n = 0;
  const slides: { id: number; name: string }[] = [];
  const sections: Section[] = [];
  for (const [i, deck] of decks.entries()) {
    const section: Section = { name: deck.fileName.replace(/\.[^.]+$/, '') || deck.fileName, slideIds: [] };
    sections.push(section);
    for (const s of deck.slides) {
      const name = `ppt/slides/slide${++n}.xml`;
      const id = nextSlideId++;
      out.reserve(name);
      copiers[i].slideNames.set(s.part, name);
      copiers[i].slideIds.set(String(s.id), String(id));
      slides.push({ id, name });
      section.slideIds.push(id);
    }
  }

  deck0.startPrefetch();
  const authors = await mergeCommentAuthors(decks);
  copiers.forEach((c, i) => {
    c.comments = authors.maps[i];
  });

  // The first deck keeps all its masters (and notes master), in its order.
  const c0 = copiers[0];
  await inDeck(deck0, async () => {
    if (deck0.notesMaster) await state.ensureNotesMaster();
    for (const m of deck0.masters) await c0.ensureMaster(m);
  });

  const stats = { slides: 0, notes: 0, hidden: 0, clips: 0 };
  for (const [i, deck] of decks.entries()) {
    const c = copiers[i];
    deck.startPrefetch();
    if (i > 0) decks[i - 1].release();
    await inDeck(deck, async () => {
      for (const s of deck.slides) {
        const r = await c.copySlide(s.part, c.slideNames.get(s.part)!);
        stats.slides += 1;
        stats.notes += r.notes ? 1 : 0;
        stats.hidden += r.hidden ? 1 : 0;
        stats.clips += r.clips;
      }
    });
  }

  for (const o of state.orphanLayouts) listLayout(out, o.master, o.layout, state.nextMasterId++);

  // Presentation relationships: masters, notes and handout masters, slides, then the first deck's others.
  const presRels: Rel[] = [];
  let rid = 0;
  const addRel = (type: string, target: string) => {
    const id = `rId${++rid}`;
    presRels.push({ id, type, target, external: false });
    return id;
  };
  const masters = state.masterOrder.map((m) => ({ id: m.id, rid: addRel(REL.slideMaster, m.name) }));
  const notesMasterRid = notesMasterName ? addRel(REL.notesMaster, notesMasterName) : null;
  let handoutMasterRid: string | null = null;
  if (deck0.handoutMaster) {
    const hm = deck0.handoutMaster;
    const name = await inDeck(deck0, () => c0.copyGeneric(hm, deck0.ct.typeOf(hm) ?? 'application/xml'));
    handoutMasterRid = addRel(REL.handoutMaster, name);
  }
  const slideRefs = slides.map((s) => ({ id: s.id, rid: addRel(REL.slide, s.name) }));

  const ridMap = new Map<string, string>();
  const special = new Set<string>([
    REL.slideMaster,
    REL.slide,
    REL.notesMaster,
    REL.handoutMaster,
    REL.tableStyles,
    REL.commentAuthors,
    REL.modernAuthors,
    REL.vbaProject,
  ]);
  await inDeck(deck0, async () => {
    for (const r of deck0.presRels) {
      if (special.has(r.type)) continue;
      if (r.external) {
        ridMap.set(r.id, `rId${++rid}`);
        presRels.push({ ...r, id: `rId${rid}` });
        continue;
      }
      if (r.type === REL.viewProps && / r:id=/.test((await deck0.read(r.target)).toString('utf8'))) continue;
      const target = await c0.copyPart(r.target);
      if (target) ridMap.set(r.id, addRel(r.type, target));
    }
  });
  // Custom shows are not carried (they list the first deck's slides only), so a show set to one is dropped.
  for (const part of out.parts.values()) {
    if (!/presProps\+xml$/.test(part.type) || !part.data?.includes('custShow')) continue;
    const doc = parseXml(part.data.toString('utf8'));
    for (const e of descendants(doc.root, 'custShow')) e.parent?.removeChild(e);
    part.data = Buffer.from(serializeXml(doc));
  }
  const tableStyles = await mergeTableStyles(decks);
  if (tableStyles) {
    out.add({ name: 'ppt/tableStyles.xml', type: T.tableStyles, data: Buffer.from(tableStyles) });
    addRel(REL.tableStyles, 'ppt/tableStyles.xml');
  }
  if (authors.xml) {
    out.add({ name: 'ppt/commentAuthors.xml', type: T.commentAuthors, data: Buffer.from(authors.xml) });
    addRel(REL.commentAuthors, 'ppt/commentAuthors.xml');
  }
  const modernAuthors = await mergeModernAuthors(decks);
  if (modernAuthors) {
    out.add({ name: 'ppt/authors.xml', type: T.modernAuthors, data: Buffer.from(modernAuthors) });
    addRel(REL.modernAuthors, 'ppt/authors.xml');
  }

  const presXml = buildPresentationXml(deck0, {
    masters,
    notesMasterRid,
    handoutMasterRid,
    slides: slideRefs,
    ridMap,
    sections,
  });
  out.add({ name: 'ppt/presentation.xml', type: CT.presentation, data: Buffer.from(presXml), rels: presRels });

  // Package relationships: the first deck's core and custom properties and thumbnail (its first slide is ours).
  const pkgRels: Rel[] = [{ id: 'rId1', type: REL.officeDocument, target: 'ppt/presentation.xml', external: false }];
  let appPart: string | null = null;
  await inDeck(deck0, async () => {
    for (const r of await deck0.rels('')) {
      if (r.external) continue;
      if (r.type === REL.appProps) {
        appPart = r.target;
        continue;
      }
      if (r.type !== REL.coreProps && r.type !== REL.customProps && r.type !== REL.thumbnail) continue;
      const target = await c0.copyPart(r.target);
      if (target) pkgRels.push({ ...r, id: `rId${pkgRels.length + 1}`, target });
    }
  });
  out.add({ name: 'docProps/app.xml', type: T.app, data: Buffer.from(await buildAppXml(deck0, appPart, stats)) });
  pkgRels.push({ id: `rId${pkgRels.length + 1}`, type: REL.appProps, target: 'docProps/app.xml', external: false });

  await out.write(outFile, pkgRels);
  const layouts = [...out.parts.values()].filter((p) => CT.layout.test(p.type)).length;
  if (stats.slides === 0) throw new AppError('UNPROCESSABLE', 'The presentations have no slides to merge.');
  return { slides: stats.slides, notes: stats.notes, hidden: stats.hidden, masters: state.masterOrder.length, layouts };
}
