/**
 * Whether an MDX body has a shape that micromark (the MDX parser, github.com/micromark/micromark)
 * reads in super-linear time, found in one linear pass (issue 28, "One line of content stalls the
 * server"). Measured on 100 kB pages: nested list items take it from 8 to 60 s (`- - a` lines,
 * one line of 1,000 `- `: 1.7 s at 2 kB); a paragraph of unmatched emphasis delimiters (`*_*_…`)
 * 70 s to minutes, of brackets (`[`, `[a](`, `![`) 2 to 5 s; 3,000 levels of blockquote overflow
 * the stack. Such pages are read line by line (lenient.ts) instead. Each bound is far above what a
 * docs page holds, and low enough that micromark's quadratic part stays in milliseconds.
 */

/** Most list items nested in another (marker after a marker, or indented) a page may hold. */
export const MAX_NESTED_ITEMS = 200;
/** Most blockquote levels on one line. */
export const MAX_QUOTE_DEPTH = 32;
/** Most emphasis delimiters (`*`, `_`), or most opening brackets (`[`), in one paragraph (lines between blank lines). */
export const MAX_DELIMITERS_PER_BLOCK = 1_000;

/** A list marker (`-`, `*`, `+`, `1.`, `1)`) at `i` of `line`, followed by a space or tab: its length, or 0. */
function listMarkerLength(line: string, i: number): number {
  let j = i;
  while (j < line.length && j - i < 9 && line[j] !== undefined && (line[j] as string) >= '0' && (line[j] as string) <= '9') j++;
  const marker = j > i ? line[j] === '.' || line[j] === ')' : line[j] === '-' || line[j] === '*' || line[j] === '+';
  if (!marker) return 0;
  return line[j + 1] === ' ' || line[j + 1] === '\t' ? j + 1 - i : 0;
}

/**
 * Why micromark would read `body` in super-linear time, for `check`; undefined when it reads it in
 * time linear in its length. Linear in the body's length.
 */
export function costlyMdxShape(body: string): string | undefined {
  let nestedItems = 0;
  let emphasis = 0;
  let brackets = 0;
  for (const line of body.split('\n')) {
    if (line.trim() === '') {
      emphasis = 0;
      brackets = 0;
      continue;
    }
    // The line's container prefix: blockquote markers and list markers, with the spaces between.
    let i = 0;
    let quotes = 0;
    let items = 0;
    for (;;) {
      while (line[i] === ' ' || line[i] === '\t') i++;
      if (line[i] === '>') {
        quotes++;
        i++;
        continue;
      }
      const marker = listMarkerLength(line, i);
      if (marker === 0) break;
      // An item is nested when another marker precedes it on the line or it is indented.
      if (items > 0 || i > 0) nestedItems++;
      items++;
      i += marker;
    }
    if (quotes > MAX_QUOTE_DEPTH) return `${quotes} levels of blockquote on one line (most ${MAX_QUOTE_DEPTH})`;
    if (nestedItems > MAX_NESTED_ITEMS) return `over ${MAX_NESTED_ITEMS} nested list items`;
    for (; i < line.length; i++) {
      const char = line[i];
      if (char === '*' || char === '_') emphasis++;
      else if (char === '[') brackets++;
    }
    if (emphasis > MAX_DELIMITERS_PER_BLOCK) return `over ${MAX_DELIMITERS_PER_BLOCK} emphasis delimiters in one paragraph`;
    if (brackets > MAX_DELIMITERS_PER_BLOCK) return `over ${MAX_DELIMITERS_PER_BLOCK} brackets in one paragraph`;
  }
  return undefined;
}
