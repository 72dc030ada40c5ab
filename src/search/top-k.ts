/** Top-k selection for ranked results. */

/**
 * The `k` best of `candidates` by descending score, ties in path order (ascending number, or
 * ascending `ranks`), best first. Uses a bounded min-heap, so cost is O(n log k) and memory O(k)
 * for n candidates.
 * @param candidates document numbers
 * @param scores score by document number
 * @param ranks position in path order by document number, where numbers are not in path order
 *   (an index with a segment: segment.ts); `undefined`: the numbers are
 */
export function topK(candidates: Uint32Array, scores: Float32Array, k: number, ranks?: Uint32Array): number[] {
  if (k <= 0 || candidates.length === 0) return [];
  // worse(a, b): a ranks below b.
  const worse =
    ranks === undefined
      ? (a: number, b: number): boolean => {
          const sa = scores[a] as number;
          const sb = scores[b] as number;
          return sa < sb || (sa === sb && a > b);
        }
      : (a: number, b: number): boolean => {
          const sa = scores[a] as number;
          const sb = scores[b] as number;
          return sa < sb || (sa === sb && (ranks[a] as number) > (ranks[b] as number));
        };
  const heap: number[] = [];
  const siftUp = (i: number): void => {
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!worse(heap[i] as number, heap[parent] as number)) break;
      [heap[i], heap[parent]] = [heap[parent] as number, heap[i] as number];
      i = parent;
    }
  };
  const siftDown = (i: number): void => {
    for (;;) {
      const left = 2 * i + 1;
      const right = left + 1;
      let worst = i;
      if (left < heap.length && worse(heap[left] as number, heap[worst] as number)) worst = left;
      if (right < heap.length && worse(heap[right] as number, heap[worst] as number)) worst = right;
      if (worst === i) return;
      [heap[i], heap[worst]] = [heap[worst] as number, heap[i] as number];
      i = worst;
    }
  };
  for (const doc of candidates) {
    if (heap.length < k) {
      heap.push(doc);
      siftUp(heap.length - 1);
    } else if (worse(heap[0] as number, doc)) {
      heap[0] = doc;
      siftDown(0);
    }
  }
  return heap.sort((a, b) => (worse(a, b) ? 1 : worse(b, a) ? -1 : 0));
}
