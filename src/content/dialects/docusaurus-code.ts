/**
 * Docusaurus code block highlight comments (docusaurus.io/docs/markdown-features/code-blocks#highlighting-with-comments):
 * a line holding only `// highlight-next-line` highlights the next line, `// highlight-start` …
 * `// highlight-end` the lines between, and the comment lines themselves are not shown. The comment
 * syntax follows the block's language ("JavaScript `/* … *\/` and `// …`, JSX `{/* … *\/}`, Bash
 * `# …`, HTML `<!-- … -->`"; other languages: all of them). As Docusaurus does, a block whose
 * metastring already gives `{1,4-6}` lines, or that names no language, is left as written.
 *
 * The comments are removed from the markdown agents get, and the lines they mark are written as the
 * `{…}` line ranges of the fence's info string (docusaurus.io/docs/markdown-features/code-blocks#highlighting-with-metadata-string),
 * which the HTML render highlights (content/code/fence-info.ts). A site's own magic comments
 * (`themeConfig.prism.magicComments`, docusaurus.io/docs/markdown-features/code-blocks#custom-magic-comments:
 * they replace the defaults) are read the same way; the lines of every class are highlighted, one
 * kind of mark, as the `{…}` ranges can only say.
 */

/**
 * A magic comment (Docusaurus `MagicCommentConfig`): `line` marks the next line, `block.start` …
 * `block.end` the lines between.
 */
export interface MagicComment {
  /** The directive that marks the line after it (`highlight-next-line`). */
  line?: string | undefined;
  /** The directives that mark the lines between them (`highlight-start`, `highlight-end`). */
  block?: { start: string; end: string } | undefined;
}

/** The default magic comments (Docusaurus `defaultMagicComments`). */
export const DEFAULT_MAGIC_COMMENTS: readonly MagicComment[] = [
  { line: 'highlight-next-line', block: { start: 'highlight-start', end: 'highlight-end' } },
];

/** What a magic comment line does: mark the next line, or start or end the block of a comment. */
type Directive = { kind: 'line' } | { kind: 'start' | 'end'; comment: MagicComment };

/** {@link directivesOf} per list of comments: one list per site (or the defaults), read on every page. */
const DIRECTIVES = new WeakMap<readonly MagicComment[], ReadonlyMap<string, Directive>>();

/** Whether `markdown` holds one of `texts`. */
function holdsAny(markdown: string, texts: Iterable<string>): boolean {
  for (const text of texts) if (markdown.includes(text)) return true;
  return false;
}

/** Each directive text of `comments` and what it does. */
function directivesOf(comments: readonly MagicComment[]): ReadonlyMap<string, Directive> {
  const known = DIRECTIVES.get(comments);
  if (known !== undefined) return known;
  const directives = new Map<string, Directive>();
  for (const comment of comments) {
    // An empty text would make every bare comment a directive.
    if (comment.line !== undefined && comment.line.trim() !== '') directives.set(comment.line.trim(), { kind: 'line' });
    if (comment.block !== undefined && comment.block.start.trim() !== '' && comment.block.end.trim() !== '') {
      directives.set(comment.block.start.trim(), { kind: 'start', comment });
      directives.set(comment.block.end.trim(), { kind: 'end', comment });
    }
  }
  DIRECTIVES.set(comments, directives);
  return directives;
}

/** A comment syntax: the text that opens and the text that closes a comment on one line. */
type CommentStyle = readonly [start: string, end: string];

const JS: CommentStyle = ['//', ''];
const JS_BLOCK: CommentStyle = ['/*', '*/'];
const JSX: CommentStyle = ['{/*', '*/}'];
const BASH: CommentStyle = ['#', ''];
const HTML: CommentStyle = ['<!--', '-->'];
const LUA: CommentStyle = ['--', ''];
const TEX: CommentStyle = ['%', ''];

/** The comment styles a language's magic comments may use; any other language: the popular five. */
function stylesOf(language: string): readonly CommentStyle[] {
  switch (language) {
    case 'js':
    case 'javascript':
    case 'ts':
    case 'typescript':
      return [JS, JS_BLOCK];
    case 'jsx':
    case 'tsx':
      return [JS, JS_BLOCK, JSX];
    case 'html':
      return [JS, JS_BLOCK, HTML];
    case 'python':
    case 'py':
    case 'bash':
      return [BASH];
    case 'markdown':
    case 'md':
      return [HTML, JSX, BASH];
    case 'tex':
    case 'latex':
    case 'matlab':
      return [TEX];
    case 'lua':
    case 'haskell':
    case 'sql':
      return [LUA];
    default:
      return [JS, JS_BLOCK, JSX, BASH, HTML];
  }
}

/** The directive a line holds when it is only a comment in one of `styles` (`// highlight-start` → the start of its block). */
function directiveOf(line: string, styles: readonly CommentStyle[], directives: ReadonlyMap<string, Directive>): Directive | undefined {
  const text = line.trim();
  for (const [start, end] of styles) {
    if (!text.startsWith(start) || !text.endsWith(end) || text.length < start.length + end.length) continue;
    const directive = directives.get(text.slice(start.length, text.length - end.length).trim());
    if (directive !== undefined) return directive;
  }
  return undefined;
}

/** A fence opening: its indentation (spaces), marker (```` ``` ```` or `~~~`, 3 or more) and info string. */
function fenceOpening(line: string): { indent: number; marker: string; info: string } | undefined {
  // Any indentation: a fence inside a list item or an MDX component's children is indented.
  let indent = 0;
  while (line[indent] === ' ') indent++;
  const char = line[indent];
  if (char !== '`' && char !== '~') return undefined;
  let end = indent;
  while (line[end] === char) end++;
  if (end - indent < 3) return undefined;
  const info = line.slice(end);
  // CommonMark §4.5: the info string of a backtick fence holds no backtick.
  if (char === '`' && info.includes('`')) return undefined;
  return { indent, marker: line.slice(indent, end), info };
}

/** Whether `line` closes a fence opened by `marker`: the same character, at least as many, nothing else. */
function closesFence(line: string, marker: string): boolean {
  const text = line.trim();
  if (text.length < marker.length) return false;
  for (const char of text) if (char !== marker[0]) return false;
  return true;
}

/** `{1,4-6}`: the 1-based lines as ranges, in order. */
function rangesOf(lines: readonly number[]): string {
  const parts: string[] = [];
  for (let i = 0; i < lines.length;) {
    const from = lines[i] as number;
    let to = from;
    while (lines[i + 1] === to + 1) to = lines[++i] as number;
    parts.push(from === to ? `${from}` : `${from}-${to}`);
    i++;
  }
  return `{${parts.join(',')}}`;
}

/**
 * One code block's lines without its magic comments, and the 1-based lines (of what remains) they
 * highlight; `undefined` when the block holds none.
 */
function withoutMagicComments(
  code: readonly string[],
  language: string,
  directives: ReadonlyMap<string, Directive>,
): { code: string[]; marked: number[] } | undefined {
  const styles = stylesOf(language);
  const kept: string[] = [];
  const marked = new Set<number>();
  let removed = false;
  let nextLine = false;
  // Each comment's open block: the 1-based line it starts at.
  const blockStart = new Map<MagicComment, number>();
  for (const line of code) {
    const directive = directiveOf(line, styles, directives);
    if (directive !== undefined) {
      removed = true;
      if (directive.kind === 'line') nextLine = true;
      else if (directive.kind === 'start') blockStart.set(directive.comment, kept.length + 1);
      else {
        const from = blockStart.get(directive.comment);
        if (from !== undefined) for (let n = from; n <= kept.length; n++) marked.add(n);
        blockStart.delete(directive.comment);
      }
      continue;
    }
    kept.push(line);
    if (nextLine) marked.add(kept.length);
    nextLine = false;
  }
  return removed ? { code: kept, marked: [...marked].sort((a, b) => a - b) } : undefined;
}

/**
 * A Docusaurus page's fenced code blocks with their highlight comments made line ranges of the
 * info string (see the file comment). Linear in the text; a text holding no directive is returned as it is.
 * @param comments the site's magic comments (`themeConfig.prism.magicComments`), else Docusaurus's defaults
 * @example docusaurusHighlightComments('```js\n// highlight-next-line\nrun();\n```') // '```js {1}\nrun();\n```'
 */
export function docusaurusHighlightComments(markdown: string, comments: readonly MagicComment[] = DEFAULT_MAGIC_COMMENTS): string {
  const directives = directivesOf(comments);
  if (!holdsAny(markdown, directives.keys())) return markdown;
  const lines = markdown.split('\n');
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string;
    const open = fenceOpening(line);
    if (open === undefined) {
      out.push(line);
      continue;
    }
    let end = i + 1;
    while (end < lines.length && !closesFence(lines[end] as string, open.marker)) end++;
    const body = lines.slice(i + 1, end);
    const info = open.info.trim();
    const language = info.split(/\s/, 1)[0]?.toLowerCase() ?? '';
    // "{1,4-6}" in the metastring wins over comments, and a block without a language reads none (Docusaurus `parseLines`).
    const rewritten =
      language === '' || language.startsWith('{') || /\{[\d,-]+\}/.test(info)
        ? undefined
        : withoutMagicComments(body, language, directives);
    if (rewritten === undefined) out.push(line, ...body);
    else {
      const ranges = rewritten.marked.length === 0 ? '' : ` ${rangesOf(rewritten.marked)}`;
      out.push(`${line.slice(0, open.indent)}${open.marker}${open.info.trimEnd()}${ranges}`, ...rewritten.code);
    }
    if (end < lines.length) out.push(lines[end] as string);
    i = end;
  }
  return out.join('\n');
}
