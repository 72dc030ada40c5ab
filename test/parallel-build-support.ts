/**
 * What the parallel build tests share (test/parallel-build.test.ts, test/parallel-build.corpora.test.ts):
 * the compiled `loadSnapshot` (the worker script exists only in dist/, so the suites run after
 * `npm run build`) and everything a build decides, as data to compare.
 */

/** The compiled snapshot loader (dist/snapshot/snapshot.js). */
export const { loadSnapshot } = (await import(
  new URL('../dist/snapshot/snapshot.js', import.meta.url).href
)) as typeof import('../src/snapshot/snapshot.js');
/** What {@link loadSnapshot} returns. */
export type Loaded = ReturnType<typeof loadSnapshot>;

/** The base URL of the builds. */
export const BASE = 'http://sitegate.test';
/** Queries whose results the builds must agree on: words, phrases, a prefix, a typo, stop words, none. */
const QUERIES = ['certificate', 'git commit', 'ls', 'docker run', 'prin', 'kubernets', 'the', 'zebra crossing', 'a b c', 'words', 'call'];
/** Search options that return every hit, internal pages included. */
export const ALL = { limit: 100, offset: 0, includeInternal: true };

/** Everything a build decides, as data: pages, folders, problems, search documents and results, discovery ETags, sampled bodies. */
export function outcome({ snapshot, problems }: Loaded) {
  const body = (key: string) => snapshot.pages.get(key)?.markdown.bytes.toString('utf8');
  const keys = [...snapshot.site.pages.keys()];
  return {
    pages: [...snapshot.site.pages.values()],
    publicPages: snapshot.site.publicPages.map((page) => page.url),
    folders: [...snapshot.site.folders.keys()],
    problems,
    documents: snapshot.search.allDocuments,
    searches: QUERIES.map((query) => snapshot.search.search(query, ALL)),
    publicSearches: QUERIES.map((query) => snapshot.search.search(query, { ...ALL, includeInternal: false })),
    llms: snapshot.discovery.llmsTxt.etag,
    sitemap: snapshot.discovery.sitemap.etag,
    bodies: keys.filter((_, i) => i % 500 === 0).map(body),
  };
}
