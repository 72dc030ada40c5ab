/**
 * The Rust book's listings (its `mdbook-trpl-listing` preprocessor): `<Listing number="2-1"
 * file-name="src/main.rs" caption="…">` … `</Listing>` around a code block, shown as a figure with
 * the file name above and "Listing 2-1: caption" below. As plain markdown: `Filename: src/main.rs`
 * before the block and `*Listing 2-1: caption*` after it.
 */
import { codeLines } from './lines.js';
import { attributesOf } from './gitbook.js';

const OPEN = /^(\s*)<Listing((?:\s+[\w-]+=(?:"[^"]*"|'[^']*'))*)\s*>\s*$/;
const CLOSE = /^\s*<\/Listing>\s*$/;

/** @example mdbookListings('<Listing number="1-1" caption="Hi">\n\n```rust\n```\n\n</Listing>') // '\n\n```rust\n```\n\n*Listing 1-1: Hi*' */
export function mdbookListings(markdown: string): string {
  if (!markdown.includes('<Listing')) return markdown;
  const lines = markdown.split('\n');
  const code = codeLines(lines);
  const captions: string[] = [];
  return lines
    .map((line, i) => {
      if (code[i] === true) return line;
      const open = OPEN.exec(line);
      if (open !== null) {
        const { number, caption, 'file-name': file } = attributesOf(open[2] ?? '');
        const label = [number === undefined ? 'Listing' : `Listing ${number}`, caption].filter(Boolean).join(': ');
        captions.push(number === undefined && caption === undefined ? '' : `${open[1] ?? ''}*${label}*`);
        return file === undefined ? '' : `${open[1] ?? ''}Filename: ${file}`;
      }
      if (CLOSE.test(line) && captions.length > 0) return captions.pop() ?? '';
      return line;
    })
    .join('\n');
}
