/** String helpers that matter for memory. */

/**
 * A copy of `text` that shares no memory with the string it was cut from. V8 represents a
 * substring of 13 or more characters as a slice that keeps the whole parent alive, so a title cut
 * from a page's source would keep the entire source in memory; the copy is built by flattening a
 * new concatenation, which allocates fresh characters.
 */
export function detached(text: string): string {
  return text.length < 13 ? text : ` ${text}`.slice(1);
}
