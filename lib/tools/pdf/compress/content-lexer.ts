// A minimal content-stream scanner: it reports each operator with its number/name operands, and skips
// strings, arrays, dictionaries and inline image data. It does not interpret text or paths; the
// compressor only needs q, Q, cm and Do to know where images are drawn.

export type Operand = number | { name: string } | null;

const WS = new Set([0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]);
const DELIM = new Set([0x28, 0x29, 0x3c, 0x3e, 0x5b, 0x5d, 0x7b, 0x7d, 0x2f, 0x25]);

const isRegular = (c: number) => !WS.has(c) && !DELIM.has(c);

/** Calls onOp(operator, operands) for every operator in `src`. Stops early when onOp returns false. */
export function scanContent(src: Uint8Array, onOp: (op: string, operands: Operand[]) => boolean | void): void {
  const n = src.length;
  let i = 0;
  let operands: Operand[] = [];
  let depth = 0; // inside [ ] or << >>: operands there are not ours
  while (i < n) {
    const c = src[i];
    if (WS.has(c)) {
      i++;
    } else if (c === 0x25) {
      // % comment to end of line
      while (i < n && src[i] !== 0x0a && src[i] !== 0x0d) i++;
    } else if (c === 0x28) {
      i = skipLiteralString(src, i);
      if (depth === 0) operands.push(null);
    } else if (c === 0x3c && src[i + 1] === 0x3c) {
      depth++;
      i += 2;
    } else if (c === 0x3e && src[i + 1] === 0x3e) {
      depth = Math.max(0, depth - 1);
      i += 2;
      if (depth === 0) operands.push(null);
    } else if (c === 0x3c) {
      while (i < n && src[i] !== 0x3e) i++;
      i++;
      if (depth === 0) operands.push(null);
    } else if (c === 0x5b) {
      depth++;
      i++;
    } else if (c === 0x5d) {
      depth = Math.max(0, depth - 1);
      i++;
      if (depth === 0) operands.push(null);
    } else if (c === 0x2f) {
      let j = i + 1;
      while (j < n && isRegular(src[j])) j++;
      if (depth === 0) operands.push({ name: decodeName(src, i + 1, j) });
      i = j;
    } else if (DELIM.has(c)) {
      i++; // stray ) > { }
    } else {
      let j = i;
      while (j < n && isRegular(src[j])) j++;
      const word = latin1(src, i, j);
      i = j;
      if (depth > 0) continue;
      const num = /^[+-]?(\d+\.?\d*|\.\d+)$/.test(word) ? Number(word) : NaN;
      if (!Number.isNaN(num)) {
        operands.push(num);
        continue;
      }
      if (word === 'BI') {
        i = skipInlineImage(src, i);
        operands = [];
        continue;
      }
      if (onOp(word, operands) === false) return;
      operands = [];
    }
  }
}

function latin1(src: Uint8Array, a: number, b: number): string {
  let s = '';
  for (let k = a; k < b; k++) s += String.fromCharCode(src[k]);
  return s;
}

function decodeName(src: Uint8Array, a: number, b: number): string {
  return latin1(src, a, b).replace(/#([0-9a-fA-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
}

function skipLiteralString(src: Uint8Array, i: number): number {
  let nest = 0;
  for (; i < src.length; i++) {
    const c = src[i];
    if (c === 0x5c) i++;
    else if (c === 0x28) nest++;
    else if (c === 0x29 && --nest === 0) return i + 1;
  }
  return i;
}

/** After BI: skip the dictionary, ID, the binary data and EI (EI followed by whitespace or the end). */
function skipInlineImage(src: Uint8Array, i: number): number {
  const n = src.length;
  for (; i < n - 1; i++) {
    if (src[i] === 0x49 && src[i + 1] === 0x44 && WS.has(src[i - 1]) && (i + 2 >= n || WS.has(src[i + 2]))) break;
  }
  for (i += 3; i < n - 1; i++) {
    if (
      src[i] === 0x45 &&
      src[i + 1] === 0x49 &&
      WS.has(src[i - 1]) &&
      (i + 2 >= n || WS.has(src[i + 2]) || DELIM.has(src[i + 2]))
    ) {
      return i + 2;
    }
  }
  return n;
}
