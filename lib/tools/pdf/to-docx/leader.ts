// A table of contents' line: its title, a leader of dots and the page number at the line's end. Typed as
// text, the dots wrap in a substitute font a little wider than the PDF's and push the number onto a line of
// its own (a Word-made contents page came out on two Word pages); a right tab stop with a dot leader at the
// number's right edge is what Word itself writes there, and it cannot wrap.
import { LeaderType, TabStopType } from 'docx';
import { absorb, dropEmpty, right } from './box';
import type { Line } from './layout';

/** Four or more dots (spaced or not, or an ellipsis), then the line's last word: the page number. */
const LEADER = /\s*(?:(?:[.·]\s?){4,}|…{2,})\s*(\d[\d.\-–]{0,6}|[ivxlc]{1,6}|[IVXLC]{1,6}|[A-Z][.\-–]?\d{1,4})\s*$/u;

/** A line that ends in a leader's dots (its page number apart). */
const DOTS_END = /(?:[.·]\s?){4,}\s*$/u;

/** Where a line's leader starts in its text and the number after it, or null when it has none. */
export function leaderIn(text: string): { start: number; number: string } | null {
  const m = LEADER.exec(text);
  return m && m.index > 0 ? { start: m.index, number: m[1] } : null;
}

export function lineText(line: Line): string {
  return line.runs.map((r) => r.str).join(' ');
}

/** Whether the line ends with a leader and a page number (it ends its paragraph). */
export function hasLeader(line: Line): boolean {
  return leaderIn(lineText(line)) !== null;
}

/** The pieces of a line ending in a leader: the leader's dots dropped, the number after a tab. */
export function withLeaderTab<T extends { text: string; tab?: boolean }>(pieces: T[]): T[] | null {
  const text = pieces.map((p) => p.text).join('');
  const found = leaderIn(text);
  if (!found) return null;
  const end = text.trimEnd().length;
  const numberAt = end - found.number.length;
  const out: T[] = [];
  let at = 0;
  let tabbed = false;
  for (const p of pieces) {
    const from = at;
    at += p.text.length;
    const head = p.text.slice(0, Math.max(0, found.start - from));
    if (head) out.push({ ...p, text: head });
    const tail = at > numberAt ? p.text.slice(Math.max(0, numberAt - from), end - from) : '';
    if (tail) out.push({ ...p, text: tail, tab: !tabbed });
    if (tail) tabbed = true;
  }
  return out;
}

/**
 * A contents line whose page number stands apart from its dots (TeX ends the leader on a grid and sets the
 * numbers in a column of their own, 1.5 em past it): the number joins its line. Left apart, the gutter
 * before the numbers cut the page into two columns, and the entries, no longer ending in a number, ran
 * together as one paragraph (sdcc's manual: a contents page came out as wrapped text).
 */
export function joinLeaderNumbers(lines: Line[]): void {
  for (const a of lines) {
    if (!a.runs.length || !DOTS_END.test(lineText(a))) continue;
    const b = lines.find(
      (m) =>
        m !== a &&
        m.runs.length > 0 &&
        Math.abs(m.baseline - a.baseline) <= 0.1 * Math.max(a.size, m.size) &&
        m.x - right(a) >= -0.5 * a.size &&
        m.x - right(a) <= 4 * a.size &&
        !/\s/.test(lineText(m).trim()) &&
        leaderIn(`${lineText(a)} ${lineText(m)}`) !== null,
    );
    if (!b) continue;
    absorb(a, b);
  }
  dropEmpty(lines);
}

/** A right tab stop with a dot leader at the line's right edge (twips from the paragraph's margin). */
export function leaderStop(line: Line, marginLeft: number, tw: number) {
  return {
    type: TabStopType.RIGHT,
    position: Math.max(0, Math.round((right(line) - marginLeft) * tw)),
    leader: LeaderType.DOT,
  };
}
