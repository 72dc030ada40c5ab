/**
 * Step 5 of the content pipeline: source files → an immutable {@link Site} of pages and folders.
 * Each source goes once through the one pipeline (page-text.ts) while it is read: the site keeps
 * its page text (the plain markdown after the dialect step), its title and description come from
 * that text, and its dialect problems join the site's.
 * Pure: files in, site out; no HTTP, no database, no clock (mtimes come with the files).
 */
import type { SourceFile } from './load.js';
import { frontmatterBlock, splitFrontmatter } from './frontmatter.js';
import { internalZoneOf, mentionsAccess, unpublishedBy, type InternalZone } from './access.js';
import type { PagePath } from './paths.js';
import { linkRulesOf, lowercasesUrls, pageLocationOf, publishedPathsOf, versionOfFile, withUrlFolders } from './conventions/urls.js';
import { canonicalUrlOf, siteRedirects, type Redirect } from './redirects.js';
import { linkLookup } from './links.js';
import type { PageUrlLookup } from './links.js';
import { byUrl, declaredLastModified, deriveKind, deriveLastModified, derivePublished, type Page } from './page.js';
import { filesOfSource, pageTextOf, type PageText, type PageTextOptions } from './page-text.js';
import type { ContentProblem } from './problems.js';
import type { AssetFile } from './assets.js';
import { detached } from '../strings.js';
import type { Folder } from './folders.js';
import type { SiteLanguage, Translation } from './languages.js';
import { buildTreesInSteps, type SiteVersion } from './versions.js';
import type { FolderMemo } from './folder-memo.js';
import { runSteps, type BuildSteps } from '../build-steps.js';
import { pageNavOf, type PageNav } from './conventions/page-nav.js';
import { localeFallbackOf, localeOfFile } from './conventions/locales.js';
import { plainConventions, type Conventions, type Generator } from './conventions/types.js';

/** The conventions of a plain folder, made once. */
const PLAIN = plainConventions();

export type { Folder } from './folders.js';

/** The built site: every served page, by key, plus the folder tree. Holds no page text. */
export interface Site {
  /**
   * Site name: the generator's configured title (content/conventions/), else the root index page's
   * title when that page is public, else the given fallback.
   */
  readonly name: string;
  /** Site description from the generator's config; `undefined` when it gives none. */
  readonly description: string | undefined;
  /** The generator whose conventions the site was built by, and what it was recognised by. */
  readonly generator: { name: Generator; detectedBy: string };
  /** Every served page (internal ones included) by decoded URL path. */
  readonly pages: ReadonlyMap<string, Page>;
  /** Public (non-internal) pages sorted by URL: the set listed by sitemap, llms.txt and search. */
  readonly publicPages: readonly Page[];
  /**
   * The default language's public pages in nav order, depth first (content/folders.ts): the order of
   * llms.txt and llms-full.txt. Each language's are in {@link Site.languages}.
   */
  readonly navPages: readonly Page[];
  /**
   * Decoded URL paths that answer 308, by what they lead to: pages' former URLs (file-name URLs,
   * aliases), a locale's untranslated pages where the generator falls back to the default
   * language (Starlight), and the `redirects` setting (content/redirects.ts). Never holds a page's own key.
   */
  readonly redirects: ReadonlyMap<string, Redirect>;
  /** True when the generator lowercases URLs, so another letter case redirects (content/conventions/urls.ts). */
  readonly lowercaseUrls: boolean;
  /**
   * Every folder that holds a public page, by decoded folder path; always has `/`, the default
   * language's root. A locale folder (`/de/`) roots its language's tree and is no section of `/`.
   */
  readonly folders: ReadonlyMap<string, Folder>;
  /** The site's languages, the default first; one for a site in one language (content/languages.ts). */
  readonly languages: readonly SiteLanguage[];
  /**
   * The docs' versions, newest first, each its own tree (content/versions.ts); empty for an
   * unversioned site. Pages of no version (a blog, the home page) are in the language trees.
   */
  readonly versions: readonly SiteVersion[];
  /** The public versions of a public page in every language, by page key; none for a page without translation. */
  readonly translations: ReadonlyMap<string, readonly Translation[]>;
  /**
   * The site's internal zone (content/access.ts): `internal.md`/`internal/` at the root and in every
   * language folder of {@link Site.languages}. Every URL in it answers 401 without `internal:read`.
   */
  readonly internalZone: InternalZone;
  /**
   * The source file of every page, by page key, as written: read again only to map a line of the
   * page text to the file's (`check`'s unresolved links), never to render.
   */
  readonly sources: ReadonlyMap<string, SourceFile>;
  /**
   * A page's text (page-text.ts): the plain markdown after the dialect step, frontmatter kept,
   * from which its HTML and the markdown agents get are rendered. Held in memory while the site's
   * texts fit {@link HELD_SOURCE_MAX_CHARS}; past it, read from disk and put through the same
   * pipeline function (page-text.ts `pageTextOf`), the one exception to "once per build".
   * @throws {Error} when the page's file can no longer be read (past the budget only)
   */
  readonly textOf: (page: Page) => string;
  /**
   * The URL of a source file (`guides/setup.md` → `/guides/setup`) or of an asset of the content
   * folder (`img/a b.png` → `/img/a%20b.png`), for link rewriting.
   */
  readonly urlOfFile: PageUrlLookup;
  /** Static files served, by decoded URL path (`/img/a b.png`); none until {@link withAssets} adds them. */
  readonly assets: ReadonlyMap<string, AssetFile>;
  /** Problems found while building, for `sitegate check` and the log. */
  readonly problems: readonly ContentProblem[];
}

/** A page as the build reads it, for indexers that need its text once. */
export interface PageRead {
  page: Page;
  /** The page's search text (page-text.ts `PageText.searchText`): the plain body agents read. */
  body: string;
  /** The dialect feature rows its source uses (dialects/feature-usage.ts), when the build was asked for them. */
  features?: readonly string[];
}

/** Options for {@link buildSite}. */
export interface BuildSiteOptions {
  /** Site name when there is no root index page (usually the content folder's name). */
  fallbackName: string;
  /** The generator's conventions (content/conventions/); default: a plain folder's. */
  conventions?: Conventions | undefined;
  /** Called every few hundred pages while reading. */
  onProgress?: ((done: number, total: number) => void) | undefined;
  /**
   * Called with each page as it is read, while its text is at hand (the search index is built
   * this way). A later call for the same `page.key` replaces the earlier page.
   */
  onPage?: ((page: PageRead) => void) | undefined;
  /** Page texts are held in memory up to this many characters in all (default {@link HELD_SOURCE_MAX_CHARS}). */
  heldSourceMaxChars?: number;
  /** Find the dialect feature rows each page uses ({@link PageRead.features}), for `check`; default off. */
  detectFeatures?: boolean;
}

const PROGRESS_EVERY_PAGES = 1_000;

/**
 * Page texts (page-text.ts) up to this many characters in all are kept in memory with the site,
 * so a snapshot serves exactly the text it was built from (an edit shows in pages, search and
 * llms.txt together once the rebuild swaps in). Past it, pages are read from disk and put through
 * the pipeline again when first served: a 100k-page site does not hold its 160 MB of markdown, at
 * the price of a page edited on disk showing before the rebuild (with `--watch`, a fraction of a second).
 */
export const HELD_SOURCE_MAX_CHARS = 64 * 1024 * 1024;

/** A page read from its file, before the site decides whether it is served. */
export interface SourcePageRead extends PageRead {
  /** The page text (page-text.ts `PageText.text`): the plain markdown, frontmatter kept. */
  text: string;
  /** Priority among files that claim the same URL (content/paths.ts `indexRank`). */
  rank: number;
}

/** How {@link readSourcePage} reads a file beyond its conventions. */
export interface ReadOptions {
  /**
   * The paths includes may never read (content/readable.ts); default the file's own
   * (`SourceFile.protectedPaths`). A build worker passes them: files it gets carry none.
   */
  protectedPaths?: readonly string[] | undefined;
  /** Find the dialect feature rows the page uses (page-text.ts `PageTextOptions.detectFeatures`). */
  detectFeatures?: boolean | undefined;
}

/**
 * Reads one file into a page: frontmatter and access first (nothing of an unpublished page goes
 * further), then the one pipeline (page-text.ts), which gives its text, title and description,
 * and its place in the nav by the generator's `conventions` (a title declared outside the page
 * wins). Reports the file's own problems (unreadable, invalid frontmatter, no title) and its
 * dialect's into `problems`; a page's size is known once it is rendered (`sitegate check`,
 * content/page-size.ts).
 * @returns the page, or `undefined` for a draft or an unreadable file
 */
export function readSourcePage(
  file: SourceFile,
  problems: ContentProblem[],
  conventions: Conventions = PLAIN,
  options: ReadOptions = {},
): SourcePageRead | undefined {
  let text: string;
  try {
    text = file.read();
  } catch (error) {
    problems.push({
      severity: 'error',
      file: file.relPath,
      message: `cannot read file: ${(error as NodeJS.ErrnoException).code ?? 'error'}`,
    });
    return undefined;
  }
  const { data, error, warning } = splitFrontmatter(text);
  if (error !== undefined) {
    // Fail closed: frontmatter that may have said `access: internal` or `draft: true` but cannot
    // be read keeps its page unpublished (DESIGN.md "Private content fails closed").
    if (mentionsAccess(frontmatterBlock(text))) {
      problems.push({
        severity: 'error',
        file: file.relPath,
        message: `${error}; it names access or draft, so the page is held back`,
        heldBack: true,
      });
      return undefined;
    }
    problems.push({ severity: 'warning', file: file.relPath, message: `${error}; the frontmatter is ignored` });
  }
  if (warning !== undefined) problems.push({ severity: 'warning', file: file.relPath, message: warning });
  const unpublished = unpublishedBy(data);
  if (unpublished.invalid !== undefined)
    problems.push({ severity: 'error', file: file.relPath, message: `${unpublished.invalid}; the page is held back`, heldBack: true });
  if (unpublished.unpublished) return undefined;
  const location = pageLocationOf(file.relPath, data, conventions);
  const { page, pageText } = readPage(file, text, data, location.path, problems, conventions, options);
  return {
    page: location.formerKeys.length === 0 ? page : { ...page, formerKeys: location.formerKeys },
    body: pageText.searchText,
    text: pageText.text,
    rank: location.path.indexRank + versionRank(file.relPath, conventions),
    ...(pageText.features === undefined ? {} : { features: pageText.features }),
  };
}

/**
 * What a {@link Site} is made from (see {@link siteInSteps}): its pages and their files. Built by
 * {@link SiteAssembler}, or patched from the last build's (snapshot/assembly-patch.ts).
 */
export interface SiteParts {
  /** Every served page by key, in the order of their files (for a patched map: see patched-map.ts). */
  readonly pages: ReadonlyMap<string, Page>;
  /** The source file of each page, by key. */
  readonly sources: ReadonlyMap<string, SourceFile>;
  /** The pages' texts by key while they fit the budget ({@link HELD_SOURCE_MAX_CHARS}); `undefined` past it. */
  readonly held: ReadonlyMap<string, string> | undefined;
  /** The characters of the held texts; `Infinity` once a page came without its text. */
  readonly heldChars: number;
  /** The public (non-internal) pages, sorted by URL ({@link byUrl}). */
  readonly publicPages: readonly Page[];
  /** Every page by its file's relative path. */
  readonly byFile: ReadonlyMap<string, Page>;
  /** The pages that have former keys (`Page.formerKeys`), in file order: what content/redirects.ts redirects. */
  readonly formerKeyPages: readonly Page[];
}

/**
 * Puts read pages together into a {@link Site}, in file order. When two files claim one URL
 * (`a/index.md` and `a/README.md`), the lower rank (`index.md`) wins and the other is reported.
 */
export class SiteAssembler {
  private readonly pages = new Map<string, Page>();
  private readonly sources = new Map<string, SourceFile>();
  private readonly ranks = new Map<string, number>();
  /** Pages' texts while they are held, by key; `undefined` once they are dropped. */
  private held: Map<string, string> | undefined = new Map();
  private heldChars = 0;
  /** Keys two files or more claimed; the files that lost theirs, with the key. */
  readonly contested = new Set<string>();
  readonly losers = new Map<string, string>();
  /** The duplicate-URL problems, in the order they were found (also in the problems given). */
  readonly duplicates: ContentProblem[] = [];

  /** @param heldMaxChars texts are held up to this many characters in all ({@link HELD_SOURCE_MAX_CHARS}) */
  constructor(
    private readonly problems: ContentProblem[],
    private readonly heldMaxChars = HELD_SOURCE_MAX_CHARS,
  ) {}

  /**
   * Adds a page read from `file`; returns false when an earlier page of its URL wins.
   * @param text the page text (page-text.ts), held with the site while all texts fit
   *   {@link HELD_SOURCE_MAX_CHARS}; without it, the page is read from `file` and put through the
   *   pipeline again when served, and so are all others
   */
  add(page: Page, rank: number, file: SourceFile, text?: string): boolean {
    const existing = this.pages.get(page.key);
    if (existing !== undefined) {
      const keepExisting = (this.ranks.get(page.key) as number) <= rank;
      const [keep, drop] = keepExisting ? [existing.file, page.file] : [page.file, existing.file];
      const duplicate: ContentProblem = {
        severity: 'error',
        file: drop,
        message: `duplicate URL ${page.url}: also served by ${keep}, which wins`,
      };
      this.problems.push(duplicate);
      this.duplicates.push(duplicate);
      this.contested.add(page.key);
      this.losers.set(drop, page.key);
      if (keepExisting) return false;
    }
    this.pages.set(page.key, page);
    this.ranks.set(page.key, rank);
    this.sources.set(page.key, file);
    this.heldChars += text?.length ?? Infinity;
    if (this.held !== undefined && text !== undefined && this.heldChars <= this.heldMaxChars) {
      this.held.set(page.key, text);
      return true;
    }
    // Over the budget: every page is read from disk, so no page is older than another.
    this.held = undefined;
    return true;
  }

  /** The site of the pages added. */
  finish(fallbackName: string, conventions: Conventions = PLAIN): Site {
    return runSteps(this.finishInSteps(fallbackName, conventions));
  }

  /**
   * {@link SiteAssembler.finish} in steps (build-steps.ts): the public pages in URL order, then
   * {@link siteInSteps}, so that `serve --watch` answers requests between them.
   * @param memo the last build's folders (content/folder-memo.ts), reused where made of the same
   *   pages; this build's are kept in it for the next
   */
  *finishInSteps(fallbackName: string, conventions: Conventions = PLAIN, memo?: FolderMemo): BuildSteps<Site> {
    const parts = this.parts();
    yield;
    return yield* siteInSteps(parts, this.problems, fallbackName, conventions, memo);
  }

  /** The parts of the site of the pages added: the public pages sorted, the pages by file. */
  parts(): SiteParts {
    const { pages, sources, held, heldChars } = this;
    const publicPages = [...pages.values()].filter((page) => page.kind !== 'internal').sort(byUrl);
    const byFile = new Map<string, Page>();
    const formerKeyPages: Page[] = [];
    for (const page of pages.values()) {
      byFile.set(page.file, page);
      if ((page.formerKeys?.length ?? 0) > 0) formerKeyPages.push(page);
    }
    return { pages, sources, held, heldChars, publicPages, byFile, formerKeyPages };
  }
}

/**
 * The site of `parts`: the folder, language and version trees (content/versions.ts), the redirects
 * (content/redirects.ts), links and texts, in steps (build-steps.ts). The redirects' problems join
 * `problems`, which are then sorted by file, stably.
 * @param memo the last build's folders (content/folder-memo.ts), reused where made of the same
 *   pages; this build's are kept in it for the next
 */
export function* siteInSteps(
  parts: SiteParts,
  problems: ContentProblem[],
  fallbackName: string,
  conventions: Conventions = PLAIN,
  memo?: FolderMemo,
): BuildSteps<Site> {
  const { pages, publicPages, byFile } = parts;
  memo?.begin();
  const { folders, languages, translations, versions } = yield* buildTreesInSteps(publicPages, { ...withUrlFolders(conventions), memo });
  yield;
  const root = folders.get('/');
  const internalZone = internalZoneOf(conventions);
  const fallback = localeFallbackOf(conventions);
  const redirects = siteRedirects(pages, conventions.redirects, problems, internalZone, fallback, parts.formerKeyPages);
  const lowercaseUrls = lowercasesUrls(conventions);
  const sitePath = (key: string): string | undefined => canonicalUrlOf({ pages, redirects, folders, lowercaseUrls }, key);
  return {
    name: conventions.site.title ?? root?.index?.title ?? fallbackName,
    description: conventions.site.description,
    generator: { name: conventions.generator, detectedBy: conventions.detectedBy },
    pages,
    publicPages,
    navPages: languages[0]?.navPages ?? [],
    folders,
    languages,
    translations,
    versions,
    internalZone,
    sources: parts.sources,
    textOf: textOfPage(parts.sources, parts.held, conventions, internalZone),
    urlOfFile: linkLookup(
      (relPath) => byFile.get(relPath)?.url,
      linkRulesOf(conventions, publishedPathsOf(byFile.keys(), conventions)),
      sitePath,
    ),
    redirects,
    lowercaseUrls,
    problems: problems.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0)),
    assets: new Map(),
  };
}

/**
 * {@link Site.textOf}: the held text, else the file read again through the same pipeline.
 * @param held the texts held, by page key; `undefined` when they exceeded the budget
 */
function textOfPage(
  sources: ReadonlyMap<string, SourceFile>,
  held: ReadonlyMap<string, string> | undefined,
  conventions: Conventions,
  zone: InternalZone,
): (page: Page) => string {
  const { generator, versions } = conventions;
  return (page) => {
    const text = held?.get(page.key);
    if (text !== undefined) return text;
    const file = sources.get(page.key);
    if (file === undefined) throw new Error(`no source for page ${page.key}`);
    const internal = page.kind === 'internal';
    const files = filesOfSource(file, zone, undefined, versionOfFile(page.file, versions)?.dir);
    return pageTextOf(file.read(), { relPath: page.file, internal, generator, files, ...siteDialectOptions(conventions) }).text;
  };
}

/**
 * What the dialect step takes from the site rather than the page (one value per site): the
 * attribute-list delimiters, Hugo's site parameters, the import aliases and Docusaurus's admonition keywords and magic comments. Read the same way at build and when a page
 * past the held-text budget is read again ({@link textOfPage}), so both give the same text.
 */
function siteDialectOptions(
  conventions: Conventions,
): Pick<PageTextOptions, 'attrDelimiters' | 'siteParams' | 'importAliases' | 'admonitionKeywords' | 'magicComments'> {
  return {
    attrDelimiters: conventions.markdownAttrs === false ? undefined : conventions.markdownAttrs,
    siteParams: conventions.hugoParams,
    importAliases: conventions.importAliases,
    admonitionKeywords: conventions.admonitionKeywords,
    magicComments: conventions.magicComments,
  };
}

/**
 * The site with its static files: each asset at its key, unless a page answers there (the page
 * wins) or an earlier asset does (content files come before the static folders' and win); both
 * are reported. Links to an asset of the content folder resolve to its URL ({@link Site.urlOfFile}).
 * @param assets as content/load.ts lists them
 */
export function withAssets(site: Site, assets: readonly AssetFile[]): Site {
  if (assets.length === 0) return site;
  const byKey = new Map<string, AssetFile>();
  const byFile = new Map<string, AssetFile>();
  const problems = [...site.problems];
  for (const asset of assets) {
    const taken = site.pages.get(asset.key)?.file ?? byKey.get(asset.key)?.file;
    if (taken !== undefined) {
      problems.push({ severity: 'warning', file: asset.file, message: `not served: ${asset.url} is served by ${taken}` });
      continue;
    }
    byKey.set(asset.key, asset);
    byFile.set(asset.file, asset);
  }
  const urlOfPage = site.urlOfFile;
  return {
    ...site,
    assets: byKey,
    urlOfFile: linkLookup((relPath) => urlOfPage(relPath) ?? byFile.get(relPath)?.url, urlOfPage.rules, urlOfPage.sitePath),
    problems: problems.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0)),
  };
}

/**
 * Builds the site from the content files, reading each once and putting it through the pipeline
 * once (page-text.ts); the page texts are held while they fit the budget.
 * Drafts (`draft: true`) are left out; duplicate URLs are resolved by {@link SiteAssembler}.
 * Links are not checked here: that needs every page rendered (`sitegate check` does it).
 */
export function buildSite(files: readonly SourceFile[], options: BuildSiteOptions): Site {
  const problems: ContentProblem[] = [];
  const assembler = new SiteAssembler(problems, options.heldSourceMaxChars);
  files.forEach((file, done) => {
    if (options.onProgress !== undefined && done % PROGRESS_EVERY_PAGES === 0) options.onProgress(done, files.length);
    const read = readSourcePage(file, problems, options.conventions, { detectFeatures: options.detectFeatures });
    if (read !== undefined && assembler.add(read.page, read.rank, file, read.text)) options.onPage?.(read);
  });
  return assembler.finish(options.fallbackName, options.conventions);
}

/**
 * A page's metadata and text: its kind first (what it may include depends on it), then the
 * pipeline (page-text.ts); strings kept are detached from the source text.
 */
function readPage(
  file: SourceFile,
  text: string,
  data: Record<string, unknown>,
  path: PagePath,
  problems: ContentProblem[],
  conventions: Conventions,
  options: ReadOptions,
): { page: Page; pageText: PageText } {
  const declared = conventions.pages.get(file.relPath);
  const zone = internalZoneOf(conventions);
  const kind = deriveKind(data, { relPath: file.relPath, realRelPath: file.realRelPath, key: path.key }, zone);
  const pageText = pageTextOf(text, {
    relPath: file.relPath,
    internal: kind.kind === 'internal',
    generator: conventions.generator,
    files: filesOfSource(file, zone, options.protectedPaths, versionOfFile(file.relPath, conventions.versions)?.dir),
    data,
    declaredTitle: declared?.title,
    ...siteDialectOptions(conventions),
    detectFeatures: options.detectFeatures,
  });
  const title = pageText.title;
  if (title.fromFallback)
    problems.push({ severity: 'warning', file: file.relPath, message: `no title (frontmatter title or H1); using "${title.title}"` });
  problems.push(...pageText.problems);
  if (kind.invalid !== undefined) problems.push({ severity: 'warning', file: file.relPath, message: kind.invalid });
  if (kind.kind === 'internal' && !zone.isInternalKey(path.key))
    problems.push({
      severity: 'warning',
      file: file.relPath,
      message:
        'access: internal outside internal/: its URL answers 401 to the public where a missing page answers 404, ' +
        'which shows that it exists; under internal/ every URL answers alike',
    });
  const page: Page = {
    key: path.key,
    url: path.url,
    markdownUrl: path.key.endsWith('/') ? `${path.url}index.md` : `${path.url}.md`,
    file: file.relPath,
    title: detached(title.title),
    description: detached(pageText.description),
    kind: kind.kind,
    lang: localeOfFile(file.relPath, conventions.locales).lang,
    ...withVersion(versionOfFile(file.relPath, conventions.versions)?.name),
    section: sectionOf(path.key),
    lastModifiedMs: deriveLastModified(data, file.mtimeMs).getTime(),
    ...(declaredLastModified(data) === undefined ? {} : { lastModifiedDeclared: true as const }),
    ...derivePublished(data, file.relPath),
    sourceChars: text.length,
    inLlms: data.llms !== false,
    ...withNav(pageNavOf(data, conventions.generator, declared)),
    // A regular page at a URL with a trailing slash (Hugo's pretty URLs): not its folder's page.
    ...(path.key.endsWith('/') && !path.isIndex ? { prettyUrl: true as const } : {}),
  };
  return { page, pageText };
}

/**
 * How far back a page of a docs version stands when another file claims its URL: a page of no
 * version wins over a version's, and the current version's over an old one's, so a versioned file
 * never shadows a content file's URL ({@link SiteAssembler.add} keeps the lower rank and reports the other).
 */
function versionRank(relPath: string, conventions: Conventions): number {
  const version = versionOfFile(relPath, conventions.versions);
  return version === undefined ? 0 : version.current ? 10 : 20;
}

/** `{ version }` for a page of a docs version, else nothing: unversioned pages carry no `version` property. */
function withVersion(version: string | undefined): { version?: string } {
  return version === undefined ? {} : { version };
}

/** `{ nav }` when there is one, else nothing: most pages carry no `nav` property at all. */
function withNav(nav: PageNav | undefined): { nav?: PageNav } {
  return nav === undefined ? {} : { nav };
}

/** Top folder of a page key: `/a/b` and `/a/` → `a`; `/x` and `/` → `''`. */
function sectionOf(key: string): string {
  const rest = key.slice(1);
  const slash = rest.indexOf('/');
  return slash === -1 ? '' : rest.slice(0, slash);
}
