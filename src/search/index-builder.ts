/**
 * Builds the search index one page at a time, so a 100k-page site never holds every page's text:
 * each page's terms are counted as it is added and only (term id, weighted frequency) pairs are
 * kept, in growable typed arrays. {@link SearchIndexBuilder.finish} turns them into per-term
 * postings (compressed sparse rows) ordered by document, documents numbered in path order.
 */
import { FieldPairs, type CountedBatch, type CountedField } from './field-pairs.js';
import { TermCounter } from './term-counter.js';
import { CompactSearchIndex, type SearchDocument, type SearchIndex } from './search-index.js';

/**
 * Score weight of each field relative to the body: each field is scored with BM25 on its own and
 * the scores are added with these weights (as MiniSearch does), so a title hit counts four body
 * hits however often the body repeats the word.
 */
export const FIELD_BOOSTS = { title: 4, description: 2, text: 1 } as const;

/** Collects pages, then builds a {@link SearchIndex}. Not reusable after `finish()`. */
export class SearchIndexBuilder {
  private readonly counter = new TermCounter();
  private readonly documents: SearchDocument[] = [];
  private readonly internal: boolean[] = [];
  private readonly slotByPath = new Map<string, number>();
  /** Title, description and body, in the order of {@link FIELD_BOOSTS}. */
  private readonly fields = [
    new FieldPairs(FIELD_BOOSTS.title),
    new FieldPairs(FIELD_BOOSTS.description),
    new FieldPairs(FIELD_BOOSTS.text),
  ];

  /**
   * Adds a page. Adding a path again replaces the earlier page of that path.
   * @param markdown the page body (markdown, frontmatter removed)
   */
  add(document: SearchDocument, internal: boolean, markdown: string): void {
    this.slotByPath.set(document.path, this.documents.length);
    this.documents.push(document);
    this.internal.push(internal);
    countFields(this.counter, this.fields, document, markdown);
  }

  /**
   * Registers a batch of documents counted on another thread ({@link BatchCounter}): its terms
   * join the vocabulary, its arrays are kept as they are.
   * @returns the handle to pass to {@link SearchIndexBuilder.addCounted}
   */
  addBatch(batch: CountedBatch): number[] {
    const ids = Uint32Array.from(batch.terms, (term) => this.counter.table.add(term));
    return this.fields.map((field, f) => field.addBatch(batch.fields[f] as CountedField, ids));
  }

  /**
   * Adds document `doc` of a batch, as {@link SearchIndexBuilder.add} would have counted it.
   * Adding a path again replaces the earlier page of that path.
   * @param batch the handle {@link SearchIndexBuilder.addBatch} returned
   */
  addCounted(document: SearchDocument, internal: boolean, batch: readonly number[], doc: number): void {
    this.slotByPath.set(document.path, this.documents.length);
    this.documents.push(document);
    this.internal.push(internal);
    this.fields.forEach((field, f) => field.addCounted(batch[f] as number, doc));
  }

  /** Builds the index. */
  finish(): SearchIndex {
    const slots = [...this.slotByPath.values()].sort((a, b) => {
      const pa = (this.documents[a] as SearchDocument).path;
      const pb = (this.documents[b] as SearchDocument).path;
      return pa < pb ? -1 : pa > pb ? 1 : 0;
    });
    this.slotByPath.clear();
    const termCount = this.counter.table.terms.length;
    const internal = Uint8Array.from(slots, (slot) => (this.internal[slot] === true ? 1 : 0));
    const termVisibility = new Uint8Array(termCount);
    return new CompactSearchIndex({
      documents: slots.map((slot) => this.documents[slot] as SearchDocument),
      internal,
      terms: this.counter.table.terms,
      dictionary: this.counter.table,
      fields: this.fields.map((field) => field.toPostings(slots, termCount, internal, termVisibility)),
      termVisibility,
    });
  }
}

/** Builds an index over the given documents at once (tests, small sites). */
export function buildSearchIndex(pages: readonly { document: SearchDocument; internal: boolean; markdown: string }[]): SearchIndex {
  const builder = new SearchIndexBuilder();
  for (const page of pages) builder.add(page.document, page.internal, page.markdown);
  return builder.finish();
}

/** Counts a document's title, description and body into the three fields. */
function countFields(
  counter: TermCounter,
  fields: readonly FieldPairs[],
  document: Pick<SearchDocument, 'title' | 'description'>,
  markdown: string,
): void {
  counter.count(document.title);
  fields[0]?.addDocument(counter);
  counter.count(document.description);
  fields[1]?.addDocument(counter);
  counter.count(markdown, true);
  fields[2]?.addDocument(counter);
}

/**
 * Counts the terms of documents in a worker thread, for {@link SearchIndexBuilder.addCounted}:
 * the tokenizing, most of an index build, then runs on several cores.
 */
export class BatchCounter {
  private readonly counter = new TermCounter();
  private readonly fields = [
    new FieldPairs(FIELD_BOOSTS.title),
    new FieldPairs(FIELD_BOOSTS.description),
    new FieldPairs(FIELD_BOOSTS.text),
  ];

  /** Counts the next document of the batch. */
  add(document: Pick<SearchDocument, 'title' | 'description'>, markdown: string): void {
    countFields(this.counter, this.fields, document, markdown);
  }

  /** The batch, as contiguous arrays that can be transferred to another thread. */
  finish(): CountedBatch {
    return { terms: this.counter.table.terms, fields: this.fields.map((field) => field.export()) };
  }
}
