/**
 * Attribute lists, every generator's (Python-Markdown "Attribute Lists",
 * https://python-markdown.github.io/extensions/attr_list/: `{: #id .class key="value" }` after a
 * heading, at the end of a block or on the line after it, and right after an inline element; Hugo's
 * goldmark `## Title {#id}`, https://gohugo.io/content-management/markdown-attributes/; VitePress
 * `## Title {#id}` with `markdown.attrs` delimiters, https://vitepress.dev/guide/markdown#custom-anchors).
 *
 * Two sides read them (issue 31): the HTML keeps what they set (markdown-it-attrs in
 * render-plugins.ts, within the sanitizer's attributes), the markdown agents get has none.
 * - {@link normalizeAttributeLists} runs in the dialect step: `{: … }` (Python-Markdown's colon) and a
 *   site's custom delimiters (`%{#id}%`) become the `{…}` markdown-it-attrs reads;
 * - {@link withoutAttributeLists} runs on the agents' markdown: every attribute list outside code
 *   is taken out (a line that held only one goes too).
 *
 * A list is read by a scanner, one character at a time, bounded by {@link MAX_LIST_CHARS}: it is
 * `#id`, `.class`, `key=value`, `key="value"` or `key='value'` tokens separated by spaces, at
 * least one of them. Anything else in braces (`{x}`, `{{ var }}`, JSON) is no attribute list, but
 * at the end of an ATX heading, where both Python-Markdown and markdown-it-attrs read one: there a
 * bare word is an attribute too (the attr_list page: "the attribute list `{: checked }` would
 * result in `checked`"; Material for MkDocs' `## Title { data-search-exclude }`), after a blank.
 */
import MarkdownIt, { type PluginSimple } from 'markdown-it';
import footnotePlugin from 'markdown-it-footnote';
import { outsideCodeSpans } from './lines.js';

/** The delimiters of an attribute list: `{`/`}` by default, VitePress `markdown.attrs.leftDelimiter`/`rightDelimiter`. */
export interface AttrDelimiters {
  left: string;
  right: string;
}

/** The longest attribute list read, in characters: longer braces are text. */
const MAX_LIST_CHARS = 512;

const isBlank = (char: string | undefined): boolean => char === ' ' || char === '\t';
/** Characters of an id, a class or a key (Python-Markdown's attr_list reads `[\w\-:.]`). */
const isNameChar = (char: string | undefined): boolean => char !== undefined && /[\w\-:.]/.test(char);

/**
 * The end (exclusive) of the attribute list whose body starts at `from` (just past the left
 * delimiter) and closes at `right`, or -1 when the text there is no attribute list.
 * @param colon whether a leading `:` is accepted (Python-Markdown's `{: … }`)
 * @param bareWords whether a key without a value (`checked`) is a token: at a heading's end only
 */
export function attributeListEnd(text: string, from: number, right = '}', colon = true, bareWords = false): number {
  let at = from;
  if (colon && text[at] === ':') at++;
  let tokens = 0;
  const limit = Math.min(text.length, from + MAX_LIST_CHARS);
  for (;;) {
    while (at < limit && isBlank(text[at])) at++;
    if (at >= limit) return -1;
    if (text.startsWith(right, at)) return tokens > 0 ? at + right.length : -1;
    const start = at;
    if (text[at] === '#' || text[at] === '.') at++;
    const nameStart = at;
    while (at < limit && isNameChar(text[at])) at++;
    if (at === nameStart) return -1;
    if (text[start] !== '#' && text[start] !== '.') {
      // A key must have a value (`key=value`): a bare word in braces is text (`{x}`), but where bare words are read.
      if (text[at] !== '=' && !bareWords) return -1;
      if (text[at] !== '=') {
        if (at < limit && !isBlank(text[at]) && !text.startsWith(right, at)) return -1;
        tokens++;
        continue;
      }
      at++;
      const quote = text[at];
      if (quote === '"' || quote === "'") {
        const close = text.indexOf(quote, at + 1);
        if (close === -1 || close >= limit) return -1;
        at = close + 1;
      } else {
        const valueStart = at;
        while (at < limit && !isBlank(text[at]) && !text.startsWith(right, at)) at++;
        if (at === valueStart) return -1;
      }
    }
    // Tokens are separated by blanks, or the list closes.
    if (at < limit && !isBlank(text[at]) && !text.startsWith(right, at)) return -1;
    tokens++;
  }
}

/**
 * The attribute lists of a line outside code spans, as `[start, end)` offsets, delimiters included.
 * @param headingEnd the prose ends an ATX heading: a list closing it may hold bare words
 */
function listsOf(prose: string, delimiters: AttrDelimiters, headingEnd = false): [number, number][] {
  const found: [number, number][] = [];
  for (let at = prose.indexOf(delimiters.left); at !== -1; at = prose.indexOf(delimiters.left, at + 1)) {
    // `{{ x }}` (templates) is no list; neither is an escaped brace.
    if (prose[at - 1] === '\\' || prose.startsWith(delimiters.left, at + delimiters.left.length)) continue;
    let end = attributeListEnd(prose, at + delimiters.left.length, delimiters.right);
    // A bare-word list closes the heading after a blank, as Python-Markdown reads it (`HEADER_RE`
    // `[ ]+\{…\}[ ]*$`): `## GET /users/{id}` keeps its `{id}`.
    if (end === -1 && headingEnd && isBlank(prose[at - 1])) {
      const bare = attributeListEnd(prose, at + delimiters.left.length, delimiters.right, true, true);
      if (bare !== -1 && prose.slice(bare).trim() === '') end = bare;
    }
    if (end === -1) continue;
    found.push([at, end]);
    at = end - 1;
  }
  return found;
}

/**
 * The parser that tells which lines are code (fenced or indented) and HTML blocks, as CommonMark
 * reads them, with footnotes as the renderer reads them (render-plugins.ts, markdown-it-footnote;
 * Python-Markdown's footnotes, https://python-markdown.github.io/extensions/footnotes/): a
 * footnote's paragraphs are indented 4 spaces and are text, not indented code.
 */
const blockParser = new MarkdownIt({ html: true }).use(footnotePlugin as unknown as PluginSimple);
// Blocks are all it needs: inline parsing (the costly part on bracket-heavy text) is left out.
blockParser.core.ruler.disable(['inline', 'linkify', 'replacements', 'smartquotes', 'text_join'], true);

/** Per line of `markdown`: whether it is code (fenced, indented) or the body of an HTML block, where braces are text. */
function codeOrHtmlLines(markdown: string, count: number): boolean[] {
  const code = new Array<boolean>(count).fill(false);
  for (const token of blockParser.parse(markdown, {})) {
    if ((token.type !== 'fence' && token.type !== 'code_block' && token.type !== 'html_block') || token.map === null) continue;
    for (let line = token.map[0]; line < token.map[1] && line < count; line++) code[line] = true;
  }
  return code;
}

/** Whether `markdown` may hold an attribute list with `delimiters`: only then is it scanned. */
function mayHold(markdown: string, delimiters: AttrDelimiters): boolean {
  const at = markdown.indexOf(delimiters.left);
  return at !== -1 && markdown.includes(delimiters.right, at + 1);
}

/** An ATX heading line (CommonMark §4.2), at most 3 spaces in. */
const ATX_HEADING = /^ {0,3}#{1,6}(?:[ \t]|$)/;

/** Rewrites each attribute list of the prose lines of `markdown` with `write` (given its text); `''` from it drops the list. */
function rewriteLists(markdown: string, delimiters: AttrDelimiters, write: (list: string) => string): string {
  if (!mayHold(markdown, delimiters)) return markdown;
  const lines = markdown.split('\n');
  // Braces are common in code (JSON, JavaScript): the block parse runs only when a line holds a list.
  const holds = (line: string): boolean => line.includes(delimiters.left) && listsOf(line, delimiters, ATX_HEADING.test(line)).length > 0;
  if (!lines.some(holds)) return markdown;
  const code = codeOrHtmlLines(markdown, lines.length);
  const state = { changed: false };
  const out: string[] = [];
  lines.forEach((line, i) => {
    if (code[i] === true || !line.includes(delimiters.left)) {
      out.push(line);
      return;
    }
    const heading = ATX_HEADING.test(line);
    const lineEnd = line.trimEnd();
    const rewritten = outsideCodeSpans(line, (prose) => {
      let text = '';
      let from = 0;
      for (const [start, end] of listsOf(prose, delimiters, heading && lineEnd.endsWith(prose.trimEnd()))) {
        text += prose.slice(from, start) + write(prose.slice(start, end));
        from = end;
      }
      return text + prose.slice(from);
    });
    if (rewritten === line) {
      out.push(line);
      return;
    }
    state.changed = true;
    // A line that held only lists (`{: .note }` under a paragraph) goes; the blanks a list at the end leaves go too.
    if (rewritten.trim() === '') return;
    out.push(rewritten.trimEnd());
  });
  return state.changed ? out.join('\n') : markdown;
}

/** The list's tokens without its delimiters and Python-Markdown's leading `:`. */
function tokensOf(list: string, delimiters: AttrDelimiters): string {
  const inner = list.slice(delimiters.left.length, list.length - delimiters.right.length).trim();
  return inner.startsWith(':') ? inner.slice(1).trim() : inner;
}

/**
 * Attribute lists as markdown-it-attrs reads them (dialect step): `{: #id .c }` → `{#id .c}`, and
 * a site's custom delimiters (VitePress `markdown.attrs`, `%{#id}%`) → `{#id}`. Lists in code,
 * code spans and HTML blocks stay as written; a source with none is returned as it is.
 * @param delimiters the site's delimiters; default `{`/`}`
 * @example normalizeAttributeLists('## Setup {: #setup }') // '## Setup {#setup}'
 */
export function normalizeAttributeLists(markdown: string, delimiters: AttrDelimiters = { left: '{', right: '}' }): string {
  const standard = delimiters.left === '{' && delimiters.right === '}';
  if (standard && !markdown.includes('{:') && !markdown.includes('# {')) return markdown;
  const normalized = rewriteLists(markdown, delimiters, (list) => {
    const tokens = tokensOf(list, delimiters);
    // A standard list without a colon is already what markdown-it-attrs reads: kept byte for byte.
    return standard && !list.slice(1).trimStart().startsWith(':') ? list : `{${tokens}}`;
  });
  return normalized.includes('# {') ? normalized.split('\n').map(withoutClosingHashes).join('\n') : normalized;
}

/**
 * An ATX heading's closing hashes before its attribute list (`### Title ### {#id}`, the attr_list
 * page's own example) taken out, as Python-Markdown reads them: markdown-it would keep them as text.
 */
function withoutClosingHashes(line: string): string {
  if (!/^ {0,3}#{1,6}[ \t]/.test(line) || !line.endsWith('}')) return line;
  const list = line.lastIndexOf('{');
  let before = line.slice(0, list).trimEnd();
  if (!before.endsWith('#')) return line;
  let end = before.length;
  while (end > 0 && before[end - 1] === '#') end--;
  if (before[end - 1] !== ' ' && before[end - 1] !== '\t') return line;
  before = before.slice(0, end).trimEnd();
  return `${before} ${line.slice(list)}`;
}

/**
 * The markdown agents get: every attribute list outside code taken out, with the blanks before it
 * (`## Setup {#setup}` → `## Setup`, `![A](a.png){ width="300" }` → `![A](a.png)`); a line that
 * held only lists is removed. Run after {@link normalizeAttributeLists}, so only `{…}` is read.
 * @example withoutAttributeLists('## Setup {#setup}\n\nText.') // '## Setup\n\nText.'
 */
export function withoutAttributeLists(markdown: string): string {
  return rewriteLists(markdown, { left: '{', right: '}' }, () => '');
}
