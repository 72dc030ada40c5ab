/**
 * The matches of a query's words in one page, in text order, for an excerpt (excerpt.ts): merged
 * from the page's postings of each matching word, and read only as far as the excerpt asks.
 */

/** A word of the text: where it is and which query word it matches (-1: none). */
export interface Match {
  start: number;
  end: number;
  word: number;
}

/** The occurrences of one distinct word of a page that matches a query word: `starts[next]` … `starts[stop - 1]`. */
export interface Run {
  next: number;
  readonly stop: number;
  readonly length: number;
  readonly word: number;
}

/**
 * The matches of the query's words in a page, ordered by offset, read off the postings only as far
 * as they are asked for: a merge of the matching words' runs (each ascending; no two words start at
 * the same offset). An excerpt mostly needs the first window that holds every query word, and a
 * common word occurs hundreds of times in a long page. The runs wait in a binary min-heap by their
 * next offset, so a page whose every word matches (the word being typed is `c`) costs n log n, not
 * n times its number of distinct words.
 */
export class Matches {
  private readonly read: Match[] = [];
  /** The runs not read to their end, a binary min-heap by the offset of each one's next occurrence. */
  private readonly heap: Run[];

  /** @param runs non-empty runs into `starts` (excerpt.ts `runsIn`), taken over: their `next` advances */
  constructor(
    private readonly starts: Uint32Array,
    runs: Run[],
  ) {
    this.heap = runs;
    for (let i = (runs.length >>> 1) - 1; i >= 0; i--) this.siftDown(i);
  }

  /** The `j`th match (0-based), undefined past the last. */
  at(j: number): Match | undefined {
    while (this.read.length <= j) if (!this.pull()) break;
    return this.read[j];
  }

  /** The matches read so far that lie within [start, end), after reading every match that starts before `end`. */
  within(start: number, end: number): Match[] {
    while ((this.read.at(-1)?.start ?? -1) < end) if (!this.pull()) break;
    return this.read.filter((m) => m.start >= start && m.end <= end);
  }

  /** Appends the next match by offset; false when every run is read. */
  private pull(): boolean {
    const first = this.heap[0];
    if (first === undefined) return false;
    const start = this.offsetOf(first);
    this.read.push({ start, end: start + first.length, word: first.word });
    first.next++;
    if (first.next === first.stop) {
      const last = this.heap.pop() as Run;
      if (this.heap.length === 0) return true;
      this.heap[0] = last;
    }
    this.siftDown(0);
    return true;
  }

  private offsetOf(run: Run): number {
    return this.starts[run.next] as number;
  }

  /** Moves the run at `i` down the heap until neither child comes before it. */
  private siftDown(i: number): void {
    const { heap } = this;
    const run = heap[i] as Run;
    const offset = this.offsetOf(run);
    for (;;) {
      const left = 2 * i + 1;
      if (left >= heap.length) break;
      const right = left + 1;
      const child = right < heap.length && this.offsetOf(heap[right] as Run) < this.offsetOf(heap[left] as Run) ? right : left;
      if (this.offsetOf(heap[child] as Run) > offset) break;
      heap[i] = heap[child] as Run;
      i = child;
    }
    heap[i] = run;
  }
}
