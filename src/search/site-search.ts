/**
 * The search of a multilingual site: one index per language (search-index.ts), each with its own
 * statistics, stems and stop words, so a query in one language ranks among that language's pages
 * only and never returns one page five times in five languages. A site in one language has one
 * index, returned as it is.
 */
import { BM25F_DEFAULTS, type Bm25fParameters } from './bm25f.js';
import type { CountedBatch } from './field-pairs.js';
import { SearchIndexBuilder } from './index-builder.js';
import type { SearchDocument, SearchIndex, SearchOptions, SearchResults } from './search-index.js';
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

  private builderOf(language: string): SearchIndexBuilder {
    let builder = this.builders.get(language);
    if (builder === undefined) this.builders.set(language, (builder = new SearchIndexBuilder(this.parameters, language)));
    return builder;
  }

  /**
   * Adds a page of `language` (index-builder.ts `add`).
   * @param markdown the page's search text (content/page-text.ts `PageText.searchText`): the plain
   *   body after the dialect step, never the written source
   */
  add(document: SearchDocument, internal: boolean, markdown: string, language: string): void {
    this.builderOf(language).add(document, internal, markdown);
  }

  /** Registers a batch counted on another thread; its terms join a language's vocabulary when a page of it is added. */
  addBatch(batch: CountedBatch): SiteBatch {
    return { batch, handles: new Map() };
  }

  /** Adds document `doc` of a batch to its language's index (index-builder.ts `addCounted`). */
  addCounted(document: SearchDocument, internal: boolean, batch: SiteBatch, doc: number, language: string): void {
    const builder = this.builderOf(language);
    let handle = batch.handles.get(language);
    if (handle === undefined) batch.handles.set(language, (handle = builder.addBatch(batch.batch)));
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
    const main = indexes.get(this.defaultLanguage) as SearchIndex;
    return indexes.size === 1 ? main : new MultilingualSearchIndex(this.defaultLanguage, indexes);
  }
}

function byPath(a: SearchDocument, b: SearchDocument): number {
  return a.path < b.path ? -1 : a.path > b.path ? 1 : 0;
}

/** One index per language behind one {@link SearchIndex}. */
class MultilingualSearchIndex implements SearchIndex {
  readonly publicDocuments: readonly SearchDocument[];
  readonly allDocuments: readonly SearchDocument[];
  readonly languages: readonly string[];

  constructor(
    private readonly defaultLanguage: string,
    private readonly indexes: ReadonlyMap<string, SearchIndex>,
  ) {
    const all = [...indexes.values()];
    this.publicDocuments = all.flatMap((index) => index.publicDocuments).sort(byPath);
    this.allDocuments = all.flatMap((index) => index.allDocuments).sort(byPath);
    this.languages = [defaultLanguage, ...[...indexes.keys()].filter((language) => language !== defaultLanguage)];
  }

  private indexOf(language: string | undefined): SearchIndex {
    return this.indexes.get(language ?? this.defaultLanguage) ?? (this.indexes.get(this.defaultLanguage) as SearchIndex);
  }

  search(query: string, options: SearchOptions): SearchResults {
    return this.indexOf(options.language).search(query, options);
  }

  documentsOf(language: string | undefined): { publicDocuments: readonly SearchDocument[]; allDocuments: readonly SearchDocument[] } {
    return this.indexOf(language);
  }
}
