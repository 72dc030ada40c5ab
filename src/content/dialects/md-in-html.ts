/**
 * Python-Markdown "Markdown in HTML" (`md_in_html`): a block element opened on its own line with a
 * `markdown` attribute (`<div class="result" markdown>`) holds markdown. The wrapper is layout of
 * the theme (grid cards, result panes), so it is unwrapped: its content stays as markdown, with
 * blank lines where the tags were, read the same by people and agents. A `<figcaption>` line of an
 * unwrapped `<figure markdown>` (Material "Image captions",
 * https://squidfunk.github.io/mkdocs-material/reference/images/#image-captions) becomes its text,
 * a paragraph under the image. (https://python-markdown.github.io/extensions/md_in_html/)
 */
import { codeLines } from './lines.js';

const OPEN = /^(\s*)<([a-z][a-z0-9]*)\b[^>]*\smarkdown(?:=(?:"[^"]*"|'[^']*'|\S+))?(?:\s[^>]*)?>\s*$/i;

/**
 * Unwraps every `markdown`-attributed block of `markdown` outside fenced code, nested ones too.
 * @example mdInHtml('<div class="result" markdown>\n**Hi**\n</div>') // '\n**Hi**\n'
 */
export function mdInHtml(markdown: string): string {
  if (!markdown.includes(' markdown')) return markdown;
  const lines = markdown.split('\n');
  const code = codeLines(lines);
  const opens = new Map<number, string>();
  lines.forEach((line, i) => {
    const tag = code[i] === true ? undefined : OPEN.exec(line)?.[2]?.toLowerCase();
    if (tag !== undefined) opens.set(i, tag);
  });
  const closers = new Set<number>();
  for (const tag of new Set(opens.values())) for (const line of closingLines(lines, code, opens, tag)) closers.add(line);
  const figures = [...opens.values()].includes('figure');
  return lines
    .map((line, i) => {
      if (opens.has(i) || closers.has(i)) return '';
      const caption = figures && code[i] !== true ? FIGCAPTION.exec(line) : null;
      return caption === null ? line : `\n${(caption[1] ?? '').trim()}`;
    })
    .join('\n');
}

/** A figure's caption on a line of its own. */
const FIGCAPTION = /^[ \t]*<figcaption>([^<]*)<\/figcaption>[ \t]*$/i;

/**
 * The lines that close a `tag` block opened on its own line: for each opening line, the first
 * later line (outside code) where the count of `<tag` less `</tag>` since the opening line is back
 * to zero, when that line is `</tag>` alone. One pass with a stack of the openings still waiting:
 * each waits for the running count to fall to what it was before it, and the deepest waits for the
 * highest count, so the stack pops from the top (searching forwards from every opening was
 * quadratic on a page of nested unclosed blocks).
 */
function closingLines(lines: readonly string[], code: readonly boolean[], opens: ReadonlyMap<number, string>, tag: string): number[] {
  const opening = new RegExp(`<${tag}[\\s>]`, 'g');
  const closing = `</${tag}>`;
  const waiting: { before: number }[] = [];
  const closed: number[] = [];
  let count = 0;
  for (let k = 0; k < lines.length; k++) {
    if (code[k] === true) continue;
    const text = (lines[k] ?? '').toLowerCase();
    count += (text.match(opening) ?? []).length - text.split(closing).length + 1;
    // The openings this line closes: those whose count fell back to what it was before them.
    while (waiting.length > 0 && count <= (waiting.at(-1) as { before: number }).before) {
      waiting.pop();
      if (text.trim() === closing) closed.push(k);
    }
    if (opens.get(k) === tag) {
      waiting.push({ before: count - (text.match(opening) ?? []).length + text.split(closing).length - 1 });
    }
  }
  return closed;
}
