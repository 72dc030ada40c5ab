/**
 * What a code fence's info string (CommonMark §4.5) says beyond its language, in the spellings of
 * the generators sitegate reads:
 * - line highlights: `{1,3-5}` (docusaurus.io "Code blocks § Line highlighting", vitepress.dev
 *   "Line Highlighting in Code Blocks", which also writes it glued: `ts{1,3}`), MkDocs
 *   `hl_lines="1 3-4"` (Python-Markdown `fenced_code`, pymdown-extensions "Highlight");
 * - titles: `title="file.ts"` (Docusaurus, Starlight/Expressive Code, MkDocs Material
 *   "Code blocks § Adding a title"), VitePress `[file.ts]` (its code-group label);
 * - MkDocs' attribute form `{ .py title="x" hl_lines="2" }`.
 * The markdown agents get keeps the info string as written; only the HTML reads it.
 */

/** A fence info string, read. */
export interface FenceInfo {
  /** The language, lower-cased (`ts`, `python`); `''` when none is given. */
  lang: string;
  /** The title to show above the block, when one is given. */
  title?: string;
  /** 1-based numbers of the lines to highlight; empty when none. */
  lines: ReadonlySet<number>;
}

/** Most lines a range may name: `{1-99999999}` must not build a huge set. */
const MAX_RANGE_LINES = 10_000;

/** `key="value"` or `key='value'` pairs of an info string. */
const QUOTED = /(?<![\w-])([\w-]+)=(?:"([^"]*)"|'([^']*)')/g;

/** The text of the first `[…]` holding at least one character (`[` included), as `/\[([^\]]+)\]/` found it, without searching again from every `[`. */
function bracketed(text: string): string | undefined {
  for (let open = text.indexOf('['); open !== -1; open = text.indexOf('[', open + 1)) {
    if (open + 1 >= text.length || text[open + 1] === ']') continue;
    const close = text.indexOf(']', open + 2);
    return close === -1 ? undefined : text.slice(open + 1, close);
  }
  return undefined;
}

/**
 * Reads an info string. Never throws; what it does not know is ignored.
 * @example fenceInfo('ts title="a.ts" {2,4-5}') // { lang: 'ts', title: 'a.ts', lines: Set {2, 4, 5} }
 */
export function fenceInfo(info: string): FenceInfo {
  const trimmed = info.trim();
  const attributes = new Map<string, string>();
  for (const match of trimmed.matchAll(QUOTED)) attributes.set((match[1] as string).toLowerCase(), match[2] ?? match[3] ?? '');
  const rest = trimmed.replace(QUOTED, ' ');
  const lines = new Set<number>();
  // MkDocs' attribute list: `{ .python .extra }`; otherwise the first word, cut at a brace, a
  // bracket or a comma (mdBook and rustdoc attributes: `rust,ignore`, rust-lang.github.io/mdBook/format/mdbook.html#rust-code-block-attributes).
  const braced = /^\{([^}]*)\}/.exec(rest);
  const lang = braced !== null ? (/(?:^|\s)\.([\w+#-]+)/.exec(braced[1] ?? '')?.[1] ?? '') : (/^[^\s{[,]*/.exec(rest)?.[0] ?? '');
  // Docusaurus and VitePress ranges: `{1,3-5}`, anywhere after the language.
  for (const range of rest.matchAll(/\{([\d\s,-]+)\}/g)) addRanges(lines, (range[1] as string).split(','));
  const hl = attributes.get('hl_lines');
  if (hl !== undefined) addRanges(lines, hl.split(/\s+/));
  const bracket = bracketed(rest)?.trim();
  const title = attributes.get('title') ?? bracket;
  return { lang: lang.toLowerCase(), ...(title === undefined || title === '' ? {} : { title }), lines };
}

/** Adds `3` and `4-6` style ranges to `lines`; malformed ones are skipped. */
function addRanges(lines: Set<number>, ranges: readonly string[]): void {
  for (const range of ranges) {
    const match = /^\s*(\d+)(?:\s*-\s*(\d+))?\s*$/.exec(range);
    if (match === null) continue;
    const from = Number(match[1]);
    const to = match[2] === undefined ? from : Number(match[2]);
    if (from < 1 || to < from || to - from > MAX_RANGE_LINES) continue;
    for (let line = from; line <= to; line++) lines.add(line);
  }
}
