/**
 * The search index: full text over title and body (the description with it), ranked as BM25
 * engines do: BM25F over both fields (bm25f.ts), stop words dropped from queries and the rarest
 * words kept of long ones (analysis.ts), every form of a word's stem matched below the word itself,
 * completions of the last word as it is typed, typo tolerance for words in no page
 * (vocabulary.ts), pages with every word before pages with some, and a bonus for query phrases in
 * titles (phrase.ts). Built once per snapshot ({@link SearchIndexBuilder}); queried per request.
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
import { analysisOf, chooseQueryWords, type Analysis } from './analysis.js';
import { BM25F_DEFAULTS, inverseDocumentFrequency, statistics, type Bm25fParameters, type Collection, type Statistics } from './bm25f.js';
import { PHRASE_WINDOW, phraseBonus, phrasePairs, type PhrasePair } from './phrase.js';
import { foldUnit, queryTerms } from './tokenize.js';
import { topK } from './top-k.js';
import { Vocabulary, vocabularyCoreInSteps } from './vocabulary.js';
import { runSteps, type BuildSteps } from '../build-steps.js';

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
  /**
   * BCP 47 tag of the language whose pages are searched (search/site-search.ts); the default
   * language's when omitted or when the site has no pages in it.
   */
  language?: string | undefined;
  /**
   * Name of the docs version whose pages are searched (content/versions.ts), when it is not the
   * current one: an old version has an index of its own (search/site-search.ts); `undefined`
   * searches the current version's pages with the pages of no version.
   */
  version?: string | undefined;
}

/** No documents: what an old version without pages in a language lists. */
export const NO_DOCUMENTS: { publicDocuments: readonly SearchDocument[]; allDocuments: readonly SearchDocument[] } = {
  publicDocuments: [],
  allDocuments: [],
};

/** The built index. */
export interface SearchIndex {
  /** Public documents sorted by path: the whole public index. */
  readonly publicDocuments: readonly SearchDocument[];
  /** Public and internal documents sorted by path. */
  readonly allDocuments: readonly SearchDocument[];
  /** Runs a query; an empty or all-punctuation query matches nothing. */
  search(query: string, options: SearchOptions): SearchResults;
  /** BCP 47 tags of the languages it has pages in, the default first. */
  readonly languages: readonly string[];
  /**
   * The public and all documents of one language (of {@link SearchIndex.languages}; the default's
   * otherwise) and one docs version ({@link SearchOptions.version}; none: the current one).
   */
  documentsOf(
    language: string | undefined,
    version?: string,
  ): { publicDocuments: readonly SearchDocument[]; allDocuments: readonly SearchDocument[] };
}

/**
 * The postings of one field (title or body). Term t
 * has postingStart[t + 1] − postingStart[t] postings, in document order: their frequencies at
 * postingTfs[postingStart[t] …], their documents as gaps from the previous one (the first from −1)
 * in LEB128 varints at postingGaps[gapStart[t] …] — most gaps take one byte, a quarter of a
 * Uint32 (40 MB less at 100k pages).
 */
export interface FieldPostings {
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
  /** Title, then body. */
  fields: FieldPostings[];
  /**
   * Per term: {@link TERM_IN_PUBLIC} | TERM_IN_INTERNAL for the pages it has postings in; 0 for a
   * term of no page kept (one that lost its URL to another file).
   */
  termVisibility: Uint8Array;
  /** BCP 47 tag of the documents' language, whose stems and stop words apply; English when omitted. */
  language?: string | undefined;
}

/**
 * A run of postings: a from-scratch index has one; an index with a segment (segment.ts) has its
 * base's and the segment's.
 */
export interface PostingsPart {
  /** Title, then body, over the part's own term ids and document numbers. */
  readonly fields: readonly FieldPostings[];
  /** The index's number of the part's document 0. */
  readonly firstDocument: number;
  /** The part's term id by the index's term id, −1 where the part has none; `undefined`: the same ids. */
  readonly termIds: Int32Array | undefined;
}

/**
 * What queries read: the documents, and their postings in one or more parts. {@link layoutOf}
 * gives a from-scratch index's; segment.ts `withSegment` one over a base and a segment, numbered
 * base first, where documents deleted since the base stay numbered but count nowhere.
 */
export interface IndexLayout extends Collection {
  /** Every numbered document, deleted ones included. */
  readonly documents: readonly SearchDocument[];
  readonly parts: readonly PostingsPart[];
  /**
   * Per field, each term's document frequency over the live documents, and over the live public
   * ones; `undefined`: read off the one part's postings (its `publicFrequency`).
   */
  readonly frequency: { readonly all: Uint32Array; readonly public: Uint32Array }[] | undefined;
  /** Live documents in path order; `undefined`: every document, numbered in path order. */
  readonly pathOrder: Uint32Array | undefined;
  /** Position in {@link IndexLayout.pathOrder} by document number (score ties); `undefined` with it. */
  readonly ranks: Uint32Array | undefined;
  /** Over every term id the parts use. */
  readonly vocabulary: Vocabulary;
  /** BCP 47 tag of the documents' language; English when omitted. */
  readonly language: string | undefined;
}

/** The layout of a from-scratch index: one part, every document live and numbered in path order. */
export function layoutOf(data: IndexData): IndexLayout {
  return runSteps(layoutInSteps(data));
}

/** {@link layoutOf} in steps (build-steps.ts): its vocabulary is most of it (vocabulary.ts `vocabularyCoreInSteps`). */
export function* layoutInSteps(data: IndexData): BuildSteps<IndexLayout> {
  const analysis = analysisOf(data.language);
  const core = yield* vocabularyCoreInSteps(data.terms, analysis);
  return {
    documents: data.documents,
    internal: data.internal,
    deleted: undefined,
    lengths: data.fields.map((field) => field.lengths),
    parts: [{ fields: data.fields, firstDocument: 0, termIds: undefined }],
    frequency: undefined,
    pathOrder: undefined,
    ranks: undefined,
    vocabulary: new Vocabulary(data.terms, data.dictionary, data.termVisibility, analysis, { core }),
    language: data.language,
  };
}

/** Query words past this many are left out, the most common first (one bit each in the match masks). */
const MAX_QUERY_TERMS = 16;

/** The index over {@link IndexData}, or over an {@link IndexLayout} of several parts. */
export class CompactSearchIndex implements SearchIndex {
  /** {@link CompactSearchIndex.publicDocuments} and {@link CompactSearchIndex.allDocuments}, once asked for. */
  #documents: { publicDocuments: readonly SearchDocument[]; allDocuments: readonly SearchDocument[] } | undefined;
  readonly languages: readonly string[];
  /** What queries read (segment.ts builds on a base's). */
  readonly layout: IndexLayout;
  private readonly vocabulary: Vocabulary;
  private readonly analysis: Analysis;
  private readonly parameters: Bm25fParameters;
  /** Statistics of public queries, and of queries that include internal pages. */
  private readonly publicStatistics: Statistics;
  private readonly allStatistics: Statistics;
  /** 1 where a public query, or one with internal pages, passes over a posting; `undefined`: none. */
  private readonly publicSkip: Uint8Array | undefined;
  /** Per-query scratch, reset after each query: score, matched-word bits, touched documents. */
  private readonly scores: Float32Array;
  private readonly masks: Uint32Array;
  /** Per-query scratch: the bits of the words a document's title matched (phrase candidates). */
  private readonly titleMasks: Uint32Array;
  private readonly touched: Uint32Array;
  /** Per-word scratch: BM25F's combined frequency tf̃ of each document, and the documents touched. */
  private readonly wordTf: Float32Array;
  private readonly wordDocs: Uint32Array;

  /**
   * @param data a from-scratch index's arrays, or a layout (segment.ts)
   * @param parameters BM25F's parameters, one per field of `data`
   */
  constructor(data: IndexData | IndexLayout, parameters: Bm25fParameters = BM25F_DEFAULTS) {
    const layout = 'parts' in data ? data : layoutOf(data);
    this.layout = layout;
    this.parameters = parameters;
    const { documents, internal } = layout;
    this.vocabulary = layout.vocabulary;
    this.analysis = layout.vocabulary.analysis ?? analysisOf();
    this.languages = [layout.language ?? 'en'];
    const count = documents.length;
    this.publicStatistics = statistics(layout, parameters, false);
    this.allStatistics = statistics(layout, parameters, true);
    this.publicSkip = skipOf(internal, layout.deleted);
    this.scores = new Float32Array(count);
    this.masks = new Uint32Array(count);
    this.titleMasks = new Uint32Array(count);
    this.touched = new Uint32Array(count);
    this.wordTf = new Float32Array(count);
    this.wordDocs = new Uint32Array(count);
  }

  /** The live documents sorted by path, then those of them not internal; made at the first call, as a watch build makes indexes none may ask. */
  private listed(): { publicDocuments: readonly SearchDocument[]; allDocuments: readonly SearchDocument[] } {
    if (this.#documents !== undefined) return this.#documents;
    const { documents, internal, pathOrder } = this.layout;
    // Plain loops: 100,000 documents, maybe before this is optimised.
    const publicDocuments: SearchDocument[] = [];
    let allDocuments: readonly SearchDocument[] = documents;
    if (pathOrder === undefined) {
      for (let doc = 0; doc < documents.length; doc++) if (internal[doc] !== 1) publicDocuments.push(documents[doc] as SearchDocument);
    } else {
      const ordered = new Array<SearchDocument>(pathOrder.length);
      for (let at = 0; at < pathOrder.length; at++) {
        const doc = pathOrder[at] as number;
        ordered[at] = documents[doc] as SearchDocument;
        if (internal[doc] !== 1) publicDocuments.push(documents[doc] as SearchDocument);
      }
      allDocuments = ordered;
    }
    return (this.#documents = { publicDocuments, allDocuments });
  }

  /** The public documents (not internal, not deleted), sorted by path. */
  get publicDocuments(): readonly SearchDocument[] {
    return this.listed().publicDocuments;
  }

  /** Every live document, sorted by path. */
  get allDocuments(): readonly SearchDocument[] {
    return this.listed().allDocuments;
  }

  documentsOf(
    _language?: string,
    version?: string,
  ): { publicDocuments: readonly SearchDocument[]; allDocuments: readonly SearchDocument[] } {
    // One index alone holds no old version's pages (search/site-search.ts).
    return version === undefined ? this : NO_DOCUMENTS;
  }

  search(query: string, options: SearchOptions): SearchResults {
    const { includeInternal } = options;
    // One index alone holds no old version's pages (search/site-search.ts).
    if (options.version !== undefined) return { total: 0, results: [] };
    const terms = queryTerms(query);
    const words = chooseQueryWords(terms, (word) => this.frequencyOf(word, includeInternal), MAX_QUERY_TERMS, this.analysis);
    if (words.length === 0) return { total: 0, results: [] };
    // The word being typed: the query's last, unless a space or punctuation closes it.
    const typing = foldUnit(query.charCodeAt(query.length - 1)) !== 0 ? terms[terms.length - 1] : undefined;
    const idfs = new Float64Array(words.length);
    const groups = words.map((word) => this.vocabulary.stemGroupOf(word));
    let touchedCount = 0;
    this.vocabulary.expandQuery(words, groups, typing, includeInternal).words.forEach((expansions, i) => {
      touchedCount = this.scoreWord(expansions, 1 << i, includeInternal, touchedCount, idfs, i);
    });
    // Minimum should match: pages with every word first, then pages with some, each by score.
    const all = words.length === 32 ? 0xffffffff : (1 << words.length) - 1;
    const { complete, partial } = this.collect(touchedCount, includeInternal, all);
    const want = options.offset + options.limit;
    const pairs = phrasePairs(groups, idfs);
    const ranked = this.rank(complete, want, pairs);
    if (ranked.length < want) ranked.push(...this.rank(partial, want - ranked.length, pairs));
    const results = ranked.slice(options.offset).map((doc) => this.layout.documents[doc] as SearchDocument);
    for (let i = 0; i < touchedCount; i++) {
      const doc = this.touched[i] as number;
      this.scores[doc] = 0;
      this.masks[doc] = 0;
      this.titleMasks[doc] = 0;
    }
    return { total: complete.length + partial.length, results };
  }

  /**
   * Adds one query word's BM25F score to every page it is in: first its combined frequency tf̃
   * over the word's expansions and the fields, then its idf from the number of those pages (the
   * document frequency of the word with all its forms, as a stemmed field has it), then one
   * saturation per page. A public query passes over internal postings: neither counted nor scored.
   * @returns the new count of touched documents
   */
  private scoreWord(
    expansions: readonly { term: number; weight: number }[],
    bit: number,
    includeInternal: boolean,
    touchedCount: number,
    idfs: Float64Array,
    word: number,
  ): number {
    const audience = includeInternal ? this.allStatistics : this.publicStatistics;
    const { wordTf, wordDocs, masks, titleMasks, scores, touched } = this;
    const { parts, lengths: fieldLengths } = this.layout;
    const skip = includeInternal ? this.layout.deleted : this.publicSkip;
    let wordCount = 0;
    // The postings loop stays inline here, reading locals: as a method called per term and field
    // it measured some 25% slower (10k pages, Node 20, a loaded machine). A document is in one
    // part only, so its sum comes in expansion, then field order, as in a from-scratch index.
    for (const { term, weight } of expansions) {
      for (let f = 0; f < fieldLengths.length; f++) {
        const lengths = fieldLengths[f] as Float32Array;
        const factor = weight * (this.parameters.fields[f]?.weight ?? 1);
        const lengthBase = audience.lengthBase[f] as number;
        const lengthScale = audience.lengthScale[f] as number;
        const titleBit = f === 0 ? bit : 0;
        for (const part of parts) {
          const local = part.termIds === undefined ? term : (part.termIds[term] as number);
          const { postingGaps, postingTfs, postingStart, gapStart } = part.fields[f] as FieldPostings;
          // −1: not in this part; past its terms: a term a segment added, in no base posting.
          if (local === -1 || local + 1 >= postingStart.length) continue;
          const end = postingStart[local + 1] as number;
          let at = gapStart[local] as number;
          let doc = part.firstDocument - 1;
          for (let p = postingStart[local] as number; p < end; p++) {
            // One LEB128 varint: 7 bits a byte, low bits first.
            let byte = postingGaps[at++] as number;
            let gap = byte & 0x7f;
            for (let shift = 128; byte >= 0x80; shift *= 128) {
              byte = postingGaps[at++] as number;
              gap += (byte & 0x7f) * shift;
            }
            doc += gap;
            if (skip !== undefined && skip[doc] === 1) continue;
            if (wordTf[doc] === 0) wordDocs[wordCount++] = doc;
            if (titleBit !== 0) titleMasks[doc] = (titleMasks[doc] as number) | titleBit;
            wordTf[doc] =
              (wordTf[doc] as number) + (factor * (postingTfs[p] as number)) / (lengthBase + lengthScale * (lengths[doc] as number));
          }
        }
      }
    }
    const idf = inverseDocumentFrequency(audience.documentCount, wordCount);
    idfs[word] = idf;
    const k1 = this.parameters.k1;
    for (let i = 0; i < wordCount; i++) {
      const doc = wordDocs[i] as number;
      const tf = wordTf[doc] as number;
      wordTf[doc] = 0;
      if (masks[doc] === 0) touched[touchedCount++] = doc;
      masks[doc] = (masks[doc] as number) | bit;
      scores[doc] = (scores[doc] as number) + (idf * (k1 + 1) * tf) / (k1 + tf);
    }
    return touchedCount;
  }

  /**
   * The `want` best of `candidates`, the first {@link PHRASE_WINDOW} by score reordered with their
   * phrase bonus: the same order whatever `want`, so pages of results never overlap.
   */
  private rank(candidates: Uint32Array, want: number, pairs: readonly PhrasePair[]): number[] {
    if (want <= 0) return [];
    const ranks = this.layout.ranks;
    const best = topK(candidates, this.scores, Math.max(want, pairs.length === 0 ? 0 : PHRASE_WINDOW), ranks);
    if (pairs.length > 0) {
      const window = best.slice(0, PHRASE_WINDOW);
      for (const doc of window) {
        // Only a title that matched both words of a pair can hold it: the others are not read.
        const titleMask = this.titleMasks[doc] as number;
        if (!pairs.some((pair) => (titleMask & pair.bits) === pair.bits)) continue;
        const title = (this.layout.documents[doc] as SearchDocument).title;
        this.scores[doc] = (this.scores[doc] as number) + phraseBonus(title, pairs, this.vocabulary);
      }
      const reordered = topK(Uint32Array.from(window), this.scores, window.length, ranks);
      best.splice(0, window.length, ...reordered);
    }
    return best.slice(0, want);
  }

  /**
   * Touched documents, internal ones only when allowed: those whose mask has every bit of `all`,
   * and the others.
   */
  private collect(touchedCount: number, includeInternal: boolean, all: number): { complete: Uint32Array; partial: Uint32Array } {
    const out = new Uint32Array(touchedCount);
    let front = 0;
    let back = touchedCount;
    for (let i = 0; i < touchedCount; i++) {
      const doc = this.touched[i] as number;
      if (!includeInternal && this.layout.internal[doc] === 1) continue;
      if (((this.masks[doc] as number) & all) === all) out[front++] = doc;
      else out[--back] = doc;
    }
    return { complete: out.subarray(0, front), partial: out.subarray(back) };
  }

  /** A word's document frequency among the audience's pages (largest over fields), 0 when in none. */
  private frequencyOf(word: string, includeInternal: boolean): number {
    const term = this.vocabulary.idOf(word, includeInternal);
    if (term === undefined) return 0;
    let frequency = 0;
    const counted = this.layout.frequency;
    if (counted !== undefined) {
      for (const field of counted) frequency = Math.max(frequency, (includeInternal ? field.all : field.public)[term] as number);
      return frequency;
    }
    for (const field of (this.layout.parts[0] as PostingsPart).fields) {
      const all = (field.postingStart[term + 1] as number) - (field.postingStart[term] as number);
      const own = !includeInternal && field.publicFrequency !== undefined ? (field.publicFrequency[term] as number) : all;
      frequency = Math.max(frequency, own);
    }
    return frequency;
  }
}

/**
 * The documents a public query passes over: internal ones, and deleted ones; `undefined` when
 * there are none (a site without internal pages, an index without deletions).
 */
function skipOf(internal: Uint8Array, deleted: Uint8Array | undefined): Uint8Array | undefined {
  if (deleted === undefined) return internal.includes(1) ? internal : undefined;
  const skip = new Uint8Array(internal.length);
  for (let doc = 0; doc < skip.length; doc++) skip[doc] = (internal[doc] as number) | (deleted[doc] as number);
  return skip;
}
