/**
 * Where the `:::` containers of a page start and end, read by the parser its generator reads them
 * with, never by a line scanner of our own (issue 31, "dialects as plugins on the tree"):
 *
 * - **Docusaurus and Starlight** parse `:::` as remark-directive container directives
 *   (micromark-extension-directive, read here from micromark's events; GFM's block syntax, tables
 *   and footnote definitions, moves no container's bounds and is not read). Docusaurus: docusaurus.io/docs/markdown-features/admonitions (its
 *   keywords `note`, `tip`, `info`, `warning`, `danger`, plus `secondary`, `success`, `important`,
 *   `caution` in `@docusaurus/mdx-loader` `DefaultAdmonitionOptions`), with its legacy title
 *   `:::note Title` made the label `:::note[Title]` first, as `@docusaurus/utils`
 *   `admonitionTitleToDirectiveLabel` does. Starlight: starlight.astro.build/guides/authoring-content/#asides
 *   (`note`, `tip`, `caution`, `danger`). What the directive rules mean: the opening is three or
 *   more colons then at once a name, an optional `[label]` and `{attributes}`, nothing else; the
 *   close is at least as many colons, found on every line of the content before the content is
 *   parsed (a `:::` inside a code fence the content left open ends the container and the fence);
 *   an inner container needs fewer colons than the one holding it; one never closed runs to the end.
 * - **VitePress** registers markdown-it-container for each container
 *   (vitepress.dev/guide/markdown#custom-containers; its `containerPlugin`): the opening is three or
 *   more colons, then the name as the first word of the rest (`::: tip Title`, `:::tip`); the close
 *   is the first later line of at least as many colons, code fences inside or not; an inner
 *   container with as many colons as its outer one ends at the outer's close. Any name is read, as
 *   a site registers its own in `markdown.config`.
 * - **A plain folder** (and a step run without a generator) reads them with markdown-it-container
 *   too, the title also as `[Title]` after the name.
 *
 * Pages with a shape micromark reads in super-linear time (content/mdx/costly.ts) are not parsed:
 * their containers stay as written.
 */
import MarkdownIt, { type PluginWithParams } from 'markdown-it';
import containerPlugin from 'markdown-it-container';
import { parse, postprocess, preprocess } from 'micromark';
import { directive } from 'micromark-extension-directive';
import type { Generator } from '../conventions/types.js';
import { costlyMdxShape } from '../mdx/costly.js';
import { indentOf } from './lines.js';

/** A container as the generator's parser found it, by the lines of the text it was found in. */
export interface ContainerNode {
  /** The name as written (`tip`, `details`, `code-group`): Starlight and Docusaurus compare it as written. */
  name: string;
  /**
   * The title as written: a directive's `[label]` (Docusaurus's `:::note Title` too), else the rest
   * of a markdown-it-container opening line after the name; undefined when there is none.
   */
  title: string | undefined;
  /** Whether this generator renders the name as an admonition box (see {@link ContainerRules}). */
  admonition: boolean;
  /** 0-based index of the opening line. */
  open: number;
  /** 0-based index of the line after the content: the closing line when {@link closed}, else the first line after the container. */
  end: number;
  /** Whether a closing line ends the container (one left open runs to the end of the page or of the block holding it). */
  closed: boolean;
}

/** How a generator reads `:::` (the file comment). */
interface ContainerRules {
  parser: 'directive' | 'markdown-it';
  /** Names rendered as admonitions, compared as written; undefined: every name but the special ones of container.ts. */
  admonitions?: ReadonlySet<string>;
  /** Docusaurus's legacy `:::note Title`, made `:::note[Title]` for the names of {@link admonitions}. */
  legacyTitles?: boolean;
  /** markdown-it-container's `validate`: whether the rest of an opening line names a container. */
  validate?: (params: string) => boolean;
}

/** A container name: a letter, then letters, digits, `-` or `_` (the directive rule; markdown-it-container reads any word). */
const NAME = /^[A-Za-z][\w-]*/;

/** VitePress: the first word of the rest is the name (markdown-it-container's default `validate`). */
const vitepressName = (params: string): boolean => NAME.exec(params.trim())?.[0] === params.trim().split(' ', 1)[0];

/** A plain folder: a name, then anything but a name character (`:::tip[Title]`, `::: tip Title`). */
const anyName = (params: string): boolean => NAME.test(params.trim());

/** A line that may open a container, in any generator's rules: indentation or `>` markers, three colons or more, a space or not, a letter. */
const MAY_OPEN = /^[ \t>]*:{3,}[ \t]*[A-Za-z]/m;

/** Docusaurus's default admonition keywords (`@docusaurus/mdx-loader` `DefaultAdmonitionOptions`). */
export const DOCUSAURUS_ADMONITIONS: readonly string[] = [
  'secondary',
  'info',
  'success',
  'danger',
  'note',
  'tip',
  'warning',
  'important',
  'caution',
];

/** Each generator's rules; a plain folder and no generator take {@link PLAIN}. */
const RULES: Partial<Record<Generator, ContainerRules>> = {
  docusaurus: {
    parser: 'directive',
    admonitions: new Set(DOCUSAURUS_ADMONITIONS),
    legacyTitles: true,
  },
  starlight: { parser: 'directive', admonitions: new Set(['note', 'tip', 'caution', 'danger']) },
  vitepress: { parser: 'markdown-it', validate: vitepressName },
};
const PLAIN: ContainerRules = { parser: 'markdown-it', validate: anyName };

/** Docusaurus's rules with a site's keywords, per keyword list (one per site, read on every page). */
const SITE_RULES = new WeakMap<readonly string[], ContainerRules>();

function docusaurusRules(keywords: readonly string[]): ContainerRules {
  let rules = SITE_RULES.get(keywords);
  if (rules === undefined) {
    rules = { ...(RULES.docusaurus as ContainerRules), admonitions: new Set(keywords) };
    SITE_RULES.set(keywords, rules);
  }
  return rules;
}

/**
 * The outermost `:::` containers of `markdown` (a body, no frontmatter), in order, as `generator`'s
 * parser reads them (see the file comment); each one's opening line holds nothing before its
 * colons but indentation (one inside a blockquote or opening a list item's line stays as written).
 * Never throws; linear in the text but for micromark's own parse, whose super-linear shapes are
 * not parsed (empty result).
 * @param admonitionKeywords Docusaurus: the site's keywords in place of the defaults (the config's
 *   `admonitions` option, conventions/docusaurus.ts); other generators ignore it
 */
export function containerNodes(
  markdown: string,
  generator: Generator | undefined,
  admonitionKeywords?: readonly string[],
): ContainerNode[] {
  // No line that could open one (colons then a name, after indentation or quote markers): no parse.
  // A lone `\r`, which both parsers read as a line break and these lines do not, leaves the text as written.
  if (!MAY_OPEN.test(markdown) || /\r(?!\n)/.test(markdown)) return [];
  const known = (generator === undefined ? undefined : RULES[generator]) ?? PLAIN;
  const rules = admonitionKeywords === undefined || generator !== 'docusaurus' ? known : docusaurusRules(admonitionKeywords);
  const lines = markdown.split('\n');
  const nodes = rules.parser === 'directive' ? directiveNodes(markdown, lines, rules) : markdownItNodes(markdown, lines, rules);
  return nodes.filter((node) => indentOf(lines[node.open] ?? '').length === (lines[node.open] ?? '').indexOf(':'));
}

/**
 * Inline constructs turned off for this reading (micromark's `disable.null`, github.com/micromark/micromark
 * "Extensions"): where flow blocks and containers lie does not depend on them, and without them a
 * paragraph's text is read as plain data, which halves the parse.
 */
const NO_INLINE = {
  disable: {
    null: [
      'attention',
      'autolink',
      'characterReference',
      'codeText',
      'hardBreakEscape',
      'htmlText',
      'labelStartImage',
      'labelStartLink',
      'labelEnd',
      'directiveText',
    ],
  },
};

/**
 * Most container directives open inside one another that a page may hold for micromark to read it.
 * micromark reads each container's content as a document of its own, so nesting costs more than
 * its length: 1,000 `:::a` lines, each opening inside the one before (5 kB), took 4 s, 2,000 took
 * 25 s; at eight levels a page reads in time linear in its length, and Docusaurus's documentation
 * nests three.
 */
export const MAX_DIRECTIVE_NESTING = 8;

/** An open container of {@link directiveNesting}: its line's prefix (indentation, `>`, list markers) and its colons. */
interface OpenDirective {
  prefix: string;
  colons: number;
}

/**
 * An upper bound of how deep container directives nest in `lines`, in one linear pass: every line
 * of colons then a name opens one (in code too, which only over-counts); a line of colons alone
 * with the very prefix of an open one, and as many colons or more, closes the outermost such one
 * and those inside it, as micromark checks a close from the outermost container in. Stops counting
 * past {@link MAX_DIRECTIVE_NESTING}.
 */
export function directiveNesting(lines: readonly string[]): number {
  const open: OpenDirective[] = [];
  let deepest = 0;
  for (const line of lines) {
    let i = 0;
    while (i < line.length && ' \t>-*+.)0123456789'.includes(line[i] as string)) i++;
    if (line[i] !== ':') continue;
    const prefix = line.slice(0, i);
    let colons = 0;
    while (line[i + colons] === ':') colons++;
    if (colons < 3) continue;
    const rest = line.slice(i + colons);
    if (rest.trim() === '') {
      const closed = open.findIndex((entry) => entry.prefix === prefix && entry.colons <= colons);
      if (closed !== -1) open.length = closed;
    } else if (/^[ \t]*[A-Za-z]/.test(rest)) {
      open.push({ prefix, colons });
      deepest = Math.max(deepest, open.length);
      if (deepest > MAX_DIRECTIVE_NESTING) return deepest;
    }
  }
  return deepest;
}

/**
 * Docusaurus's and Starlight's reading: the outermost container directives, from micromark's
 * events (the tokens mdast-util-directive builds its `containerDirective` nodes from: the
 * container, its name, its label string and its closing fence), without building the tree. A
 * page micromark would read in super-linear time (content/mdx/costly.ts, {@link directiveNesting})
 * is not read: its containers stay as written.
 */
function directiveNodes(markdown: string, lines: readonly string[], rules: ContainerRules): ContainerNode[] {
  if (directiveNesting(lines) > MAX_DIRECTIVE_NESTING) return [];
  const written = rules.legacyTitles === true ? lines.map((line) => withLabelTitle(line, rules.admonitions)).join('\n') : markdown;
  if (costlyMdxShape(written) !== undefined) return [];
  // micromark skips a leading byte order mark, which would shift every offset after it.
  const source = written.startsWith('\uFEFF') ? ` ${written.slice(1)}` : written;
  const events = postprocess(
    parse({ extensions: [directive(), NO_INLINE] })
      .document()
      .write(preprocess()(source, undefined, true)),
  );
  const found: ContainerNode[] = [];
  let depth = 0;
  let current: { open: number; name: string; title: string | undefined; close: number | undefined } | undefined;
  for (const [kind, token] of events) {
    if (token.type === 'directiveContainer') {
      depth += kind === 'enter' ? 1 : -1;
      if (kind === 'enter' && depth === 1) current = { open: token.start.line - 1, name: '', title: undefined, close: undefined };
      if (kind === 'exit' && depth === 0 && current !== undefined) found.push(containerNode(current, token.end, rules));
    } else if (depth === 1 && current !== undefined && kind === 'enter' && token.type === 'directiveContainerFence') {
      // The second fence of the container is its close.
      if (token.start.line - 1 > current.open) current.close = token.start.line - 1;
    } else if (depth === 1 && kind === 'exit' && current !== undefined && token.start.line - 1 === current.open) {
      if (token.type === 'directiveContainerName') current.name = source.slice(token.start.offset, token.end.offset);
      else if (token.type === 'directiveContainerLabelString') current.title = source.slice(token.start.offset, token.end.offset);
    }
  }
  return found;
}

/** A directive found from its opening line to `end` (micromark's point after its last character), closed on line `close` if any. */
function containerNode(
  found: { open: number; name: string; title: string | undefined; close: number | undefined },
  end: { line: number; column: number },
  rules: ContainerRules,
): ContainerNode {
  const { open, name, close } = found;
  // A container left open at the end of the text ends at the start of the line after its last.
  const last = end.column === 1 && end.line - 1 > open ? end.line - 2 : end.line - 1;
  // `[]` is a label, and empty: no title, as an admonition without one.
  const title = found.title === undefined || found.title.trim() === '' ? undefined : found.title;
  const admonition = rules.admonitions?.has(name) ?? true;
  return { name, title, admonition, open, end: close ?? last + 1, closed: close !== undefined };
}

/**
 * `line` with Docusaurus's legacy title made a directive label: `:::note Title` → `:::note[Title]`
 * for an admonition keyword, after any `>` markers and indentation, as `admonitionTitleToDirectiveLabel`
 * rewrites it (whole lines, code included, as it does). Other lines unchanged.
 */
function withLabelTitle(line: string, keywords: ReadonlySet<string> | undefined): string {
  let i = 0;
  while (line[i] === '>') i += line[i + 1] === ' ' ? 2 : 1;
  while (line[i] === ' ' || line[i] === '\t') i++;
  const colons = colonsAt(line.slice(i));
  if (colons < 3) return line;
  const name = NAME.exec(line.slice(i + colons))?.[0];
  const end = i + colons + (name?.length ?? 0);
  if (name === undefined || keywords?.has(name) !== true || line[end] !== ' ') return line;
  // `.*` of Docusaurus's pattern stops before a `\r`, which stays after the label.
  const cr = line.endsWith('\r') ? '\r' : '';
  const title = line.slice(end, line.length - cr.length).trim();
  return title === '' ? line : `${line.slice(0, end)}[${title}]${cr}`;
}

/** The run of colons a line starts with after its indentation. */
function colonsAt(line: string): number {
  let i = indentOf(line).length;
  const start = i;
  while (line[i] === ':') i++;
  return i - start;
}

/** Whether `line` is a closing line of a container opened with `colons` colons: as many or more, then white space. */
function isClose(line: string, colons: number): boolean {
  const count = colonsAt(line);
  return count >= colons && line.slice(indentOf(line).length + count).trim() === '';
}

// @types/markdown-it-container is typed against markdown-it's CJS types; the plugin is the same function.
const container = containerPlugin as unknown as PluginWithParams;

/** One markdown-it block parser per `validate`, made on first use; inline parsing off (only where blocks lie matters). */
const parsers = new Map<(params: string) => boolean, MarkdownIt>();

/** markdown-it with markdown-it-container for every name `validate` accepts, its tokens `container_any_*`. */
function containerParser(validate: (params: string) => boolean): MarkdownIt {
  let md = parsers.get(validate);
  if (md === undefined) {
    md = new MarkdownIt({ html: true, linkify: false, typographer: false });
    md.use(container, 'any', { validate });
    md.core.ruler.disable('inline');
    parsers.set(validate, md);
  }
  return md;
}

/**
 * VitePress's (and a plain folder's) reading: markdown-it-container's tokens, outermost first. The
 * open token's map ends at the closing line when there is one, else at the line after the
 * container; the close token does not say which (its markup is the last line tried). The closing
 * line is the one at the map's end that closes it and that no other block starts at.
 */
function markdownItNodes(markdown: string, lines: readonly string[], rules: ContainerRules): ContainerNode[] {
  const tokens = containerParser(rules.validate ?? anyName).parse(markdown, {});
  const starts = new Set<number>();
  for (const token of tokens) if (token.map !== null) starts.add(token.map[0]);
  const found: ContainerNode[] = [];
  let depth = 0;
  for (const token of tokens) {
    if (token.type === 'container_any_close') depth--;
    if (token.type !== 'container_any_open') continue;
    if (depth++ > 0 || token.map === null) continue;
    const [open, end] = token.map;
    const closed = end < lines.length && isClose(lines[end] ?? '', colonsAt(lines[open] ?? '')) && !starts.has(end);
    const params = token.info.trim();
    const name = NAME.exec(params)?.[0] ?? '';
    found.push({ name, title: titleOf(params.slice(name.length)), admonition: true, open, end, closed });
  }
  return found;
}

/** The title of an opening line's rest after the name: `[Title]` (attributes after it ignored), else the text without a closing `{…}`, else none. */
function titleOf(rest: string): string | undefined {
  const text = rest.trim();
  if (text.startsWith('[')) {
    const close = text.lastIndexOf(']');
    if (close > 0) return text.slice(1, close);
  }
  const plain = withoutTrailingAttributes(text).trim();
  return plain === '' ? undefined : plain;
}

/** `rest` without a `{…}` attribute list that ends it, found from the end. */
function withoutTrailingAttributes(rest: string): string {
  if (!rest.endsWith('}')) return rest;
  const close = rest.length - 1;
  const open = rest.indexOf('{', rest.lastIndexOf('}', close - 1) + 1);
  return open === -1 || open > close ? rest : rest.slice(0, open);
}
