// Test and bench helper (not used by the product): reads a written .pptx with readers other than the ones
// that wrote it (yauzl for the ZIP, saxes for strict namespace-aware XML) and reports what PowerPoint would
// trip over: malformed XML, relationship targets that do not exist, parts without a content type,
// duplicate or out-of-range slide, master and layout ids.
import fs from 'node:fs';
import path from 'node:path';
import { SaxesParser } from 'saxes';
import yauzl from 'yauzl';

export interface DeckReport {
  parts: Map<string, Buffer>;
  problems: string[];
  slides: string[];
  slideIds: number[];
  masters: number;
  layouts: number;
  notesSlides: number;
  notesMasters: number;
  hiddenSlides: number;
  sections: { name: string; count: number }[];
  sldSz: { cx: number; cy: number };
  notesSz: { cx: number; cy: number };
  /** Slide part -> notes part (through the slide's rels). */
  notesOf: Map<string, string>;
}

/** Opens a ZIP; one with bytes after its end record (two corpus decks end with a newline) from a trimmed copy. */
async function openZip(file: string): Promise<yauzl.ZipFile> {
  try {
    return await yauzl.openPromise(file, { lazyEntries: true });
  } catch (err) {
    const buf = fs.readFileSync(file);
    const at = buf.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
    if (at < 0) throw err;
    const end = at + 22 + buf.readUInt16LE(at + 20);
    return yauzl.fromBufferPromise(buf.subarray(0, end), { lazyEntries: true });
  }
}

export const readZip = async (file: string) => entries(await openZip(file));
export const readZipBuffer = async (buf: Buffer) => entries(await yauzl.fromBufferPromise(buf, { lazyEntries: true }));

async function entries(zip: yauzl.ZipFile): Promise<Map<string, Buffer>> {
  const parts = new Map<string, Buffer>();
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (e: yauzl.Entry) => {
      zip.openReadStream(e, (err, s) => {
        if (err || !s) {
          reject(err);
          return;
        }
        const chunks: Buffer[] = [];
        s.on('data', (c: Buffer) => chunks.push(c));
        s.on('end', () => {
          parts.set(e.fileName, Buffer.concat(chunks));
          zip.readEntry();
        });
        s.on('error', reject);
      });
    });
    zip.on('end', () => resolve());
    zip.on('error', reject);
    zip.readEntry();
  });
  return parts;
}

interface Node {
  name: string;
  attrs: Record<string, string>;
  children: Node[];
  text: string;
}

/** Strict parse (well-formed, namespaces declared) into a small tree; throws on any error. */
export function parseStrict(xml: string): Node {
  const parser = new SaxesParser({ xmlns: true });
  const stack: Node[] = [];
  let root: Node | undefined;
  parser.on('opentag', (t) => {
    const attrs: Record<string, string> = {};
    for (const [k, v] of Object.entries(t.attributes)) attrs[k] = typeof v === 'string' ? v : v.value;
    const n: Node = { name: t.name, attrs, children: [], text: '' };
    if (stack.length) stack[stack.length - 1].children.push(n);
    else root = n;
    stack.push(n);
  });
  parser.on('text', (t) => {
    if (stack.length) stack[stack.length - 1].text += t;
  });
  parser.on('closetag', () => {
    stack.pop();
  });
  parser.write(xml.replace(/^\uFEFF/, '')).close();
  if (!root) throw new Error('no root element');
  return root;
}

const local = (n: Node) => n.name.replace(/^.*:/, '');
function* walk(n: Node): Generator<Node> {
  yield n;
  for (const c of n.children) yield* walk(c);
}
const find = (n: Node, name: string) => [...walk(n)].filter((x) => local(x) === name);

function relsOf(
  parts: Map<string, Buffer>,
  part: string,
): { id: string; type: string; target: string; external: boolean }[] {
  const dir = path.posix.dirname(part);
  const relsName =
    part === '' ? '_rels/.rels' : `${dir === '.' ? '' : `${dir}/`}_rels/${path.posix.basename(part)}.rels`;
  const buf = parts.get(relsName);
  if (!buf) return [];
  return find(parseStrict(buf.toString('utf8')), 'Relationship').map((r) => {
    const external = r.attrs.TargetMode === 'External';
    const t = r.attrs.Target;
    const target = external ? t : path.posix.normalize(t.startsWith('/') ? t.slice(1) : path.posix.join(dir, t));
    return { id: r.attrs.Id, type: r.attrs.Type, target, external };
  });
}

/** `full: false` skips the per-part checks (for source decks, whose counts are all that is needed). */
export async function verifyDeck(file: string, { full = true } = {}): Promise<DeckReport> {
  const parts = await readZip(file);
  const problems: string[] = [];
  const ctXml = parts.get('[Content_Types].xml');
  const defaults = new Map<string, string>();
  const overrides = new Map<string, string>();
  if (!ctXml) problems.push('no [Content_Types].xml');
  else {
    const ct = parseStrict(ctXml.toString('utf8'));
    for (const d of find(ct, 'Default')) defaults.set(d.attrs.Extension.toLowerCase(), d.attrs.ContentType);
    for (const o of find(ct, 'Override')) {
      overrides.set(o.attrs.PartName.replace(/^\//, ''), o.attrs.ContentType);
      if (!parts.has(o.attrs.PartName.replace(/^\//, '')))
        problems.push(`override for missing part ${o.attrs.PartName}`);
    }
  }
  const typeOf = (p: string) => overrides.get(p) ?? defaults.get(/\.([^./]+)$/.exec(p)?.[1].toLowerCase() ?? '');
  for (const [name, buf] of full ? parts : []) {
    if (name === '[Content_Types].xml' || name.endsWith('/')) continue;
    if (!typeOf(name)) problems.push(`no content type for ${name}`);
    if (/\.(xml|rels|vml)$/i.test(name)) {
      try {
        parseStrict(buf.toString('utf8'));
      } catch (e) {
        problems.push(`malformed XML in ${name}: ${(e as Error).message.slice(0, 120)}`);
      }
    }
    if (name.endsWith('.rels')) {
      const owner = name === '_rels/.rels' ? '' : name.replace(/_rels\/([^/]+)\.rels$/, '$1');
      if (owner && !parts.has(owner)) problems.push(`rels for missing part ${name}`);
      const ids = new Set<string>();
      for (const r of relsOf(parts, owner)) {
        if (ids.has(r.id)) problems.push(`duplicate rel id ${r.id} in ${name}`);
        ids.add(r.id);
        if (!r.external && !parts.has(r.target)) problems.push(`${name}: ${r.id} -> missing ${r.target}`);
      }
    }
  }

  const pres = parseStrict(parts.get('ppt/presentation.xml')!.toString('utf8'));
  const presRels = new Map(relsOf(parts, 'ppt/presentation.xml').map((r) => [r.id, r]));
  const rid = (n: Node) => n.attrs['r:id'];
  const slideNodes = pres.children.filter((l) => local(l) === 'sldIdLst').flatMap((l) => l.children);
  const slides = slideNodes.map((s) => presRels.get(rid(s))?.target ?? `missing:${rid(s)}`);
  const slideIds = slideNodes.map((s) => Number(s.attrs.id));
  if (new Set(slideIds).size !== slideIds.length || slideIds.some((i) => !(i >= 256 && i < 2147483648)))
    problems.push(`bad slide ids ${slideIds.join(',')}`);
  const masterIds: number[] = [];
  let layouts = 0;
  const masterNodes = find(pres, 'sldMasterIdLst').flatMap((l) => l.children);
  for (const m of masterNodes) {
    masterIds.push(Number(m.attrs.id));
    const mp = presRels.get(rid(m))?.target;
    if (!mp || !parts.has(mp)) {
      problems.push(`master ${rid(m)} missing`);
      continue;
    }
    const mRels = new Map(relsOf(parts, mp).map((r) => [r.id, r]));
    for (const l of find(parseStrict(parts.get(mp)!.toString('utf8')), 'sldLayoutId')) {
      masterIds.push(Number(l.attrs.id));
      layouts += 1;
      if (!mRels.get(rid(l))) problems.push(`layout ${rid(l)} of ${mp} has no relationship`);
    }
  }
  if (new Set(masterIds).size !== masterIds.length || masterIds.some((i) => i < 2147483648))
    problems.push('bad master/layout ids');
  const notesOf = new Map<string, string>();
  let hidden = 0;
  for (const s of slides) {
    const xml = parts.get(s)?.toString('utf8') ?? '';
    if (/<p:sld\b[^>]*\sshow="(0|false)"/.test(xml)) hidden += 1;
    const n = relsOf(parts, s).find((r) => r.type.endsWith('/notesSlide'));
    if (n) {
      notesOf.set(s, n.target);
      const back = relsOf(parts, n.target).find((r) => r.type.endsWith('/slide'));
      if (back?.target !== s) problems.push(`notes ${n.target} does not point back at ${s}`);
      if (!relsOf(parts, n.target).some((r) => r.type.endsWith('/notesMaster') && parts.has(r.target))) {
        problems.push(`notes ${n.target} has no notes master`);
      }
    }
  }
  const sections = find(pres, 'section').map((s) => ({ name: s.attrs.name, count: find(s, 'sldId').length }));
  const size = (n: Node | undefined) => ({ cx: Number(n?.attrs.cx), cy: Number(n?.attrs.cy) });
  return {
    parts,
    problems,
    slides,
    slideIds,
    masters: masterNodes.length,
    layouts,
    notesSlides: [...parts.keys()].filter((p) => /^ppt\/notesSlides\/[^/]+\.xml$/.test(p)).length,
    notesMasters: find(pres, 'notesMasterId').length,
    hiddenSlides: hidden,
    sections,
    sldSz: size(find(pres, 'sldSz')[0]),
    notesSz: size(find(pres, 'notesSz')[0]),
    notesOf,
  };
}
