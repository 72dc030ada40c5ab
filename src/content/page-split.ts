/**
 * Where a long page is cut into parts (README "Long pages"): a pure plan over the lines of its
 * markdown body. Parts are packed greedily from whole sections: H1/H2 sections first; a section
 * too big on its own is cut at its H3 headings, and a piece still too big at the starts of its
 * top-level blocks (a non-indented line after a blank line). Nothing inside fenced code is ever
 * a cut. Headings count in both spellings, `## Title` and a raw `<h2 …>` line, since generated
 * references are often one long HTML block.
 */

/** One part of a plan: a range of body lines and the headings that start in it. */
export interface PartPlan {
  /** First line (0-based index into the body lines). */
  start: number;
  /** One past the last line. */
  end: number;
  /**
   * Plain text of the H1/H2 headings that start in the part, or of its H3 headings when it holds
   * no H1/H2: what a table of contents shows of the part.
   */
  headings: string[];
}

/** How good a place to cut a line is: 1 an H1/H2, 2 an H3, 3 any other top-level block. */
type CutRank = 1 | 2 | 3;

interface Cut {
  line: number;
  rank: CutRank;
}

const FENCE_OPEN = /^ {0,3}(`{3,}|~{3,})/;
const ATX_SECTION = /^#{1,2}(?:[ \t]|$)/;
const ATX_SUBSECTION = /^###(?:[ \t]|$)/;
const HTML_SECTION = /^<h[12][\s>]/i;
const HTML_SUBSECTION = /^<h3[\s>]/i;

/** The rank of a line as a cut, or undefined when it starts nothing a part may start with. */
function rankOf(line: string, previous: string): CutRank | undefined {
  if (ATX_SECTION.test(line) || HTML_SECTION.test(line)) return 1;
  if (ATX_SUBSECTION.test(line) || HTML_SUBSECTION.test(line)) return 2;
  // A blank line then a line at column 0 starts a new top-level block: not a list item's
  // continuation or indented code, which are indented.
  if (previous.trim() === '' && line.trim() !== '' && !/^\s/.test(line)) return 3;
  return undefined;
}

/** Every line a part may start at (never line 0, never inside fenced code), in order. */
function findCuts(lines: readonly string[]): Cut[] {
  const cuts: Cut[] = [];
  let fence: string | undefined;
  lines.forEach((line, i) => {
    const opening = FENCE_OPEN.exec(line)?.[1];
    if (fence !== undefined) {
      if (opening !== undefined && opening[0] === fence[0] && opening.length >= fence.length && line.trim() === opening) fence = undefined;
      return;
    }
    const rank = i === 0 ? undefined : rankOf(line, lines[i - 1] ?? '');
    if (rank !== undefined) cuts.push({ line: i, rank });
    if (opening !== undefined) fence = opening;
  });
  return cuts;
}

/**
 * The plain text of a heading line: `## The *setup* #` → `The setup`, `<h2 id="x">A <code>b</code></h2>` → `A b`.
 * Inline markup is dropped, not rendered: the text is for a table of contents.
 */
export function headingText(line: string): string {
  const text = line.startsWith('<')
    ? line.replace(/<[^>]*>/g, '')
    : line
        .replace(/^#+[ \t]*/, '')
        .replace(/[ \t]+#+[ \t]*$/, '')
        .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1');
  return text
    .replace(/[`*_]/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Plans the parts of a page body.
 * @param lines the body's lines (no frontmatter), as served: link destinations already absolute
 * @param budgetChars the most characters of body a part should hold (line lengths plus one newline
 *   each); a part exceeds it only when one block alone is bigger (a huge table or code block)
 * @param leadChars characters that part 1 carries before the body (the frontmatter)
 * @returns one part covering every line when the body fits, else several, in order, covering
 *   every line exactly once
 */
export function planParts(lines: readonly string[], budgetChars: number, leadChars = 0): PartPlan[] {
  const sizes = lines.map((line) => line.length + 1);
  const prefix = [0];
  for (const size of sizes) prefix.push((prefix[prefix.length - 1] ?? 0) + size);
  const sizeOf = (start: number, end: number): number => (prefix[end] ?? 0) - (prefix[start] ?? 0) + (start === 0 ? leadChars : 0);
  const cuts = findCuts(lines);

  /** Ranges that each fit the budget where a cut of rank ≤ `rank` (or a finer one) allows. */
  const atoms = (start: number, end: number, rank: CutRank): [number, number][] => {
    if (sizeOf(start, end) <= budgetChars) return [[start, end]];
    const here = cuts.filter((cut) => cut.line > start && cut.line < end && cut.rank <= rank).map((cut) => cut.line);
    if (here.length === 0) return rank === 3 ? [[start, end]] : atoms(start, end, (rank + 1) as CutRank);
    const bounds = [start, ...here, end];
    const out: [number, number][] = [];
    for (let i = 0; i + 1 < bounds.length; i++) {
      const from = bounds[i] ?? start;
      const to = bounds[i + 1] ?? end;
      if (sizeOf(from, to) <= budgetChars || rank === 3) out.push([from, to]);
      else out.push(...atoms(from, to, (rank + 1) as CutRank));
    }
    return out;
  };

  const ranges: [number, number][] = [];
  for (const [from, to] of atoms(0, lines.length, 1)) {
    const last = ranges[ranges.length - 1];
    if (last !== undefined && sizeOf(last[0], to) <= budgetChars) last[1] = to;
    else ranges.push([from, to]);
  }
  if (ranges.length === 0) ranges.push([0, lines.length]);
  return ranges.map(([start, end]) => ({ start, end, headings: headingsIn(lines, cuts, start, end) }));
}

/** Heading texts of a part: its H1/H2 starts, else its H3 starts (a line 0 heading counts too). */
function headingsIn(lines: readonly string[], cuts: readonly Cut[], start: number, end: number): string[] {
  const ranked: Cut[] = cuts.filter((cut) => cut.line >= start && cut.line < end && cut.rank < 3);
  if (start === 0) {
    const first = lines[0] ?? '';
    const rank = rankOf(first, '');
    if (rank !== undefined && rank < 3) ranked.unshift({ line: 0, rank });
  }
  const top = ranked.filter((cut) => cut.rank === 1);
  return (top.length > 0 ? top : ranked).map((cut) => headingText(lines[cut.line] ?? '')).filter((text) => text !== '');
}
