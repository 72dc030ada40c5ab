/**
 * Step of the snapshot build: every llms file (llmstxt.org) by URL path. The index files
 * (`/llms.txt`, section files) are built now; the full-text files (`/llms-full.txt` and its parts)
 * on first request, then cached.
 */
import { makeBody, type Body } from '../body.js';
import { renderPageMarkdown } from '../content/page-content.js';
import { buildLlmsFiles, planFullText, renderFullTextPart } from '../discovery/llms.js';
import { CONTENT_TYPES } from './bodies.js';
import { LazyMap, type BodyCache } from './lazy-map.js';
import type { SiteView } from './site-view.js';

/** The llms files of a snapshot. */
export interface LlmsBodies {
  /** `/llms.txt` (empty when the site has none). */
  readonly llmsTxt: Body;
  /** Every llms file by URL path, including `/llms.txt`, section files and llms-full parts. */
  readonly llmsFiles: ReadonlyMap<string, Body>;
}

/**
 * The llms files of `view`'s site; full-text parts are kept in `cache` under `llms:<path>`.
 * @param maxChars size bound of llms index files (default 50,000: LLMS_MAX_CHARS)
 * @param api whether `/llms.txt` ends with the API section (discovery/llms.ts `LlmsOptions.api`; default true)
 */
export function llmsBodiesOf(view: SiteView, cache: BodyCache, maxChars: number | undefined, api?: boolean): LlmsBodies {
  const { site, baseUrl } = view;
  const llmsOptions = { baseUrl, maxChars, api };
  const indexFiles = new Map([...buildLlmsFiles(site, llmsOptions)].map(([path, text]) => [path, makeBody(text, CONTENT_TYPES.text)]));
  const fullPlan = planFullText(site, llmsOptions);
  // Asked of every page request's path (snapshot/lookup.ts), so a set rather than the plan's array.
  const fullPaths = new Set(fullPlan.paths);
  const fullParts = new LazyMap<Body>(
    {
      keys: () => fullPlan.paths,
      has: (path) => fullPaths.has(path),
      make: (path) => {
        const text = renderFullTextPart(site, fullPlan, fullPlan.paths.indexOf(path), baseUrl, (page) => {
          try {
            return renderPageMarkdown(site, page, baseUrl);
          } catch {
            // The source vanished since the build: the page is left out, as its URL now answers 404.
            return undefined;
          }
        });
        return makeBody(text, CONTENT_TYPES.text);
      },
    },
    cache,
    'llms:',
  );
  const llmsFiles = new LazyMap<Body>(
    {
      keys: () => [...indexFiles.keys(), ...fullPlan.paths.filter((path) => !indexFiles.has(path))],
      has: (path) => indexFiles.has(path) || fullParts.has(path),
      make: (path) => indexFiles.get(path) ?? fullParts.get(path),
    },
    // Index files are held by `indexFiles`, full-text parts by the cache of `fullParts`.
    undefined,
  );
  return { llmsTxt: indexFiles.get('/llms.txt') ?? makeBody('', CONTENT_TYPES.text), llmsFiles };
}
