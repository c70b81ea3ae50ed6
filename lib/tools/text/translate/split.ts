// Long text is sent to engines in chunks that end at sentence boundaries (Intl.Segmenter), each within the
// engine's limit. Whitespace between chunks (spaces, blank lines) is kept out of the request and put back.

export interface Chunk {
  /** Whitespace before the text, kept as is. */
  lead: string;
  text: string;
  trail: string;
}

function cut(piece: string, max: number): string[] {
  // One sentence longer than the limit: cut at the last space before it, else hard.
  const out: string[] = [];
  let rest = piece;
  while (rest.length > max) {
    let at = rest.lastIndexOf(' ', max);
    if (at < max / 2) at = max;
    out.push(rest.slice(0, at));
    rest = rest.slice(at);
  }
  if (rest) out.push(rest);
  return out;
}

export function splitText(text: string, maxChars: number, lang?: string): Chunk[] {
  const sentences = [...new Intl.Segmenter(lang, { granularity: 'sentence' }).segment(text)].flatMap((s) =>
    cut(s.segment, maxChars),
  );
  const groups: string[] = [];
  let current = '';
  for (const s of sentences) {
    if (current && current.length + s.length > maxChars) {
      groups.push(current);
      current = '';
    }
    current += s;
  }
  if (current) groups.push(current);
  return groups.map((g) => {
    const m = /^(\s*)([\s\S]*?)(\s*)$/.exec(g) as RegExpExecArray;
    return { lead: m[1], text: m[2], trail: m[3] };
  });
}

/** Translates each chunk with `fn` (sequentially: engines rate-limit), keeping whitespace around them. */
export async function translateChunks(chunks: Chunk[], fn: (text: string) => Promise<string>): Promise<string> {
  let out = '';
  for (const c of chunks) out += c.lead + (c.text ? await fn(c.text) : '') + c.trail;
  return out;
}
