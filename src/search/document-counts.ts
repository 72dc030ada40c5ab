/**
 * The counted terms of one page, kept between builds (snapshot/read-cache.ts): an unchanged page's
 * terms are not counted again, and an index of a rebuild is made from the counts of its pages, read
 * in place (index-builder.ts `addCountsInSteps`). Term ids are those of one {@link DocumentCounter}'s
 * table, shared by every page it counted or took over from a worker.
 */
import { countFields, type FieldSink } from './index-builder.js';
import { MAX_TF, type CountedBatch, type CountedField } from './field-pairs.js';
import type { SearchDocument } from './search-index.js';
import { TermCounter } from './term-counter.js';

/** One page's (term id, frequency) pairs: the title field's first, then the body field's. */
export interface DocumentCounts {
  /** Term ids in the counter's table: `titleTerms` of the title, then the body's. */
  readonly ids: Uint32Array;
  /** Frequency of each pair, at most {@link MAX_TF}. */
  readonly tfs: Uint8Array;
  /** How many of the pairs are the title's. */
  readonly titleTerms: number;
  /** Occurrences counted in the title and in the body (BM25's field lengths). */
  readonly titleLength: number;
  readonly bodyLength: number;
}

/** Collects the pairs of one field as {@link countFields} hands them over. */
class FieldCollector implements FieldSink {
  ids: number[] = [];
  tfs: number[] = [];
  length = 0;

  addDocument(counter: TermCounter): void {
    this.length = counter.drain((id, tf) => {
      this.ids.push(id);
      this.tfs.push(Math.min(MAX_TF, tf));
    });
  }
}

/** Counts pages one at a time, and takes over pages counted on worker threads, into one term table. */
export class DocumentCounter {
  private readonly counter = new TermCounter();

  /** Terms by id, every term ever counted (pages since changed included). */
  get terms(): readonly string[] {
    return this.counter.table.terms;
  }

  /** Counts a page as index-builder.ts `add` does. */
  count(document: Pick<SearchDocument, 'title' | 'description'>, markdown: string): DocumentCounts {
    const title = new FieldCollector();
    const body = new FieldCollector();
    countFields(this.counter, [title, body], document, markdown);
    return {
      ids: Uint32Array.from([...title.ids, ...body.ids]),
      tfs: Uint8Array.from([...title.tfs, ...body.tfs]),
      titleTerms: title.ids.length,
      titleLength: title.length,
      bodyLength: body.length,
    };
  }

  /**
   * The pages of a batch counted on another thread (index-builder.ts `BatchCounter`), in its
   * document order, their term ids taken into this table.
   */
  takeBatch(batch: CountedBatch): DocumentCounts[] {
    const ids = Uint32Array.from(batch.terms, (term) => this.counter.table.add(term));
    const [title, body] = batch.fields as [CountedField, CountedField];
    const pairs = (field: CountedField, doc: number): [number, number] => [field.starts[doc] as number, field.starts[doc + 1] as number];
    return Array.from({ length: title.lengths.length }, (_, doc) => {
      const [titleStart, titleEnd] = pairs(title, doc);
      const [bodyStart, bodyEnd] = pairs(body, doc);
      const titleTerms = titleEnd - titleStart;
      const counts = new Uint32Array(titleTerms + bodyEnd - bodyStart);
      const tfs = new Uint8Array(counts.length);
      for (let p = titleStart; p < titleEnd; p++) {
        counts[p - titleStart] = ids[title.ids[p] as number] as number;
        tfs[p - titleStart] = title.tfs[p] as number;
      }
      for (let p = bodyStart; p < bodyEnd; p++) {
        counts[titleTerms + p - bodyStart] = ids[body.ids[p] as number] as number;
        tfs[titleTerms + p - bodyStart] = body.tfs[p] as number;
      }
      return { ids: counts, tfs, titleTerms, titleLength: title.lengths[doc] as number, bodyLength: body.lengths[doc] as number };
    });
  }
}
