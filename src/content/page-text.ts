/**
 * The one content pipeline (DESIGN.md "One content pipeline", issue 31): a page's written source
 * goes through it once per build, on the main thread or a build worker alike:
 *
 *   frontmatter → the detected generator's dialect step (content/dialects/index.ts `plainMarkdown`)
 *   → audience blocks (content/audience.ts) → the page text.
 *
 * The page text is what every consumer reads: the plain markdown (frontmatter kept) that the HTML
 * and the markdown agents get are rendered from (content/page-content.ts), the title and the
 * description (from the plain text, so no generator syntax reaches llms.txt, `<meta
 * name="description">` or search hits), the search text and the dialect's problems (for `check`,
 * once). The site holds the plain markdown while the site fits its budget (content/site.ts
 * `HELD_SOURCE_MAX_CHARS`); past it, a page is read from disk and put through this same function
 * when first served: the one exception, with the same rules.
 */
import type { MagicComment } from './dialects/docusaurus-code.js';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { forAudience } from './audience.js';
import { noteFileRead } from './read-observer.js';
import type { InternalZone } from './access.js';
import { plainMarkdown, type ContentFileLookup } from './dialects/index.js';
import { agentsMarkdown } from './dialects/agents-markdown.js';
import { featuresIn } from './dialects/feature-usage.js';
import type { AttrDelimiters } from './dialects/attr-list.js';
import { siteFilesOf, type SiteFiles } from './dialects/site-files.js';
import { bodyOf, splitFrontmatter } from './frontmatter.js';
import type { SourceFile } from './load.js';
import type { ContentProblem } from './problems.js';
import { deriveDescription, deriveTitle, scalarText } from './page.js';
import { summarizeMarkdown } from './render.js';
import type { Generator, ImportAliases } from './conventions/types.js';
import type { HugoParams } from './conventions/hugo-params.js';

/** What the pipeline needs to know of a page beyond its written text. */
export interface PageTextOptions {
  /** The page file, `/`-separated, relative to the content folder. */
  relPath: string;
  /** Whether the page is internal (content/page.ts `deriveKind`): it alone may include internal files. */
  internal: boolean;
  /** The detected generator (content/conventions/): only its dialect steps run (dialects/features.ts). */
  generator: Generator;
  /** Where includes may read (dialects/site-files.ts); `undefined` refuses every include. */
  files: SiteFiles | undefined;
  /**
   * The page's frontmatter when the caller has already parsed it (the build has, to decide access
   * before anything renders); parsed here when omitted.
   */
  data?: Record<string, unknown> | undefined;
  /** A title declared outside the page (SUMMARY.md, a sidebar file): wins over the page's own. */
  declaredTitle?: string | undefined;
  /**
   * Whether a content file exists, for Hugo `ref`/`relref` (dialects/hugo-shortcodes.ts); default
   * {@link contentFileLookup} of `files`, which needs no page URL, so the step runs at read time.
   */
  lookup?: ContentFileLookup | undefined;
  /** The site's attribute-list delimiters (VitePress `markdown.attrs`), when not `{`/`}` (dialects/attr-list.ts). */
  attrDelimiters?: AttrDelimiters | undefined;
  /** The project's import aliases (Starlight `tsconfig.json` `paths`: dialects/import-aliases.ts); absent: none. */
  importAliases?: ImportAliases | undefined;
  /** The site's parameters, for Hugo's `param` shortcode (conventions/hugo-params.ts); one value per site. */
  siteParams?: HugoParams | undefined;
  /** Docusaurus's admonition keywords when the config changes them (dialects/container-tree.ts); absent: the defaults. */
  admonitionKeywords?: readonly string[] | undefined;
  /** Docusaurus's magic comments when the config sets them (dialects/docusaurus-code.ts); absent: the defaults. */
  magicComments?: readonly MagicComment[] | undefined;
  /** Find the dialect feature rows the written source uses ({@link PageText.features}); `check` asks, serve does not. */
  detectFeatures?: boolean | undefined;
}

/** The page text: every consumer of a page reads this, never the written source. */
export interface PageText {
  /** The plain markdown after the dialect step, frontmatter kept; the very source when no dialect applied. */
  text: string;
  /** Frontmatter `title`, else the declared title, else the first H1 of the plain text, else the file name. */
  title: { title: string; fromFallback: boolean };
  /**
   * Frontmatter `description`, else the first paragraph of the agents' plain text as plain words
   * (no markdown, HTML or generator syntax), cut to 200 characters (content/page.ts `deriveDescription`).
   */
  description: string;
  /** The body agents read (frontmatter removed, humans-only blocks left out): what search counts. */
  searchText: string;
  /** What the dialect step could not render, with lines in the written page, for `check` and the log. */
  problems: ContentProblem[];
  /** Ids of the dialect feature rows the written source uses (dialects/feature-usage.ts), when asked for. */
  features?: string[];
}

/** Called with each source's relative path each time the pipeline runs; tests count the runs. */
type PipelineObserver = (relPath: string) => void;
let observer: PipelineObserver | undefined;

/**
 * Sets (or, with `undefined`, removes) the function told of every run of {@link pageTextOf} in
 * this thread, so that a test can show each source goes through the pipeline once per build.
 */
export function observePageText(next: PipelineObserver | undefined): void {
  observer = next;
}

/**
 * Whether a content file exists, read from the disk under `files.contentRoot`, for Hugo `ref`:
 * independent of page URLs, which are known only once every page is read. A path that leaves the
 * content folder never exists. Without a content folder (sources held in memory), no file does.
 */
export function contentFileLookup(files: SiteFiles | undefined): ContentFileLookup {
  return (relPath) => {
    if (files === undefined || relPath.startsWith('/') || relPath.split('/').includes('..')) return undefined;
    const absolute = path.join(files.contentRoot, relPath);
    noteFileRead(absolute);
    return existsSync(absolute) ? relPath : undefined;
  };
}

/**
 * The readable folders of a page's file (dialects/site-files.ts), `undefined` for a source held in memory.
 * @param versionDir the folder of the page's docs version relative to the content folder
 *   (content/conventions/types.ts `DocsVersion.dir`): its reads stay inside it (readable.ts `ReadableRoots.scope`)
 */
export function filesOfSource(
  file: SourceFile,
  zone: InternalZone,
  protectedPaths?: readonly string[],
  versionDir?: string,
): SiteFiles | undefined {
  if (file.contentRoot === undefined) return undefined;
  const files = siteFilesOf(file.contentRoot, protectedPaths ?? file.protectedPaths ?? [], zone);
  return versionDir === undefined ? files : { ...files, scope: path.join(file.contentRoot, ...versionDir.split('/')) };
}

/**
 * The one pipeline: a page's written source → its {@link PageText}. Pure apart from reading the
 * files includes name (through content/readable.ts); never throws on content.
 * @param written the page's source as read, frontmatter included
 */
export function pageTextOf(written: string, options: PageTextOptions): PageText {
  observer?.(options.relPath);
  const plain = plainMarkdown(written, {
    relPath: options.relPath,
    internal: options.internal,
    files: options.files,
    lookup: options.lookup ?? contentFileLookup(options.files),
    generator: options.generator,
    attrDelimiters: options.attrDelimiters,
    importAliases: options.importAliases,
    siteParams: options.siteParams,
    admonitionKeywords: options.admonitionKeywords,
    magicComments: options.magicComments,
  });
  const { data: parsed, body } =
    options.data === undefined ? splitFrontmatter(plain.text) : { data: options.data, body: bodyOf(plain.text) };
  const searchText = forAudience(body, 'agents');
  const needs = {
    h1: options.declaredTitle === undefined && scalarText(parsed.title) === undefined,
    paragraph: scalarText(parsed.description) === undefined,
  };
  const summary = needs.h1 || needs.paragraph ? summarizeMarkdown(searchText, needs) : { firstH1: undefined, firstParagraph: undefined };
  // The title and description as agents read them: attribute lists (`# Setup {#setup}`), which only
  // the HTML reads, left out (dialects/agents-markdown.ts). Only these two strings: the whole text
  // through it at build would cost a block parse per page, and search loses nothing by a stray `#setup`.
  if (summary.firstH1 !== undefined) summary.firstH1 = agentsMarkdown(summary.firstH1).trim();
  if (summary.firstParagraph !== undefined) summary.firstParagraph = agentsMarkdown(summary.firstParagraph).trim();
  return {
    text: plain.text,
    title:
      options.declaredTitle === undefined
        ? deriveTitle(parsed, summary.firstH1, options.relPath)
        : { title: options.declaredTitle, fromFallback: false },
    description: deriveDescription(parsed, summary.firstParagraph),
    searchText,
    problems: plain.problems,
    ...(options.detectFeatures === true ? { features: featuresIn(written, options.generator) } : {}),
  };
}
