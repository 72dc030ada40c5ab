/**
 * The dialect step of the content pipeline (DESIGN.md "Sources: the generators' conventions"): a
 * page's source in, plain CommonMark/GFM out, before both the HTML render and the markdown agents
 * get, so the two say the same thing. One file per generator syntax, applied in this order (steps 1
 * to 5 are the table of steps.ts, each naming the feature rows it renders and the generators it runs
 * for):
 *
 * 0. a VitePress home page's hero and features (vitepress-home.ts) and a Starlight page's hero
 *    (starlight-hero.ts) become the body's first blocks; a Starlight page's import aliases (`![…](@assets/a.png)`, `import X from '@partials/x.mdx'`)
 *    become paths from the page (import-aliases.ts), before anything reads them;
 *    an `.mdx` page is read as MDX (content/mdx/index.ts): ESM and expressions dropped,
 *    components made markdown, imported markdown partials inlined (content/mdx/partials.ts, inside
 *    the content folder only);
 * 1. includes, which bring in text the other steps then read: mdBook `{{#include}}`
 *    (mdbook-include.ts), MkDocs snippets `--8<--` (mkdocs-snippets.ts), VitePress
 *    `<!--@include:-->` (vitepress-include.ts) and `<<<` (vitepress-snippet.ts), GitBook
 *    `{% include %}` (gitbook-include.ts) — each reading through the one rule of content/readable.ts;
 * 2. Hugo shortcodes (hugo-shortcodes.ts), mdBook listings (mdbook-listing.ts), `{{#title}}`
 *    (mdbook-include.ts) and hidden code lines (mdbook-hidden-lines.ts), Vue in VitePress
 *    pages (vue.ts), MkDocs `md_in_html` (md-in-html.ts);
 * 3. block syntax, nested in any order, each body through all of them again: `:::` containers
 *    (container.ts, where each generator's own parser finds them: container-tree.ts), MkDocs admonitions (mkdocs-admonition.ts), tabs (mkdocs-tabs.ts) and PyMdown
 *    Blocks `///` (pymdownx-blocks.ts), GitBook `{% %}` blocks (gitbook.ts);
 * 4. Material icon shortcodes (icons.ts), emoji shortcodes on VitePress and MkDocs (emoji.ts) and PyMdown inline syntax (keys, mark, caret, tilde,
 *    critic: pymdownx-inline.ts), then the files `mkdocs.yml` appends to every page;
 * 5. attribute lists, every generator's, made the `{…}` markdown-it-attrs reads (attr-list.ts;
 *    a site's custom delimiters from {@link DialectOptions.attrDelimiters}).
 *
 * Docusaurus pages also go through MDX when they use a theme component without importing it
 * (mdx/docusaurus-theme.ts), and their code blocks' highlight comments become line ranges
 * (docusaurus-code.ts) before any other step.
 *
 * Which dialects apply: the detected generator's (steps.ts `stepRuns`); a plain folder's pages
 * every one whose syntax cannot be anything else in CommonMark. GitHub alerts, footnotes,
 * definition lists and task lists are left in the markdown (agents read them as written) and
 * rendered to HTML by markdown-it plugins (render-plugins.ts); attribute lists, abbreviation
 * definitions and the inline HTML of PyMdown's syntax are read by the HTML and taken out of the
 * agents' markdown (agents-markdown.ts, which content/portable-markdown.ts applies). A page with
 * none of this syntax comes out as the very same string, so its `.md` is exactly its source.
 */
import { frontmatterBlock, splitFrontmatter } from '../frontmatter.js';
import type { ContentProblem } from '../problems.js';
import { expressiveCodeFences } from './expressive-code.js';
import { withStarlightHero } from './starlight-hero.js';
import { withVitepressHome } from './vitepress-home.js';
import type { HugoContext } from './hugo-shortcodes.js';
import { mayHoldEmoji } from './emoji.js';
import { autoAppended } from './mkdocs-snippets.js';
import type { SiteFiles } from './site-files.js';
import type { LocatedProblem } from './include-context.js';
import { mdxReader } from '../mdx/on-demand.js';
import { contentPartialReader } from '../mdx/partials.js';
import { aliasedPartialReader, withImportAliases } from './import-aliases.js';
import { codeLines, withoutTrailingNewlines } from './lines.js';
import type { Generator, ImportAliases } from '../conventions/types.js';
import type { HugoParams } from '../conventions/hugo-params.js';
import { stepApplies } from './features.js';
import { bodySteps, stepRuns, type StepPage } from './steps.js';
import type { AttrDelimiters } from './attr-list.js';
import { docusaurusHighlightComments, type MagicComment } from './docusaurus-code.js';
import { docCardLister } from '../mdx/doc-cards.js';
import { usesDocusaurusMdx } from '../mdx/docusaurus-theme.js';

/** The page a source belongs to. */
export interface DialectOptions {
  /** The page file, `/`-separated, relative to the content folder. */
  relPath: string;
  /** Whether the page is internal (it alone may include internal files). */
  internal: boolean;
  /** The folders includes may read; `undefined` refuses every include. */
  files: SiteFiles | undefined;
  /** Whether a content file exists, for Hugo `ref` (see {@link ContentFileLookup}). */
  lookup: ContentFileLookup;
  /**
   * The detected generator: only its dialect steps run (features.ts `stepApplies`); a plain folder
   * and `undefined` (tests of one step) run every step.
   */
  generator?: Generator | undefined;
  /**
   * The site's attribute-list delimiters when they are not `{`/`}` (VitePress
   * `markdown.attrs.leftDelimiter`/`rightDelimiter`, vitepress.dev/reference/site-config#markdown):
   * the dialect step makes such lists `{…}`, which the HTML reads and the agents' markdown drops
   * (attr-list.ts). Undefined: `{`/`}`.
   */
  attrDelimiters?: AttrDelimiters | undefined;
  /**
   * The project's import aliases (Starlight: `tsconfig.json` `paths`, content/conventions/tsconfig-paths.ts),
   * resolved in destinations and MDX imports (import-aliases.ts); undefined: none.
   */
  importAliases?: ImportAliases | undefined;
  /**
   * The site's parameters, which Hugo's `param` shortcode falls back to when the page sets none of
   * the name (conventions/hugo-params.ts: keys lower-cased); one value for the whole site.
   * Undefined: none.
   */
  siteParams?: HugoParams | undefined;
  /**
   * Docusaurus's admonition keywords when the site's config changes them (conventions/docusaurus.ts):
   * the `:::` names rendered as admonitions (container-tree.ts). Undefined: Docusaurus's defaults.
   */
  admonitionKeywords?: readonly string[] | undefined;
  /** Docusaurus's magic comments when the site's config sets them (docusaurus-code.ts); undefined: its defaults. */
  magicComments?: readonly MagicComment[] | undefined;
}

/**
 * Whether a content file exists: its path (`/`-separated, relative to the content folder) when it
 * does, else `undefined`. Hugo `ref`/`relref` asks it to write a link to the file, which the link
 * step resolves as any `.md` link; it needs no page URL, so the dialect step runs while pages are
 * read (content/page-text.ts `contentFileLookup`). A page URL lookup (content/links.ts) fits too.
 */
export type ContentFileLookup = (relPath: string) => string | undefined;

/** A source as plain markdown. */
export interface PlainMarkdown {
  /** The frontmatter as written, then the body as plain markdown; the very source when no dialect applied. */
  text: string;
  /** What could not be rendered (includes that failed, shortcodes dropped, unknown tags), for `check`. */
  problems: ContentProblem[];
}

/**
 * Any of these in a source means a dialect may apply; a source with none is returned as it is,
 * unscanned. Plain substrings, each found with `includes` (a memchr-speed scan): one regular
 * expression of all of them as alternatives cost 8 µs per page, most of a plain page's build.
 */
const TRIGGERS = [
  ':::',
  '!!!',
  '???',
  '===',
  '{%',
  // Hugo shortcodes and mdBook includes; a bare `{{` is text but on VitePress (tldr's `{{path/to/file}}`).
  '{{<',
  '{{%',
  '{{#',
  '--8<--',
  '@include:',
  '<<<',
  '<script',
  '<style',
  ':material-',
  ':octicons-',
  ':fontawesome-',
  ':simple-',
  '///',
  '{:',
  '[[toc]]',
  '[[TOC]]',
  '[!code ',
  'line-numbers',
  '```rust',
  'hidelines=',
];

/** A `markdown` attribute (MkDocs md_in_html: `<div markdown>`), not the word in prose. */
const MARKDOWN_ATTRIBUTE = /\smarkdown\b/;

/**
 * Whether `source` holds a {@link TRIGGERS} string, a `markdown` attribute, a tag that opens with
 * a capital (`<Tabs>`, a component), or on VitePress a Vue interpolation `{{`.
 */
function mayHoldDialect(source: string, generator: Generator | undefined): boolean {
  for (const trigger of TRIGGERS) if (source.includes(trigger)) return true;
  if (generator === 'vitepress' && source.includes('{{')) return true;
  if (source.includes('markdown') && MARKDOWN_ATTRIBUTE.test(source)) return true;
  for (let at = source.indexOf('<'); at !== -1; at = source.indexOf('<', at + 1)) {
    const next = source.charCodeAt(at + 1);
    if (next >= 65 && next <= 90) return true;
  }
  return false;
}

/**
 * PyMdown's inline syntax (keys `++`, mark `==`, caret `^^`, tilde `~`, critic `{++`): extensions a
 * MkDocs site turns on in `mkdocs.yml`, so they are read on MkDocs pages only, never on a plain
 * folder, where `~/.config` and `2^10` are text.
 */
const MKDOCS_INLINE_TRIGGERS = /\+\+|==|\^|~|\{[-+~=>]/;

/**
 * An ESM import at the start of a line (`import X from './x'`, `import { A } from "b"`): a
 * `.md` page that is MDX all the same, as Docusaurus reads every `.md` (docusaurus.io/docs/markdown-features#mdx-vs-commonmark,
 * `format: 'mdx'` by default). Prose that starts a line with "import data from a file" has no quotes after `from`.
 */
const ESM_IMPORT = /(?:^|\n)import\s+(?:[\w$]+|\{[^}]*\}|\*\s+as\s+[\w$]+)(?:\s*,\s*\{[^}]*\})?\s+from\s+['"]/;

/**
 * Whether a `.md` source holds MDX ESM outside code (a fence before the import makes it code) and
 * outside `<script>` elements (VitePress pages import in `<script setup>`, vue.ts).
 */
function holdsEsm(source: string): boolean {
  if (!source.includes('import')) return false;
  const match = ESM_IMPORT.exec(source);
  if (match === null) return false;
  const before = source.slice(0, match.index);
  if (before.lastIndexOf('<script') > before.lastIndexOf('</script>')) return false;
  return codeLines([...before.split('\n'), 'import']).at(-1) !== true;
}

/**
 * A page's source as plain markdown (see the file comment for the steps). Pure apart from reading
 * included files; never throws on content.
 */
export function plainMarkdown(written: string, options: DialectOptions): PlainMarkdown {
  const problems: (string | LocatedProblem)[] = [];
  // Aliases first (import-aliases.ts): from here on an aliased path is the relative path it names.
  let source = withImportAliases(written, options.importAliases, options.relPath);
  const on = (generators: readonly Generator[]): boolean => stepApplies(generators, options.generator);
  if (/\.mdx$/i.test(options.relPath) || (on(['docusaurus']) && (holdsEsm(written) || usesDocusaurusMdx(written)))) {
    // MDX first (content/mdx/): its components become the plain markdown the steps below read.
    const read = aliasedPartialReader(contentPartialReader(options.files, options.internal), options.importAliases);
    const cards = on(['docusaurus']) ? docCardLister(options.files, options.internal) : undefined;
    const mdx = mdxReader().mdxMarkdown(source, { read, relPath: options.relPath, chain: [], cards });
    source = mdx.text;
    problems.push(...mdx.problems.map(locatedPartial));
  }
  // Starlight: Expressive Code's fence meta reduced to a plain fence (expressive-code.ts), the
  // frontmatter `hero` as the body's first blocks (starlight-hero.ts). Its own
  // generator only: `{1,3}` and `title=` elsewhere are Docusaurus's and VitePress's, which the HTML reads.
  if (options.generator === 'starlight') source = withStarlightHero(expressiveCodeFences(source));
  // VitePress: a `layout: home` page's hero and features as the body's first blocks (vitepress-home.ts).
  if (options.generator === 'vitepress') source = withVitepressHome(source);
  // Docusaurus highlight comments (docusaurus-code.ts): before the early return, as a page may hold no other dialect.
  if (on(['docusaurus'])) source = docusaurusHighlightComments(source, options.magicComments);
  const include = { files: options.files, relPath: options.relPath, internal: options.internal, problems };
  const appended = on(['mkdocs']) ? autoAppended(include) : '';
  const delimiters = options.attrDelimiters;
  const customAttrs = delimiters !== undefined && source.includes(delimiters.left);
  const mkdocsInline = options.generator === 'mkdocs' && MKDOCS_INLINE_TRIGGERS.test(source);
  const emoji = (options.generator === 'vitepress' || options.generator === 'mkdocs') && mayHoldEmoji(source);
  if (!mayHoldDialect(source, options.generator) && appended === '' && !customAttrs && !mkdocsInline && !emoji)
    return { text: source, problems: toProblems(options.relPath, written, problems) };

  const frontmatter = frontmatterBlock(source);
  // The frontmatter parsed only when a step reads it (Hugo `param`, Vue `{{ $frontmatter }}`): a
  // second YAML parse of every page was a fifth of a Hugo site's build.
  let data: Record<string, unknown> | undefined;
  const hugo: HugoContext = {
    ...include,
    get frontmatter(): Record<string, unknown> {
      data ??= frontmatter === '' ? {} : splitFrontmatter(source).data;
      return data;
    },
    siteParams: options.siteParams ?? {},
    lookup: options.lookup,
    unrendered: new Map(),
  };
  const page: StepPage = {
    relPath: options.relPath,
    generator: options.generator,
    include,
    hugo,
    attrDelimiters: delimiters,
    admonitionKeywords: options.admonitionKeywords,
    interpolations: [],
    gitbook: { dropped: [] },
  };
  let body = source.slice(frontmatter.length);
  // The table of steps (steps.ts), each where the detected generator selects it.
  for (const step of bodySteps) if (stepRuns(step, options.generator)) body = step.run(body, page);
  if (appended !== '') body = `${withoutTrailingNewlines(body)}\n\n${appended}\n`;

  if (hugo.unrendered.size > 0) {
    const names = [...hugo.unrendered].map(([name, { dropped, unwrapped }]) =>
      [dropped > 0 ? `${name} ×${dropped} dropped` : '', unwrapped > 0 ? `${name} ×${unwrapped} unwrapped` : ''].filter(Boolean).join(', '),
    );
    problems.push(`Hugo shortcodes not rendered: ${names.join(', ')}`);
  }
  const { interpolations, gitbook } = page;
  if (interpolations.length > 0) problems.push(`Vue interpolation not rendered: ${[...new Set(interpolations)].join(', ')}`);
  if (gitbook.dropped.length > 0) problems.push(`GitBook tags not rendered: ${[...new Set(gitbook.dropped)].join(', ')}`);
  return { text: frontmatter + body, problems: toProblems(options.relPath, written, problems) };
}

/** A partial the rule refused (mdx/partials.ts `contentPartialReader`): its path as written follows the prefix. */
const REFUSED_PARTIAL = /^MDX partial not inlined: include refused: (\S+) /;

/** An MDX problem, located by its import path when it is a refused partial (the import line holds the path). */
function locatedPartial(message: string): string | LocatedProblem {
  const needle = REFUSED_PARTIAL.exec(message)?.[1];
  return needle === undefined ? message : { message, needle };
}

/** Messages of includes that failed: errors (content left out); the rest are warnings. */
const INCLUDE_ERROR = /include refused|^(\{\{#|--8<--|\{\{% include|<!--@include|<<<|\{% include)/;

/** Whether a problem's message is an include that failed (refused or unreadable): `check` lists it as an error, `serve` logs it. */
export function isIncludeProblem(message: string): boolean {
  return INCLUDE_ERROR.test(message);
}

/**
 * Problems as `check` lists them: includes that failed are errors, the rest warnings. A problem
 * located by its include's path gets the 1-based line of the written page that holds it (the
 * next such line for a path written twice), and comes in line order; a path only an included file
 * holds has no line, and comes after.
 */
function toProblems(file: string, written: string, messages: readonly (string | LocatedProblem)[]): ContentProblem[] {
  if (messages.length === 0) return [];
  const lines = written.split('\n');
  const after = new Map<string, number>();
  const located = messages.map((entry): ContentProblem => {
    const message = typeof entry === 'string' ? entry : entry.message;
    const problem: ContentProblem = { severity: INCLUDE_ERROR.test(message) ? 'error' : 'warning', file, message };
    if (typeof entry === 'string') return problem;
    const from = after.get(entry.needle) ?? 0;
    const at = lines.findIndex((line, i) => i >= from && line.includes(entry.needle));
    if (at === -1) return problem;
    after.set(entry.needle, at + 1);
    return { ...problem, line: at + 1 };
  });
  // Top to bottom, as the author reads the page (the steps run one syntax after another); stable.
  return located.sort((a, b) => (a.line ?? Infinity) - (b.line ?? Infinity));
}
