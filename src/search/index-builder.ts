/**
 * Builds the search index one page at a time, so a 100k-page site never holds every page's text:
 * each page's terms are counted as it is added and only (term id, weighted frequency) pairs are
 * kept, in growable typed arrays. {@link SearchIndexBuilder.finish} turns them into per-term
 * postings (compressed sparse rows) ordered by document, documents numbered in path order.
 */
import { BM25F_DEFAULTS, type Bm25fParameters } from './bm25f.js';
import { FieldPairs, type CountedBatch, type CountedField } from './field-pairs.js';
import { TermCounter } from './term-counter.js';
import type { DocumentCounts } from './document-counts.js';
import {
  CompactSearchIndex,
  layoutInSteps,
  type FieldPostings,
  type IndexData,
  type SearchDocument,
  type SearchIndex,
} from './search-index.js';
import { runSteps, sortInSteps, type BuildSteps } from '../build-steps.js';

/** Pages whose terms one step of {@link SearchIndexBuilder.addCountsInSteps} reads: some 10 ms at 100,000 pages. */
const COUNTS_STEP_DOCUMENTS = 5_000;

/** Collects pages, then builds a {@link SearchIndex}. Not reusable after `finish()`. */
export class SearchIndexBuilder {
  private readonly counter = new TermCounter();
  private readonly documents: SearchDocument[] = [];
  private readonly internal: boolean[] = [];
  private readonly slotByPath = new Map<string, number>();
  /** Title and body, in the order of {@link Bm25fParameters.fields}. */
  private readonly fields = [new FieldPairs(), new FieldPairs()];
  /** Once built: by document number, the position among the pages added (from 0) of the page it is. */
  private addedPositions: readonly number[] = [];

  /**
   * @param parameters the ranking's parameters (the bench's sweep tries others)
   * @param language BCP 47 tag of the pages' language, whose stems and stop words apply (analysis.ts); English by default
   */
  constructor(
    private readonly parameters: Bm25fParameters = BM25F_DEFAULTS,
    private readonly language?: string,
  ) {}

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
   * Registers pages counted before (document-counts.ts), in steps (build-steps.ts) of
   * {@link COUNTS_STEP_DOCUMENTS}: their pairs are read in place when the index is built, never
   * copied; their terms join the vocabulary in the order the pages first use them (title, then
   * body), the vocabulary a build that counted these pages in this order would have.
   * @param terms the term table the counts' ids are in (document-counts.ts `DocumentCounter.terms`)
   * @returns the handle to pass to {@link SearchIndexBuilder.addCounted}, document `doc` being `counts[doc]`
   */
  *addCountsInSteps(counts: readonly DocumentCounts[], terms: readonly string[]): BuildSteps<number[]> {
    const ids = new Int32Array(terms.length).fill(-1);
    for (let doc = 0; doc < counts.length; doc++) {
      if (doc > 0 && doc % COUNTS_STEP_DOCUMENTS === 0) yield;
      for (const id of (counts[doc] as DocumentCounts).ids) if (ids[id] === -1) ids[id] = this.counter.table.add(terms[id] as string);
    }
    return this.fields.map((field, f) => field.addCounts(counts, f, ids));
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

  /**
   * Once the index is built, by document number (path order), the position among the pages added
   * (0 for the first) of the page it is: the last added of its path.
   */
  get positions(): readonly number[] {
    return this.addedPositions;
  }

  /** Builds the index. */
  finish(): SearchIndex {
    return runSteps(this.finishInSteps());
  }

  /** {@link SearchIndexBuilder.finish} in steps (build-steps.ts): each field's postings, then the vocabulary. */
  *finishInSteps(): BuildSteps<CompactSearchIndex> {
    const data = yield* this.dataInSteps();
    yield;
    const layout = yield* layoutInSteps(data);
    yield;
    return new CompactSearchIndex(layout, this.parameters);
  }

  /**
   * The index's arrays, in steps (each field's postings in one): what {@link SearchIndexBuilder.finishInSteps}
   * builds its index of, and segment.ts a segment of.
   */
  *dataInSteps(): BuildSteps<IndexData> {
    const slots = yield* sortInSteps([...this.slotByPath.values()], (a, b) => {
      const pa = (this.documents[a] as SearchDocument).path;
      const pb = (this.documents[b] as SearchDocument).path;
      return pa < pb ? -1 : pa > pb ? 1 : 0;
    });
    this.slotByPath.clear();
    this.addedPositions = slots;
    const termCount = this.counter.table.terms.length;
    const internal = Uint8Array.from(slots, (slot) => (this.internal[slot] === true ? 1 : 0));
    const termVisibility = new Uint8Array(termCount);
    const fields: FieldPostings[] = [];
    for (const field of this.fields) {
      fields.push(yield* field.toPostingsInSteps(slots, termCount, internal, termVisibility));
      yield;
    }
    return {
      documents: slots.map((slot) => this.documents[slot] as SearchDocument),
      internal,
      terms: this.counter.table.terms,
      dictionary: this.counter.table,
      fields,
      termVisibility,
      language: this.language,
    };
  }
}

/** Builds an index over the given documents at once (tests, small sites). */
export function buildSearchIndex(
  pages: readonly { document: SearchDocument; internal: boolean; markdown: string }[],
  parameters: Bm25fParameters = BM25F_DEFAULTS,
): SearchIndex {
  const builder = new SearchIndexBuilder(parameters);
  for (const page of pages) builder.add(page.document, page.internal, page.markdown);
  return builder.finish();
}

/** Where {@link countFields} hands each field's counts: title, then body. */
export interface FieldSink {
  /** Takes the counts of the counter's current field (drains it). */
  addDocument(counter: TermCounter): void;
}

/**
 * Counts a document's title into the title field, and its description with its body into the body
 * field: a description is most often the body's first paragraph (content/page.ts), which scored as
 * a field of its own would count that paragraph's words twice over, with a second saturation.
 * @param fields the title's sink, then the body's
 */
export function countFields(
  counter: TermCounter,
  fields: readonly FieldSink[],
  document: Pick<SearchDocument, 'title' | 'description'>,
  markdown: string,
): void {
  counter.count(document.title);
  fields[0]?.addDocument(counter);
  counter.count(document.description);
  counter.count(markdown, true);
  fields[1]?.addDocument(counter);
}

/**
 * Counts the terms of documents in a worker thread, for {@link SearchIndexBuilder.addCounted}:
 * the tokenizing, most of an index build, then runs on several cores.
 */
export class BatchCounter {
  private readonly counter = new TermCounter();
  private readonly fields = [new FieldPairs(), new FieldPairs()];

  /** Counts the next document of the batch. */
  add(document: Pick<SearchDocument, 'title' | 'description'>, markdown: string): void {
    countFields(this.counter, this.fields, document, markdown);
  }

  /** The batch, as contiguous arrays that can be transferred to another thread. */
  finish(): CountedBatch {
    return { terms: this.counter.table.terms, fields: this.fields.map((field) => field.export()) };
  }
}
