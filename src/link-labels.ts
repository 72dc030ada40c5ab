/**
 * Inline links reduced to their text, for headings, search excerpts and code: `[label](url)` →
 * `label`. The pattern this replaces, `/!?\[([^\]]*)\]\([^)]*\)/g`, searched the rest of the text
 * for `]` and `)` again from every `[` (quadratic on a line of brackets); here each search goes on
 * from where the one before stopped.
 */

/** A finder of the next `char` at or after an offset, for offsets asked in increasing order (then amortized linear). */
function nextFinder(text: string, char: string): (from: number) => number {
  let askedFrom = Number.POSITIVE_INFINITY;
  let found = -1;
  return function next(from: number): number {
    // Nothing between the last offset asked and what it found: the same answer holds.
    if (from >= askedFrom && (found === -1 || from <= found)) return found;
    askedFrom = from;
    found = text.indexOf(char, from);
    return found;
  };
}

/**
 * `text` with each inline link `[label](destination)` replaced by its label (the label may hold
 * `[`, the destination no `)`), and with `images`, each image `![alt](src)` by its alt text; as
 * the pattern above replaced them, in time linear in `text`.
 * @example linkLabels('See [the guide](a.md) and ![logo](l.png)', true) // 'See the guide and logo'
 */
export function linkLabels(text: string, images: boolean): string {
  if (!text.includes('](')) return text;
  const closeBracket = nextFinder(text, ']');
  const closeParen = nextFinder(text, ')');
  let out = '';
  let copied = 0;
  for (let open = text.indexOf('['); open !== -1; open = text.indexOf('[', open + 1)) {
    const labelEnd = closeBracket(open + 1);
    if (labelEnd === -1) break;
    if (text[labelEnd + 1] !== '(') continue;
    const end = closeParen(labelEnd + 2);
    if (end === -1) continue;
    const start = images && open > copied && text[open - 1] === '!' ? open - 1 : open;
    out += text.slice(copied, start) + text.slice(open + 1, labelEnd);
    copied = end + 1;
    open = end;
  }
  return out + text.slice(copied);
}
