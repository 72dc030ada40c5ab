/** Growable arrays of unsigned integers for index builds. */

/** Entries per chunk of a {@link ChunkedArray}: 1 Mi, 4 MiB of Uint32. */
const CHUNK_SHIFT = 20;
const CHUNK_MASK = (1 << CHUNK_SHIFT) - 1;

/**
 * An append-only array of unsigned integers in fixed-size typed-array chunks. Growing never copies,
 * so a build does not leave behind the freed halves of doubled arrays, which the allocator keeps
 * (measured: 130 MB more resident memory at 100k pages than chunks).
 */
export class ChunkedArray {
  private readonly chunks: (Uint32Array | Uint8Array)[] = [];
  length = 0;
  constructor(private readonly bytesPerEntry: 1 | 4) {}

  push(value: number): void {
    const chunk = this.length >>> CHUNK_SHIFT;
    if (chunk === this.chunks.length)
      this.chunks.push(this.bytesPerEntry === 4 ? new Uint32Array(1 << CHUNK_SHIFT) : new Uint8Array(1 << CHUNK_SHIFT));
    (this.chunks[chunk] as Uint32Array | Uint8Array)[this.length & CHUNK_MASK] = value;
    this.length++;
  }

  at(index: number): number {
    return (this.chunks[index >>> CHUNK_SHIFT] as Uint32Array | Uint8Array)[index & CHUNK_MASK] as number;
  }

  /** The entries in one Uint32Array. */
  toUint32Array(): Uint32Array {
    const out = new Uint32Array(this.length);
    this.copyTo(out);
    return out;
  }

  /** The entries in one Uint8Array (for a byte-wide array). */
  toUint8Array(): Uint8Array {
    const out = new Uint8Array(this.length);
    this.copyTo(out);
    return out;
  }

  private copyTo(out: Uint32Array | Uint8Array): void {
    this.chunks.forEach((chunk, i) => {
      const from = i << CHUNK_SHIFT;
      out.set(chunk.subarray(0, Math.min(chunk.length, this.length - from)), from);
    });
  }

  /** Frees the chunks; the array is empty afterwards. */
  clear(): void {
    this.chunks.length = 0;
    this.length = 0;
  }
}
