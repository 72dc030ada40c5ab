/**
 * The dialect steps of a page's body as one table, in the order they run (index.ts's file comment
 * says why this order): each step is one generator feature, or the few features that share one
 * syntax, with the rows of the feature table (features.ts) it renders and the generators whose
 * pages it runs on, as the detected generator selects them (issue 31, "dialects as plugins …
 * selected by the detected generator … listed in one table"). Block steps nest: each body goes
 * through all of them again ({@link blockSteps}).
 *
 * The steps before these (import aliases, MDX, Starlight's fence meta and hero, Docusaurus's
 * highlight comments, MkDocs' auto-appended files) read the whole source, frontmatter included,
 * and decide whether the body is read at all: index.ts runs them itself.
 */
import { GENERATORS, type Generator } from '../conventions/types.js';
import { normalizeAttributeLists, type AttrDelimiters } from './attr-list.js';
import { containers } from './container.js';
import { stepApplies } from './features.js';
import { hugoFeatures } from './features/hugo.js';
import { emojiShortcodes, mayHoldEmoji } from './emoji.js';
import { gitbookBlocks, type GitbookReport } from './gitbook.js';
import { gitbookIncludes } from './gitbook-include.js';
import { hugoShortcodes, type HugoContext } from './hugo-shortcodes.js';
import { mkdocsIcons } from './icons.js';
import type { IncludeContext } from './include-context.js';
import { mdInHtml } from './md-in-html.js';
import { mdbookHiddenLines } from './mdbook-hidden-lines.js';
import { mdbookIncludes, mdbookTitles } from './mdbook-include.js';
import { mdbookListings } from './mdbook-listing.js';
import { mkdocsAdmonitions } from './mkdocs-admonition.js';
import { commentTermDefinitions } from './mkdocs-def-list.js';
import { mkdocsSnippets } from './mkdocs-snippets.js';
import { mkdocsTabs } from './mkdocs-tabs.js';
import { pymdownxBlocks } from './pymdownx-blocks.js';
import { pymdownxInline } from './pymdownx-inline.js';
import { vitepressCode } from './vitepress-code.js';
import { vitepressIncludes } from './vitepress-include.js';
import { vitepressSnippets } from './vitepress-snippet.js';
import { vitepressToc } from './vitepress-toc.js';
import { vueComponents } from './vue.js';
import { vueInterpolation } from './vue-interpolation.js';

/** What a step reads besides the body: the page, and where it reports what it could not render. */
export interface StepPage {
  /** The page file, `/`-separated, relative to the content folder. */
  relPath: string;
  /** The detected generator; undefined in tests of one step. */
  generator: Generator | undefined;
  /** What includes read through, and the problems list every step adds to. */
  include: IncludeContext;
  /** Hugo's shortcodes' context: the page's frontmatter, the site's params, the file lookup. */
  hugo: HugoContext;
  /** The site's attribute-list delimiters when they are not `{`/`}` (index.ts `DialectOptions`). */
  attrDelimiters: AttrDelimiters | undefined;
  /** Docusaurus's admonition keywords from the site's config; undefined: its defaults (container-tree.ts). */
  admonitionKeywords: readonly string[] | undefined;
  /** Vue interpolations that could not be rendered, for `check`. */
  interpolations: string[];
  /** GitBook tags dropped, for `check`. */
  gitbook: GitbookReport;
}

/** One step of the table. */
export interface DialectStep<Run> {
  /** The rows of the feature table (features/<generator>.ts ids) the step renders. */
  features: readonly string[];
  /** The generators whose pages it runs on. */
  generators: readonly Generator[];
  /**
   * Whether only those generators' pages run it, never a plain folder's (its syntax is text
   * elsewhere: `{{ }}`, `~/.config`, `:smile:`). Otherwise a plain folder runs it too, as its syntax
   * cannot be anything else in CommonMark.
   */
  own?: true;
  /** The step: the text in, the text with the feature's syntax made plain markdown out; never throws on content. */
  run: Run;
}

/** A step over a page's body. */
export type BodyStep = DialectStep<(body: string, page: StepPage) => string>;

/** A block step: bodies of the blocks it finds go through `recurse` (every block step again). */
export type BlockStep = DialectStep<(text: string, recurse: (body: string) => string, page: StepPage) => string>;

/**
 * Whether `step` runs on pages of `generator`: features.ts `stepApplies` (its own generators; a
 * plain folder and no generator, in tests of one step, every step), but for the {@link DialectStep.own}
 * steps, which a plain folder does not run.
 */
export function stepRuns(step: DialectStep<unknown>, generator: Generator | undefined): boolean {
  if (step.own === true && (generator === undefined || generator === 'plain')) return false;
  return stepApplies(step.generators, generator);
}

/** The block steps (index.ts step 3), in order. */
export const blockSteps: readonly BlockStep[] = [
  {
    features: [
      'docusaurus.admonitions',
      'starlight.asides',
      'vitepress.custom-containers',
      'vitepress.raw-container',
      'vitepress.code-group',
    ],
    generators: ['docusaurus', 'starlight', 'vitepress'],
    run: (text, recurse, page) => containers(text, recurse, page.generator, page.admonitionKeywords),
  },
  { features: ['mkdocs.admonition', 'mkdocs.details'], generators: ['mkdocs'], run: mkdocsAdmonitions },
  { features: ['mkdocs.tabbed'], generators: ['mkdocs'], run: mkdocsTabs },
  {
    features: ['mkdocs.blocks-admonition', 'mkdocs.blocks-details', 'mkdocs.blocks-tab', 'mkdocs.blocks-html', 'mkdocs.blocks-caption'],
    generators: ['mkdocs'],
    run: pymdownxBlocks,
  },
  {
    features: [
      'gitbook.hint',
      'gitbook.tabs',
      'gitbook.stepper',
      'gitbook.columns',
      'gitbook.embed',
      'gitbook.content-ref',
      'gitbook.file',
    ],
    generators: ['gitbook'],
    run: (text, recurse, page) => gitbookBlocks(text, recurse, page.gitbook),
  },
];

/**
 * Block nesting read as syntax: deeper blocks stay as written. Each level reads its body again,
 * so without a bound a page of 5,000 unclosed `::: tip` lines took quadratic time and overflowed the
 * stack; sixteen levels are far more than any generator's documentation nests.
 */
const MAX_BLOCK_DEPTH = 16;

/** The block steps that run on `page`, each body through all of them again, to {@link MAX_BLOCK_DEPTH}. */
function blocks(markdown: string, page: StepPage, depth = 0): string {
  if (depth >= MAX_BLOCK_DEPTH) return markdown;
  const recurse = (body: string): string => blocks(body, page, depth + 1);
  let text = markdown;
  for (const step of blockSteps) if (stepRuns(step, page.generator)) text = step.run(text, recurse, page);
  return text;
}

/** The body steps, in order (index.ts steps 1 to 5). */
export const bodySteps: readonly BodyStep[] = [
  // 1. includes, which bring in text the steps after them read
  {
    features: ['mdbook.include', 'mdbook.rustdoc-include', 'mdbook.playground'],
    generators: ['mdbook'],
    run: (body, page) => mdbookIncludes(body, page.include),
  },
  { features: ['mkdocs.snippets'], generators: ['mkdocs'], run: (body, page) => mkdocsSnippets(body, page.include) },
  { features: ['vitepress.markdown-include'], generators: ['vitepress'], run: (body, page) => vitepressIncludes(body, page.include) },
  { features: ['gitbook.include'], generators: ['gitbook'], run: (body, page) => gitbookIncludes(body, page.include) },
  { features: ['vitepress.snippet-import'], generators: ['vitepress'], run: (body, page) => vitepressSnippets(body, page.include) },
  // 2. template syntax and code
  {
    features: hugoFeatures.filter((row) => /^hugo\.(?:shortcode|docsy)-/.test(row.id)).map((row) => row.id),
    generators: ['hugo'],
    run: (body, page) => hugoShortcodes(body, page.hugo),
  },
  { features: ['mdbook.trpl-listing'], generators: ['mdbook'], run: mdbookListings },
  { features: ['mdbook.title'], generators: ['mdbook'], run: mdbookTitles },
  { features: ['mdbook.hidden-lines'], generators: ['mdbook'], run: mdbookHiddenLines },
  {
    features: ['vitepress.vue-in-markdown'],
    generators: ['vitepress'],
    // An `.mdx` page's components were MDX's (content/mdx/).
    run: (body, page) => (page.relPath.toLowerCase().endsWith('.mdx') ? body : vueComponents(body)),
  },
  {
    features: ['vitepress.frontmatter-interpolation'],
    generators: ['vitepress'],
    own: true,
    run: (body, page) => (body.includes('{{') ? vueInterpolation(body, page.hugo.frontmatter, page.interpolations) : body),
  },
  {
    features: ['vitepress.line-highlighting', 'vitepress.code-notation', 'vitepress.line-numbers'],
    generators: ['vitepress'],
    run: vitepressCode,
  },
  { features: ['mkdocs.md-in-html'], generators: ['mkdocs'], run: mdInHtml },
  { features: ['mkdocs.def-list'], generators: ['mkdocs'], run: commentTermDefinitions },
  // 3. block syntax, nested in any order
  {
    features: blockSteps.flatMap((step) => step.features),
    generators: ['docusaurus', 'starlight', 'vitepress', 'mkdocs', 'gitbook'],
    run: (body, page) => blocks(body, page),
  },
  // 4. inline syntax
  { features: ['mkdocs.icons'], generators: ['mkdocs'], run: mkdocsIcons },
  {
    features: ['vitepress.emoji', 'mkdocs.emoji'],
    generators: ['vitepress', 'mkdocs'],
    own: true,
    run: (body) => (mayHoldEmoji(body) ? emojiShortcodes(body) : body),
  },
  {
    features: ['mkdocs.keys', 'mkdocs.mark', 'mkdocs.caret', 'mkdocs.tilde', 'mkdocs.critic'],
    generators: ['mkdocs'],
    own: true,
    run: pymdownxInline,
  },
  // 5. attribute lists, every generator's (all generators: none writes `{#id}` as text), then what reads the headings they set
  {
    features: ['mkdocs.attr-list', 'vitepress.custom-anchors', 'hugo.heading-ids', 'docusaurus.heading-ids'],
    generators: GENERATORS,
    run: (body, page) => normalizeAttributeLists(body, page.attrDelimiters),
  },
  {
    features: ['vitepress.table-of-contents'],
    generators: ['vitepress'],
    run: (body, page) => vitepressToc(body, page.relPath, page.hugo.lookup),
  },
];
