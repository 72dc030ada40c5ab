/**
 * Step 5 of the content pipeline: source files → an immutable {@link Site} of pages and folders.
 * Pure: files in, site out; no HTTP, no database, no clock (mtimes come with the files).
 */
import type { SourceFile } from './load.js';
import { splitFrontmatter } from './frontmatter.js';
import { basePathOf, pagePathOf, parentFolderKey, encodePath, type PagePath } from './paths.js';
import { renderMarkdown } from './render.js';
import { portableMarkdown } from './portable-markdown.js';
import { AGENT_PAGE_MAX_CHARS, deriveDescription, deriveKind, deriveLastModified, deriveTitle, type Page } from './page.js';
import type { ContentProblem } from './problems.js';

/** A folder of the site, for navigation and for generated listing pages. */
export interface Folder {
  /** Decoded folder path, `/` or `/a/b/`. */
  readonly key: string;
  /** Canonical URL path. */
  readonly url: string;
  /** The folder's index page title, else its name. */
  readonly title: string;
  /** The folder's own page (`index.md`/`README.md`), if any. */
  readonly index: Page | undefined;
  /** Pages directly in the folder (index excluded), sorted by title then URL. */
  readonly pages: readonly Page[];
  /** Direct subfolders, sorted by title. */
  readonly folders: readonly Folder[];
  /** True when the folder or any folder below it holds a public page. */
  readonly hasPublic: boolean;
}

/** The built site: every served page, by key, plus the folder tree. */
export interface Site {
  /** Site name: the root index page's title, else the given fallback. */
  readonly name: string;
  /** Every served page (internal ones included) by decoded URL path. */
  readonly pages: ReadonlyMap<string, Page>;
  /** Public (non-internal) pages sorted by URL: the set listed by sitemap, llms.txt and search. */
  readonly publicPages: readonly Page[];
  /** Every folder that holds a page, by decoded folder path; always has `/`. */
  readonly folders: ReadonlyMap<string, Folder>;
  /** Problems found while building, for `sitegate check` and the log. */
  readonly problems: readonly ContentProblem[];
}

/** Options for {@link buildSite}. */
export interface BuildSiteOptions {
  /** Public base URL without trailing slash; its path (`''` or `/docs`) prefixes page links. */
  baseUrl: string;
  /** Site name when there is no root index page (usually the content folder's name). */
  fallbackName: string;
  /** Called every few hundred pages while rendering. */
  onProgress?: ((done: number, total: number) => void) | undefined;
}

interface Candidate {
  file: SourceFile;
  path: PagePath;
  data: Record<string, unknown>;
  body: string;
}

/**
 * Builds the site from loaded files. Drafts (`draft: true`) are left out. When two files claim one
 * URL (`a.md` and `a/index.md` cannot, but `a/index.md` and `a/README.md` can), `index.md` wins and
 * the other is reported as an error.
 */
export function buildSite(files: readonly SourceFile[], options: BuildSiteOptions): Site {
  const problems: ContentProblem[] = [];
  const winners = new Map<string, Candidate>();
  for (const file of files) {
    const { data, body, error } = splitFrontmatter(file.text);
    if (error !== undefined) problems.push({ severity: 'warning', file: file.relPath, message: error });
    if (data.draft === true) continue;
    const candidate: Candidate = { file, path: pagePathOf(file.relPath), data, body };
    const existing = winners.get(candidate.path.key);
    if (existing === undefined) {
      winners.set(candidate.path.key, candidate);
      continue;
    }
    const [keep, drop] = existing.path.indexRank <= candidate.path.indexRank ? [existing, candidate] : [candidate, existing];
    winners.set(candidate.path.key, keep);
    problems.push({
      severity: 'error',
      file: drop.file.relPath,
      message: `duplicate URL ${keep.path.url}: also served by ${keep.file.relPath}, which wins`,
    });
  }

  const urlByFile = new Map<string, string>();
  for (const candidate of winners.values()) urlByFile.set(candidate.file.relPath, candidate.path.url);
  const lookup = (relPath: string): string | undefined => urlByFile.get(relPath);

  const basePath = basePathOf(options.baseUrl);
  const pages = new Map<string, Page>();
  for (const { file, path, data, body } of winners.values()) {
    if (options.onProgress !== undefined && pages.size % 250 === 0) options.onProgress(pages.size, winners.size);
    const rendered = renderMarkdown(body, { relPath: file.relPath, lookup, basePath });
    for (const link of rendered.unresolvedLinks) {
      const message = link.kind === 'escapes' ? `link escapes the content folder: ${link.href}` : `broken relative link: ${link.href}`;
      problems.push({ severity: 'error', file: file.relPath, message });
    }
    const title = deriveTitle(data, rendered.firstH1, file.relPath);
    if (title.fromFallback)
      problems.push({ severity: 'warning', file: file.relPath, message: `no title (frontmatter title or H1); using "${title.title}"` });
    const kind = deriveKind(data, file.relPath);
    if (kind.invalid !== undefined) problems.push({ severity: 'warning', file: file.relPath, message: kind.invalid });
    if (file.text.length > AGENT_PAGE_MAX_CHARS)
      problems.push({
        severity: 'warning',
        file: file.relPath,
        message: `${file.text.length} characters: agents may truncate pages over ${AGENT_PAGE_MAX_CHARS} (split the page)`,
      });
    const markdownUrl = path.isIndex ? `${path.url}index.md` : `${path.url}.md`;
    pages.set(path.key, {
      key: path.key,
      url: path.url,
      markdownUrl,
      markdown: portableMarkdown(file.text, {
        relPath: file.relPath,
        lookup,
        baseUrl: options.baseUrl,
        documentUrl: options.baseUrl + markdownUrl,
      }),
      file: file.relPath,
      title: title.title,
      description: deriveDescription(data, rendered.firstParagraph),
      kind: kind.kind,
      section: sectionOf(path.key),
      lastModified: deriveLastModified(data, file.mtimeMs),
      source: file.text,
      bodyHtml: rendered.html,
      startsWithH1: rendered.startsWithH1,
      text: rendered.text,
      inLlms: data.llms !== false,
    });
  }

  const publicPages = [...pages.values()].filter((page) => page.kind !== 'internal').sort(byUrl);
  const folders = buildFolders(pages);
  const root = folders.get('/');
  return {
    name: root?.index?.title ?? options.fallbackName,
    pages,
    publicPages,
    folders,
    problems: problems.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0)),
  };
}

/** Top folder of a page key: `/a/b` and `/a/` → `a`; `/x` and `/` → `''`. */
function sectionOf(key: string): string {
  const rest = key.slice(1);
  const slash = rest.indexOf('/');
  return slash === -1 ? '' : rest.slice(0, slash);
}

/** A title for a folder without an index page: `release-notes` → `Release notes`. */
function folderTitle(name: string): string {
  const words = name.replace(/[-_]+/g, ' ').trim();
  return words === '' ? name : words.charAt(0).toUpperCase() + words.slice(1);
}

function byUrl(a: Page, b: Page): number {
  return a.url < b.url ? -1 : a.url > b.url ? 1 : 0;
}

function byTitle<T extends { title: string; url: string }>(a: T, b: T): number {
  return a.title.localeCompare(b.title, 'en') || (a.url < b.url ? -1 : 1);
}

/** Groups pages into folders, creating every ancestor folder, bottom-up so `hasPublic` is known. */
function buildFolders(pages: ReadonlyMap<string, Page>): Map<string, Folder> {
  const members = new Map<string, { index?: Page; pages: Page[]; subfolders: Set<string> }>();
  const ensure = (key: string): { index?: Page; pages: Page[]; subfolders: Set<string> } => {
    let entry = members.get(key);
    if (entry === undefined) {
      entry = { pages: [], subfolders: new Set() };
      members.set(key, entry);
      if (key !== '/') ensure(parentFolderKey(key)).subfolders.add(key);
    }
    return entry;
  };
  ensure('/');
  for (const page of pages.values()) {
    if (page.key.endsWith('/')) ensure(page.key).index = page;
    else ensure(parentFolderKey(page.key)).pages.push(page);
  }
  const folders = new Map<string, Folder>();
  const build = (key: string): Folder => {
    const entry = members.get(key);
    if (entry === undefined) throw new Error(`folder ${key} missing`);
    const subfolders = [...entry.subfolders].map(build).sort(byTitle);
    const name = key === '/' ? '' : (key.slice(0, -1).split('/').pop() ?? '');
    const folder: Folder = {
      key,
      url: encodePath(key),
      title: entry.index?.title ?? folderTitle(name),
      index: entry.index,
      pages: entry.pages.sort(byTitle),
      folders: subfolders,
      hasPublic:
        (entry.index !== undefined && entry.index.kind !== 'internal') ||
        entry.pages.some((page) => page.kind !== 'internal') ||
        subfolders.some((folder) => folder.hasPublic),
    };
    folders.set(key, folder);
    return folder;
  };
  build('/');
  return folders;
}
