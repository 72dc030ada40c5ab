/** Step of the snapshot build: the bodies of every page, rendered on first request and cached. */
import { renderPageContent } from '../content/page-content.js';
import type { PagePart } from '../content/page-parts.js';
import { withLlmsDirective } from '../content/portable-markdown.js';
import { renderBreadcrumb, renderPageNav } from '../layout/navigation.js';
import { renderPageHtml } from '../layout/pages.js';
import { alternatesOf, languageOfKey } from '../content/languages.js';
import { partBodies, partedBodies, wholeBodies, type PageBodies } from './bodies.js';
import { LazyMap, type BodyCache } from './lazy-map.js';
import type { SiteView } from './site-view.js';

/** Options of {@link pageBodiesOf}. */
export interface PageBodiesOptions {
  /** Page limit in characters; longer pages are served in parts (default 50,000; 0 = off). */
  pageMaxChars?: number | undefined;
  /** Called each time a page's bodies are rendered (its key: `/a/b`), before they are cached. */
  onPageRender?: ((key: string) => void) | undefined;
}

/**
 * Page bodies by page key (`/a/b`), made on first `get` and kept in `cache` under `page:<key>`;
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
        let content;
        try {
          content = renderPageContent(site, page, baseUrl, { pageMaxChars: options.pageMaxChars });
        } catch {
          return undefined;
        }
        const language = { direction: languageOfKey(site.languages, key).direction, alternates: alternatesOf(site, key) };
        const around = {
          sidebarHtml: view.pageSidebarOf(page),
          breadcrumbHtml: renderBreadcrumb(site, key, basePath),
          pageNavHtml: renderPageNav(site, key, basePath),
          editUrl: view.editUrlOf(page),
          updatedMs: view.updatedMsOf(page),
          language,
        };
        const render = (part?: PagePart): string => renderPageHtml(chrome, page, content, around, part);
        if (content.parts.length === 0) return wholeBodies(render(), withLlmsDirective(content.markdown, baseUrl));
        // Parts are made with the page and cached with it: one entry, sized with all its parts.
        return partedBodies(content.parts.map((part) => partBodies(part, render(part))));
      },
    },
    cache,
    'page:',
  );
}
