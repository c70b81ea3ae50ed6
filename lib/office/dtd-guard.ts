// Refuses document type definitions in every XML part read from an Office input, whether the part is parsed
// or copied as it is into a merged file: a DTD carries entity expansion (billion laughs) and has no place in
// OOXML. A part is XML when its first byte after a BOM and white space is '<'; UTF-16 parts are scanned with
// their zero bytes removed, so one pattern serves both encodings.
import { Transform, type TransformCallback } from 'node:stream';

const DTD = /<!\s*(?:DOCTYPE|ENTITY)/i;
const TAIL = 32;

function text(chunk: Buffer): string {
  // eslint-disable-next-line no-control-regex
  return chunk.toString('latin1').replace(/\u0000/g, '');
}

/** true when the bytes begin like XML (after a UTF-8/UTF-16 BOM, NULs and white space). */
function looksXml(head: string): boolean | null {
  const t = head.replace(/^(?:\u00ef\u00bb\u00bf|\u00ff\u00fe|\u00fe\u00ff)/, '').replace(/^\s+/, '');
  return t.length === 0 ? null : t[0] === '<';
}

/** A pass-through that fails with `error()` as soon as an XML part shows a DTD. */
export function dtdGuard(error: () => Error): Transform {
  let xml: boolean | null = null;
  let tail = '';
  return new Transform({
    transform(chunk: Buffer, _enc, cb: TransformCallback) {
      if (xml !== false) {
        const s = tail + text(chunk);
        if (xml === null) xml = looksXml(s);
        if (xml === true && DTD.test(s)) return cb(error());
        tail = s.slice(-TAIL);
      }
      cb(null, chunk);
    },
  });
}
