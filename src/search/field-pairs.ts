/** The (term, frequency) pairs of one field (title or body) while an index is built. */
import { ChunkedArray } from './chunked-array.js';
import { runSteps, type BuildSteps } from '../build-steps.js';
import type { DocumentCounts } from './document-counts.js';
import type { FieldPostings } from './search-index.js';
import type { TermCounter } from './term-counter.js';

/** A term's bit in a visibility array: it has a posting in a public page. */
export const TERM_IN_PUBLIC = 1;
/** A term's bit in a visibility array: it has a posting in an internal page. */
export const TERM_IN_INTERNAL = 2;

/** Documents whose pairs one step of {@link FieldPairs.toPostingsInSteps} reads, per pass: 5–15 ms for the body at 100,000 pages. */
const POSTINGS_STEP_DOCUMENTS = 2_500;

/** Largest stored term frequency; BM25 saturates long before it. */
export const MAX_TF = 255;

/** One field of a {@link CountedBatch}: pairs of document d at starts[d] … starts[d + 1] − 1. */
export interface CountedField {
  starts: Uint32Array;
  ids: Uint32Array;
  tfs: Uint8Array;
  lengths: Uint32Array;
}

/** Terms counted in another thread: its vocabulary and, per field, the pairs of each document. */
export interface CountedBatch {
  terms: string[];
  fields: CountedField[];
}

/** Pairs of documents counted elsewhere, and how their term ids map to the index's. */
interface Segment {
  field: CountedField;
  /** Global term id by the segment's term id; `undefined` when they are the same. */
  ids: Uint32Array | undefined;
}

/** Pages counted before (document-counts.ts), read in place, and how their term ids map to the index's. */
interface CountsSegment {
  counts: readonly DocumentCounts[];
  /** 0: the title's pairs, 1: the body's. */
  field: number;
  /** Index term id by the counts' term id. */
  ids: Int32Array;
}

/**
 * The (term, frequency) pairs of one field, document by document in insertion order: documents
 * counted here, and documents of batches counted on worker threads, whose arrays are kept as
 * they arrived (no copy) and read through their term-id mapping when the postings are built.
 */
export class FieldPairs {
  /** Pairs of the documents counted here: document d at starts[d] … starts[d + 1] − 1. */
  private readonly starts = new ChunkedArray(4);
  private readonly terms = new ChunkedArray(4);
  private readonly tfs = new ChunkedArray(1);
  private readonly lengths = new ChunkedArray(4);
  /** Batches from other threads: segment 1 + i is batches[i]; segment 0 is the pairs above. */
  private readonly batches: (Segment | CountsSegment)[] = [];
  /** Per slot (added document): its segment and its document number there. */
  private readonly slotSegments: number[] = [];
  private readonly slotDocs: number[] = [];

  constructor() {
    this.starts.push(0);
  }

  /** Takes the counts of the counter's current document. */
  addDocument(counter: TermCounter): void {
    const length = counter.drain((id, tf) => {
      this.terms.push(id);
      this.tfs.push(Math.min(MAX_TF, tf));
    });
    this.slotSegments.push(0);
    this.slotDocs.push(this.lengths.length);
    this.starts.push(this.terms.length);
    this.lengths.push(length);
  }

  /**
   * Registers a batch counted elsewhere.
   * @param ids global term id by the batch's term id
   * @returns the segment number to pass to {@link FieldPairs.addCounted}
   */
  addBatch(field: CountedField, ids: Uint32Array): number {
    this.batches.push({ field, ids });
    return this.batches.length;
  }

  /**
   * Registers pages counted before, whose pairs are read in place when the postings are built.
   * @param field 0 for the title's pairs, 1 for the body's
   * @param ids index term id by the counts' term id, for every term they use
   * @returns the segment number to pass to {@link FieldPairs.addCounted}
   */
  addCounts(counts: readonly DocumentCounts[], field: number, ids: Int32Array): number {
    this.batches.push({ counts, field, ids });
    return this.batches.length;
  }

  /** Takes document `doc` of segment `segment` (from {@link FieldPairs.addBatch} or {@link FieldPairs.addCounts}). */
  addCounted(segment: number, doc: number): void {
    this.slotSegments.push(segment);
    this.slotDocs.push(doc);
  }

  /** The pairs counted here as contiguous arrays, to send to another thread. */
  export(): CountedField {
    return {
      starts: this.starts.toUint32Array(),
      ids: this.terms.toUint32Array(),
      tfs: this.tfs.toUint8Array(),
      lengths: this.lengths.toUint32Array(),
    };
  }

  /**
   * The postings of every term, documents numbered by their position in `slots`, then frees the
   * pairs (whoever still holds the builder must not hold its buffers).
   * @param internal 1 where document `doc` (position in `slots`) is internal
   * @param visibility per term, ORed with {@link TERM_IN_PUBLIC} and {@link TERM_IN_INTERNAL} for
   *   each posting it has here
   */
  toPostings(slots: readonly number[], termCount: number, internal: Uint8Array, visibility: Uint8Array): FieldPostings {
    return runSteps(this.toPostingsInSteps(slots, termCount, internal, visibility));
  }

  /**
   * {@link FieldPairs.toPostings} in steps (build-steps.ts) of {@link POSTINGS_STEP_DOCUMENTS}
   * documents a pass: a 100,000-page site's body field takes some 450 ms.
   */
  *toPostingsInSteps(slots: readonly number[], termCount: number, internal: Uint8Array, visibility: Uint8Array): BuildSteps<FieldPostings> {
    const segments: (Segment | CountsSegment)[] = [{ field: this.export(), ids: undefined }, ...this.batches];
    for (const array of [this.starts, this.terms, this.tfs, this.lengths]) array.clear();
    this.batches.length = 0;
    // Two passes over the pairs in path order: the first sizes each term's postings (documents as
    // variable-length gaps, frequencies as bytes), the second writes them.
    const frequency = new Uint32Array(termCount);
    // Public document frequency, BM25's statistics for a query without internal pages; the same as
    // `frequency` on a site with no internal page, which then holds no second array.
    const publicFrequency = internal.includes(1) ? new Uint32Array(termCount) : undefined;
    const gapBytes = new Uint32Array(termCount);
    const last = new Int32Array(termCount).fill(-1);
    const lengths = new Float32Array(slots.length);
    const { slotSegments, slotDocs } = this;
    const eachPair = function* (visit: (term: number, doc: number, tf: number) => void): BuildSteps<void> {
      for (let doc = 0; doc < slots.length; doc++) {
        if (doc > 0 && doc % POSTINGS_STEP_DOCUMENTS === 0) yield;
        const slot = slots[doc] as number;
        const segment = segments[slotSegments[slot] as number] as Segment | CountsSegment;
        const local = slotDocs[slot] as number;
        if ('counts' in segment) {
          const counts = segment.counts[local] as DocumentCounts;
          const title = segment.field === 0;
          lengths[doc] = title ? counts.titleLength : counts.bodyLength;
          const end = title ? counts.titleTerms : counts.ids.length;
          for (let p = title ? 0 : counts.titleTerms; p < end; p++)
            visit(segment.ids[counts.ids[p] as number] as number, doc, counts.tfs[p] as number);
          continue;
        }
        const { field, ids } = segment;
        lengths[doc] = field.lengths[local] as number;
        for (let p = field.starts[local] as number; p < (field.starts[local + 1] as number); p++) {
          const id = field.ids[p] as number;
          visit(ids === undefined ? id : (ids[id] as number), doc, field.tfs[p] as number);
        }
      }
    };
    yield* eachPair((term, doc) => {
      visibility[term] = (visibility[term] as number) | (internal[doc] === 1 ? TERM_IN_INTERNAL : TERM_IN_PUBLIC);
      frequency[term] = (frequency[term] as number) + 1;
      if (publicFrequency !== undefined && internal[doc] !== 1) publicFrequency[term] = (publicFrequency[term] as number) + 1;
      gapBytes[term] = (gapBytes[term] as number) + varintBytes(doc - (last[term] as number));
      last[term] = doc;
    });
    const postingStart = new Uint32Array(termCount + 1);
    const gapStart = new Uint32Array(termCount + 1);
    for (let t = 0; t < termCount; t++) {
      postingStart[t + 1] = (postingStart[t] as number) + (frequency[t] as number);
      gapStart[t + 1] = (gapStart[t] as number) + (gapBytes[t] as number);
    }
    yield;
    const postingGaps = new Uint8Array(gapStart[termCount] as number);
    const postingTfs = new Uint8Array(postingStart[termCount] as number);
    const tfFill = postingStart.slice(0, termCount);
    const gapFill = gapStart.slice(0, termCount);
    last.fill(-1);
    yield;
    yield* eachPair((term, doc, tf) => {
      const at = tfFill[term] as number;
      postingTfs[at] = tf;
      tfFill[term] = at + 1;
      gapFill[term] = writeVarint(postingGaps, gapFill[term] as number, doc - (last[term] as number));
      last[term] = doc;
    });
    this.slotSegments.length = 0;
    this.slotDocs.length = 0;
    return { lengths, postingStart, gapStart, postingGaps, postingTfs, publicFrequency };
  }
}

/** Bytes of `value` (≥ 1) as a LEB128 varint: 7 bits a byte, high bit set on all but the last. */
function varintBytes(value: number): number {
  return value < 0x80 ? 1 : value < 0x4000 ? 2 : value < 0x200000 ? 3 : value < 0x10000000 ? 4 : 5;
}

/** Writes `value` as a LEB128 varint at `at`; returns the offset after it. */
function writeVarint(bytes: Uint8Array, at: number, value: number): number {
  let rest = value;
  while (rest >= 0x80) {
    bytes[at++] = (rest & 0x7f) | 0x80;
    rest = Math.floor(rest / 0x80);
  }
  bytes[at] = rest;
  return at + 1;
}
