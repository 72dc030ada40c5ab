/**
 * Weighted term frequencies of one document at a time, the inner loop of indexing: it scans the
 * text, folds and hashes each word in place, finds its id in a {@link TermTable} and counts it,
 * with no string or closure per word.
 */
import { FNV_OFFSET, foldedHashStep, foldUnit, MAX_TERM_CHARS, skipMarkup, TermTable } from './tokenize.js';

/** Counts terms of one document, then hands the counts over with {@link TermCounter.drain}. */
export class TermCounter {
  readonly table = new TermTable();
  /** Occurrences of all counted terms since the last drain (the field's length, for BM25). */
  length = 0;
  private tf = new Uint32Array(1024);
  private counted = new Uint8Array(1024);
  private seen = new Uint32Array(1024);
  private seenCount = 0;

  /**
   * Counts the terms of `raw` (as tokenize.ts defines them: in normalization form C).
   * @param markdown skip HTML tags and link destinations ({@link skipMarkup})
   */
  count(raw: string, markdown = false): void {
    const text = raw.normalize('NFC');
    let start = -1;
    let hash = FNV_OFFSET;
    const end = text.length;
    for (let i = 0; i <= end; i++) {
      const unit = i < end ? foldUnit(text.charCodeAt(i)) : 0;
      if (unit !== 0) {
        if (start === -1) {
          start = i;
          hash = FNV_OFFSET;
        }
        hash = foldedHashStep(hash, unit);
        continue;
      }
      if (start !== -1) {
        if (i - start <= MAX_TERM_CHARS) this.add(this.table.idOf(text, start, i, hash));
        start = -1;
      }
      if (markdown && i < end) i = skipMarkup(text, i);
    }
  }

  /**
   * Calls `emit` with each counted term id and its frequency, then resets the counter for the
   * next field or document.
   * @returns the number of occurrences counted
   */
  drain(emit: (id: number, tf: number) => void): number {
    for (let k = 0; k < this.seenCount; k++) {
      const id = this.seen[k] as number;
      emit(id, this.tf[id] as number);
      this.tf[id] = 0;
      this.counted[id] = 0;
    }
    const length = this.length;
    this.seenCount = 0;
    this.length = 0;
    return length;
  }

  private add(id: number): void {
    if (id >= this.tf.length) this.grow(id);
    if (this.counted[id] === 0) {
      this.counted[id] = 1;
      if (this.seenCount === this.seen.length) {
        const seen = new Uint32Array(this.seen.length * 2);
        seen.set(this.seen);
        this.seen = seen;
      }
      this.seen[this.seenCount++] = id;
    }
    this.tf[id] = (this.tf[id] as number) + 1;
    this.length += 1;
  }

  /** Doubles the per-term arrays until they hold term `id`. */
  private grow(id: number): void {
    let size = this.tf.length * 2;
    while (size <= id) size *= 2;
    const tf = new Uint32Array(size);
    tf.set(this.tf);
    this.tf = tf;
    const counted = new Uint8Array(size);
    counted.set(this.counted);
    this.counted = counted;
  }
}
