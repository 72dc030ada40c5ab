/**
 * An index that takes an edit without being built again (issue 34): a from-scratch base, shared
 * as it is (postings, vocabulary, documents), with deletion marks for the documents removed or
 * changed since, and a segment, a small index of the documents added or changed, numbered after
 * the base's (Lucene's segments and live-docs bitset; Cutting & Pedersen, "Optimizations for
 * dynamic inverted index maintenance", SIGIR 1990).
 *
 * Its answers are those of a from-scratch index of the same documents, for both audiences:
 * - BM25F's statistics (document count, average field lengths: whole numbers, summed exactly) and
 *   each word's document frequency are taken over live documents only: deleted ones are skipped
 *   by every posting loop and counted nowhere;
 * - the document frequency of each term per field and audience (the rarest-words choice of long
 *   queries, analysis.ts) is the base's, less the deleted documents', plus the segment's; each
 *   term's visibility follows from it, so a term left only in deleted pages is seen by no query
 *   (a vocabulary skips invisible terms everywhere), and a term of the segment alone joins the
 *   vocabulary ({@link Vocabulary.extend}), in its stem group, completions and near spellings;
 * - a document's score is summed in the same order (expansion, then field), as it is in one part
 *   only, and score ties fall back on path order through the layout's ranks, as a from-scratch
 *   index's numbers are in path order.
 * The one exception: a typo search that reaches its candidate budget (vocabulary.ts
 * `MAX_FUZZY_CANDIDATES`) spends it on the base's terms first.
 */
import { BM25F_DEFAULTS, type Bm25fParameters } from './bm25f.js';
import { runSteps, type BuildSteps } from '../build-steps.js';
import type { DocumentCounts } from './document-counts.js';
import { TERM_IN_INTERNAL, TERM_IN_PUBLIC } from './field-pairs.js';
import { CompactSearchIndex, type FieldPostings, type IndexData, type IndexLayout, type SearchDocument } from './search-index.js';
import type { Vocabulary } from './vocabulary.js';

/** A document of the base deleted (removed or changed) since it was built. */
export interface Deletion {
  /** Its number in the base. */
  doc: number;
  /** Its terms in the base's term ids, per field (title, then body), each once. */
  fields: readonly ArrayLike<number>[];
}

/**
 * The {@link Deletion} of a base document from its counts (document-counts.ts).
 * @param terms the term table the counts' ids are in (document-counts.ts `DocumentCounter.terms`)
 * @param vocabulary the base's vocabulary
 * @throws {Error} when a term of the counts is not in the vocabulary: the counts are not the base's
 */
export function deletionOf(doc: number, counts: DocumentCounts, terms: readonly string[], vocabulary: Vocabulary): Deletion {
  const ids = Array.from(counts.ids, (global) => {
    const id = vocabulary.termId(terms[global] as string);
    if (id === undefined) throw new Error(`term ${terms[global]} of document ${doc} is not in the base's vocabulary`);
    return id;
  });
  return { doc, fields: [ids.slice(0, counts.titleTerms), ids.slice(counts.titleTerms)] };
}

/**
 * The index of the base's documents less `deletions`, plus the segment's.
 * @param base a from-scratch index (index-builder.ts), shared, never changed
 * @param deletions distinct documents of the base; a document of the segment's path must be one
 * @param segment the arrays of a from-scratch index of the documents added or changed
 *   (index-builder.ts `dataInSteps`), in the base's language; `undefined` for none
 * @param parameters the base's BM25F parameters
 * @throws {Error} when `base` has a segment or deletions itself (extend the base instead)
 */
export function withSegment(
  base: CompactSearchIndex,
  deletions: readonly Deletion[],
  segment: IndexData | undefined,
  parameters: Bm25fParameters = BM25F_DEFAULTS,
): CompactSearchIndex {
  return runSteps(withSegmentInSteps(base, deletions, segment, parameters));
}

/**
 * {@link withSegment} in steps (build-steps.ts): the statistics, the order, the index. Each is
 * linear in the base's documents or terms: some 10 ms at 100,000 pages.
 */
export function* withSegmentInSteps(
  base: CompactSearchIndex,
  deletions: readonly Deletion[],
  segment: IndexData | undefined,
  parameters: Bm25fParameters = BM25F_DEFAULTS,
): BuildSteps<CompactSearchIndex> {
  const layout = base.layout;
  const basePart = layout.parts[0];
  if (layout.parts.length !== 1 || basePart === undefined || layout.deleted !== undefined)
    throw new Error('a segment is added to a from-scratch index');
  const baseCount = layout.documents.length;
  const segmentDocuments = segment?.documents ?? [];
  const { termIds, added } = termsOf(layout.vocabulary, segment?.terms ?? []);
  const termCount = termIds.length;
  const deleted = new Uint8Array(baseCount + segmentDocuments.length);
  for (const { doc } of deletions) deleted[doc] = 1;
  const internal = new Uint8Array(deleted.length);
  internal.set(layout.internal);
  if (segment !== undefined) internal.set(segment.internal, baseCount);
  // A step per field: each is a pass over every term (some 20 ms at 100,000 pages).
  const frequency: ReturnType<typeof frequencyOf>[] = [];
  for (const [f, field] of basePart.fields.entries()) {
    if (f > 0) yield;
    const counts = frequencyOf(field, termCount);
    for (const { doc, fields } of deletions)
      for (const term of Array.from(fields[f] ?? [])) {
        counts.all[term] = (counts.all[term] as number) - 1;
        if (internal[doc] !== 1) counts.public[term] = (counts.public[term] as number) - 1;
      }
    const segmentField = segment?.fields[f];
    if (segmentField !== undefined) {
      const own = frequencyOf(segmentField, segment?.terms.length ?? 0);
      for (let term = 0; term < termCount; term++) {
        const local = termIds[term] as number;
        if (local === -1) continue;
        counts.all[term] = (counts.all[term] as number) + (own.all[local] as number);
        counts.public[term] = (counts.public[term] as number) + (own.public[local] as number);
      }
    }
    frequency.push(counts);
  }
  yield;
  const visibility = new Uint8Array(termCount);
  for (const { all, public: open } of frequency)
    for (let term = 0; term < termCount; term++) {
      if ((open[term] as number) > 0) visibility[term] = (visibility[term] as number) | TERM_IN_PUBLIC;
      if ((all[term] as number) > (open[term] as number)) visibility[term] = (visibility[term] as number) | TERM_IN_INTERNAL;
    }
  yield;
  const { pathOrder, ranks } = orderOf(layout.documents, segmentDocuments, deleted);
  const combined: IndexLayout = {
    documents: layout.documents.concat(segmentDocuments),
    internal,
    deleted,
    lengths: layout.lengths.map((lengths, f) => {
      const all = new Float32Array(deleted.length);
      all.set(lengths);
      const own = segment?.fields[f]?.lengths;
      if (own !== undefined) all.set(own, baseCount);
      return all;
    }),
    parts:
      segment === undefined
        ? [basePart]
        : [basePart, { fields: segment.fields, firstDocument: baseCount, termIds: Int32Array.from(termIds) }],
    frequency,
    pathOrder,
    ranks,
    vocabulary: layout.vocabulary.extend(added, visibility),
    language: layout.language,
  };
  yield;
  return new CompactSearchIndex(combined, parameters);
}

/**
 * The term ids of the index with a segment: the base's, then the segment's terms the base lacks, in
 * code-unit order. `termIds[id]` is the segment's id of term `id`, −1 where the segment has none.
 */
function termsOf(vocabulary: Vocabulary, segmentTerms: readonly string[]): { termIds: Int32Array; added: string[] } {
  const baseSize = vocabulary.size;
  const own: { term: string; local: number }[] = [];
  const found: { id: number; local: number }[] = [];
  segmentTerms.forEach((term, local) => {
    const id = vocabulary.termId(term);
    if (id === undefined) own.push({ term, local });
    else found.push({ id, local });
  });
  own.sort((a, b) => (a.term < b.term ? -1 : a.term > b.term ? 1 : 0));
  const termIds = new Int32Array(baseSize + own.length).fill(-1);
  for (const { id, local } of found) termIds[id] = local;
  own.forEach(({ local }, k) => (termIds[baseSize + k] = local));
  return { termIds, added: own.map(({ term }) => term) };
}

/** Per term of a part's field: its postings (document frequency), and those in public documents. */
function frequencyOf(field: FieldPostings, termCount: number): { all: Uint32Array; public: Uint32Array } {
  const all = new Uint32Array(termCount);
  const limit = Math.min(termCount, field.postingStart.length - 1);
  for (let term = 0; term < limit; term++) all[term] = (field.postingStart[term + 1] as number) - (field.postingStart[term] as number);
  const open = new Uint32Array(termCount);
  if (field.publicFrequency === undefined) open.set(all.subarray(0, limit));
  else open.set(field.publicFrequency.subarray(0, limit));
  return { all, public: open };
}

/**
 * The live documents in path order, and the position of each there: the base's documents (in
 * path order, by number) with each segment document (in path order too) before the first base
 * document of a later path, found by binary search. Deleted documents keep rank 0: no query
 * reaches them.
 */
function orderOf(
  baseDocuments: readonly SearchDocument[],
  segmentDocuments: readonly SearchDocument[],
  deleted: Uint8Array,
): { pathOrder: Uint32Array; ranks: Uint32Array } {
  const baseCount = baseDocuments.length;
  let live = 0;
  for (const bit of deleted) if (bit === 0) live++;
  const pathOrder = new Uint32Array(live);
  const ranks = new Uint32Array(deleted.length);
  let at = 0;
  let next = 0;
  // Plain loops: they run on 100,000 documents before they are optimised.
  for (let j = 0; j <= segmentDocuments.length; j++) {
    const segmentDocument = segmentDocuments[j];
    const before = segmentDocument === undefined ? baseCount : lowerBound(baseDocuments, segmentDocument.path);
    for (; next < before; next++)
      if (deleted[next] === 0) {
        ranks[next] = at;
        pathOrder[at++] = next;
      }
    if (segmentDocument === undefined) break;
    ranks[baseCount + j] = at;
    pathOrder[at++] = baseCount + j;
  }
  return { pathOrder, ranks };
}

/** The number of documents (in path order) whose path is below `path`. */
function lowerBound(documents: readonly SearchDocument[], path: string): number {
  let low = 0;
  let high = documents.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if ((documents[mid] as SearchDocument).path < path) low = mid + 1;
    else high = mid;
  }
  return low;
}
