/**
 * The index's vocabulary, and the terms a query word stands for: itself, the other forms of its
 * stem, completions when it is the word being typed, and near spellings when it is in no page.
 *
 * What one query costs is bounded, whatever the vocabulary (issue 28: a query of 16 unknown words
 * read all 30,971 terms of a 10k-page site 16 times, 50–180 ms). Per word: the word itself, at most
 * {@link MAX_STEM_EXPANSIONS} other forms of its stem and, for the word being typed, at most
 * {@link MAX_PREFIX_EXPANSIONS} completions; or, only when none of these exists, at most
 * {@link MAX_FUZZY_EXPANSIONS} near spellings, found by examining at most
 * {@link MAX_FUZZY_CANDIDATES} candidate terms from a bigram index (typo-index.ts), not every term.
 * Per query (at most 16 words, search-index.ts): at most {@link MAX_QUERY_EXPANSIONS} terms, and at
 * most {@link MAX_QUERY_FUZZY_CANDIDATES} candidates examined, the words that need near spellings
 * sharing both evenly. Measured, candidates examined per word: docs-large (18,631 terms), 51–190
 * for an unknown word, 444–2,876 for a misspelt English one (median 523, max 3,012 over 2,000
 * one-substitution typos of its terms); the bench's generated 10k-page site (30,969 terms), 0–1 for
 * an unknown word, median 2,501 and max 7,456 for a typo. Below the caps the answer is the one a
 * scan of the whole vocabulary gave (705 Cranfield and docs-large queries compared); a query of 16
 * typos at 10k pages may reach its 2,500 a word, and then keeps the near spellings that share the
 * word's rarest bigrams, read first.
 */
import { TERM_IN_PUBLIC } from './field-pairs.js';
import { TypoIndex, typoArraysInSteps } from './typo-index.js';
import { StemGroups, stemGroupsInSteps } from './stem-groups.js';
import { runSteps, sortInSteps, type BuildSteps } from '../build-steps.js';
import { stemOf, type Analysis } from './analysis.js';

/** One vocabulary term a query word stands for, and its weight (1: the word itself). */
export interface Expansion {
  term: number;
  weight: number;
}

/** A prefix stands for at most this many longer words (Elasticsearch's `max_expansions` default). */
export const MAX_PREFIX_EXPANSIONS = 50;
/**
 * Other forms of a word's stem it stands for, at most: the first in code-unit order. The largest
 * stem groups of the corpora hold 15 terms (Cranfield `gener`) and 12 (docs-large): never reached there.
 */
export const MAX_STEM_EXPANSIONS = 32;
/** Near spellings of one word, at most: the closest, ties in code-unit order (Elasticsearch's fuzzy `max_expansions`). */
export const MAX_FUZZY_EXPANSIONS = 50;
/** Candidate terms one word's typo search examines, at most (typo-index.ts): above the 7,456 measured at 10k pages. */
export const MAX_FUZZY_CANDIDATES = 10_000;
/**
 * Candidate terms one query's typo searches examine in all, at most: 4 words get
 * {@link MAX_FUZZY_CANDIDATES} each, 16 get 2,500 each (the median typo's need at 10k pages).
 */
export const MAX_QUERY_FUZZY_CANDIDATES = 40_000;
/**
 * Terms one query stands for, at most: 16 words × (1 + {@link MAX_STEM_EXPANSIONS}) + {@link MAX_PREFIX_EXPANSIONS}
 * = 578 leave at least 190 to the near spellings, shared evenly among the words that need them.
 */
export const MAX_QUERY_EXPANSIONS = 768;
/**
 * Weight of another form of the word's stem: below 1, as a stemmed field scored beside the exact
 * one, so pages with the very word rank first. On Cranfield 0.35–0.5 rank best (nDCG@10 of
 * keyword queries 0.228, against 0.218 at 1 and 0.224 at 0.7).
 */
export const STEM_WEIGHT = 0.5;
/**
 * Score weight of a longer word matched by prefix, times length / (length + 0.3 × extra letters),
 * and of a word matched despite a typo, times length / (length + distance): MiniSearch's weights.
 */
const PREFIX_WEIGHT = 0.375;
const FUZZY_WEIGHT = 0.45;
/** Words shorter than this are never matched fuzzily: one edit is too large a change. */
const FUZZY_MIN_CHARS = 5;

/** The terms each word of a query stands for ({@link Vocabulary.expandQuery}), and what finding them cost. */
export interface QueryExpansion {
  /** Per query word, in order, its terms. */
  words: Expansion[][];
  /** Candidate terms its typo searches examined (typo-index.ts), at most {@link MAX_QUERY_FUZZY_CANDIDATES}. */
  fuzzyCandidates: number;
}

/** What a vocabulary is built into once and shared by the vocabularies extended from it. */
export interface VocabularyCore {
  /** Term by id. */
  readonly terms: readonly string[];
  /** Vocabulary in code-unit order, for prefix ranges, and the term id of each entry. */
  readonly sortedTerms: string[];
  readonly sortedIds: Uint32Array;
  readonly stems: StemGroups;
  /** The vocabulary by bigram, for near spellings. */
  readonly typos: TypoIndex;
}

/** A visible term a query word may stand for, with its spelling. */
interface Candidate {
  term: string;
  id: number;
}

/**
 * The vocabulary: terms by id, in code-unit order, and by stem. It may be extended with terms
 * ({@link Vocabulary.extend}: the words of a segment, segment.ts) without building it again.
 */
export class Vocabulary {
  private readonly core: VocabularyCore;
  /** Terms added by {@link Vocabulary.extend}; `undefined` for a vocabulary as built. */
  private readonly added: AddedTerms | undefined;

  /**
   * @param terms term by id
   * @param dictionary term id by term
   * @param visibility per term, {@link TERM_IN_PUBLIC} | TERM_IN_INTERNAL for the pages it is in
   * @param analysis the language of the pages (analysis.ts): its stems group the terms, its stop words are no phrase words
   * @param shared what `terms` were built into, when built in steps ({@link vocabularyCoreInSteps})
   *   or shared by {@link Vocabulary.extend} with the terms added; else built here
   */
  constructor(
    terms: readonly string[],
    private readonly dictionary: { get(term: string): number | undefined },
    private readonly visibility: Uint8Array,
    readonly analysis?: Analysis,
    shared?: { core: VocabularyCore; added?: AddedTerms },
  ) {
    this.added = shared?.added;
    this.core = shared?.core ?? runSteps(vocabularyCoreInSteps(terms, analysis));
  }

  /** Number of term ids: the terms built with, then those added. */
  get size(): number {
    return this.core.terms.length + (this.added?.terms.length ?? 0);
  }

  /** The id of a term, visible or not; `undefined` when the vocabulary has none. */
  termId(term: string): number | undefined {
    return this.dictionary.get(term) ?? this.added?.ids.get(term);
  }

  /**
   * This vocabulary with `terms` added and the visibility of every term replaced, sharing what it
   * was built into (the sorted terms, stem groups and bigram index): an extension costs what its
   * terms do, not the vocabulary. The answers are those of a vocabulary built from every term at
   * once (a term made invisible behaves as one absent: every expansion skips it), except that a
   * typo search that reaches its candidate budget spends it on the built terms first.
   * @param terms terms the vocabulary lacks, distinct, in code-unit order: ids {@link Vocabulary.size} on
   * @param visibility per term id of the extended vocabulary, as the constructor's
   * @throws {Error} when this vocabulary is itself an extension (extend the base instead)
   */
  extend(terms: readonly string[], visibility: Uint8Array): Vocabulary {
    if (this.added !== undefined) throw new Error('an extended vocabulary is extended from its base');
    const added = new AddedTerms(terms, this.core.terms.length, this.core.stems, this.analysis);
    return new Vocabulary(this.core.terms, this.dictionary, visibility, this.analysis, { core: this.core, added });
  }

  /** The id of a term pages of the audience contain, else `undefined`. */
  idOf(term: string, includeInternal: boolean): number | undefined {
    const id = this.termId(term);
    return id !== undefined && this.visible(id, includeInternal) ? id : undefined;
  }

  /** The stem group of a query word (from stem-groups.ts), -1 when no term has its stem. */
  stemGroupOf(word: string): number {
    if (this.added === undefined) return this.core.stems.groupOf(word);
    const stem = stemOf(word, this.analysis);
    return this.core.stems.groupOfStem(stem) ?? this.added.groupByStem.get(stem) ?? -1;
  }

  /** The stem group of a term of the vocabulary, -1 when the term is in none. */
  stemGroupOfTerm(term: string): number {
    const id = this.termId(term);
    if (id === undefined) return -1;
    const first = this.core.terms.length;
    return id < first ? this.core.stems.groupOfId(id) : (this.added?.groupOfTerm[id - first] as number);
  }

  /**
   * The terms each word of a query stands for, each once per word: the word itself (weight 1); the
   * other terms of its stem's group ({@link Vocabulary.stemGroupOf}, weight {@link STEM_WEIGHT}, at
   * most {@link MAX_STEM_EXPANSIONS}); for the word being typed, the first
   * {@link MAX_PREFIX_EXPANSIONS} longer words it begins, shortest completions first among equals;
   * and only when none of these exists, the words within round(0.2 × length) edits (at most 2), at
   * most {@link MAX_FUZZY_EXPANSIONS} and the query's share of {@link MAX_QUERY_EXPANSIONS}, the
   * closest kept. Only terms of pages the caller may see count: words of internal pages never
   * change a public query's answer (taking a prefix slot, or turning typo tolerance off), so they
   * cannot be guessed through it. Each kind comes in code-unit order of its terms, never in
   * term-id order, which depends on where a word was first met, maybe an internal page: the order
   * scores are added in, and so their float rounding, is the same whatever the internal pages hold.
   * @param words the query's words (at most 16: search-index.ts), folded
   * @param groups the stem group of each word ({@link Vocabulary.stemGroupOf})
   * @param typing the word being typed (the query's last, unless a space closes it), or undefined
   */
  expandQuery(words: readonly string[], groups: readonly number[], typing: string | undefined, includeInternal: boolean): QueryExpansion {
    const expansions = words.map((word, i) => this.expandWord(word, groups[i] as number, word === typing, includeInternal));
    const fuzzy = words.flatMap((word, i) => ((expansions[i] as Expansion[]).length === 0 && word.length >= FUZZY_MIN_CHARS ? [i] : []));
    if (fuzzy.length === 0) return { words: expansions, fuzzyCandidates: 0 };
    const used = expansions.reduce((sum, terms) => sum + terms.length, 0);
    const share = Math.max(0, Math.min(MAX_FUZZY_EXPANSIONS, Math.floor((MAX_QUERY_EXPANSIONS - used) / fuzzy.length)));
    const budget = Math.min(MAX_FUZZY_CANDIDATES, Math.floor(MAX_QUERY_FUZZY_CANDIDATES / fuzzy.length));
    let fuzzyCandidates = 0;
    for (const i of fuzzy) {
      const near = this.nearSpellings(words[i] as string, share, budget, includeInternal);
      expansions[i] = near.expansions;
      fuzzyCandidates += near.candidates;
    }
    return { words: expansions, fuzzyCandidates };
  }

  /** A word itself, its stem's other forms and, when typed, its completions (see {@link Vocabulary.expandQuery}). */
  private expandWord(word: string, group: number, prefix: boolean, includeInternal: boolean): Expansion[] {
    const expansions: Expansion[] = [];
    const taken = new Set<number>();
    const add = (term: number, weight: number): boolean => {
      if (taken.has(term) || !this.visible(term, includeInternal)) return false;
      taken.add(term);
      expansions.push({ term, weight });
      return true;
    };
    const exact = this.termId(word);
    if (exact !== undefined) add(exact, 1);
    if (group !== -1) {
      let stems = 0;
      for (const term of this.stemMembers(group)) {
        if (stems === MAX_STEM_EXPANSIONS) break;
        if (add(term, STEM_WEIGHT)) stems++;
      }
    }
    if (prefix) this.addCompletions(word, includeInternal, add);
    return expansions;
  }

  /**
   * The visible terms within round(0.2 × length) edits of `word` (at most 2), at most `limit`: the
   * closest, ties in code-unit order, returned in code-unit order; found among at most `budget`
   * candidates (typo-index.ts).
   */
  private nearSpellings(
    word: string,
    limit: number,
    budget: number,
    includeInternal: boolean,
  ): { expansions: Expansion[]; candidates: number } {
    const max = Math.min(2, Math.round(word.length * 0.2));
    const { sortedTerms, sortedIds, typos } = this.core;
    const found = typos.near(word, max, budget);
    const near: (Candidate & { distance: number })[] = [];
    found.indexes.forEach((index, k) =>
      near.push({ term: sortedTerms[index] as string, id: sortedIds[index] as number, distance: found.distances[k] as number }),
    );
    let candidates = found.candidates;
    const added = this.added;
    if (added !== undefined && budget > candidates) {
      const more = added.typos.near(word, max, budget - candidates);
      candidates += more.candidates;
      more.indexes.forEach((index, k) =>
        near.push({ term: added.terms[index] as string, id: added.firstId + index, distance: more.distances[k] as number }),
      );
      near.sort((a, b) => compareUnits(a.term, b.term));
    }
    let kept = near.filter(({ id }) => this.visible(id, includeInternal));
    if (kept.length > limit)
      kept = kept
        .sort((a, b) => a.distance - b.distance || compareUnits(a.term, b.term))
        .slice(0, limit)
        .sort((a, b) => compareUnits(a.term, b.term));
    const expansions = kept.map(({ term, id, distance }) => ({
      term: id,
      weight: (FUZZY_WEIGHT * term.length) / (term.length + distance),
    }));
    return { expansions, candidates };
  }

  /** Adds the first {@link MAX_PREFIX_EXPANSIONS} visible longer words `word` begins. */
  private addCompletions(word: string, includeInternal: boolean, add: (term: number, weight: number) => boolean): void {
    let n = 0;
    this.forEachCompletion(word, (term, id) => {
      if (!this.visible(id, includeInternal)) return true;
      add(id, (PREFIX_WEIGHT * word.length) / (word.length + 0.3 * (term.length - word.length)));
      return ++n < MAX_PREFIX_EXPANSIONS;
    });
  }

  /**
   * Calls `visit` with each longer term `word` begins, in code-unit order (the built terms and the
   * added ones merged), until it returns false.
   */
  private forEachCompletion(word: string, visit: (term: string, id: number) => boolean): void {
    const { sortedTerms, sortedIds } = this.core;
    const addedTerms = this.added?.terms ?? [];
    const firstAdded = this.core.terms.length;
    let index = lowerBound(sortedTerms, word);
    if (sortedTerms[index] === word) index++;
    let other = lowerBound(addedTerms, word);
    if (addedTerms[other] === word) other++;
    for (;;) {
      const term = sortedTerms[index];
      const addedTerm = addedTerms[other];
      const fromBase = term !== undefined && term.startsWith(word);
      const fromAdded = addedTerm !== undefined && addedTerm.startsWith(word);
      if (!fromBase && !fromAdded) return;
      const next =
        fromBase && (!fromAdded || term < addedTerm)
          ? { term, id: sortedIds[index++] as number }
          : { term: addedTerm as string, id: firstAdded + other++ };
      if (!visit(next.term, next.id)) return;
    }
  }

  /** The term ids of a stem group, in code-unit order of their terms: the built ones and the added ones merged. */
  private stemMembers(group: number): ArrayLike<number> & Iterable<number> {
    const { stems, terms } = this.core;
    const base = group < stems.size ? stems.termsOf(group) : new Uint32Array(0);
    const added = this.added?.members.get(group);
    if (added === undefined) return base;
    const first = terms.length;
    const termOf = (id: number): string => (id < first ? (terms[id] as string) : (this.added?.terms[id - first] as string));
    return [...base, ...added].sort((a, b) => compareUnits(termOf(a), termOf(b)));
  }

  private visible(term: number, includeInternal: boolean): boolean {
    const bits = this.visibility[term] as number;
    return includeInternal ? bits !== 0 : (bits & TERM_IN_PUBLIC) !== 0;
  }
}

/** Code-unit order, as the sorted vocabulary has it. */
function compareUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * The structures a vocabulary of `terms` is built into, in steps (build-steps.ts): the sort, then
 * the stem groups and the bigram index, a slice of the terms a step.
 */
export function* vocabularyCoreInSteps(terms: readonly string[], analysis: Analysis | undefined): BuildSteps<VocabularyCore> {
  const order = yield* sortInSteps(
    terms.map((_, id) => id),
    (a, b) => compareUnits(terms[a] as string, terms[b] as string),
  );
  const sortedIds = Uint32Array.from(order);
  const sortedTerms = order.map((id) => terms[id] as string);
  yield;
  const stems = new StemGroups(terms, sortedIds, analysis, yield* stemGroupsInSteps(terms, sortedIds, analysis));
  yield;
  const typos = new TypoIndex(sortedTerms, yield* typoArraysInSteps(sortedTerms));
  return { terms, sortedTerms, sortedIds, stems, typos };
}

/**
 * Terms added to a built vocabulary ({@link Vocabulary.extend}), ids from `firstId` on in
 * code-unit order: each joins the stem group of the built terms with its stem, or a new group
 * numbered after theirs.
 */
class AddedTerms {
  /** Term id by term. */
  readonly ids = new Map<string, number>();
  /** Stem group of each added term, by its index in `terms`. */
  readonly groupOfTerm: Uint32Array;
  /** The new groups, by stem. */
  readonly groupByStem = new Map<string, number>();
  /** The added term ids of each group, in code-unit order. */
  readonly members = new Map<number, number[]>();
  readonly typos: TypoIndex;

  constructor(
    readonly terms: readonly string[],
    readonly firstId: number,
    stems: StemGroups,
    analysis: Analysis | undefined,
  ) {
    this.groupOfTerm = new Uint32Array(terms.length);
    terms.forEach((term, index) => {
      const id = firstId + index;
      this.ids.set(term, id);
      const stem = stemOf(term, analysis);
      let group = stems.groupOfStem(stem) ?? this.groupByStem.get(stem);
      if (group === undefined) this.groupByStem.set(stem, (group = stems.size + this.groupByStem.size));
      this.groupOfTerm[index] = group;
      const members = this.members.get(group);
      if (members === undefined) this.members.set(group, [id]);
      else members.push(id);
    });
    this.typos = new TypoIndex(terms);
  }
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
