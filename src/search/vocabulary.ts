/**
 * The index's vocabulary, and the terms a query word stands for: itself, the other forms of its
 * stem, completions when it is the word being typed, and near spellings when it is in no page.
 */
import { TERM_IN_PUBLIC } from './field-pairs.js';
import { boundedEditDistance } from './fuzzy.js';
import { StemGroups } from './stem-groups.js';
import type { Analysis } from './analysis.js';

/** One vocabulary term a query word stands for, and its weight (1: the word itself). */
export interface Expansion {
  term: number;
  weight: number;
}

/** A prefix stands for at most this many longer words (Elasticsearch's `max_expansions` default). */
export const MAX_PREFIX_EXPANSIONS = 50;
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

/** The vocabulary: terms by id, in code-unit order, and by stem. */
export class Vocabulary {
  /** Vocabulary in code-unit order, for prefix ranges, and the term id of each entry. */
  private readonly sortedTerms: string[];
  private readonly sortedIds: Uint32Array;
  private readonly stems: StemGroups;

  /**
   * @param terms term by id
   * @param dictionary term id by term
   * @param visibility per term, {@link TERM_IN_PUBLIC} | TERM_IN_INTERNAL for the pages it is in
   * @param analysis the language of the pages (analysis.ts): its stems group the terms, its stop words are no phrase words
   */
  constructor(
    private readonly terms: readonly string[],
    private readonly dictionary: { get(term: string): number | undefined },
    private readonly visibility: Uint8Array,
    readonly analysis?: Analysis,
  ) {
    const order = terms
      .map((_, id) => id)
      .sort((a, b) => {
        const ta = terms[a] as string;
        const tb = terms[b] as string;
        return ta < tb ? -1 : ta > tb ? 1 : 0;
      });
    this.sortedIds = Uint32Array.from(order);
    this.sortedTerms = order.map((id) => terms[id] as string);
    this.stems = new StemGroups(terms, this.sortedIds, analysis);
  }

  /** The id of a term pages of the audience contain, else `undefined`. */
  idOf(term: string, includeInternal: boolean): number | undefined {
    const id = this.dictionary.get(term);
    return id !== undefined && this.visible(id, includeInternal) ? id : undefined;
  }

  /** The stem group of a query word (from stem-groups.ts), -1 when no term has its stem. */
  stemGroupOf(word: string): number {
    return this.stems.groupOf(word);
  }

  /** The stem group of a term of the vocabulary, -1 when the term is in none. */
  stemGroupOfTerm(term: string): number {
    const id = this.dictionary.get(term);
    return id === undefined ? -1 : this.stems.groupOfId(id);
  }

  /**
   * The terms a query word stands for, each once: the word itself (weight 1); the other terms of
   * its stem's `group` ({@link Vocabulary.stemGroupOf}, weight {@link STEM_WEIGHT}); when `prefix`, the first {@link MAX_PREFIX_EXPANSIONS} longer
   * words it begins, shortest completions first among equals; and only when none of these exists,
   * the words within round(0.2 × length) edits (at most 2). Only terms of pages the caller may
   * see count: words of internal pages never change a public query's answer (taking a prefix
   * slot, or turning typo tolerance off), so they cannot be guessed through it. Each kind comes
   * in code-unit order of its terms, never in term-id order, which depends on where a word was
   * first met, maybe an internal page: the order scores are added in, and so their float
   * rounding, is the same whatever the internal pages hold.
   */
  expand(word: string, group: number, prefix: boolean, includeInternal: boolean): Expansion[] {
    const expansions: Expansion[] = [];
    const taken = new Set<number>();
    const add = (term: number, weight: number): void => {
      if (taken.has(term) || !this.visible(term, includeInternal)) return;
      taken.add(term);
      expansions.push({ term, weight });
    };
    const exact = this.dictionary.get(word);
    if (exact !== undefined) add(exact, 1);
    if (group !== -1) for (const term of this.stems.termsOf(group)) add(term, STEM_WEIGHT);
    if (prefix) this.addCompletions(word, includeInternal, add);
    if (expansions.length > 0 || word.length < FUZZY_MIN_CHARS) return expansions;
    const max = Math.min(2, Math.round(word.length * 0.2));
    const near: Expansion[] = [];
    this.terms.forEach((term, id) => {
      if (!this.visible(id, includeInternal)) return;
      const distance = boundedEditDistance(word, term, max);
      if (distance !== Infinity) near.push({ term: id, weight: (FUZZY_WEIGHT * term.length) / (term.length + distance) });
    });
    // Scanned in id order; only the few matches are put in code-unit order.
    return near.sort((a, b) => ((this.terms[a.term] as string) < (this.terms[b.term] as string) ? -1 : 1));
  }

  /** Adds the first {@link MAX_PREFIX_EXPANSIONS} visible longer words `word` begins. */
  private addCompletions(word: string, includeInternal: boolean, add: (term: number, weight: number) => void): void {
    let index = lowerBound(this.sortedTerms, word);
    if (this.sortedTerms[index] === word) index++;
    for (let n = 0; n < MAX_PREFIX_EXPANSIONS && index < this.sortedTerms.length; index++) {
      const term = this.sortedTerms[index] as string;
      if (!term.startsWith(word)) break;
      const id = this.sortedIds[index] as number;
      if (!this.visible(id, includeInternal)) continue;
      add(id, (PREFIX_WEIGHT * word.length) / (word.length + 0.3 * (term.length - word.length)));
      n++;
    }
  }

  private visible(term: number, includeInternal: boolean): boolean {
    const bits = this.visibility[term] as number;
    return includeInternal ? bits !== 0 : (bits & TERM_IN_PUBLIC) !== 0;
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
