// One streaming pass (saxes, no DOM) that copies a WordprocessingML part and rewrites every id that must
// change when documents are merged: relationship ids, style ids, numbering ids, note/comment ids, bookmark
// and revision ids, bookmark names (and the fields/links that use them), drawing ids. A 12 MB body takes
// about a second. Sections can be captured and rebuilt by a hook (next-page breaks, header references).
//
// Each concern has its own handler: the attribute rules per element (./rewrite-attrs.ts), theme fonts and
// colours (./rewrite-theme.ts), and below: the parts a mode hides, pStyle injection into paragraphs
// (w:p, w:pPr), where a section break can go (top-level w:p and its w:pPr, w:pPrChange), section capture
// (w:sectPr) and field codes (w:instrText).
import { SaxesParser, type SaxesTag } from 'saxes';
import { NS, escAttr, escText } from '@/lib/office/xml';
import { rewriteAttrs } from './rewrite-attrs';
import { resolvedColourAttrs, themeFontAttrs } from './rewrite-theme';
import type { RewriteHooks, RewriteOptions, RewriteResult, SectPrChild } from './rewrite-types';

export type {
  RewriteHooks,
  RewriteMode,
  RewriteOptions,
  RewriteResult,
  SectPrCapture,
  SectPrChild,
} from './rewrite-types';

/** Body-level markup that may follow the last paragraph without ending it as the last block. */
const RANGE_MARKUP = new Set([
  'bookmarkStart',
  'bookmarkEnd',
  'commentRangeStart',
  'commentRangeEnd',
  'moveFromRangeStart',
  'moveFromRangeEnd',
  'moveToRangeStart',
  'moveToRangeEnd',
  'permStart',
  'permEnd',
  'proofErr',
]);

const W = NS.w;
const W_STRICT = NS.wStrict;

interface Frame {
  name: string;
  local: string;
  uri: string | undefined;
  scope: Map<string, string>;
  selfClosing: boolean;
  skip: boolean;
  /** Paragraph waiting for its first child (pStyle injection). */
  pWait?: boolean;
  /** pPr waiting for its first child (pStyle injection). */
  pPrWait?: boolean;
  capture?: { attrs: Record<string, string>; children: SectPrChild[]; outer: string[]; childStart: number };
  /** Output was suppressed for this element's tags (body mode root/body). */
  hidden: boolean;
  /** Rewritten attributes, kept for direct children of a captured sectPr. */
  attrsOut?: Record<string, string>;
  /** Body mode, a top-level paragraph: where its section break would go. */
  tail?: { idx: number; wrap: boolean; fixed: boolean; unusable: boolean };
  /** The pPr of a top-level paragraph. */
  topPPr?: Frame;
}

export function rewriteXml(xml: string, opts: RewriteOptions): RewriteResult {
  return new PartRewriter(opts).run(xml);
}

class PartRewriter {
  private readonly hooks: RewriteHooks;
  private out: string[] = [];
  private readonly stack: Frame[] = [];
  private rootName = '';
  private rootAttrs: Record<string, string> = {};
  private finalSectPr: string | null = null;
  private lastTail: { idx: number; wrap: boolean } | null = null;
  private skipDepth = 0;
  private inInstr = 0;
  /** Depth of the part's top-level blocks: body children, or note definitions. */
  private readonly topDepth: number;
  private readonly baseScope: Map<string, string>;
  /** The prefix bound to the w: namespace. */
  private wp = 'w';

  constructor(private readonly opts: RewriteOptions) {
    this.hooks = opts.hooks;
    this.topDepth = opts.mode === 'body' ? 2 : opts.mode === 'notes' ? 1 : -1;
    this.baseScope = opts.scope ?? new Map<string, string>();
    for (const [p, u] of this.baseScope) if (u === W) this.wp = p;
  }

  run(xml: string): RewriteResult {
    const parser = new SaxesParser({ position: false });
    parser.on('doctype', () => {
      throw new Error('DOCTYPE not allowed');
    });
    parser.on('opentag', (node) => this.open(node));
    parser.on('closetag', () => this.close());
    parser.on('text', (t) => this.text(t));
    parser.on('cdata', (t) => {
      if (this.visible()) this.out.push(escText(t));
    });
    parser.on('comment', (t) => {
      if (this.visible()) this.out.push(`<!--${t}-->`);
    });
    parser.write(xml).close();
    let tailBreak: RewriteResult['tailBreak'] = null;
    if (this.lastTail) {
      let at = 0;
      for (let i = 0; i < this.lastTail.idx; i++) at += this.out[i].length;
      tailBreak = { at, wrap: this.lastTail.wrap, prefix: this.wp };
    }
    const { rootName, rootAttrs, finalSectPr } = this;
    return { xml: this.out.join(''), rootName, rootAttrs, finalSectPr, tailBreak };
  }

  private visible(): boolean {
    return this.skipDepth === 0 && this.stack.length > 0 && !this.stack[this.stack.length - 1].hidden;
  }

  private open(node: SaxesTag) {
    const { stack, hooks, opts } = this;
    const depth = stack.length;
    const parent = stack[depth - 1];
    if (this.skipDepth > 0) {
      this.skipDepth++;
      stack.push({
        name: node.name,
        local: '',
        uri: undefined,
        scope: parent.scope,
        selfClosing: node.isSelfClosing,
        skip: true,
        hidden: true,
      });
      return;
    }
    let attrs = node.attributes as Record<string, string>;
    const scope = this.scopeOf(attrs, parent);
    const colon = node.name.indexOf(':');
    const prefix = colon < 0 ? '' : node.name.slice(0, colon);
    const local = colon < 0 ? node.name : node.name.slice(colon + 1);
    const uri = scope.get(prefix);
    const isW = uri === W;
    const frame: Frame = {
      name: node.name,
      local,
      uri,
      scope,
      selfClosing: node.isSelfClosing,
      skip: false,
      hidden: false,
    };

    if (depth === 0) {
      this.rootName = node.name;
      this.rootAttrs = { ...attrs };
      if (uri === W_STRICT) throw new Error('strict');
    }
    if (this.hiddenByMode(frame, depth, isW)) return;

    if (isW && local === 'rFonts' && hooks.themeFont) attrs = themeFontAttrs(attrs, hooks.themeFont);
    if (isW && hooks.resolveThemeColors) attrs = resolvedColourAttrs(local, attrs);
    const noteTop = depth === this.topDepth && opts.mode === 'notes';
    const at = {
      hooks,
      prefix,
      local,
      uri,
      scope,
      parent: parent?.local,
      noteTop,
      attrs,
      stripParaIds: !!opts.stripParaIds,
    };
    const rewritten = rewriteAttrs(at, !!parent?.capture);
    if (rewritten.drop) {
      frame.skip = true;
      frame.hidden = true;
      this.skipDepth = 1;
      stack.push(frame);
      return;
    }

    if (hooks.defaultPStyle && parent) this.injectPStyle(frame, parent, isW);
    if (opts.mode === 'body' && depth === 4 && parent?.topPPr?.tail) this.markBreakSpot(parent.topPPr.tail, frame);
    if (isW && local === 'sectPr' && this.captureSection(frame, parent, attrs)) return;
    if (parent?.capture) {
      parent.capture.childStart = this.out.length;
      frame.attrsOut = rewritten.values;
    }

    const extra = depth === this.topDepth && opts.extraDecls ? opts.extraDecls : '';
    this.writeOpen(frame, node, `${rewritten.text}${extra}`, isW);
    if (isW && local === 'instrText') this.inInstr++;
    if (opts.mode === 'body') this.trackTopLevel(frame, parent, depth, isW);
    stack.push(frame);
  }

  /** The namespace scope inside an element (a copy when it declares prefixes); tracks the w: prefix. */
  private scopeOf(attrs: Record<string, string>, parent: Frame | undefined): Map<string, string> {
    const inherited = parent ? parent.scope : this.baseScope;
    let scope = inherited;
    for (const k in attrs) {
      if (k === 'xmlns' || k.startsWith('xmlns:')) {
        if (scope === inherited) scope = new Map(scope);
        scope.set(k === 'xmlns' ? '' : k.slice(6), attrs[k]);
        if (attrs[k] === W && k !== 'xmlns') this.wp = k.slice(6);
      }
    }
    return scope;
  }

  /** Body mode: the root and <w:body> are written by the caller, other root children (background) dropped;
   * notes mode: the root is written by the caller. True when the element was handled here. */
  private hiddenByMode(frame: Frame, depth: number, isW: boolean): boolean {
    const { mode } = this.opts;
    if (!((mode === 'body' && depth <= 1) || (mode === 'notes' && depth === 0))) return false;
    frame.hidden = true;
    if (mode === 'body' && depth === 1 && !(isW && frame.local === 'body')) {
      frame.skip = true;
      this.skipDepth = 1;
    }
    this.stack.push(frame);
    return true;
  }

  private pStyleTag(): string {
    return `<${this.wp}:pStyle ${this.wp}:val="${escAttr(this.hooks.defaultPStyle ?? '')}"/>`;
  }

  /** The pPr added to a paragraph that had none (pStyle injection); notes where a section break could go. */
  private pushInjectedPPr(p: Frame) {
    this.out.push(`<${this.wp}:pPr>`, this.pStyleTag());
    if (p.tail && !p.tail.fixed) {
      p.tail.idx = this.out.length;
      p.tail.wrap = false;
    }
    this.out.push(`</${this.wp}:pPr>`);
  }

  /** w:p, w:pPr: a paragraph without a style gets hooks.defaultPStyle (in a pPr made for it if needed). */
  private injectPStyle(frame: Frame, parent: Frame, isW: boolean) {
    if (parent.pWait) {
      parent.pWait = false;
      if (isW && frame.local === 'pPr') frame.pPrWait = true;
      else this.pushInjectedPPr(parent);
    } else if (parent.pPrWait) {
      parent.pPrWait = false;
      if (!(isW && frame.local === 'pStyle')) this.out.push(this.pStyleTag());
    }
  }

  /** A child of a top-level paragraph's pPr: a section break goes before w:pPrChange, never beside a sectPr. */
  private markBreakSpot(tail: NonNullable<Frame['tail']>, frame: Frame) {
    if (frame.uri !== W) return;
    if (frame.local === 'sectPr') tail.unusable = true;
    if (frame.local === 'pPrChange' && !tail.fixed) {
      tail.idx = this.out.length;
      tail.wrap = false;
      tail.fixed = true;
    }
  }

  /** w:sectPr of the body or a paragraph (body mode with a sectPr hook): captured for the hook to rebuild.
   * True when captured. */
  private captureSection(frame: Frame, parent: Frame | undefined, attrs: Record<string, string>): boolean {
    if (this.opts.mode !== 'body' || !this.hooks.sectPr) return false;
    if (!(parent?.local === 'body' || parent?.local === 'pPr')) return false;
    frame.capture = { attrs: {}, children: [], outer: this.out, childStart: 0 };
    for (const k in attrs) if (!(k.startsWith('w14:') && this.opts.stripParaIds)) frame.capture.attrs[k] = attrs[k];
    this.out = [];
    this.stack.push(frame);
    return true;
  }

  private writeOpen(frame: Frame, node: SaxesTag, attrs: string, isW: boolean) {
    const { out } = this;
    if (isW && frame.local === 'p' && this.hooks.defaultPStyle) {
      out.push(`<${node.name}${attrs}>`);
      if (node.isSelfClosing) {
        out.push(`<${this.wp}:pPr>${this.pStyleTag()}</${this.wp}:pPr></${node.name}>`);
        frame.hidden = true;
      } else frame.pWait = true;
    } else if (frame.pPrWait && node.isSelfClosing) {
      out.push(`<${node.name}${attrs}>`, `${this.pStyleTag()}</${node.name}>`);
      frame.hidden = true;
      frame.pPrWait = false;
    } else {
      out.push(`<${node.name}${attrs}${node.isSelfClosing ? '/>' : '>'}`);
    }
  }

  /** Body mode: the last top-level paragraph (where the section break goes) and its pPr. */
  private trackTopLevel(frame: Frame, parent: Frame | undefined, depth: number, isW: boolean) {
    if (depth === 2) {
      if (isW && frame.local === 'p' && !frame.selfClosing)
        frame.tail = { idx: this.out.length, wrap: true, fixed: false, unusable: false };
      else if (!(isW && RANGE_MARKUP.has(frame.local))) this.lastTail = null;
    }
    if (depth === 3 && parent?.tail && isW && frame.local === 'pPr') {
      if (frame.selfClosing) parent.tail.unusable = true;
      frame.topPPr = parent;
    }
  }

  private close() {
    const frame = this.stack.pop()!;
    if (frame.skip) {
      if (this.skipDepth > 0) this.skipDepth--;
      return;
    }
    const parent = this.stack[this.stack.length - 1];
    if (frame.capture) {
      const cap = frame.capture;
      this.out = cap.outer;
      const final = this.opts.mode === 'body' && this.stack.length === 2;
      const xmlOut = this.hooks.sectPr!({ qname: frame.name, attrs: cap.attrs, children: cap.children, final });
      if (final) this.finalSectPr = xmlOut;
      else this.out.push(xmlOut);
      if (parent?.capture) this.pushCaptured(parent, frame);
      return;
    }
    if (frame.uri === W && frame.local === 'instrText') this.inInstr--;
    if (!frame.hidden) {
      if (frame.pWait) this.pushInjectedPPr(frame);
      if (frame.pPrWait) this.out.push(this.pStyleTag());
      if (frame.topPPr?.tail && !frame.topPPr.tail.fixed) {
        frame.topPPr.tail.idx = this.out.length;
        frame.topPPr.tail.wrap = false;
      }
      if (!frame.selfClosing) this.out.push(`</${frame.name}>`);
    }
    if (frame.tail) this.lastTail = frame.tail.unusable ? null : { idx: frame.tail.idx, wrap: frame.tail.wrap };
    if (parent?.capture) this.pushCaptured(parent, frame);
  }

  private pushCaptured(parent: Frame, child: Frame) {
    const cap = parent.capture!;
    const xmlChild = this.out.slice(cap.childStart).join('');
    this.out.length = cap.childStart;
    cap.children.push({ local: child.local, attrs: child.attrsOut ?? {}, xml: xmlChild });
  }

  /** Text, with w:instrText field codes passed through the fieldCode hook (bookmark names in REF fields). */
  private text(t: string) {
    if (this.skipDepth > 0) return;
    const top = this.stack[this.stack.length - 1];
    if (!top || top.hidden || top.capture) return; // captured: whitespace between section children
    this.out.push(escText(this.inInstr > 0 && this.hooks.fieldCode ? this.hooks.fieldCode(t) : t));
  }
}
