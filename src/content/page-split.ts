/**
 * Where a long page is cut into parts (README "Long pages"): a pure plan over the lines of its
 * markdown body. Parts are packed greedily from whole sections: H1/H2 sections first; a section
 * too big on its own is cut at its H3 headings, and a piece still too big at the starts of its
 * other top-level blocks. A cut is only ever at the start of a top-level block as markdown-it reads
 * the body (blocks.ts), so nothing inside fenced code, a table or a quote (an admonition as the dialect step writes it) is cut; inside
 * a raw HTML element left open, and between the items of a list, only when nothing else fits.
 * Headings count in every spelling: `## Title`, setext, and a raw `<h2 …>` line, since generated
 * references are often long runs of HTML.
 */
import { topLevelBlocks } from './blocks.js';
import { linkLabels } from '../link-labels.js';

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

/**
 * How good a place to cut a line is: 1 an H1/H2, 2 an H3, 3 any other top-level block; 4, 5 and 6
 * the same inside an element an author's raw HTML left open, and 6 an item of a long list: places
 * taken only when nothing better fits.
 */
type CutRank = 1 | 2 | 3 | 4 | 5 | 6;
/** The last resort: {@link CutRank} 6. */
const LAST_RANK = 6;

interface Cut {
  line: number;
  rank: CutRank;
  /** 1–6 when the line starts a heading, whatever its rank. */
  headingLevel?: number | undefined;
}

/**
 * Every line a part may start at, with its rank, in order (line 0 included): the starts of
 * top-level blocks (blocks.ts), except indented non-headings (a paragraph's lazy continuation
 * reads as one with the paragraph before it).
 */
function findStarts(lines: readonly string[]): Cut[] {
  const starts: Cut[] = [];
  for (const block of topLevelBlocks(lines.join('\n'))) {
    const level = block.headingLevel;
    const penalty = block.openHtmlBefore > 0 ? 3 : 0;
    const at = { line: block.line, headingLevel: level };
    if (block.listItem) starts.push({ ...at, rank: LAST_RANK });
    else if (level !== undefined && level <= 2) starts.push({ ...at, rank: (1 + penalty) as CutRank });
    else if (level === 3) starts.push({ ...at, rank: (2 + penalty) as CutRank });
    else if (level !== undefined || !/^\s/.test(lines[block.line] ?? '')) starts.push({ ...at, rank: (3 + penalty) as CutRank });
  }
  return starts;
}

/** An ATX heading's text without its closing sequence (` ##` and spaces at the end), read from the end: linear where `/[ \t]+#+[ \t]*$/` is not. */
function withoutClosingHashes(text: string): string {
  let end = text.length;
  while (end > 0 && (text[end - 1] === ' ' || text[end - 1] === '\t')) end--;
  const hashesEnd = end;
  while (end > 0 && text[end - 1] === '#') end--;
  if (end === hashesEnd || end === 0 || (text[end - 1] !== ' ' && text[end - 1] !== '\t')) return text;
  while (end > 0 && (text[end - 1] === ' ' || text[end - 1] === '\t')) end--;
  return text.slice(0, end);
}

/**
 * The plain text of a heading line: `## The *setup* #` → `The setup`, `<h2 id="x">A <code>b</code></h2>` → `A b`.
 * Inline markup is dropped, not rendered: the text is for a table of contents.
 */
export function headingText(written: string): string {
  const line = written.trimStart();
  const text = line.startsWith('<') ? line.replace(/<[^<>]*>/g, '') : linkLabels(withoutClosingHashes(line.replace(/^#+[ \t]*/, '')), true);
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
  const starts = findStarts(lines);
  const cuts = starts.filter((start) => start.line > 0);

  /** Ranges that each fit the budget where a cut of rank ≤ `rank` (or a finer one) allows. */
  const atoms = (start: number, end: number, rank: CutRank): [number, number][] => {
    if (sizeOf(start, end) <= budgetChars) return [[start, end]];
    const here = cuts.filter((cut) => cut.line > start && cut.line < end && cut.rank <= rank).map((cut) => cut.line);
    if (here.length === 0) return rank === LAST_RANK ? [[start, end]] : atoms(start, end, (rank + 1) as CutRank);
    const bounds = [start, ...here, end];
    const out: [number, number][] = [];
    for (let i = 0; i + 1 < bounds.length; i++) {
      const from = bounds[i] ?? start;
      const to = bounds[i + 1] ?? end;
      if (sizeOf(from, to) <= budgetChars || rank === LAST_RANK) out.push([from, to]);
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
  return ranges.map(([start, end]) => ({ start, end, headings: headingsIn(lines, starts, start, end) }));
}

/** Heading texts of a part: its H1/H2 starts, else its H3 starts. */
function headingsIn(lines: readonly string[], starts: readonly Cut[], start: number, end: number): string[] {
  const headings = starts.filter((cut) => cut.line >= start && cut.line < end && cut.headingLevel !== undefined && cut.headingLevel <= 3);
  const top = headings.filter((cut) => (cut.headingLevel as number) <= 2);
  return (top.length > 0 ? top : headings).map((cut) => headingText(lines[cut.line] ?? '')).filter((text) => text !== '');
}
