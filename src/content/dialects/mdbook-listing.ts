/**
 * The Rust book's listings (its `mdbook-trpl-listing` preprocessor): `<Listing number="2-1"
 * file-name="src/main.rs" caption="…">` … `</Listing>` around a code block, shown as a figure with
 * the file name above and "Listing 2-1: caption" below. As plain markdown: `Filename: src/main.rs`
 * before the block and `*Listing 2-1: caption*` after it. The preprocessor reads the book's markdown
 * events (pulldown-cmark), so a listing inside a blockquote (`> <Listing …>`) is one too; its lines
 * keep their `>` markers (https://github.com/rust-lang/book/tree/main/packages/mdbook-trpl —
 * mdbook-trpl-listing, as used by https://doc.rust-lang.org/book/ch05-01-defining-structs.html).
 */
import { codeLines } from './lines.js';
import { attributesOf } from './gitbook.js';

// `<Listing` then attributes one at a time (a sticky loop rather than `(?:\s+[\w-]+="…")*`: no
// nested quantifiers, issue 31), then `>` ending the line.
const OPEN_START = /^(\s*)<Listing/;
const ATTRIBUTE = /\s+[\w-]+=(?:"[^"]*"|'[^']*')/y;
const OPEN_END = /\s*>\s*$/y;
const CLOSE = /^\s*<\/Listing>\s*$/;
// The `>` markers of a line inside a blockquote (as lines.ts codeLines reads them).
const QUOTE = /^[ \t]*(?:>[ \t]?)+/;

/** `<Listing attr="…" …>` alone on a line: [whole, indent, attributes], as one regex match would give them; `null` for any other line. */
function listingOpen(line: string): readonly (string | undefined)[] | null {
  const start = OPEN_START.exec(line);
  if (start === null) return null;
  let at = start[0].length;
  ATTRIBUTE.lastIndex = at;
  while (ATTRIBUTE.test(line)) at = ATTRIBUTE.lastIndex;
  OPEN_END.lastIndex = at;
  return OPEN_END.test(line) ? [line, start[1] ?? '', line.slice(start[0].length, at)] : null;
}

/** @example mdbookListings('<Listing number="1-1" caption="Hi">\n\n```rust\n```\n\n</Listing>') // '\n\n```rust\n```\n\n*Listing 1-1: Hi*' */
export function mdbookListings(markdown: string): string {
  if (!markdown.includes('<Listing')) return markdown;
  const lines = markdown.split('\n');
  const code = codeLines(lines);
  const captions: string[] = [];
  return lines
    .map((quoted, i) => {
      if (code[i] === true) return quoted;
      // Inside a blockquote the markers stay, and a line left empty stays a `>` line (a blank line would end the quote).
      const quote = quoted.includes('>') ? (QUOTE.exec(quoted)?.[0] ?? '') : '';
      const line = quoted.slice(quote.length);
      const quoteOnly = quote.trimEnd();
      const open = listingOpen(line);
      if (open !== null) {
        const { number, caption, 'file-name': file } = attributesOf(open[2] ?? '');
        const label = [number === undefined ? 'Listing' : `Listing ${number}`, caption].filter(Boolean).join(': ');
        captions.push(number === undefined && caption === undefined ? '' : `${open[1] ?? ''}*${label}*`);
        return file === undefined ? quoteOnly : `${quote}${open[1] ?? ''}Filename: ${file}`;
      }
      if (CLOSE.test(line) && captions.length > 0) {
        const caption = captions.pop() ?? '';
        return caption === '' ? quoteOnly : quote + caption;
      }
      return quoted;
    })
    .join('\n');
}
