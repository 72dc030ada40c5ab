/**
 * VitePress code blocks (vitepress.dev/guide/markdown): what a fence says beyond its code, made
 * plain for agents and kept readable for the HTML.
 *
 * - Line numbers (§ Line Numbers): `ts:line-numbers`, `ts:line-numbers=2`, `ts:no-line-numbers` —
 *   the suffix is taken off the language (agents and the HTML read `ts`).
 * - Annotations in the code (§ Focus in Code Blocks, § Colored Diffs in Code Blocks, § Errors and
 *   Warnings in Code Blocks, § Line Highlighting: Shiki's notation transformers,
 *   shiki.style/packages/transformers): `// [!code highlight]` (`hl`), `// [!code focus]`,
 *   `// [!code ++]`, `// [!code --]`, `// [!code error]`, `// [!code warning]`, each with an optional
 *   `:N` for this line and the N − 1 after it, and `// [!code word:Text]`. The notation is taken out
 *   of the code (with its comment when nothing else is in it; a line holding nothing else goes, its
 *   range then starting at the next line), and the lines it marks are added to the fence's
 *   `{1,3-5}` line highlights (vitepress.dev/guide/markdown#line-highlighting-in-code-blocks), which
 *   the HTML marks (content/code/fence-info.ts). So no notation reaches agents' markdown or the
 *   HTML text; focus, diff and error/warning marks show as highlighted lines (one kind of mark).
 *
 * Fences are found line by line as CommonMark §4.5 reads them; the scan is linear, each line read
 * with `indexOf`, so an untrusted page costs time in proportion to its length.
 */

/** An opening fence: indentation and the marker run; the info string is the rest of the line. */
const FENCE_OPEN = /^([ \t]*)(`{3,}|~{3,})/;
/** The suffix VitePress reads on a fence's language. */
const LINE_NUMBERS = /:(?:no-)?line-numbers(?:=\d+)?(?=\s|\{|\[|$)/;
/** What Shiki's notation names, after `[!code `: a kind and an optional line count (sticky: tried at one place). */
const NOTATION = /(highlight|hl|focus|\+\+|--|error|warning|word:[^\]]*)(?::(\d{1,4}))?\]/y;
/** Comment openers Shiki's notation is written after, longest first, and the closers that end them. */
const OPENERS = ['<!--', '{/*', '//', '/*', '--', '#', ';', '%'];
const CLOSERS = ['-->', '*/}', '*/'];
/** Most lines one notation marks: `[!code hl:9999]` must not build a huge set. */
const MAX_MARKED_LINES = 1_000;

/** One line of code without its notations, and the longest range they mark (counted from this line; 0: none). */
function withoutNotation(line: string): { text: string; mark: number; only: boolean } {
  let text = '';
  let mark = 0;
  let kept = 0;
  let found = false;
  for (let at = line.indexOf('[!code '); at !== -1; at = line.indexOf('[!code ', at + 1)) {
    NOTATION.lastIndex = at + 7;
    const match = NOTATION.exec(line);
    if (match === null) continue;
    found = true;
    if (!(match[1] as string).startsWith('word:')) mark = Math.max(mark, Math.min(Number(match[2] ?? '1') || 1, MAX_MARKED_LINES));
    text += line.slice(kept, at).trimEnd();
    kept = NOTATION.lastIndex;
    at = kept - 1;
  }
  text += line.slice(kept);
  if (!found) return { text: line, mark, only: false };
  // The comment that held only notations goes with them: `x // [!code ++]` → `x`.
  let rest = text.trimEnd();
  const closer = CLOSERS.find((end) => rest.endsWith(end));
  const body = closer === undefined ? rest : rest.slice(0, -closer.length).trimEnd();
  const opener = OPENERS.find((start) => body.endsWith(start));
  if (opener !== undefined) rest = body.slice(0, -opener.length).trimEnd();
  return { text: rest, mark, only: rest.trim() === '' && line.trim() !== '' };
}

/** `[1, 2, 3, 5]` as `1-3,5`. */
function ranges(lines: readonly number[]): string {
  const sorted = [...new Set(lines)].sort((a, b) => a - b);
  const out: string[] = [];
  for (let i = 0; i < sorted.length; i++) {
    const from = sorted[i] as number;
    let to = from;
    while (sorted[i + 1] === to + 1) to = sorted[++i] as number;
    out.push(from === to ? `${from}` : `${from}-${to}`);
  }
  return out.join(',');
}

/** One fence's code without notations, and the 1-based lines they mark. */
function annotated(code: readonly string[]): { code: string[]; marked: number[] } {
  const out: string[] = [];
  const marked: number[] = [];
  // Lines still to mark, this one included: marks are of one kind here, so the longest pending range covers the others.
  let pending = 0;
  for (const line of code) {
    const { text, mark, only } = withoutNotation(line);
    pending = Math.max(pending, mark);
    if (only) continue;
    out.push(text);
    if (pending > 0) {
      marked.push(out.length);
      pending--;
    }
  }
  return { code: out, marked };
}

/**
 * Rewrites every fence of `markdown`: line-number suffixes off the language, code notations out of
 * the code and into the fence's line highlights. A page without either comes back as it is.
 * @example vitepressCode("```js\nconst a = 1 // [!code ++]\n```") // "```js {1}\nconst a = 1\n```"
 */
export function vitepressCode(markdown: string): string {
  if (!markdown.includes('[!code ') && !markdown.includes('line-numbers')) return markdown;
  const lines = markdown.split('\n');
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = FENCE_OPEN.exec(lines[i] ?? '');
    const info = open === null ? '' : (lines[i] ?? '').slice(open[0].length);
    // A backtick fence's info string holds no backtick (CommonMark §4.5): "``` a ` b" is a code span.
    if (open === null || (open[2]?.startsWith('`') === true && info.includes('`'))) {
      out.push(lines[i] ?? '');
      continue;
    }
    const [, indent = '', marker = ''] = open;
    let end = i + 1;
    for (; end < lines.length; end++) {
      const line = (lines[end] ?? '').trim();
      if (line.startsWith(marker[0] as string) && line.length >= marker.length && /^(`+|~+)$/.test(line) && line[0] === marker[0]) break;
    }
    const { code, marked } = annotated(lines.slice(i + 1, end));
    let written = info.replace(LINE_NUMBERS, '');
    if (marked.length > 0) written = `${written.trimEnd()} {${ranges(marked)}}`;
    out.push(`${indent}${marker}${written}`, ...code);
    if (end < lines.length) out.push(lines[end] ?? '');
    i = end;
  }
  return out.join('\n');
}
