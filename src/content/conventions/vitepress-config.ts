/**
 * Where a VitePress config lives and what its `markdown.attrs` setting says, read, never run.
 *
 * Config resolution (vitepress.dev/reference/site-config#config-resolution): `<root>/.vitepress/config.[ext]`
 * with `.js`, `.ts`, `.mjs` or `.mts`; VitePress' resolver (github.com/vuejs/vitepress src/node/config.ts
 * `resolveConfigPath`) also takes `.vitepress/config/index.[ext]` first, and Vite's loader reads the CommonJS
 * spellings `.cjs`/`.cts`. Attribute lists (vitepress.dev/reference/site-config#markdown, `markdown.attrs`:
 * markdown-it-attrs' `leftDelimiter`/`rightDelimiter`, `{`/`}` by default, and `disable`).
 */
import { objectOf, stringOf, type Literal } from './js-literal.js';

/** Config files in the order VitePress tries them, relative to the folder that holds `.vitepress/`. */
export const VITEPRESS_CONFIG_FILES: readonly string[] = [
  ...['js', 'ts', 'mjs', 'mts'].map((ext) => `.vitepress/config/index.${ext}`),
  ...['js', 'ts', 'mjs', 'mts', 'cjs', 'cts'].map((ext) => `.vitepress/config.${ext}`),
];

/** The delimiters of attribute lists, or `false` when the site turned them off (`markdown.attrs.disable`). */
export type MarkdownAttrs = { left: string; right: string } | false;

/** markdown-it-attrs' own delimiters, VitePress' default. */
export const DEFAULT_ATTRS: { left: string; right: string } = { left: '{', right: '}' };

/**
 * The `markdown.attrs` of a VitePress config read as a literal: `undefined` when the config does not
 * set it (the default `{`/`}` then holds), `false` for `disable: true`, else the delimiters, each
 * defaulting to `{`/`}` when only one is given. A delimiter that is not a literal string of 1–8
 * characters is ignored (the default is kept) rather than guessed.
 * @example markdownAttrsOf({ markdown: { attrs: { leftDelimiter: '%{', rightDelimiter: '}%' } } }) // { left: '%{', right: '}%' }
 */
export function markdownAttrsOf(config: Record<string, Literal> | undefined): MarkdownAttrs | undefined {
  const attrs = objectOf(objectOf(config?.markdown)?.attrs);
  if (attrs === undefined) return undefined;
  if (attrs.disable === true) return false;
  const delimiter = (value: Literal | undefined, fallback: string): string => {
    const text = stringOf(value);
    return text !== undefined && text.length > 0 && text.length <= 8 && !/\s/.test(text) ? text : fallback;
  };
  return { left: delimiter(attrs.leftDelimiter, DEFAULT_ATTRS.left), right: delimiter(attrs.rightDelimiter, DEFAULT_ATTRS.right) };
}

/**
 * `text` without the attribute list that ends it (`Intro %{#intro .lead}%` → `Intro`), as
 * markdown-it-attrs reads a heading's: the last `left` … `right` span at the very end, holding no
 * newline and at least one character. Titles, nav labels and headings derived from a page's H1 call
 * this so they never show the attribute syntax; `false` (attributes disabled) returns `text` as it is,
 * `undefined` means the default `{`/`}`. Linear: found with `lastIndexOf`, no regular expression.
 * @example withoutHeadingAttrs('Using custom anchors {#my-anchor}', undefined) // 'Using custom anchors'
 */
export function withoutHeadingAttrs(text: string, delimiters: MarkdownAttrs | undefined): string {
  if (delimiters === false) return text;
  const { left, right } = delimiters ?? DEFAULT_ATTRS;
  const trimmed = text.trimEnd();
  if (!trimmed.endsWith(right)) return text;
  const close = trimmed.length - right.length;
  const open = trimmed.lastIndexOf(left, close - 1);
  if (open === -1 || open + left.length >= close) return text;
  const inner = trimmed.slice(open + left.length, close);
  // An escaped delimiter (`\{#id}`) is text (markdown-it-attrs "Escaping"); so is a span over lines.
  if (inner.includes('\n') || trimmed[open - 1] === '\\' || inner.trim() === '') return text;
  return trimmed.slice(0, open).trimEnd();
}
