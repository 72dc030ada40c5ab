/**
 * The search of a multilingual or versioned site: one index per language (search-index.ts), each with its own
 * statistics, stems and stop words, so a query in one language ranks among that language's pages
 * only and never returns one page five times in five languages; and one per language and old docs
 * version (content/versions.ts), so a query ranks among the current version's pages unless it asks
 * for another, and never returns one page once per version. A site in one language and version has
 * one index, returned as it is.
 */
import { BM25F_DEFAULTS, type Bm25fParameters } from './bm25f.js';
import type { CountedBatch } from './field-pairs.js';
import { SearchIndexBuilder } from './index-builder.js';
import { NO_DOCUMENTS, type SearchDocument, type SearchIndex, type SearchOptions, type SearchResults } from './search-index.js';
import type { DocsVersion } from '../content/conventions/types.js';
import { runSteps, type BuildSteps } from '../build-steps.js';

/** A batch counted on another thread, registered with the builder of each language that uses it. */
export interface SiteBatch {
  batch: CountedBatch;
  /** The handle of each language's builder (index-builder.ts `addBatch`), made on first use. */
  handles: Map<string, number[]>;
}

/** Collects pages by language, then builds the site's {@link SearchIndex}. Not reusable after `finish()`. */
export class SiteSearchBuilder {
  private readonly builders = new Map<string, SearchIndexBuilder>();

  /**
   * @param defaultLanguage BCP 47 tag of the site's default language: its index answers queries in
   *   no language, or in one the site has no pages in
   */
  constructor(
    private readonly defaultLanguage = 'en',
    private readonly parameters: Bm25fParameters = BM25F_DEFAULTS,
  ) {
    this.builderOf(defaultLanguage);
  }

  private builderOf(language: string, version?: string): SearchIndexBuilder {
    const key = scopeKey(language, version);
    let builder = this.builders.get(key);
    if (builder === undefined) this.builders.set(key, (builder = new SearchIndexBuilder(this.parameters, language)));
    return builder;
  }

  /**
   * Adds a page of `language` (index-builder.ts `add`).
   * @param markdown the page's search text (content/page-text.ts `PageText.searchText`): the plain
   *   body after the dialect step, never the written source
   * @param version the name of the page's docs version when it is not the current one ({@link searchVersionOf})
   */
  add(document: SearchDocument, internal: boolean, markdown: string, language: string, version?: string): void {
    this.builderOf(language, version).add(document, internal, markdown);
  }

  /** Registers a batch counted on another thread; its terms join a language's vocabulary when a page of it is added. */
  addBatch(batch: CountedBatch): SiteBatch {
    return { batch, handles: new Map() };
  }

  /** Adds document `doc` of a batch to its language's index (index-builder.ts `addCounted`). */
  addCounted(document: SearchDocument, internal: boolean, batch: SiteBatch, doc: number, language: string, version?: string): void {
    const builder = this.builderOf(language, version);
    const key = scopeKey(language, version);
    let handle = batch.handles.get(key);
    if (handle === undefined) batch.handles.set(key, (handle = builder.addBatch(batch.batch)));
    builder.addCounted(document, internal, handle, doc);
  }

  /** Builds the index: the default language's alone for a site in one language. */
  finish(): SearchIndex {
    return runSteps(this.finishInSteps());
  }

  /** {@link SiteSearchBuilder.finish} in steps (build-steps.ts), each language's index in its own. */
  *finishInSteps(): BuildSteps<SearchIndex> {
    const indexes = new Map<string, SearchIndex>();
    for (const [language, builder] of this.builders) indexes.set(language, yield* builder.finishInSteps());
    return siteSearchOf(this.defaultLanguage, indexes);
  }
}

/**
 * The site's index of its indexes by {@link scopeKey}, the default language's first: that one
 * alone for a site in one language and version.
 */
export function siteSearchOf(defaultLanguage: string, indexes: ReadonlyMap<string, SearchIndex>): SearchIndex {
  const main = indexes.get(defaultLanguage);
  if (main === undefined) throw new Error(`no index of the default language ${defaultLanguage}`);
  return indexes.size === 1 ? main : new MultilingualSearchIndex(defaultLanguage, indexes);
}

function byPath(a: SearchDocument, b: SearchDocument): number {
  return a.path < b.path ? -1 : a.path > b.path ? 1 : 0;
}

/**
 * The key of a language's index (`en`), or of an old version's in that language (`en 1.x`: a
 * space, which no BCP 47 tag holds).
 */
export function scopeKey(language: string, version: string | undefined): string {
  return version === undefined ? language : `${language} ${version}`;
}

/**
 * The version a page is indexed under: its name when it is a page of a docs version other than the
 * current one, else `undefined` (the current version's pages share the index of the pages of no version).
 */
export function searchVersionOf(
  page: { readonly version?: string | undefined },
  versions: readonly DocsVersion[] | undefined,
): string | undefined {
  if (page.version === undefined) return undefined;
  return versions?.find((version) => version.name === page.version)?.current === true ? undefined : page.version;
}

/** One index per language (and old version) behind one {@link SearchIndex}. */
class MultilingualSearchIndex implements SearchIndex {
  readonly languages: readonly string[];
  /** Every index's documents, merged by path, once asked for (a watch build makes indexes none may ask). */
  #publicDocuments: readonly SearchDocument[] | undefined;
  #allDocuments: readonly SearchDocument[] | undefined;

  constructor(
    private readonly defaultLanguage: string,
    private readonly indexes: ReadonlyMap<string, SearchIndex>,
  ) {
    const languages = [...indexes.keys()].filter((key) => !key.includes(' ') && key !== defaultLanguage);
    this.languages = [defaultLanguage, ...languages];
  }

  /** Every index's public documents, sorted by path. */
  get publicDocuments(): readonly SearchDocument[] {
    return (this.#publicDocuments ??= [...this.indexes.values()].flatMap((index) => index.publicDocuments).sort(byPath));
  }

  /** Every index's documents, sorted by path. */
  get allDocuments(): readonly SearchDocument[] {
    return (this.#allDocuments ??= [...this.indexes.values()].flatMap((index) => index.allDocuments).sort(byPath));
  }

  /**
   * The index of a language (the default's when it has none) and version; `undefined` for an old
   * version without pages in either.
   */
  private indexOf(language: string | undefined, version: string | undefined): SearchIndex | undefined {
    const wanted = language ?? this.defaultLanguage;
    const found = this.indexes.get(scopeKey(wanted, version)) ?? this.indexes.get(scopeKey(this.defaultLanguage, version));
    return found ?? (version === undefined ? this.indexes.get(this.defaultLanguage) : undefined);
  }

  search(query: string, options: SearchOptions): SearchResults {
    // Each index holds one version's pages: it is asked for the current one's.
    return this.indexOf(options.language, options.version)?.search(query, { ...options, version: undefined }) ?? { total: 0, results: [] };
  }

  documentsOf(
    language: string | undefined,
    version?: string,
  ): { publicDocuments: readonly SearchDocument[]; allDocuments: readonly SearchDocument[] } {
    return this.indexOf(language, version) ?? NO_DOCUMENTS;
  }
}
