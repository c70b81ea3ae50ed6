// One streaming pass (saxes, no DOM) that copies a WordprocessingML part and rewrites every id that must
// change when documents are merged: relationship ids, style ids, numbering ids, note/comment ids, bookmark
// and revision ids, bookmark names (and the fields/links that use them), drawing ids. A 12 MB body takes
// about a second. Sections can be captured and rebuilt by a hook (next-page breaks, header references).
import { SaxesParser } from 'saxes';
import { NS, escAttr, escText } from '@/lib/office/xml';
import type { RewriteOptions, RewriteResult, SectPrChild } from './rewrite-types';

export type {
  RewriteHooks,
  RewriteMode,
  RewriteOptions,
  RewriteResult,
  SectPrCapture,
  SectPrChild,
} from './rewrite-types';

/** rFonts theme attributes and the explicit attributes they become. */
const THEME_ATTR: Record<string, string> = {
  asciiTheme: 'ascii',
  hAnsiTheme: 'hAnsi',
  eastAsiaTheme: 'eastAsia',
  cstheme: 'cs',
};

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

// Namespace URIs as module constants: the hot loop must not go through an import binding per attribute.
const W = NS.w;
const R = NS.r;
const WP = NS.wp;
const W14 = NS.w14;
const WP14 = NS.wp14;
const W_STRICT = NS.wStrict;

const REVISION = new Set([
  'ins',
  'del',
  'moveFrom',
  'moveTo',
  'moveFromRangeStart',
  'moveFromRangeEnd',
  'moveToRangeStart',
  'moveToRangeEnd',
  'rPrChange',
  'pPrChange',
  'sectPrChange',
  'tblPrChange',
  'trPrChange',
  'tcPrChange',
  'tblGridChange',
  'numberingChange',
  'cellIns',
  'cellDel',
  'cellMerge',
  'customXmlInsRangeStart',
  'customXmlInsRangeEnd',
  'customXmlDelRangeStart',
  'customXmlDelRangeEnd',
  'customXmlMoveFromRangeStart',
  'customXmlMoveFromRangeEnd',
  'customXmlMoveToRangeStart',
  'customXmlMoveToRangeEnd',
  'bookmarkEnd',
]);
const STYLE_REF = new Set(['pStyle', 'rStyle', 'tblStyle', 'basedOn', 'next', 'link', 'styleLink', 'numStyleLink']);
const NOTE_TYPES_DROPPED = new Set(['separator', 'continuationSeparator', 'continuationNotice']);

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
  const { hooks, mode } = opts;
  const parser = new SaxesParser({ position: false });
  let out: string[] = [];
  const stack: Frame[] = [];
  let rootName = '';
  let rootAttrs: Record<string, string> = {};
  let finalSectPr: string | null = null;
  let lastTail: { idx: number; wrap: boolean } | null = null;
  let skipDepth = 0;
  let inInstr = 0;
  const topDepth = mode === 'body' ? 2 : mode === 'notes' ? 1 : -1;
  const baseScope = opts.scope ?? new Map<string, string>();
  let wp = 'w';
  for (const [p, u] of baseScope) if (u === W) wp = p;

  const pStyleTag = () => `<${wp}:pStyle ${wp}:val="${escAttr(hooks.defaultPStyle ?? '')}"/>`;
  /** The pPr added to a paragraph that had none (pStyle injection); notes where a section break could go. */
  const pushInjectedPPr = (p: Frame) => {
    out.push(`<${wp}:pPr>`, pStyleTag());
    if (p.tail && !p.tail.fixed) {
      p.tail.idx = out.length;
      p.tail.wrap = false;
    }
    out.push(`</${wp}:pPr>`);
  };

  function openTagString(name: string, attrs: string, selfClosing: boolean, extra: string): string {
    return `<${name}${attrs}${extra}${selfClosing ? '/>' : '>'}`;
  }

  parser.on('doctype', () => {
    throw new Error('DOCTYPE not allowed');
  });

  parser.on('opentag', (node) => {
    const depth = stack.length;
    const parent = stack[depth - 1];
    let attrsIn = node.attributes as Record<string, string>;
    if (skipDepth > 0) {
      skipDepth++;
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
    // Namespace scope.
    let scope = parent ? parent.scope : baseScope;
    for (const k in attrsIn) {
      if (k === 'xmlns' || k.startsWith('xmlns:')) {
        if (scope === (parent ? parent.scope : baseScope)) scope = new Map(scope);
        scope.set(k === 'xmlns' ? '' : k.slice(6), attrsIn[k]);
        if (attrsIn[k] === W && k !== 'xmlns') wp = k.slice(6);
      }
    }
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
      rootName = node.name;
      rootAttrs = { ...attrsIn };
      if (uri === W_STRICT) throw new Error('strict');
    }
    // Body mode: the root and <w:body> are written by the caller; other root children (background) dropped.
    if (mode === 'body' && depth <= 1) {
      frame.hidden = true;
      if (depth === 1 && !(isW && local === 'body')) {
        frame.skip = true;
        skipDepth = 1;
      }
      stack.push(frame);
      return;
    }
    if (mode === 'notes' && depth === 0) {
      frame.hidden = true;
      stack.push(frame);
      return;
    }

    // Theme fonts of a document merged under another theme become the font names they stood for.
    if (isW && local === 'rFonts' && hooks.themeFont) {
      const copy: Record<string, string> = {};
      for (const k in attrsIn) {
        const c = k.indexOf(':');
        const target = THEME_ATTR[k.slice(c + 1)];
        const font = target ? hooks.themeFont(attrsIn[k]) : null;
        if (target && font) copy[`${c > 0 ? k.slice(0, c + 1) : ''}${target}`] = font;
      }
      for (const k in attrsIn) {
        const c = k.indexOf(':');
        const l = k.slice(c + 1);
        if (THEME_ATTR[l] && copy[`${c > 0 ? k.slice(0, c + 1) : ''}${THEME_ATTR[l]}`] !== undefined) continue;
        if (copy[k] === undefined) copy[k] = attrsIn[k];
      }
      attrsIn = copy;
    }

    if (isW && hooks.resolveThemeColors) {
      let themed = false;
      for (const k in attrsIn)
        if (k.includes(':theme')) {
          themed = true;
          break;
        }
      if (themed) {
        const v = (l: string) => {
          for (const k in attrsIn) if (k.endsWith(`:${l}`)) return attrsIn[k];
          return undefined;
        };
        const colour = local === 'color' ? v('val') : v('color');
        const fill = v('fill');
        const copy: Record<string, string> = {};
        for (const k in attrsIn) {
          const l = k.slice(k.indexOf(':') + 1);
          if ((l === 'themeColor' || l === 'themeTint' || l === 'themeShade') && colour && colour !== 'auto') continue;
          if ((l === 'themeFill' || l === 'themeFillTint' || l === 'themeFillShade') && fill && fill !== 'auto')
            continue;
          copy[k] = attrsIn[k];
        }
        attrsIn = copy;
      }
    }

    // Attribute rewriting.
    let attrStr = '';
    let attrsOut: Record<string, string> | undefined;
    const keepAttrs = !!parent?.capture;
    if (keepAttrs) attrsOut = {};
    let drop = false;
    for (const k in attrsIn) {
      let v = attrsIn[k];
      const c = k.indexOf(':');
      if (c > 0 && k.slice(0, c) !== 'xmlns') {
        const aUri = scope.get(k.slice(0, c));
        const aLocal = k.slice(c + 1);
        if (aUri === R) {
          if (hooks.rel) v = hooks.rel(v);
        } else if (aUri === W14 && aLocal === 'paraId' && hooks.paraId) {
          v = hooks.paraId(v);
        } else if (
          opts.stripParaIds &&
          ((aUri === W14 && (aLocal === 'paraId' || aLocal === 'textId')) ||
            (aUri === WP14 && (aLocal === 'anchorId' || aLocal === 'editId')))
        ) {
          // Optional (mc:Ignorable) ids that must be unique: Word regenerates them.
          continue;
        } else if (aUri === W && isW) {
          if (aLocal === 'val') {
            if (STYLE_REF.has(local)) {
              if (hooks.style) v = hooks.style(v);
            } else if (local === 'numId') {
              if (hooks.num) v = hooks.num(v);
            } else if (local === 'abstractNumId') {
              if (hooks.abstractNum) v = hooks.abstractNum(v);
            } else if (local === 'nsid') {
              if (hooks.nsid) v = hooks.nsid(v);
            } else if (local === 'lvlPicBulletId') {
              if (hooks.numPic) v = hooks.numPic(v);
            } else if (local === 'name' && parent?.local === 'style' && hooks.styleName) v = hooks.styleName(v);
          } else if (aLocal === 'id') {
            if (local === 'footnoteReference') {
              if (hooks.footnote) v = hooks.footnote(v);
            } else if (local === 'endnoteReference') {
              if (hooks.endnote) v = hooks.endnote(v);
            } else if (local === 'commentRangeStart' || local === 'commentRangeEnd' || local === 'commentReference') {
              if (hooks.comment) v = hooks.comment(v);
            } else if (local === 'bookmarkStart' || REVISION.has(local)) {
              if (hooks.annId) v = hooks.annId(v);
            } else if (
              depth === topDepth &&
              mode === 'notes' &&
              (local === 'footnote' || local === 'endnote' || local === 'comment') &&
              hooks.noteDef
            ) {
              const typ = attrsIn[`${prefix ? prefix + ':' : ''}type`];
              const nv = typ && NOTE_TYPES_DROPPED.has(typ) ? null : hooks.noteDef(v, typ);
              if (nv === null) drop = true;
              else v = nv;
            }
          } else if (aLocal === 'name' && local === 'bookmarkStart') {
            if (hooks.bookmark) v = hooks.bookmark(v);
          } else if (aLocal === 'anchor' && local === 'hyperlink') {
            if (hooks.bookmark) v = hooks.bookmark(v);
          } else if (aLocal === 'instr' && local === 'fldSimple') {
            if (hooks.fieldCode) v = hooks.fieldCode(v);
          } else if (local === 'num' && aLocal === 'numId') {
            if (hooks.num) v = hooks.num(v);
          } else if (local === 'abstractNum' && aLocal === 'abstractNumId') {
            if (hooks.abstractNum) v = hooks.abstractNum(v);
          } else if (local === 'numPicBullet' && aLocal === 'numPicBulletId') {
            if (hooks.numPic) v = hooks.numPic(v);
          } else if (local === 'style' && aLocal === 'styleId') {
            if (hooks.styleId) v = hooks.styleId(v);
          } else if (local === 'style' && aLocal === 'default' && hooks.dropDefault) continue;
        }
      } else if (k === 'id' && local === 'docPr' && uri === WP && hooks.docPrId) {
        v = hooks.docPrId();
      }
      attrStr += ` ${k}="${escAttr(v)}"`;
      if (attrsOut) attrsOut[k] = v;
    }
    if (drop) {
      frame.skip = true;
      frame.hidden = true;
      skipDepth = 1;
      stack.push(frame);
      return;
    }

    // pStyle injection for paragraphs without one.
    if (hooks.defaultPStyle && parent) {
      if (parent.pWait) {
        parent.pWait = false;
        if (isW && local === 'pPr') frame.pPrWait = true;
        else pushInjectedPPr(parent);
      } else if (parent.pPrWait) {
        parent.pPrWait = false;
        if (!(isW && local === 'pStyle')) out.push(pStyleTag());
      }
    }

    // Where a section break could go in a top-level paragraph (before pPrChange, else at the end of pPr).
    if (mode === 'body' && depth === 4 && parent?.topPPr?.tail) {
      const t = parent.topPPr.tail;
      if (isW && local === 'sectPr') t.unusable = true;
      if (isW && local === 'pPrChange' && !t.fixed) {
        t.idx = out.length;
        t.wrap = false;
        t.fixed = true;
      }
    }

    // Section capture (body mode).
    if (
      isW &&
      local === 'sectPr' &&
      mode === 'body' &&
      hooks.sectPr &&
      (parent?.local === 'body' || parent?.local === 'pPr')
    ) {
      frame.capture = { attrs: {}, children: [], outer: out, childStart: 0 };
      for (const k in attrsIn) if (!(k.startsWith('w14:') && opts.stripParaIds)) frame.capture.attrs[k] = attrsIn[k];
      out = [];
      stack.push(frame);
      return;
    }
    if (parent?.capture) {
      parent.capture.childStart = out.length;
      frame.attrsOut = attrsOut;
    }

    const extra = depth === topDepth && opts.extraDecls ? opts.extraDecls : '';
    if (isW && local === 'p' && hooks.defaultPStyle) {
      if (node.isSelfClosing) {
        out.push(
          openTagString(node.name, attrStr, false, extra),
          `<${wp}:pPr>${pStyleTag()}</${wp}:pPr></${node.name}>`,
        );
        frame.hidden = true;
      } else {
        frame.pWait = true;
        out.push(openTagString(node.name, attrStr, false, extra));
      }
    } else if (frame.pPrWait && node.isSelfClosing) {
      out.push(openTagString(node.name, attrStr, false, extra), `${pStyleTag()}</${node.name}>`);
      frame.hidden = true;
      frame.pPrWait = false;
    } else {
      out.push(openTagString(node.name, attrStr, node.isSelfClosing, extra));
    }
    if (isW && local === 'instrText') inInstr++;
    if (mode === 'body' && depth === 2) {
      if (isW && local === 'p' && !node.isSelfClosing)
        frame.tail = { idx: out.length, wrap: true, fixed: false, unusable: false };
      else if (!(isW && RANGE_MARKUP.has(local))) lastTail = null;
    }
    if (mode === 'body' && depth === 3 && parent?.tail && isW && local === 'pPr') {
      if (node.isSelfClosing) parent.tail.unusable = true;
      frame.topPPr = parent;
    }
    stack.push(frame);
  });

  parser.on('closetag', () => {
    const frame = stack.pop()!;
    if (frame.skip) {
      if (skipDepth > 0) skipDepth--;
      return;
    }
    const parent = stack[stack.length - 1];
    if (frame.capture) {
      const cap = frame.capture;
      out = cap.outer;
      const final = mode === 'body' && stack.length === 2;
      const xmlOut = hooks.sectPr!({ qname: frame.name, attrs: cap.attrs, children: cap.children, final });
      if (final) finalSectPr = xmlOut;
      else out.push(xmlOut);
      if (parent?.capture) pushCaptured(parent, frame);
      return;
    }
    if (frame.uri === W && frame.local === 'instrText') inInstr--;
    if (!frame.hidden) {
      if (frame.pWait) pushInjectedPPr(frame);
      if (frame.pPrWait) out.push(pStyleTag());
      if (frame.topPPr?.tail && !frame.topPPr.tail.fixed) {
        frame.topPPr.tail.idx = out.length;
        frame.topPPr.tail.wrap = false;
      }
      if (!frame.selfClosing) out.push(`</${frame.name}>`);
    }
    if (frame.tail) lastTail = frame.tail.unusable ? null : { idx: frame.tail.idx, wrap: frame.tail.wrap };
    if (parent?.capture) pushCaptured(parent, frame);
  });

  function pushCaptured(parent: Frame, child: Frame) {
    const cap = parent.capture!;
    const xmlChild = out.slice(cap.childStart).join('');
    out.length = cap.childStart;
    cap.children.push({ local: child.local, attrs: child.attrsOut ?? {}, xml: xmlChild });
  }

  parser.on('text', (t) => {
    if (skipDepth > 0) return;
    const top = stack[stack.length - 1];
    if (!top || top.hidden) return;
    if (top.capture) return; // whitespace between section children
    out.push(escText(inInstr > 0 && hooks.fieldCode ? hooks.fieldCode(t) : t));
  });
  parser.on('cdata', (t) => {
    if (skipDepth > 0) return;
    const top = stack[stack.length - 1];
    if (!top || top.hidden) return;
    out.push(escText(t));
  });
  parser.on('comment', (t) => {
    if (skipDepth > 0 || stack.length === 0 || stack[stack.length - 1].hidden) return;
    out.push(`<!--${t}-->`);
  });

  parser.write(xml).close();
  let tailBreak: RewriteResult['tailBreak'] = null;
  // Assigned in the parser callbacks, which the compiler's flow analysis does not see.
  const tail = lastTail as { idx: number; wrap: boolean } | null;
  if (tail) {
    let at = 0;
    for (let i = 0; i < tail.idx; i++) at += out[i].length;
    tailBreak = { at, wrap: tail.wrap, prefix: wp };
  }
  return { xml: out.join(''), rootName, rootAttrs, finalSectPr, tailBreak };
}
