/**
 * BM25F, the scoring of the index: a query word's frequencies in the title and the body are each
 * normalised by their field's length, weighted and added before a single saturation, so a title
 * counts as some extra occurrences of the word rather than as a second, separately saturated
 * score (Robertson, Zaragoza & Taylor 2004, "Simple BM25 extension to multiple weighted fields";
 * Robertson & Zaragoza 2009 §3.4):
 *
 *   tf̃(w, d) = Σ_f weight_f · tf_f(w, d) / (1 − b_f + b_f · length_f(d) / average length_f)
 *   score(d) = Σ_w idf(w) · (k1 + 1) · tf̃ / (k1 + tf̃),   idf(w) = ln(1 + (N − df + 0.5) / (df + 0.5))
 */

/** Weight and length normalisation of one field. */
export interface FieldParameters {
  /** Occurrences of a word in this field count `weight` body occurrences. */
  weight: number;
  /** Length normalisation, 0 (none) … 1 (full). */
  b: number;
}

/** The parameters of {@link Bm25fParameters}: saturation and the fields, title then body. */
export interface Bm25fParameters {
  k1: number;
  fields: readonly FieldParameters[];
}

/**
 * The defaults, chosen by measurement on the Cranfield collection (`npm run bench --
 * search-quality --sweep`) from the middle of a plateau rather than its best cell, since other
 * collections will judge them: nDCG@10 of full questions rises from 0.38 at k1 = 0.9 to 0.39 at
 * 1.6–2, keyword queries stay at 0.22–0.23 throughout; body b 0.75 gives the best recall; title
 * weights 1–4 differ by under 0.005 (the title is also the body's first line there), 2 is modest.
 */
export const BM25F_DEFAULTS: Bm25fParameters = {
  k1: 1.6,
  fields: [
    { weight: 2, b: 0.5 },
    { weight: 1, b: 0.75 },
  ],
};

/** BM25F's statistics over the documents one audience may see (public, or public and internal). */
export interface Statistics {
  /** Number of documents. */
  documentCount: number;
  /** Per field: weight · 1 / (1 − b + b · length / average) is weight / (lengthBase + lengthScale · length). */
  lengthBase: number[];
  lengthScale: number[];
}

/** The documents {@link statistics} are taken over, by document number. */
export interface Collection {
  /** Per field, the length of each document in term occurrences (whole numbers). */
  lengths: readonly Float32Array[];
  /** 1 where the document is internal. */
  internal: Uint8Array;
  /** 1 where the document left the index (segment.ts) and counts for no audience; `undefined` when none did. */
  deleted: Uint8Array | undefined;
}

/**
 * The statistics over all documents, or over the public ones only. An audience without documents,
 * or whose field is empty everywhere, gets an average length of 1. The lengths are whole numbers,
 * so their sum, and the average, do not depend on the order documents are numbered in.
 */
export function statistics(collection: Collection, parameters: Bm25fParameters, includeInternal: boolean): Statistics {
  const { internal, deleted } = collection;
  // Per document, 1 where it counts for the audience (`undefined`: every one does); plain loops,
  // no callback per document: a watch build runs this on 100,000 documents before it is optimised.
  let counted: Uint8Array | undefined;
  if (deleted !== undefined || !includeInternal) {
    counted = new Uint8Array(internal.length);
    for (let doc = 0; doc < internal.length; doc++)
      counted[doc] = deleted?.[doc] === 1 || (!includeInternal && internal[doc] === 1) ? 0 : 1;
  }
  let documentCount = internal.length;
  if (counted !== undefined) {
    documentCount = 0;
    for (let doc = 0; doc < counted.length; doc++) documentCount += counted[doc] as number;
  }
  const lengthBase: number[] = [];
  const lengthScale: number[] = [];
  collection.lengths.forEach((lengths, f) => {
    const { b } = parameters.fields[f] as FieldParameters;
    let sum = 0;
    if (counted === undefined) for (let doc = 0; doc < lengths.length; doc++) sum += lengths[doc] as number;
    else for (let doc = 0; doc < lengths.length; doc++) if (counted[doc] === 1) sum += lengths[doc] as number;
    const average = documentCount === 0 ? 1 : Math.max(1, sum / documentCount);
    lengthBase.push(1 - b);
    lengthScale.push(b / average);
  });
  return { documentCount, lengthBase, lengthScale };
}

/** BM25's inverse document frequency (Lucene's, never negative) of a word found in `frequency` of `count` documents. */
export function inverseDocumentFrequency(count: number, frequency: number): number {
  return Math.log(1 + (count - frequency + 0.5) / (frequency + 0.5));
}
