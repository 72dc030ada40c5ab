/**
 * Search terms of a text in Unicode normalization form C: runs of letters, combining marks and
 * digits (Unicode categories L, M and N, Basic Multilingual Plane), lowercased, with Greek final
 * sigma as sigma. Punctuation, spaces, markup and `_` separate terms, so `snake_case` and
 * `snake-case` both give `snake` and `case`; `café` is one term whether written with `é` or with
 * `e` and a combining accent, and so is Hindi `हिन्दी`.
 *
 * Indexing a 100k-page site meets some 25 million words, so {@link TermTable} finds each word's
 * id without making a string of it: the caller folds and hashes the characters in place
 * (term-counter.ts) and the table compares them with the stored term, making a string only for a
 * word it has not seen (3× faster than a `Map`).
 */

/** Terms longer than this (hashes, base64, minified code) are noise, never typed; they are skipped. */
export const MAX_TERM_CHARS = 40;

/** Per UTF-16 code unit: its lowercase form when it is part of a word, else 0. */
const FOLD = buildFoldTable();

function buildFoldTable(): Uint16Array {
  const table = new Uint16Array(0x10000);
  // Marks that combine with a letter (Mn, Mc), not enclosing ones (Me: keycaps) nor the variation
  // selectors that turn a symbol into an emoji, which are no part of a word.
  const word = /^[\p{L}\p{Mn}\p{Mc}\p{N}]$/u;
  for (let c = 0; c < 0x10000; c++) {
    // Surrogate halves are not characters on their own: astral-plane symbols separate terms.
    if ((c >= 0xd800 && c <= 0xdfff) || (c >= 0xfe00 && c <= 0xfe0f)) continue;
    const char = String.fromCharCode(c);
    if (!word.test(char)) continue;
    const lower = char.toLowerCase();
    // A few characters lowercase to two code units (İ → i̇); they stay as they are.
    table[c] = lower.length === 1 ? lower.charCodeAt(0) : c;
  }
  // ς ends a Greek word where σ is written inside it: the same letter (ΟΔΟΣ, οδος, οδός…).
  table[0x03c2] = 0x03c3;
  return table;
}

/** FNV-1a step over one folded code unit. */
export function foldedHashStep(hash: number, unit: number): number {
  return Math.imul(hash ^ unit, 0x01000193);
}
/** FNV-1a offset basis, the hash of the empty term. */
export const FNV_OFFSET = 0x811c9dc5 | 0;

/** The FNV-1a hash of a term already folded, as the counter computes it while scanning. */
function termHash(term: string): number {
  let hash = FNV_OFFSET;
  for (let i = 0; i < term.length; i++) hash = foldedHashStep(hash, term.charCodeAt(i));
  return hash;
}

/** The folded form of a code unit when it belongs to a term, else 0. */
export function foldUnit(unit: number): number {
  return FOLD[unit] as number;
}

/**
 * Calls `visit` with every term of `text` in order, repeats included.
 * @param text any text (a query, a title); markdown bodies go through term-counter.ts, which skips markup
 */
export function forEachTerm(raw: string, visit: (term: string) => void): void {
  const text = raw.normalize('NFC');
  let units: number[] = [];
  for (let i = 0; i <= text.length; i++) {
    const unit = i < text.length ? (FOLD[text.charCodeAt(i)] as number) : 0;
    if (unit !== 0) units.push(unit);
    else if (units.length > 0) {
      if (units.length <= MAX_TERM_CHARS) visit(String.fromCharCode(...units));
      units = [];
    }
  }
}

/** The distinct terms of a query, in order of first appearance. */
export function queryTerms(query: string): string[] {
  const terms = new Set<string>();
  forEachTerm(query, (term) => terms.add(term));
  return [...terms];
}

const LESS_THAN = 0x3c;
/** What may follow `<` in an HTML tag, comment or declaration: a letter, `/`, `!` or `?`. */
const TAG_START = /[A-Za-z/!?]/;
const GREATER_THAN = 0x3e;
const CLOSE_BRACKET = 0x5d;
const OPEN_PAREN = 0x28;
const CLOSE_PAREN = 0x29;
const NEWLINE = 0x0a;

/**
 * Where markup starting at `i` ends, or `i` when there is none: an HTML tag `<…>` (`<` then a
 * letter, `/`, `!` or `?`, so `0 < n > 3` is prose) or a link destination `](…)`, on one line.
 * Their text (URLs, attributes) is not words of the page.
 */
export function skipMarkup(text: string, i: number): number {
  const unit = text.charCodeAt(i);
  let close: number;
  if (unit === LESS_THAN && TAG_START.test(text.charAt(i + 1))) close = GREATER_THAN;
  else if (unit === CLOSE_BRACKET && text.charCodeAt(i + 1) === OPEN_PAREN) close = CLOSE_PAREN;
  else return i;
  for (let j = i + 1; j < text.length; j++) {
    const next = text.charCodeAt(j);
    if (next === close) return j;
    if (next === NEWLINE) return i;
  }
  return i;
}

/** Ids for terms, assigned 0, 1, 2… in order of first appearance. */
export class TermTable {
  /** The terms by id. */
  readonly terms: string[] = [];
  private slots = new Int32Array(1 << 16).fill(-1);
  private hashes = new Int32Array(1 << 16);

  /** The id of a term (already folded, as {@link forEachTerm} gives it), adding it when new. */
  add(term: string): number {
    return this.find(term, 0, term.length, termHash(term), true);
  }

  /** The id of a term, or `undefined` when the table does not hold it. */
  get(term: string): number | undefined {
    const slot = this.find(term, 0, term.length, termHash(term), false);
    return slot === -1 ? undefined : slot;
  }

  /**
   * The id of the term at `text[start, end)` whose folded units hash to `hash` (FNV-1a, as
   * {@link foldedHashStep} computes it), adding the term when new.
   */
  idOf(text: string, start: number, end: number, hash: number): number {
    return this.find(text, start, end, hash, true);
  }

  /** Linear probing over a power-of-two table kept under half full. */
  private find(text: string, start: number, end: number, hash: number, insert: boolean): number {
    const length = end - start;
    const mask = this.slots.length - 1;
    for (let at = hash & mask; ; at = (at + 1) & mask) {
      const id = this.slots[at] as number;
      if (id === -1) {
        if (!insert) return -1;
        const units = new Array<number>(length);
        for (let k = 0; k < length; k++) units[k] = FOLD[text.charCodeAt(start + k)] as number;
        const newId = this.terms.length;
        this.terms.push(String.fromCharCode(...units));
        this.slots[at] = newId;
        this.hashes[at] = hash;
        if (this.terms.length * 2 > this.slots.length) this.grow();
        return newId;
      }
      if (this.hashes[at] !== hash) continue;
      const term = this.terms[id] as string;
      if (term.length !== length) continue;
      let k = 0;
      while (k < length && term.charCodeAt(k) === FOLD[text.charCodeAt(start + k)]) k++;
      if (k === length) return id;
    }
  }

  private grow(): void {
    const slots = new Int32Array(this.slots.length * 2).fill(-1);
    const hashes = new Int32Array(this.slots.length * 2);
    const mask = slots.length - 1;
    for (let old = 0; old < this.slots.length; old++) {
      const id = this.slots[old] as number;
      if (id === -1) continue;
      let at = (this.hashes[old] as number) & mask;
      while (slots[at] !== -1) at = (at + 1) & mask;
      slots[at] = id;
      hashes[at] = this.hashes[old] as number;
    }
    this.slots = slots;
    this.hashes = hashes;
  }
}
