/**
 * Query and vocabulary analysis beyond the Unicode terms of tokenize.ts, per language: stop words,
 * dropped from queries (never from the index), and stems, which let a query word find the other
 * forms of its word (`layers` finds `layer`, `Sprachen` finds `Sprache`).
 *
 * Stems come from the Snowball stemmers of `@orama/stemmers` (https://snowballstem.org/algorithms/),
 * stop words from the lists of `@orama/stopwords`, each loaded when a site first has pages in its
 * language. A language neither knows is searched unstemmed and without stop words.
 */
import { createRequire } from 'node:module';
import { LRUCache } from 'lru-cache';
import { stemmer as englishStemmer } from '@orama/stemmers/english';
import { stopwords as englishStopWords } from '@orama/stopwords/english';

/** A stemmer: a folded term to its stem. */
export type Stemmer = (term: string) => string;

/** The language of pages that declare none. */
export const DEFAULT_LANGUAGE = 'en';

/** How the words of one language are analysed. */
export interface Analysis {
  /** BCP 47 primary language subtag (`de`). */
  readonly language: string;
  /** The stemmer, `undefined` when the language has none: words are their own stems. */
  readonly stem: Stemmer | undefined;
  readonly stopWords: ReadonlySet<string>;
}

/**
 * `@orama/stemmers` and `@orama/stopwords` module names by BCP 47 primary language subtag; no
 * stemmer where only stop words exist (Japanese and Chinese have no Snowball stemmer).
 */
const MODULES: Readonly<Record<string, readonly [stemmer: string | undefined, stopWords: string]>> = {
  ar: ['arabic', 'arabic'],
  bg: ['bulgarian', 'bulgarian'],
  da: ['danish', 'danish'],
  de: ['german', 'german'],
  el: ['greek', 'greek'],
  es: ['spanish', 'spanish'],
  fi: ['finnish', 'finnish'],
  fr: ['french', 'french'],
  ga: ['irish', 'irish'],
  hi: ['indian', 'indian'],
  hu: ['hungarian', 'hungarian'],
  hy: ['armenian', 'armenian'],
  id: ['indonesian', 'indonesian'],
  it: ['italian', 'italian'],
  ja: [undefined, 'japanese'],
  lt: ['lithuanian', 'lithuanian'],
  nb: ['norwegian', 'norwegian'],
  ne: ['nepali', 'nepali'],
  nl: ['dutch', 'dutch'],
  nn: ['norwegian', 'norwegian'],
  no: ['norwegian', 'norwegian'],
  pt: ['portuguese', 'portuguese'],
  ro: ['romanian', 'romanian'],
  ru: ['russian', 'russian'],
  sr: ['serbian', 'serbian'],
  sv: ['swedish', 'swedish'],
  ta: ['tamil', 'tamil'],
  tr: ['turkish', 'turkish'],
  uk: ['ukrainian', 'ukrainian'],
  zh: [undefined, 'mandarin'],
};

/**
 * English stop words. Snowball's list lacks the article `a`, which our tokenizer keeps as a word
 * (`a` of "a wing"), so it is added.
 */
const ENGLISH: Analysis = { language: 'en', stem: englishStemmer, stopWords: new Set([...englishStopWords, 'a']) };

const ANALYSES = new Map<string, Analysis>([['en', ENGLISH]]);
const require = createRequire(import.meta.url);

/**
 * The analysis of a language by its BCP 47 tag (`de`, `pt-BR`: the primary subtag counts), made
 * once per process. The modules are required synchronously, as the build that asks is.
 */
export function analysisOf(lang: string = DEFAULT_LANGUAGE): Analysis {
  const language = lang.split('-')[0]?.toLowerCase() ?? DEFAULT_LANGUAGE;
  let analysis = ANALYSES.get(language);
  if (analysis === undefined) {
    const [stemmer, stopWords] = MODULES[language] ?? [undefined, undefined];
    analysis = {
      language,
      stem: stemmer === undefined ? undefined : (require(`@orama/stemmers/${stemmer}`) as { stemmer: Stemmer }).stemmer,
      stopWords: new Set(stopWords === undefined ? [] : (require(`@orama/stopwords/${stopWords}`) as { stopwords: string[] }).stopwords),
    };
    ANALYSES.set(language, analysis);
  }
  return analysis;
}

/** Whether a folded term is a stop word of the language (English by default). */
export function isStopWord(term: string, analysis: Analysis = ENGLISH): boolean {
  return analysis.stopWords.has(term);
}

/**
 * Terms outside these bounds, or with a character that is no letter, are their own stem. English
 * stems words of a–z only, as before languages: `café` or `naïve` stay whole there.
 */
const STEMMABLE = /^\p{L}{3,30}$/u;
const STEMMABLE_ENGLISH = /^[a-z]{3,30}$/;

/**
 * The stem of a folded term in a language (English by default). Only words of 3–30 letters are
 * stemmed: numbers and identifiers with digits are their own stem.
 */
export function stemOf(term: string, analysis: Analysis = ENGLISH): string {
  if (analysis.stem === undefined || !(analysis === ENGLISH ? STEMMABLE_ENGLISH : STEMMABLE).test(term)) return term;
  const stem = analysis.stem(term);
  return stem.length === 0 ? term : stem;
}

/** Stems kept per language by {@link cachedStemOf}: some 5 MB at most (two short strings and an entry each). */
export const STEM_CACHE_ENTRIES = 50_000;

/** The stems {@link cachedStemOf} made, per language, the least recently used dropped first. */
const STEM_CACHES = new WeakMap<Analysis, LRUCache<string, string>>();

/**
 * {@link stemOf}, remembered: for the words a request meets again and again (each excerpt's
 * candidate words, stemmed on every results page), since a Snowball stemmer takes 1–8 µs a word
 * (measured on docs-small words, English) and a map lookup well under one. Bounded, as the words
 * come from callers' queries too; the build stems each vocabulary term once and calls
 * {@link stemOf} itself.
 */
export function cachedStemOf(term: string, analysis: Analysis = ENGLISH): string {
  let cache = STEM_CACHES.get(analysis);
  if (cache === undefined) {
    cache = new LRUCache<string, string>({ max: STEM_CACHE_ENTRIES });
    STEM_CACHES.set(analysis, cache);
  }
  let stem = cache.get(term);
  if (stem === undefined) {
    stem = stemOf(term, analysis);
    cache.set(term, stem);
  }
  return stem;
}

/**
 * The words of a query that are searched: stop words dropped (all kept when every word is one,
 * as in `to be or not to be`), then, when more than `max` remain, the `max` rarest by `frequency`
 * (ties by position), in query order. Long questions keep their topic words, not their first ones.
 * @param words distinct folded terms in query order
 * @param frequency a word's document frequency among the pages the caller may see (0: unknown word)
 * @param analysis the language of the pages searched (English by default)
 */
export function chooseQueryWords(
  words: readonly string[],
  frequency: (word: string) => number,
  max: number,
  analysis: Analysis = ENGLISH,
): string[] {
  const content = words.filter((word) => !isStopWord(word, analysis));
  const kept = content.length === 0 ? [...words] : content;
  if (kept.length <= max) return kept;
  const rarest = kept
    .map((word, position) => ({ word, position, df: frequency(word) }))
    .sort((a, b) => a.df - b.df || a.position - b.position)
    .slice(0, max);
  return rarest.sort((a, b) => a.position - b.position).map((entry) => entry.word);
}
