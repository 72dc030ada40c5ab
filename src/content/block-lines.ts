/**
 * What each line of a markdown text is to markdown-it's block parser, from its token stream and the
 * tokens' source lines (`token.map`): code (an indented code block or a fenced one, fence lines
 * included), a raw HTML block, or text. The markdown agents get rewrites links only where the HTML
 * renderer (content/render.ts) sees them, so both agree: a link written inside an indented code
 * block, a fence or a raw HTML block is code or HTML in both (CommonMark 0.31 §4.4 indented code
 * blocks, §4.5 fenced code blocks, §4.6 HTML blocks, https://spec.commonmark.org/0.31.2/).
 *
 * The parser carries the renderer's block plugins that change where blocks end (footnotes,
 * definition lists), so that a footnote's or definition's indented body is
 * text here as it is there. Only the block phase runs: inline parsing is off, which keeps this a
 * linear pass.
 */
import MarkdownIt, { type PluginSimple } from 'markdown-it';
import deflistPlugin from 'markdown-it-deflist';
import footnotePlugin from 'markdown-it-footnote';

/** What a line is to markdown-it's block parser. */
export type LineKind = 'text' | 'code' | 'html';

/** The block parser, made on first use. */
let parser: MarkdownIt | undefined;

function blockParser(): MarkdownIt {
  if (parser !== undefined) return parser;
  const md = new MarkdownIt({ html: true, linkify: false, typographer: false });
  md.use(footnotePlugin as unknown as PluginSimple);
  md.use(deflistPlugin);
  md.core.ruler.disable('inline');
  parser = md;
  return md;
}

/**
 * The kind of each line of `markdown` (split on `\n`; a body without frontmatter), as markdown-it
 * parses its blocks.
 * @returns one {@link LineKind} per line: `code` for the lines of indented and fenced code blocks
 *   (their fences too), `html` for raw HTML blocks, `text` for everything else
 * @example lineKinds('Text\n\n    [a](b.md)\n<div>\n</div>') // ['text', 'text', 'code', 'html', 'html']
 */
export function lineKinds(markdown: string): LineKind[] {
  const kinds = new Array<LineKind>(markdown.split('\n').length).fill('text');
  if (!mayHoldCodeOrHtml(markdown)) return kinds;
  // markdown-it counts a lone `\r` as a line break; the callers split on `\n` alone.
  const tokens = blockParser().parse(markdown.replace(/\r(?!\n)/g, ' '), {});
  for (const token of tokens) {
    const kind: LineKind | undefined =
      token.type === 'code_block' || token.type === 'fence' ? 'code' : token.type === 'html_block' ? 'html' : undefined;
    if (kind === undefined || token.map === null) continue;
    for (let line = token.map[0]; line < token.map[1] && line < kinds.length; line++) kinds[line] = kind;
  }
  return kinds;
}

/** Whether a text may hold a code or HTML block at all (an indent of 4, a tab, a fence, a tag): the parse is skipped otherwise. */
function mayHoldCodeOrHtml(markdown: string): boolean {
  return (
    markdown.includes('    ') || markdown.includes('\t') || markdown.includes('```') || markdown.includes('~~~') || markdown.includes('<')
  );
}
