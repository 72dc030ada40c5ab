/**
 * Ranking metrics as `trec_eval` computes them: nDCG@k with linear gains and log2 discounts
 * (ndcg_cut), MRR@k (recip_rank over the first k), Recall@k (relevant documents retrieved in the
 * first k over all relevant ones). Unjudged documents are not relevant.
 */

/**
 * nDCG@k of a ranking.
 * @param ranked document ids, best first
 * @param gains gain of each relevant document (> 0)
 */
export function ndcgAt(k: number, ranked: readonly number[], gains: ReadonlyMap<number, number>): number {
  const dcg = (list: readonly number[]): number => list.slice(0, k).reduce((sum, gain, i) => sum + gain / Math.log2(i + 2), 0);
  const ideal = dcg([...gains.values()].sort((a, b) => b - a));
  return ideal === 0 ? 0 : dcg(ranked.map((doc) => gains.get(doc) ?? 0)) / ideal;
}

/** The reciprocal rank of the first relevant document within the first k, 0 when none. */
export function mrrAt(k: number, ranked: readonly number[], gains: ReadonlyMap<number, number>): number {
  const first = ranked.slice(0, k).findIndex((doc) => (gains.get(doc) ?? 0) > 0);
  return first === -1 ? 0 : 1 / (first + 1);
}

/** The share of relevant documents within the first k. */
export function recallAt(k: number, ranked: readonly number[], gains: ReadonlyMap<number, number>): number {
  if (gains.size === 0) return 0;
  return ranked.slice(0, k).filter((doc) => (gains.get(doc) ?? 0) > 0).length / gains.size;
}
