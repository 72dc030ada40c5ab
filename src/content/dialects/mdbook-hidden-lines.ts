/**
 * mdBook's hidden code lines (rust-lang.github.io/mdBook/format/mdbook.html, "Hiding code lines"):
 * in a code block annotated `rust`, a line whose text after its indentation is `#` followed by a
 * space, or `#` alone, is hidden from readers (it is there for `mdbook test`, as rustdoc reads it);
 * `##` escapes it, shown as one `#`. `hidelines=<prefix>` in a block's info string
 * (` ```python,hidelines=!!! `) hides the lines starting with that prefix instead, in any language.
 * mdBook shows hidden lines behind an eye toggle; sitegate leaves them out of both the HTML and
 * the markdown agents get, which show what a reader sees first, and with them the `hidelines=`
 * attribute that named them (` ```python,hidelines=!!! ` opens as ` ```python `).
 * Partial: the book-wide prefixes of `[output.html.code.hidelines]` in book.toml are not read.
 */
import { codeLines } from './lines.js';

/** A fence opening: its indentation and its marker; its info string is the rest of the line. */
const FENCE_OPEN = /^[ \t]*(`{3,}|~{3,})/;

/** The prefix that hides lines of a block with info string `info`, `'# '` standing for Rust's rule; undefined for none. */
function hidingPrefix(info: string): string | undefined {
  const words = info.trim().split(/[\s,]+/);
  for (const word of words) if (word.startsWith('hidelines=') && word.length > 'hidelines='.length) return word.slice('hidelines='.length);
  return words[0] === 'rust' ? '# ' : undefined;
}

/** A fence's opening line without its `hidelines=<prefix>` attribute and the comma before it; the line as it is when it has none. */
function withoutHidelines(line: string): string {
  const at = line.indexOf('hidelines=');
  if (at === -1) return line;
  let end = at + 'hidelines='.length;
  while (end < line.length && line[end] !== ',' && line[end] !== ' ' && line[end] !== '\t') end += 1;
  const start = line[at - 1] === ',' ? at - 1 : at;
  // `hidelines=` first, a comma after it: the comma goes instead (` ```hidelines=!!!,python `).
  return line.slice(0, start) + line.slice(start === at && line[end] === ',' ? end + 1 : end);
}

/** A code line as a reader sees it: `undefined` when hidden. */
function shownLine(line: string, prefix: string): string | undefined {
  const text = line.trimStart();
  const indent = line.slice(0, line.length - text.length);
  if (prefix !== '# ') return text.startsWith(prefix) ? undefined : line;
  if (text.startsWith('##')) return indent + text.slice(1);
  return text === '#' || text.startsWith('# ') ? undefined : line;
}

/**
 * `markdown` with the hidden lines of its code blocks left out (see the file comment).
 * @example mdbookHiddenLines('```rust\n# fn main() {\nlet x = 5;\n# }\n```') // '```rust\nlet x = 5;\n```'
 */
export function mdbookHiddenLines(markdown: string): string {
  if ((!markdown.includes('#') && !markdown.includes('hidelines=')) || !/(?:^|\n)[ \t]*(?:`{3,}|~{3,})/.test(markdown)) return markdown;
  const lines = markdown.split('\n');
  const code = codeLines(lines);
  const out: string[] = [];
  let fence: string | undefined;
  let prefix: string | undefined;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? '';
    if (code[i] !== true) {
      fence = undefined;
      out.push(line);
      continue;
    }
    if (fence === undefined) {
      // The block's opening line.
      const open = FENCE_OPEN.exec(line);
      fence = open?.[1] ?? '```';
      prefix = hidingPrefix(open === null ? '' : line.slice(open[0].length));
      out.push(prefix === undefined || prefix === '# ' ? line : withoutHidelines(line));
      continue;
    }
    const trimmed = line.trim();
    if (trimmed.length >= fence.length && trimmed === (fence[0] ?? '`').repeat(trimmed.length)) {
      fence = undefined;
      out.push(line);
      continue;
    }
    const shown = prefix === undefined ? line : shownLine(line, prefix);
    if (shown !== undefined) out.push(shown);
  }
  return out.join('\n');
}
