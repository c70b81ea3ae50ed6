// Structural checks of a written .docx, independent of the merge code: every XML part well-formed with all
// prefixes declared, content types for exactly the parts present, relationship targets present, every r:id
// resolvable, and unique / resolvable ids in the main story (drawings, bookmarks, lists, styles, notes).
// Used by the tests and the tool fixture; returns the problems found (empty when the package is sound).
import path from 'node:path';
import yauzl from 'yauzl';
import { SaxesParser } from 'saxes';
import { NS } from '../../../office/xml';

async function readZip(file: string): Promise<Map<string, Buffer>> {
  const zip = await yauzl.openPromise(file, { lazyEntries: true, autoClose: false });
  const out = new Map<string, Buffer>();
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (e: yauzl.Entry) => {
      zip.openReadStream(e, (err, s) => {
        if (err) return reject(err);
        const chunks: Buffer[] = [];
        s.on('data', (c: Buffer) => chunks.push(c))
          .on('end', () => {
            out.set(e.fileName, Buffer.concat(chunks));
            zip.readEntry();
          })
          .on('error', reject);
      });
    });
    zip.on('end', resolve).on('error', reject);
    zip.readEntry();
  });
  zip.close();
  return out;
}

interface El {
  uri: string;
  local: string;
  attrs: Record<string, { uri: string; local: string; value: string }>;
}

function walk(xml: string, onOpen: (e: El) => void): string | null {
  const p = new SaxesParser({ xmlns: true });
  p.on('opentag', (n) => {
    const attrs: El['attrs'] = {};
    for (const a of Object.values(n.attributes)) {
      const at = a as { uri: string; local: string; value: string; name: string };
      attrs[at.name] = { uri: at.uri, local: at.local, value: at.value };
    }
    onOpen({ uri: n.uri, local: n.local, attrs });
  });
  try {
    p.write(xml).close();
    return null;
  } catch (e) {
    return (e as Error).message.slice(0, 200);
  }
}

const W14 = 'http://schemas.microsoft.com/office/word/2010/wordml';
const val = (e: El, local: string, uri: string = NS.w) =>
  Object.values(e.attrs).find((a) => a.local === local && a.uri === uri)?.value;

export async function checkDocxPackage(file: string): Promise<string[]> {
  const problems: string[] = [];
  const parts = await readZip(file);
  const ctXml = parts.get('[Content_Types].xml')?.toString('utf8');
  if (!ctXml) return ['no [Content_Types].xml'];
  const defaults = new Map<string, string>();
  const overrides = new Map<string, string>();
  walk(ctXml, (e) => {
    if (e.local === 'Default') defaults.set(e.attrs.Extension.value.toLowerCase(), e.attrs.ContentType.value);
    if (e.local === 'Override')
      overrides.set(decodeURI(e.attrs.PartName.value).replace(/^\//, ''), e.attrs.ContentType.value);
  });
  for (const o of overrides.keys()) if (!parts.has(o)) problems.push(`content type for a missing part: ${o}`);
  const typeOf = (n: string) => overrides.get(n) ?? defaults.get((/\.([^./]+)$/.exec(n)?.[1] ?? '').toLowerCase());
  for (const n of parts.keys()) if (n !== '[Content_Types].xml' && !typeOf(n)) problems.push(`no content type: ${n}`);

  // Relationships.
  const relsOf = new Map<string, Map<string, { target: string; external: boolean }>>();
  for (const [n, buf] of parts) {
    const m = /^(.*?)_rels\/([^/]*)\.rels$/.exec(n);
    if (!m) continue;
    const owner = m[1] + m[2];
    const map = new Map<string, { target: string; external: boolean }>();
    walk(buf.toString('utf8'), (e) => {
      if (e.local !== 'Relationship') return;
      const external = e.attrs.TargetMode?.value === 'External';
      const t = e.attrs.Target.value;
      const target = external
        ? t
        : t.startsWith('/')
          ? t.slice(1)
          : path.posix.normalize(path.posix.join(path.posix.dirname(owner), decodeURI(t)));
      if (map.has(e.attrs.Id.value)) problems.push(`duplicate relationship id ${e.attrs.Id.value} in ${n}`);
      map.set(e.attrs.Id.value, { target, external });
      if (!external && !parts.has(target)) problems.push(`relationship to a missing part: ${n} → ${target}`);
    });
    relsOf.set(owner, map);
  }

  // Ids collected from the WordprocessingML parts.
  const numIds = new Set<string>();
  const styleIds = new Set<string>();
  const noteIds = { footnote: new Set<string>(), endnote: new Set<string>(), comment: new Set<string>() };
  const refs = {
    num: new Set<string>(),
    style: new Set<string>(),
    footnote: new Set<string>(),
    endnote: new Set<string>(),
    comment: new Set<string>(),
  };
  const docPr = new Set<string>();
  const paraIds = new Map<string, string>();
  const commentParaIds = new Set<string>();
  const threadRefs: string[] = [];
  const bookmarkIds = new Set<string>();
  const bookmarkNames = new Set<string>();
  for (const [n, buf] of parts) {
    if (!/\.(xml|rels|vml)$/i.test(n)) continue;
    const rels = relsOf.get(n);
    const isStory = /^word\/(document|header\d*|footer\d*|footnotes|endnotes|comments)\.xml$/.test(n);
    const err = walk(buf.toString('utf8'), (e) => {
      if (e.local === 'commentEx') {
        for (const a of Object.values(e.attrs))
          if (a.local === 'paraId' || a.local === 'paraIdParent') threadRefs.push(a.value);
      }
      for (const a of Object.values(e.attrs)) {
        if (a.uri === W14 && a.local === 'paraId') {
          if (paraIds.has(a.value))
            problems.push(`duplicate paragraph id ${a.value} (${paraIds.get(a.value)} and ${n})`);
          paraIds.set(a.value, n);
          if (n === 'word/comments.xml') commentParaIds.add(a.value);
        }
        if (a.uri === NS.r && !/\.rels$/.test(n) && !rels?.has(a.value))
          problems.push(`${n}: r:${a.local}="${a.value}" has no relationship`);
      }
      if (e.uri !== NS.w && !(e.uri === NS.wp && e.local === 'docPr')) return;
      if (e.local === 'docPr') {
        const id = e.attrs.id?.value;
        if (id && docPr.has(id)) problems.push(`duplicate drawing id ${id} (${n})`);
        if (id) docPr.add(id);
        return;
      }
      if (n === 'word/numbering.xml' && e.local === 'num') numIds.add(val(e, 'numId') ?? '');
      if (n === 'word/styles.xml' && e.local === 'style') styleIds.add(val(e, 'styleId') ?? '');
      if (n === 'word/styles.xml' && e.local === 'numId') refs.num.add(val(e, 'val') ?? '');
      if (n === 'word/footnotes.xml' && e.local === 'footnote') noteIds.footnote.add(val(e, 'id') ?? '');
      if (n === 'word/endnotes.xml' && e.local === 'endnote') noteIds.endnote.add(val(e, 'id') ?? '');
      if (n === 'word/comments.xml' && e.local === 'comment') noteIds.comment.add(val(e, 'id') ?? '');
      if (!isStory) return;
      if (e.local === 'numId') refs.num.add(val(e, 'val') ?? '');
      if (e.local === 'pStyle' || e.local === 'rStyle' || e.local === 'tblStyle') refs.style.add(val(e, 'val') ?? '');
      if (e.local === 'footnoteReference') refs.footnote.add(val(e, 'id') ?? '');
      if (e.local === 'endnoteReference') refs.endnote.add(val(e, 'id') ?? '');
      if (e.local === 'commentReference') refs.comment.add(val(e, 'id') ?? '');
      if (e.local === 'bookmarkStart') {
        const id = val(e, 'id') ?? '';
        const name = val(e, 'name') ?? '';
        if (bookmarkIds.has(id)) problems.push(`duplicate bookmark id ${id} (${n})`);
        if (bookmarkNames.has(name.toLowerCase()) && n === 'word/document.xml')
          problems.push(`duplicate bookmark name ${name}`);
        bookmarkIds.add(id);
        bookmarkNames.add(name.toLowerCase());
      }
    });
    if (err) problems.push(`${n} is not well-formed: ${err}`);
  }
  for (const id of threadRefs)
    if (!commentParaIds.has(id)) problems.push(`comment thread entry ${id} has no comment paragraph`);
  for (const id of refs.num) if (id !== '0' && !numIds.has(id)) problems.push(`list ${id} is used but not defined`);
  if (parts.has('word/styles.xml'))
    for (const id of refs.style) if (!styleIds.has(id)) problems.push(`style ${id} is used but not defined`);
  for (const k of ['footnote', 'endnote', 'comment'] as const) {
    for (const id of refs[k]) if (!noteIds[k].has(id)) problems.push(`${k} ${id} is referenced but missing`);
  }
  return problems;
}

/** Counts of things in the main parts, for comparing a merge with its inputs. */
export async function docxCounts(
  file: string,
): Promise<{ footnotes: number; endnotes: number; comments: number; sections: number; landscape: number }> {
  const parts = await readZip(file);
  const count = (n: string, re: RegExp) => (parts.get(n)?.toString('utf8').match(re) ?? []).length;
  const doc = parts.get('word/document.xml')?.toString('utf8') ?? '';
  const notes = (n: string, el: string) => {
    let c = 0;
    walk(parts.get(n)?.toString('utf8') ?? `<x/>`, (e) => {
      if (e.uri === NS.w && e.local === el && !val(e, 'type')?.match(/separator|continuation/i)) c++;
    });
    return c;
  };
  const sections = doc.match(/<w:sectPr\b[\s\S]*?<\/w:sectPr>|<w:sectPr\b[^>]*\/>/g) ?? [];
  return {
    footnotes: parts.has('word/footnotes.xml') ? notes('word/footnotes.xml', 'footnote') : 0,
    endnotes: parts.has('word/endnotes.xml') ? notes('word/endnotes.xml', 'endnote') : 0,
    comments: count('word/comments.xml', /<w:comment\b/g),
    sections: sections.length,
    landscape: sections.filter((s) => /w:orient="landscape"/.test(s)).length,
  };
}
