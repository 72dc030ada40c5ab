/** Step of the snapshot build: the bodies of every page, rendered on first request and cached. */
import { renderPageContent } from '../content/page-content.js';
import type { PagePart } from '../content/page-parts.js';
import { withLlmsDirective } from '../content/portable-markdown.js';
import { renderBreadcrumb, renderPageNav } from '../layout/navigation.js';
import { renderPageHtml } from '../layout/pages.js';
import { alternatesOf, languageOfKey } from '../content/languages.js';
import { canonicalPageOf } from '../content/versions.js';
import { versionSurroundings } from '../layout/versions.js';
import { partBodies, partedBodies, wholeBodies, type PageBodies } from './bodies.js';
import { LazyMap, type BodyCache } from './lazy-map.js';
import type { SiteView } from './site-view.js';
import type { ContentProblem } from '../content/problems.js';
import { isIncludeProblem } from '../content/dialects/index.js';
import type { Log } from '../log.js';
import type { Page } from '../content/page.js';

/** Options of {@link pageBodiesOf}. */
export interface PageBodiesOptions {
  /** Page limit in characters; longer pages are served in parts (default 50,000; 0 = off). */
  pageMaxChars?: number | undefined;
  /** Called each time a page's bodies are rendered (its key: `/a/b`), before they are cached. */
  onPageRender?: ((key: string) => void) | undefined;
  /** Where a page's refused includes are told when it is rendered (`serve` passes its logger); none when omitted. */
  log?: Log | undefined;
  /**
   * The sidebar of a page (default the view's `pageSidebarOf`): a reader's view draws the tree
   * that lists internal pages too (reader-view.ts).
   */
  sidebarOf?: ((page: Page) => string) | undefined;
  /** The header's account block, or its marker (layout/account.ts `ACCOUNT_MARKER`); default none. */
  accountHtml?: string | undefined;
  /** Prefix of the cache keys (default `page:`): a reader's bodies are kept beside the anonymous ones. */
  namespace?: string | undefined;
  /**
   * How internal pages (and every page of the internal zone) are drawn: only a reader with
   * internal:read ever gets them, so as such a reader sees them (reader-view.ts), with the tree
   * that lists internal pages and the header's account marker. Default: as every other page.
   */
  internalPages?: { sidebarOf: (page: Page) => string; accountHtml: string } | undefined;
}

/**
 * The `error` problems of the site's problems by file, made once per site: the dialect step's
 * refused includes were found at build (content/page-text.ts) and are in `Site.problems`.
 */
const ERRORS_BY_FILE = new WeakMap<readonly ContentProblem[], Map<string, ContentProblem[]>>();

/** The failed includes of `file` among a site's `problems` (indexed on first use). */
function errorsOf(problems: readonly ContentProblem[], file: string): readonly ContentProblem[] {
  let byFile = ERRORS_BY_FILE.get(problems);
  if (byFile === undefined) {
    byFile = new Map();
    for (const problem of problems)
      if (problem.severity === 'error' && isIncludeProblem(problem.message)) {
        const list = byFile.get(problem.file);
        if (list === undefined) byFile.set(problem.file, [problem]);
        else list.push(problem);
      }
    ERRORS_BY_FILE.set(problems, byFile);
  }
  return byFile.get(file) ?? [];
}

/**
 * Tells `log` of each include the dialect step refused or could not read (its `error` problems,
 * content/dialects/index.ts, found at build), one warning line each, when the page is first
 * rendered: the page's path, the line of the include as written and `check`'s message, which
 * names the path, never the file's bytes (issue 28).
 */
function logRefusedIncludes(log: Log, problems: readonly ContentProblem[]): void {
  for (const problem of problems) log.warn({ page: problem.file, line: problem.line, message: problem.message }, 'include refused');
}

/**
 * Page bodies by page key (`/a/b`), made on first `get` and kept in `cache` under `page:<key>`
 * (or `options.namespace`);
 * `undefined` for a page whose source file is gone (rendering it throws).
 */
export function pageBodiesOf(view: SiteView, cache: BodyCache, options: PageBodiesOptions): LazyMap<PageBodies> {
  const { site, chrome, baseUrl, basePath } = view;
  return new LazyMap<PageBodies>(
    {
      keys: () => site.pages.keys(),
      has: (key) => site.pages.has(key),
      make: (key) => {
        const page = site.pages.get(key);
        if (page === undefined) return undefined;
        options.onPageRender?.(key);
        const internal = page.kind === 'internal' || site.internalZone.isInternalKey(page.key) ? options.internalPages : undefined;
        let content;
        try {
          content = renderPageContent(site, page, baseUrl, { pageMaxChars: options.pageMaxChars });
        } catch {
          return undefined;
        }
        // Here, not in content/ (which stays pure): once per render, and a page is rendered once per snapshot.
        if (options.log !== undefined) logRefusedIncludes(options.log, errorsOf(site.problems, page.file));
        const language = { direction: languageOfKey(site.languages, key).direction, alternates: alternatesOf(site, key) };
        const around = {
          sidebarHtml: (internal?.sidebarOf ?? options.sidebarOf ?? view.pageSidebarOf)(page),
          breadcrumbHtml: renderBreadcrumb(site, key, basePath),
          pageNavHtml: renderPageNav(site, key, basePath),
          editUrl: view.editUrlOf(page),
          updatedMs: view.updatedMsOf(page),
          language,
          accountHtml: internal?.accountHtml ?? options.accountHtml,
          version: versionSurroundings(site, key, basePath),
          canonicalPath: canonicalPageOf(site, page).url,
        };
        const render = (part?: PagePart): string => renderPageHtml(chrome, page, content, around, part);
        if (content.parts.length === 0) return wholeBodies(render(), withLlmsDirective(content.markdown, baseUrl));
        // Parts are made with the page and cached with it: one entry, sized with all its parts.
        return partedBodies(content.parts.map((part) => partBodies(part, render(part))));
      },
    },
    cache,
    options.namespace ?? 'page:',
  );
}
