/**
 * Line helpers the dialect steps share: which lines are fenced code (CommonMark §4.5), and the
 * indentation that a block's output must keep so that it stays inside a list item or a tab.
 */

/** A fence opening or closing line, at any indentation: a fence inside a tab or an admonition body is indented too. */
const FENCE = /^\s*(`{3,}|~{3,})/;

/**
 * Per line: whether it belongs to fenced code, the fence lines included. A fence opens at any
 * indentation (inside an admonition or a tab it is indented) and closes at a line of the same
 * character, at least as long, with nothing else on it, indented at most 3 columns more than the
 * opening (CommonMark §4.5, relative to the block holding it); an unclosed fence runs to the end.
 * Lines inside blockquotes are read without their `>` markers.
 * @example codeLines(['a', '```', ':::', '```']) // [false, true, true, true]
 */
export function codeLines(lines: readonly string[]): boolean[] {
  let fence: string | undefined;
  let fenceIndent = 0;
  return lines.map((quoted) => {
    // Code inside a blockquote (an admonition already written as an alert) is code too.
    const line = quoted.includes('>') ? quoted.replace(/^[ \t]*(?:>[ \t]?)+/, '') : quoted;
    const marker = FENCE.exec(line)?.[1];
    if (fence !== undefined) {
      if (
        marker !== undefined &&
        marker[0] === fence[0] &&
        marker.length >= fence.length &&
        line.trim() === marker &&
        indentWidth(indentOf(line)) <= fenceIndent + 3
      )
        fence = undefined;
      return true;
    }
    // A backtick fence's info string holds no backtick (§4.5): "``` a ` b" is a code span.
    if (marker !== undefined && !(marker[0] === '`' && line.slice(line.indexOf(marker) + marker.length).includes('`'))) {
      fence = marker;
      fenceIndent = indentWidth(indentOf(line));
      return true;
    }
    return false;
  });
}

/** The leading spaces and tabs of a line. */
export function indentOf(line: string): string {
  return /^[ \t]*/.exec(line)?.[0] ?? '';
}

/** Width of an indentation, a tab counting 4 columns (Python-Markdown's tab length). */
export function indentWidth(indent: string): number {
  let width = 0;
  for (const char of indent) width += char === '\t' ? 4 - (width % 4) : 1;
  return width;
}

/**
 * The lines of an indented body (MkDocs admonitions and tabs: content indented 4 more columns than
 * the marker) with that indentation removed; blank lines stay blank.
 */
export function dedent(lines: readonly string[], columns: number): string[] {
  return lines.map((line) => {
    let width = 0;
    let i = 0;
    while (i < line.length && width < columns && (line[i] === ' ' || line[i] === '\t')) {
      width += line[i] === '\t' ? 4 - (width % 4) : 1;
      i++;
    }
    return line.slice(i);
  });
}

/** `text` with `indent` put before every line that is not blank. */
export function indentLines(text: string, indent: string): string {
  if (indent === '') return text;
  return text
    .split('\n')
    .map((line) => (line === '' ? line : indent + line))
    .join('\n');
}

/** The number of lines from `from` on that belong to an indented body deeper than `columns`: blank lines or lines indented past it, trailing blank lines left out. */
export function indentedBodyLength(lines: readonly string[], from: number, columns: number): number {
  let end = from;
  let last = from;
  while (end < lines.length) {
    const line = lines[end] ?? '';
    if (line.trim() === '') {
      end++;
      continue;
    }
    if (indentWidth(indentOf(line)) < columns) break;
    end++;
    last = end;
  }
  return last - from;
}

/**
 * `text` without the line breaks that end it, in one pass from the end (`/\n+$/` would scan each
 * run of line breaks again from each of its characters: quadratic on content made of them).
 */
export function withoutTrailingNewlines(text: string): string {
  let end = text.length;
  while (end > 0 && text.charCodeAt(end - 1) === 10) end--;
  return text.slice(0, end);
}

/** `text` without the line breaks that start and end it (what `/^\n+|\n+$/g` removed), in linear time. */
export function trimNewlines(text: string): string {
  let start = 0;
  while (start < text.length && text.charCodeAt(start) === 10) start++;
  return withoutTrailingNewlines(text.slice(start));
}

/**
 * The code spans of a text (CommonMark §6.1), as `[start, end)` offsets, in order: a run of
 * backticks opens one that the next run of exactly as many backticks closes; a run that no later
 * run closes is literal text. In linear time: for each run, the next run of the same length is
 * found in one backward pass (the regular expression this replaces searched the rest of the text
 * again from every run, and from every shorter part of it).
 */
export function codeSpanRanges(text: string): [number, number][] {
  const runs: { start: number; length: number }[] = [];
  for (let at = text.indexOf('`'); at !== -1;) {
    let end = at;
    while (text[end] === '`') end++;
    runs.push({ start: at, length: end - at });
    at = text.indexOf('`', end);
  }
  const nextSame = new Int32Array(runs.length).fill(-1);
  const lastByLength = new Map<number, number>();
  for (let i = runs.length - 1; i >= 0; i--) {
    const run = runs[i] as { start: number; length: number };
    nextSame[i] = lastByLength.get(run.length) ?? -1;
    lastByLength.set(run.length, i);
  }
  const ranges: [number, number][] = [];
  for (let i = 0; i < runs.length; i++) {
    const close = nextSame[i] ?? -1;
    if (close === -1) continue;
    const opener = runs[i] as { start: number; length: number };
    const closer = runs[close] as { start: number; length: number };
    ranges.push([opener.start, closer.start + closer.length]);
    i = close;
  }
  return ranges;
}

/**
 * Applies `replace` to the parts of a line (or paragraph) outside code spans (CommonMark §6.1):
 * `` `{{< x >}}` `` stays as written.
 */
export function outsideCodeSpans(text: string, replace: (prose: string) => string): string {
  if (!text.includes('`')) return replace(text);
  let out = '';
  let at = 0;
  for (const [start, end] of codeSpanRanges(text)) {
    out += replace(text.slice(at, start)) + text.slice(start, end);
    at = end;
  }
  return out + replace(text.slice(at));
}

/** A block rewritten by a {@link rewriteBlocks} step: its plain markdown (`undefined`: nothing) and the index of its last line. */
export interface RewrittenBlock {
  text: string | undefined;
  last: number;
}

/**
 * The scan every block dialect shares: each line outside fenced code that `open` matches starts a
 * block, which `rewrite` turns into plain markdown; the scan goes on after the block's last line.
 * Other lines pass through `other` (default: unchanged).
 * @param rewrite given every line, which of them are code, the opening line's index and match
 * @param other given a line that opens no block and whether it is code
 */
export function rewriteBlocks(
  markdown: string,
  open: Pick<RegExp, 'exec'>,
  rewrite: (lines: readonly string[], code: readonly boolean[], at: number, match: RegExpExecArray) => RewrittenBlock,
  other: (line: string, code: boolean) => string = (line) => line,
): string {
  const lines = markdown.split('\n');
  const code = codeLines(lines);
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? '';
    const match = code[i] === true ? null : open.exec(line);
    if (match === null) {
      out.push(other(line, code[i] === true));
      continue;
    }
    const { text, last } = rewrite(lines, code, i, match);
    if (text !== undefined) out.push(text);
    i = last;
  }
  return out.join('\n');
}

/**
 * Whether a character is one `\s` of a regular expression matches (ECMA-262 WhiteSpace and
 * LineTerminator), tested without a regular expression for the common ones: the scanners that
 * replaced backtracking patterns (vue-tags.ts, hugo-scan.ts, gitbook-tags.ts, mdx/lenient.ts) read
 * a character at a time. `undefined` (past the end) is no space.
 */
export const isSpace = (char: string | undefined): boolean =>
  char !== undefined && (char === ' ' || char === '\t' || char === '\n' || ((char < ' ' || char >= '\u00a0') && /\s/.test(char)));
