/**
 * The counted terms of one page, kept between builds (snapshot/read-cache.ts): an unchanged page's
 * terms are not counted again, and the index of a rebuild is made from the counts of every page, as
 * a batch counted on another thread is (index-builder.ts `addBatch`). Term ids are those of one
 * {@link DocumentCounter}'s table, shared by every page it counted or took over from a worker.
 */
import { countFields, type FieldSink } from './index-builder.js';
import { MAX_TF, type CountedBatch, type CountedField } from './field-pairs.js';
import type { SearchDocument } from './search-index.js';
import { TermCounter } from './term-counter.js';
import { runSteps, type BuildSteps } from '../build-steps.js';

/** Documents one step of {@link DocumentCounter.batchOfInSteps} takes: some 20 ms at 100,000 pages (380 ms in all). */
const BATCH_STEP_DOCUMENTS = 5_000;

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

  /**
   * The pages as one batch for index-builder.ts `addBatch`, document d being `documents[d]`, with
   * only the terms they use, numbered as they are first met: the vocabulary a build that counted
   * these pages in this order would have, so nothing of a changed page lingers in the index.
   */
  batchOf(documents: readonly DocumentCounts[]): CountedBatch {
    return runSteps(this.batchOfInSteps(documents));
  }

  /** {@link DocumentCounter.batchOf} in steps (build-steps.ts) of {@link BATCH_STEP_DOCUMENTS} documents. */
  *batchOfInSteps(documents: readonly DocumentCounts[]): BuildSteps<CountedBatch> {
    const all = this.counter.table.terms;
    const local = new Int32Array(all.length).fill(-1);
    const terms: string[] = [];
    let titlePairs = 0;
    let bodyPairs = 0;
    for (const counts of documents) {
      titlePairs += counts.titleTerms;
      bodyPairs += counts.ids.length - counts.titleTerms;
    }
    const title = emptyField(documents.length, titlePairs);
    const body = emptyField(documents.length, bodyPairs);
    for (let doc = 0; doc < documents.length; doc++) {
      if (doc > 0 && doc % BATCH_STEP_DOCUMENTS === 0) yield;
      const counts = documents[doc] as DocumentCounts;
      for (let p = 0; p < counts.ids.length; p++) {
        const global = counts.ids[p] as number;
        let id = local[global] as number;
        if (id === -1) {
          id = terms.length;
          local[global] = id;
          terms.push(all[global] as string);
        }
        const [field, at] = p < counts.titleTerms ? [title, p] : [body, p - counts.titleTerms];
        const start = field.starts[doc] as number;
        field.ids[start + at] = id;
        field.tfs[start + at] = counts.tfs[p] as number;
      }
      title.starts[doc + 1] = (title.starts[doc] as number) + counts.titleTerms;
      body.starts[doc + 1] = (body.starts[doc] as number) + counts.ids.length - counts.titleTerms;
      title.lengths[doc] = counts.titleLength;
      body.lengths[doc] = counts.bodyLength;
    }
    return { terms, fields: [title, body] };
  }
}

/** A field of `documents` documents and `pairs` pairs, to be filled. */
function emptyField(documents: number, pairs: number): CountedField {
  return {
    starts: new Uint32Array(documents + 1),
    ids: new Uint32Array(pairs),
    tfs: new Uint8Array(pairs),
    lengths: new Uint32Array(documents),
  };
}
