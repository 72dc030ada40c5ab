/**
 * The search index: full text over title, description and body, prefix- and typo-tolerant, ranked
 * by BM25 (MiniSearch). Built once per snapshot; queried per request.
 */
import MiniSearch from 'minisearch';
import type { Page } from '../content/page.js';

/** A search document as SPEC.md §2 defines it. */
export interface SearchDocument {
  /** Canonical URL path of the page, percent-encoded. */
  path: string;
  title: string;
  description: string;
}

/** A page of search results. */
export interface SearchResults {
  /** Number of matching documents before limit and offset. */
  total: number;
  results: SearchDocument[];
}

/** Options of one query. */
export interface SearchOptions {
  /** 1–100. */
  limit: number;
  /** ≥ 0. */
  offset: number;
  /** Include internal pages (the caller holds `internal:read`). */
  includeInternal: boolean;
}

/** The built index. */
export interface SearchIndex {
  /** Public documents sorted by path: the whole public index. */
  readonly publicDocuments: readonly SearchDocument[];
  /** Public and internal documents sorted by path. */
  readonly allDocuments: readonly SearchDocument[];
  /** Runs a query; an empty or all-punctuation query matches nothing. */
  search(query: string, options: SearchOptions): SearchResults;
}

interface IndexedDocument {
  id: number;
  title: string;
  description: string;
  text: string;
}

/** Weight of a hit in each field relative to the body. */
const BOOST = { title: 4, description: 2, text: 1 };

/** Builds the index over every given page (internal pages are marked and filtered at query time). */
export function buildSearchIndex(pages: readonly Page[]): SearchIndex {
  const sorted = [...pages].sort((a, b) => (a.url < b.url ? -1 : a.url > b.url ? 1 : 0));
  const documents = sorted.map((page) => ({ path: page.url, title: page.title, description: page.description }));
  const internal = sorted.map((page) => page.kind === 'internal');
  const miniSearch = new MiniSearch<IndexedDocument>({ fields: ['title', 'description', 'text'], storeFields: [] });
  miniSearch.addAll(sorted.map((page, id) => ({ id, title: page.title, description: page.description, text: page.text })));
  const publicDocuments = documents.filter((_, i) => internal[i] !== true);

  return {
    publicDocuments,
    allDocuments: documents,
    search(query, options) {
      const run = (combineWith: 'AND' | 'OR') =>
        miniSearch.search(query, {
          boost: BOOST,
          prefix: true,
          // Typo tolerance only for words long enough that one edit is still a near miss.
          fuzzy: (term) => (term.length >= 5 ? 0.2 : false),
          combineWith,
          filter: options.includeInternal ? undefined : (result) => internal[result.id as number] !== true,
        });
      let hits = run('AND');
      if (hits.length === 0) hits = run('OR');
      const results = hits
        .slice(options.offset, options.offset + options.limit)
        .map((hit) => documents[hit.id as number] as SearchDocument);
      return { total: hits.length, results };
    },
  };
}
