// A small, fast element tree for the parts the merge edits. Parsing is saxes' (a real, namespace-aware,
// well-formedness-checking XML parser); this file only holds the result and writes it back. xmldom was
// several times slower on slide-sized parts (a regex per end tag, costly clones and garbage).
import { SaxesParser } from 'saxes';
import { escAttr } from './xml';

export class XmlError extends Error {}

export type XNode = XElement | XText;

export class XText {
  readonly nodeType = 3;
  parent: XElement | null = null;
  /** kind 'text' holds decoded text; the others hold their raw source, written back as is. */
  constructor(
    public text: string,
    readonly kind: 'text' | 'cdata' | 'comment' | 'pi' = 'text',
  ) {}
}

export class XElement {
  readonly nodeType = 1;
  parent: XElement | null = null;
  children: XNode[] = [];
  readonly localName: string;
  readonly prefix: string;
  /** Set for elements made or copied here (the writer declares it if needed); parsed ones resolve it. */
  readonly ownNamespace: string | undefined;

  /** Attributes as a flat list: name, value, name, value... (fewer small arrays than pairs). */
  constructor(
    readonly name: string,
    namespaceURI: string | undefined,
    public attrs: string[] = [],
  ) {
    const i = name.indexOf(':');
    this.localName = i < 0 ? name : name.slice(i + 1);
    this.prefix = i < 0 ? '' : name.slice(0, i);
    this.ownNamespace = namespaceURI;
  }

  get namespaceURI(): string {
    return this.ownNamespace ?? this.lookupNamespace(this.prefix) ?? '';
  }

  getAttribute(name: string): string | null {
    const a = this.attrs;
    for (let i = 0; i < a.length; i += 2) if (a[i] === name) return a[i + 1];
    return null;
  }
  hasAttribute(name: string): boolean {
    return this.getAttribute(name) !== null;
  }
  setAttribute(name: string, value: string): void {
    const a = this.attrs;
    for (let i = 0; i < a.length; i += 2)
      if (a[i] === name) {
        a[i + 1] = value;
        return;
      }
    a.push(name, value);
  }
  removeAttribute(name: string): void {
    const a = this.attrs;
    for (let i = 0; i < a.length; i += 2)
      if (a[i] === name) {
        a.splice(i, 2);
        return;
      }
  }
  /** [name, value] pairs. */
  attributes(): [string, string][] {
    const out: [string, string][] = [];
    for (let i = 0; i < this.attrs.length; i += 2) out.push([this.attrs[i], this.attrs[i + 1]]);
    return out;
  }

  /** The namespace a prefix stands for here ('' for the default namespace). */
  lookupNamespace(prefix: string): string | null {
    const decl = prefix ? `xmlns:${prefix}` : 'xmlns';
    // eslint-disable-next-line @typescript-eslint/no-this-alias -- walking up from this element
    for (let e: XElement | null = this; e; e = e.parent) {
      const v = e.getAttribute(decl);
      if (v !== null) return v;
    }
    return prefix === 'xml' ? 'http://www.w3.org/XML/1998/namespace' : null;
  }
  /** The value of the attribute `local` in namespace `ns` (whatever its prefix here). */
  getAttributeNS(ns: string, local: string): string | null {
    for (const [k, v] of this.attributes()) {
      const i = k.indexOf(':');
      if (i > 0 && k.slice(i + 1) === local && !k.startsWith('xmlns') && this.lookupNamespace(k.slice(0, i)) === ns)
        return v;
    }
    return null;
  }
  /** Names of the attributes in namespace `ns`. */
  attributesNS(ns: string): string[] {
    return this.attributes()
      .map(([k]) => k)
      .filter((k) => {
        const i = k.indexOf(':');
        return i > 0 && !k.startsWith('xmlns') && this.lookupNamespace(k.slice(0, i)) === ns;
      });
  }
  /** Sets a namespaced attribute, declaring its prefix here when it is not in scope. */
  setAttributeNS(ns: string, qname: string, value: string): void {
    const prefix = qname.slice(0, qname.indexOf(':'));
    if (this.lookupNamespace(prefix) !== ns) this.setAttribute(`xmlns:${prefix}`, ns);
    this.setAttribute(qname, value);
  }

  elements(): XElement[] {
    return this.children.filter((c): c is XElement => c.nodeType === 1);
  }
  first(local: string): XElement | undefined {
    for (const c of this.children) if (c.nodeType === 1 && c.localName === local) return c;
    return undefined;
  }
  get textContent(): string {
    return this.children
      .map((c) => (c.nodeType === 1 ? c.textContent : c.kind === 'text' || c.kind === 'cdata' ? c.text : ''))
      .join('');
  }

  insertBefore(node: XNode, ref: XNode | null | undefined): XNode {
    node.parent?.removeChild(node);
    const i = ref ? this.children.indexOf(ref) : -1;
    if (i < 0) this.children.push(node);
    else this.children.splice(i, 0, node);
    node.parent = this;
    return node;
  }
  appendChild(node: XNode): XNode {
    return this.insertBefore(node, null);
  }
  removeChild(node: XNode): void {
    const i = this.children.indexOf(node);
    if (i >= 0) this.children.splice(i, 1);
    node.parent = null;
  }
  /** A deep copy, detached. Element prefixes are declared again where the copy lands if needed. */
  clone(): XElement {
    return cloneBare(this);
  }
}

function cloneBare(e: XElement): XElement {
  const c = new XElement(e.name, e.namespaceURI || undefined, e.attrs.slice());
  for (const ch of e.children) {
    const n = ch.nodeType === 1 ? cloneBare(ch) : new XText(ch.text, ch.kind);
    n.parent = c;
    c.children.push(n);
  }
  return c;
}

export interface XDoc {
  standalone: boolean;
  root: XElement;
}

export function parseXml(xml: string): XDoc {
  const parser = new SaxesParser({ xmlns: false });
  let root: XElement | null = null;
  let cur: XElement | null = null;
  let standalone = false;
  const add = (n: XNode) => {
    if (cur) {
      n.parent = cur;
      cur.children.push(n);
    }
  };
  parser.on('xmldecl', (d) => {
    standalone = d.standalone === 'yes';
  });
  parser.on('opentag', (t) => {
    const attrs: string[] = [];
    for (const k in t.attributes) attrs.push(k, t.attributes[k] as string);
    const el = new XElement(t.name, undefined, attrs);
    if (cur) add(el);
    else root = el;
    cur = el;
  });
  parser.on('closetag', () => {
    cur = cur?.parent ?? null;
  });
  parser.on('text', (t) => add(new XText(t)));
  parser.on('cdata', (t) => add(new XText(t, 'cdata')));
  parser.on('comment', (t) => add(new XText(t, 'comment')));
  parser.on('processinginstruction', (pi) => add(new XText(`${pi.target}${pi.body ? ` ${pi.body}` : ''}`, 'pi')));
  try {
    parser.write(xml.replace(/^\uFEFF/, '')).close();
  } catch (e) {
    throw new XmlError((e as Error).message);
  }
  if (!root) throw new XmlError('no root element');
  return { standalone, root };
}

const escText = (s: string) =>
  /[&<>\r]/.test(s) ? s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\r/g, '&#13;') : s;

function write(e: XElement, inScope: ReadonlyMap<string, string>): string {
  let out = `<${e.name}`;
  let scope = inScope;
  const a = e.attrs;
  for (let i = 0; i < a.length; i += 2) {
    const k = a[i];
    const v = a[i + 1];
    out += ` ${k}="${escAttr(v)}"`;
    if (k === 'xmlns' || k.startsWith('xmlns:')) {
      if (scope === inScope) scope = new Map(inScope);
      (scope as Map<string, string>).set(k === 'xmlns' ? '' : k.slice(6), v);
    }
  }
  // An element made here or moved from another document declares its prefix where it is not in scope.
  const ns = e.ownNamespace;
  if (ns && scope.get(e.prefix) !== ns) {
    out += ` ${e.prefix ? `xmlns:${e.prefix}` : 'xmlns'}="${escAttr(ns)}"`;
    scope = new Map(scope).set(e.prefix, ns);
  }
  if (e.children.length === 0) return `${out}/>`;
  out += '>';
  for (const c of e.children) {
    if (c.nodeType === 1) out += write(c, scope);
    else if (c.kind === 'text') out += escText(c.text);
    else if (c.kind === 'cdata') out += `<![CDATA[${c.text}]]>`;
    else if (c.kind === 'comment') out += `<!--${c.text}-->`;
    else out += `<?${c.text}?>`;
  }
  return `${out}</${e.name}>`;
}

export function serializeXml(doc: XDoc): string {
  // The root's own declarations are all in scope for it (it was parsed, or made with its attributes).
  const scope = new Map<string, string>();
  return `<?xml version="1.0" encoding="UTF-8"${doc.standalone ? ' standalone="yes"' : ''}?>\n${write(doc.root, scope)}`;
}

/** One element with the namespace declarations it needs, for reuse in another document. */
export function serializeElement(e: XElement): string {
  return write(e.clone(), new Map());
}

/** Every element below root, in document order. */
export function allElements(root: XElement): XElement[] {
  const out: XElement[] = [];
  const stack: XNode[] = [];
  for (let i = root.children.length - 1; i >= 0; i--) stack.push(root.children[i]);
  while (stack.length) {
    const n = stack.pop()!;
    if (n.nodeType !== 1) continue;
    out.push(n);
    const ch = n.children;
    for (let i = ch.length - 1; i >= 0; i--) if (ch[i].nodeType === 1) stack.push(ch[i]);
  }
  return out;
}

export function descendants(el: XElement, local: string): XElement[] {
  return allElements(el).filter((e) => e.localName === local);
}
