/**
 * The search index: full text over title, description and body, each field ranked by BM25
 * (Robertson & Zaragoza 2009) and weighted, with prefix matching on every query word and typo
 * tolerance for words that match nothing. Built once per snapshot ({@link SearchIndexBuilder}); queried per request.
 *
 * Memory: per (term, page) pair four bytes of page number and one of weighted frequency, plus the
 * documents and the vocabulary; no page text is kept. A query touches only the postings of its
 * terms, accumulating scores in preallocated arrays, so a search over 100k pages costs well under
 * a millisecond for rare words and a few for the most common ones.
 *
 * Statistics per audience: a query without internal pages is ranked with BM25 statistics over the
 * public pages alone (document count, document frequency of each term, average field lengths),
 * and its words expand (prefixes, typos) over public words alone, so its answer is the one a site
 * without the internal pages would give: their words cannot be read off the order of public
 * results. The cost is one public document frequency per term and field, on sites that have
 * internal pages, and one skipped posting per internal page of a public query's terms.
 */
import { TERM_IN_PUBLIC } from './field-pairs.js';
import { boundedEditDistance } from './fuzzy.js';
import { queryTerms } from './tokenize.js';
import { topK } from './top-k.js';

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

/**
 * The postings of one field (title, description or body), scored with BM25 on their own. Term t
 * has postingStart[t + 1] − postingStart[t] postings, in document order: their frequencies at
 * postingTfs[postingStart[t] …], their documents as gaps from the previous one (the first from −1)
 * in LEB128 varints at postingGaps[gapStart[t] …] — most gaps take one byte, a quarter of a
 * Uint32 (40 MB less at 100k pages).
 */
export interface FieldPostings {
  /** Score weight of the field. */
  boost: number;
  /** Length of the field in each document, in term occurrences. */
  lengths: Float32Array;
  postingStart: Uint32Array;
  gapStart: Uint32Array;
  postingGaps: Uint8Array;
  /** Occurrences of the term in the field (at most 255). */
  postingTfs: Uint8Array;
  /**
   * Per term: its postings in public documents (its public document frequency); `undefined` when
   * no document is internal, every posting being public then.
   */
  publicFrequency: Uint32Array | undefined;
}

/** The arrays {@link SearchIndexBuilder} produces. Documents are numbered in path order. */
export interface IndexData {
  documents: SearchDocument[];
  /** 1 where the document is internal. */
  internal: Uint8Array;
  /** Term by term id. */
  terms: string[];
  /** Term id by term. */
  dictionary: { get(term: string): number | undefined };
  fields: FieldPostings[];
  /**
   * Per term: {@link TERM_IN_PUBLIC} | TERM_IN_INTERNAL for the pages it has postings in; 0 for a
   * term of no page kept (one that lost its URL to another file).
   */
  termVisibility: Uint8Array;
}

/** BM25 parameters (the usual values; MiniSearch's too). */
const K1 = 1.2;
const B = 0.7;
/** A prefix stands for at most this many longer words (Elasticsearch's `max_expansions` default). */
export const MAX_PREFIX_EXPANSIONS = 50;
/**
 * Score weight of a longer word matched by prefix, times length / (length + 0.3 × extra letters),
 * and of a word matched despite a typo, times length / (length + distance): MiniSearch's weights.
 */
const PREFIX_WEIGHT = 0.375;
const FUZZY_WEIGHT = 0.45;
/** Words shorter than this are never matched fuzzily: one edit is too large a change. */
const FUZZY_MIN_CHARS = 5;
/** Query words past this many are ignored (one bit each in the match masks). */
const MAX_QUERY_TERMS = 16;

/** One vocabulary term a query word stands for, and its weight. */
interface Expansion {
  term: number;
  weight: number;
}

/** BM25's statistics over the documents one audience may see (public, or public and internal). */
interface Statistics {
  includeInternal: boolean;
  /** Number of documents. */
  documentCount: number;
  /**
   * Per field: k1 · b / average length, so that BM25's length normalisation of a document is
   * k1 · (1 − b) + lengthScale · length.
   */
  lengthScale: number[];
}

/** The index over {@link IndexData}. */
export class CompactSearchIndex implements SearchIndex {
  readonly publicDocuments: readonly SearchDocument[];
  readonly allDocuments: readonly SearchDocument[];
  private readonly data: IndexData;
  /** Vocabulary in code-unit order, for prefix ranges, and the term id of each entry. */
  private readonly sortedTerms: string[];
  private readonly sortedIds: Uint32Array;
  /** Statistics of public queries, and of queries that include internal pages. */
  private readonly publicStatistics: Statistics;
  private readonly allStatistics: Statistics;
  /** Per-query scratch, reset after each query: score, matched-word bits, touched documents. */
  private readonly scores: Float32Array;
  private readonly masks: Uint32Array;
  private readonly touched: Uint32Array;

  constructor(data: IndexData) {
    this.data = data;
    this.allDocuments = data.documents;
    this.publicDocuments = data.documents.filter((_, doc) => data.internal[doc] !== 1);
    const order = data.terms
      .map((_, id) => id)
      .sort((a, b) => {
        const ta = data.terms[a] as string;
        const tb = data.terms[b] as string;
        return ta < tb ? -1 : ta > tb ? 1 : 0;
      });
    this.sortedIds = Uint32Array.from(order);
    this.sortedTerms = order.map((id) => data.terms[id] as string);
    const count = data.documents.length;
    this.publicStatistics = statistics(data, false);
    this.allStatistics = statistics(data, true);
    this.scores = new Float32Array(count);
    this.masks = new Uint32Array(count);
    this.touched = new Uint32Array(count);
  }

  search(query: string, options: SearchOptions): SearchResults {
    const words = queryTerms(query).slice(0, MAX_QUERY_TERMS);
    if (words.length === 0) return { total: 0, results: [] };
    const audience = options.includeInternal ? this.allStatistics : this.publicStatistics;
    const { documents } = this.data;
    let touchedCount = 0;
    // The postings loop stays inline here, reading locals of its closure: as a method called per
    // term and field it measured some 25% slower (10k pages, Node 20, a loaded machine).
    words.forEach((word, i) => {
      const bit = 1 << i;
      for (const { term, weight } of this.expand(word, options.includeInternal)) {
        this.data.fields.forEach((field, f) => {
          const { postingGaps, postingTfs, lengths } = field;
          const start = field.postingStart[term] as number;
          const end = field.postingStart[term + 1] as number;
          // A public query passes over internal postings: they are neither counted nor scored.
          const skipInternal = !options.includeInternal && field.publicFrequency !== undefined;
          const frequency = skipInternal ? ((field.publicFrequency as Uint32Array)[term] as number) : end - start;
          if (frequency === 0) return;
          const idf = Math.log(1 + (audience.documentCount - frequency + 0.5) / (frequency + 0.5));
          const factor = field.boost * weight * idf * (K1 + 1);
          const lengthScale = audience.lengthScale[f] as number;
          const internal = this.data.internal;
          let at = field.gapStart[term] as number;
          let doc = -1;
          for (let p = start; p < end; p++) {
            // One LEB128 varint: 7 bits a byte, low bits first.
            let byte = postingGaps[at++] as number;
            let gap = byte & 0x7f;
            for (let shift = 128; byte >= 0x80; shift *= 128) {
              byte = postingGaps[at++] as number;
              gap += (byte & 0x7f) * shift;
            }
            doc += gap;
            if (skipInternal && internal[doc] === 1) continue;
            const tf = postingTfs[p] as number;
            if (this.masks[doc] === 0) this.touched[touchedCount++] = doc;
            this.masks[doc] = (this.masks[doc] as number) | bit;
            const norm = K1 * (1 - B) + lengthScale * (lengths[doc] as number);
            this.scores[doc] = (this.scores[doc] as number) + (factor * tf) / (tf + norm);
          }
        });
      }
    });
    // Every word must match (AND); when no page has them all, any word will do (OR).
    const all = words.length === 32 ? 0xffffffff : (1 << words.length) - 1;
    let matches = this.collect(touchedCount, options.includeInternal, all);
    if (matches.length === 0) matches = this.collect(touchedCount, options.includeInternal, 0);
    const best = topK(matches, this.scores, options.offset + options.limit);
    const results = best.slice(options.offset).map((doc) => documents[doc] as SearchDocument);
    for (let i = 0; i < touchedCount; i++) {
      const doc = this.touched[i] as number;
      this.scores[doc] = 0;
      this.masks[doc] = 0;
    }
    return { total: matches.length, results };
  }

  /** Touched documents whose mask has every bit of `required` (0: any), internal ones only when allowed. */
  private collect(touchedCount: number, includeInternal: boolean, required: number): Uint32Array {
    const out = new Uint32Array(touchedCount);
    let n = 0;
    for (let i = 0; i < touchedCount; i++) {
      const doc = this.touched[i] as number;
      if (((this.masks[doc] as number) & required) !== required) continue;
      if (!includeInternal && this.data.internal[doc] === 1) continue;
      out[n++] = doc;
    }
    return out.subarray(0, n);
  }

  /**
   * The vocabulary terms a query word stands for: itself, the first {@link MAX_PREFIX_EXPANSIONS}
   * longer words it begins (in code-unit order, shortest completions first among equals), and, only
   * when neither exists, the words within round(0.2 × length) edits (at most 2). Only terms of
   * pages the caller may see count: words of internal pages never change a public query's answer
   * (taking a prefix slot, or turning typo tolerance off), so they cannot be guessed through it.
   * Expansions come in code-unit order of their terms, never in term-id order, which depends on
   * where a word was first met, maybe an internal page: the order scores are added in, and so
   * their float rounding, is the same whatever the internal pages hold.
   */
  private expand(word: string, includeInternal: boolean): Expansion[] {
    const visibility = this.data.termVisibility;
    const visible = includeInternal
      ? (term: number): boolean => visibility[term] !== 0
      : (term: number): boolean => ((visibility[term] as number) & TERM_IN_PUBLIC) !== 0;
    const expansions: Expansion[] = [];
    const exact = this.data.dictionary.get(word);
    if (exact !== undefined && visible(exact)) expansions.push({ term: exact, weight: 1 });
    let index = lowerBound(this.sortedTerms, word);
    if (this.sortedTerms[index] === word) index++;
    for (let n = 0; n < MAX_PREFIX_EXPANSIONS && index < this.sortedTerms.length; index++) {
      const term = this.sortedTerms[index] as string;
      if (!term.startsWith(word)) break;
      const id = this.sortedIds[index] as number;
      if (!visible(id)) continue;
      expansions.push({ term: id, weight: (PREFIX_WEIGHT * word.length) / (word.length + 0.3 * (term.length - word.length)) });
      n++;
    }
    if (expansions.length > 0 || word.length < FUZZY_MIN_CHARS) return expansions;
    const max = Math.min(2, Math.round(word.length * 0.2));
    this.data.terms.forEach((term, id) => {
      if (!visible(id)) return;
      const distance = boundedEditDistance(word, term, max);
      if (distance !== Infinity) expansions.push({ term: id, weight: (FUZZY_WEIGHT * term.length) / (term.length + distance) });
    });
    // Scanned in id order as ever; only the few matches are put in code-unit order.
    return expansions.sort((a, b) => compareTerms(this.data.terms[a.term] as string, this.data.terms[b.term] as string));
  }
}

/** Code-unit order of two terms. */
function compareTerms(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The first index of `sorted` whose entry is ≥ `value` (code-unit order). */
function lowerBound(sorted: readonly string[], value: string): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if ((sorted[mid] as string) < value) low = mid + 1;
    else high = mid;
  }
  return low;
}

/**
 * BM25's statistics over the documents of one audience: all of them, or the public ones only.
 * An audience without documents, or whose fields are all empty, gets an average length of 1.
 */
function statistics(data: IndexData, includeInternal: boolean): Statistics {
  let documentCount = 0;
  for (let doc = 0; doc < data.documents.length; doc++) if (includeInternal || data.internal[doc] !== 1) documentCount++;
  const lengthScale = data.fields.map(({ lengths }) => {
    let sum = 0;
    for (let doc = 0; doc < lengths.length; doc++) if (includeInternal || data.internal[doc] !== 1) sum += lengths[doc] as number;
    const average = documentCount === 0 ? 1 : Math.max(1, sum / documentCount);
    return (K1 * B) / average;
  });
  return { includeInternal, documentCount, lengthScale };
}
