/**
 * The terms of a vocabulary within a few edits of a word, without reading the whole vocabulary: an
 * index of the vocabulary by bigram, and the pigeonhole principle over q-grams (Ukkonen,
 * "Approximate string-matching with q-grams and maximal matches", 1992; the count filter of
 * Gravano et al., "Approximate String Joins in a Database (Almost) for Free", VLDB 2001).
 *
 * A word of n code units, padded with a boundary mark at each end, has n + 1 bigrams. One edit
 * changes at most 2 of them, so a term within k edits shares all but at most 2k of the word's
 * bigram occurrences; of any 2k + 1 of them, the term contains at least one. The candidates are
 * therefore the terms of the postings of the word's 2k + 1 rarest bigrams, of a length within k of
 * the word's; each is checked with the exact bounded distance (fuzzy.ts). Nothing within the bound
 * is missed: the answer is the one a scan of every term gives, unless the candidates exceed the
 * caller's budget ({@link NearTerms.complete}). The candidates are few because rare bigrams are:
 * at 10k pages, none to a few hundred for an unknown word and a few thousand for a misspelt
 * English one (vocabulary.ts has the figures), against every term of the vocabulary before.
 *
 * Memory: one 4-byte posting per bigram of each term (length + 1 per term, repeats kept), a
 * bigram → slot map and a 4-byte mark per term, built with the vocabulary: 0.75 MB in 17 ms for
 * docs-large's 18,631 terms, 1.24 MB in 25 ms for the 30,969 of the bench's 10k-page site.
 */
import { boundedEditDistance } from './fuzzy.js';
import { runSteps, type BuildSteps } from '../build-steps.js';

/** What {@link TypoIndex.near} found. */
export interface NearTerms {
  /** Indexes into the sorted terms of each term within the bound, ascending (code-unit order of the terms). */
  indexes: number[];
  /** The distance of each, in the same order. */
  distances: number[];
  /** Distinct terms read from the postings (the candidates examined), ≤ the budget. */
  candidates: number;
  /** False when the candidates reached the budget: terms past it were not examined. */
  complete: boolean;
}

/** The boundary mark padding a term at each end; no term holds U+0000 (tokenize.ts folds it to no letter). */
const BOUNDARY = 0;

/** A bigram's key: two UTF-16 code units. */
const bigram = (first: number, second: number): number => first * 0x10000 + second;

/** Calls `visit` with the key of each padded bigram of `term`, repeats included. */
function forEachBigram(term: string, visit: (key: number) => void): void {
  let previous = BOUNDARY;
  for (let i = 0; i < term.length; i++) {
    const unit = term.charCodeAt(i);
    visit(bigram(previous, unit));
    previous = unit;
  }
  visit(bigram(previous, BOUNDARY));
}

/** Terms indexed between two yields of {@link typoArraysInSteps}, per pass: a few ms. */
const TYPO_STEP_TERMS = 20_000;

/** The arrays of a {@link TypoIndex}. */
export interface TypoArrays {
  slots: Map<number, number>;
  start: Uint32Array;
  postings: Uint32Array;
}

/** The bigram postings of `sorted`, in steps (build-steps.ts) of {@link TYPO_STEP_TERMS} terms a pass. */
export function* typoArraysInSteps(sorted: readonly string[]): BuildSteps<TypoArrays> {
  const slots = new Map<number, number>();
  const counts: number[] = [];
  for (let index = 0; index < sorted.length; index++) {
    if (index > 0 && index % TYPO_STEP_TERMS === 0) yield;
    forEachBigram(sorted[index] as string, (key) => {
      let slot = slots.get(key);
      if (slot === undefined) slots.set(key, (slot = counts.push(0) - 1));
      counts[slot] = (counts[slot] as number) + 1;
    });
  }
  const start = new Uint32Array(counts.length + 1);
  counts.forEach((count, slot) => (start[slot + 1] = (start[slot] as number) + count));
  const postings = new Uint32Array(start[counts.length] as number);
  const fill = start.slice(0, counts.length);
  for (let index = 0; index < sorted.length; index++) {
    if (index > 0 && index % TYPO_STEP_TERMS === 0) yield;
    forEachBigram(sorted[index] as string, (key) => {
      const slot = slots.get(key) as number;
      postings[fill[slot] as number] = index;
      fill[slot] = (fill[slot] as number) + 1;
    });
  }
  return { slots, start, postings };
}

/** The bigram index of a vocabulary. Queries share scratch marks: not for concurrent use (nor is anything synchronous). */
export class TypoIndex {
  /** Slot of each bigram met in some term. */
  private readonly slots: Map<number, number>;
  /** Slot s holds the term indexes postings[start[s] … start[s + 1] − 1], ascending. */
  private readonly start: Uint32Array;
  private readonly postings: Uint32Array;
  /** Per term, the query that last read it ({@link TypoIndex.near}'s mark), so a candidate is checked once. */
  private readonly marks: Uint32Array;
  private mark = 0;

  /**
   * @param sorted the vocabulary in code-unit order, without duplicates
   * @param arrays its postings, when built in steps ({@link typoArraysInSteps}); else built here
   */
  constructor(
    private readonly sorted: readonly string[],
    arrays: TypoArrays = runSteps(typoArraysInSteps(sorted)),
  ) {
    this.slots = arrays.slots;
    this.start = arrays.start;
    this.postings = arrays.postings;
    this.marks = new Uint32Array(sorted.length);
  }

  /**
   * Every term within `max` edits of `word` (Levenshtein over UTF-16 code units, as fuzzy.ts).
   * @param word the misspelt word, folded as the terms are, at least 2 × `max` code units long
   * @param max the largest distance kept, ≥ 0
   * @param maxCandidates the most distinct terms to read from the postings; past it the search stops, {@link NearTerms.complete} false
   * @throws {RangeError} when `word` is shorter than 2 × `max` (vocabulary.ts never asks: its bound is round(0.2 × length))
   */
  near(word: string, max: number, maxCandidates: number): NearTerms {
    // Fewer than 2k + 1 bigrams: a term within k edits may share none, and the index cannot find it.
    if (word.length < 2 * max) throw new RangeError(`a word of ${word.length} code units has too few bigrams for ${max} edits`);
    const found: NearTerms = { indexes: [], distances: [], candidates: 0, complete: true };
    const chosen = this.rarestBigrams(word, 2 * max + 1);
    if (this.mark === 0xffffffff) {
      this.marks.fill(0);
      this.mark = 0;
    }
    const mark = ++this.mark;
    for (const slot of chosen) {
      const end = this.start[slot + 1] as number;
      for (let p = this.start[slot] as number; p < end; p++) {
        const index = this.postings[p] as number;
        if (this.marks[index] === mark) continue;
        if (found.candidates === maxCandidates) {
          found.complete = false;
          return sortByIndex(found);
        }
        this.marks[index] = mark;
        found.candidates++;
        const term = this.sorted[index] as string;
        if (Math.abs(term.length - word.length) > max) continue;
        const distance = boundedEditDistance(word, term, max);
        if (distance === Infinity) continue;
        found.indexes.push(index);
        found.distances.push(distance);
      }
    }
    return sortByIndex(found);
  }

  /**
   * The slots of the `count` bigram occurrences of `word` with the shortest postings; a bigram no
   * term holds has none and is left out (its occurrence can match no term, which only helps).
   */
  private rarestBigrams(word: string, count: number): number[] {
    const occurrences: { slot: number; size: number }[] = [];
    let absent = 0;
    forEachBigram(word, (key) => {
      const slot = this.slots.get(key);
      if (slot === undefined) absent++;
      else occurrences.push({ slot, size: (this.start[slot + 1] as number) - (this.start[slot] as number) });
    });
    occurrences.sort((a, b) => a.size - b.size || a.slot - b.slot);
    return occurrences.slice(0, Math.max(0, count - absent)).map((occurrence) => occurrence.slot);
  }
}

/** `found` with its matches in ascending index order (the postings were read bigram by bigram). */
function sortByIndex(found: NearTerms): NearTerms {
  const order = found.indexes.map((_, k) => k).sort((a, b) => (found.indexes[a] as number) - (found.indexes[b] as number));
  return {
    ...found,
    indexes: order.map((k) => found.indexes[k] as number),
    distances: order.map((k) => found.distances[k] as number),
  };
}
