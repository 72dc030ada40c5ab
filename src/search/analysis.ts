/**
 * Query and vocabulary analysis beyond the Unicode terms of tokenize.ts: English stop words,
 * dropped from queries (never from the index), and English stems, which let a query word find
 * the other forms of its word (`layers` finds `layer`, `computation` finds `compute`).
 *
 * Stems come from the Snowball English (Porter 2) stemmer of `@orama/stemmers`
 * (https://snowballstem.org/algorithms/english/stemmer.html), stop words from Snowball's English
 * list (`@orama/stopwords`). The site's pages carry no language, so English is the one locale:
 * {@link STEMMERS} is the table to extend when pages gain one.
 */
import { stemmer as englishStemmer } from '@orama/stemmers/english';
import { stopwords as englishStopWords } from '@orama/stopwords/english';

/** A stemmer: a folded term to its stem. */
export type Stemmer = (term: string) => string;

/** Stemmer by language tag (BCP 47 primary subtag). */
export const STEMMERS: Readonly<Record<string, Stemmer>> = { en: englishStemmer };

/** The language of pages that declare none. */
export const DEFAULT_LANGUAGE = 'en';

/**
 * Query words that say nothing about a page's topic. Snowball's list lacks the article `a`,
 * which our tokenizer keeps as a word (`a` of "a wing"), so it is added.
 */
const STOP_WORDS: ReadonlySet<string> = new Set([...englishStopWords, 'a']);

/** Whether a folded term is an English stop word. */
export function isStopWord(term: string): boolean {
  return STOP_WORDS.has(term);
}

/** Terms outside these bounds or with a character outside a–z are their own stem. */
const STEMMABLE = /^[a-z]{3,30}$/;

/**
 * The stem of a folded term in `language` ({@link DEFAULT_LANGUAGE} when it has no stemmer). Only
 * words of 3–30 letters a–z are stemmed: numbers, identifiers with digits and words of other
 * scripts are their own stem.
 */
export function stemOf(term: string, language = DEFAULT_LANGUAGE): string {
  if (!STEMMABLE.test(term)) return term;
  const stem = (STEMMERS[language] ?? englishStemmer)(term);
  return stem.length === 0 ? term : stem;
}

/**
 * The words of a query that are searched: stop words dropped (all kept when every word is one,
 * as in `to be or not to be`), then, when more than `max` remain, the `max` rarest by `frequency`
 * (ties by position), in query order. Long questions keep their topic words, not their first ones.
 * @param words distinct folded terms in query order
 * @param frequency a word's document frequency among the pages the caller may see (0: unknown word)
 */
export function chooseQueryWords(words: readonly string[], frequency: (word: string) => number, max: number): string[] {
  const content = words.filter((word) => !isStopWord(word));
  const kept = content.length === 0 ? [...words] : content;
  if (kept.length <= max) return kept;
  const rarest = kept
    .map((word, position) => ({ word, position, df: frequency(word) }))
    .sort((a, b) => a.df - b.df || a.position - b.position)
    .slice(0, max);
  return rarest.sort((a, b) => a.position - b.position).map((entry) => entry.word);
}
