/** Bounded edit distance for typo-tolerant search. */

/** The two rows of {@link boundedEditDistance}, grown as needed (Float64: they hold Infinity). */
let scratch = new Float64Array(2 * 64);

/**
 * Levenshtein distance between `a` and `b` (insertions, deletions and substitutions of UTF-16
 * code units), or `Infinity` as soon as it must exceed `max`. Cost O(|a| · (2·max + 1)).
 * @param max the largest distance of interest, ≥ 0
 */
export function boundedEditDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return Infinity;
  // Two rows reused from call to call: a typo search checks hundreds of candidates per word.
  if (scratch.length < 2 * (b.length + 1)) scratch = new Float64Array(2 * (b.length + 1) * 2);
  let previous = scratch.subarray(0, b.length + 1);
  let current = scratch.subarray(b.length + 1, 2 * (b.length + 1));
  for (let j = 0; j <= b.length; j++) previous[j] = j;
  for (let i = 1; i <= a.length; i++) {
    // Only the diagonal band |i − j| ≤ max can stay within the bound.
    const from = Math.max(1, i - max);
    const to = Math.min(b.length, i + max);
    current[from - 1] = from === 1 ? i : Infinity;
    let rowMin = current[from - 1] as number;
    const ca = a.charCodeAt(i - 1);
    for (let j = from; j <= to; j++) {
      const substitution = (previous[j - 1] as number) + (ca === b.charCodeAt(j - 1) ? 0 : 1);
      const deletion = (j <= i - 1 + max ? (previous[j] as number) : Infinity) + 1;
      const insertion = (current[j - 1] as number) + 1;
      const value = Math.min(substitution, deletion, insertion);
      current[j] = value;
      if (value < rowMin) rowMin = value;
    }
    if (to < b.length) current[to + 1] = Infinity;
    if (rowMin > max) return Infinity;
    [previous, current] = [current, previous];
  }
  const distance = previous[b.length] as number;
  return distance <= max ? distance : Infinity;
}
