/**
 * A linear-time reader of Vue component tags in VitePress prose (vue.ts): `<Badge text="new" />`,
 * `</VPTeamMembers>`. It replaces a regular expression whose attribute list backtracked
 * exponentially (issue 28: `<Ab` and 27 attributes blocked the event loop for 7.9 s), and reads
 * the same tags: a PascalCase name with at least one lower-case letter, then attributes, each after
 * whitespace, a name and optionally `=` and a value (`"…"`, `'…'`, `{…}`, or unquoted up to
 * whitespace or `>`), then `>` or `/>`.
 *
 * Why linear: a tag is read forwards only; each quote or brace is closed by a precomputed "next
 * occurrence" table instead of a search; and an attempt that starts inside an earlier failed one
 * stops as soon as it reaches an attribute start the failed one already passed (the rest of the
 * reading from there is the same, so it fails the same way).
 */
import { isSpace } from './lines.js';

/** One component tag found in a line: where it is, its name, and its attribute text as written. */
export interface ComponentTag {
  /** Offset of `<` in the text. */
  start: number;
  /** Offset just past the closing `>`. */
  end: number;
  /** The component name, e.g. `Badge`. */
  name: string;
  /** The text between the name and the closing `>` or `/>` (leading whitespace included). */
  attributes: string;
}

const isUpper = (code: number): boolean => code >= 65 && code <= 90;
const isLower = (code: number): boolean => code >= 97 && code <= 122;
const isDigit = (code: number): boolean => code >= 48 && code <= 57;

/** For each offset of `text`, the offset of the next `char` at or after it (-1 for none); built in one backward pass. */
function nextIndexTable(text: string, char: string): Int32Array {
  const table = new Int32Array(text.length + 1);
  let next = -1;
  table[text.length] = -1;
  for (let i = text.length - 1; i >= 0; i--) {
    if (text[i] === char) next = i;
    table[i] = next;
  }
  return table;
}

/** Reads tags in one text; the tables and the memory of failed attempts are per text. */
class TagReader {
  private readonly closers = new Map<string, Int32Array>();
  /**
   * Attribute starts already read. Reading on from one fails again if it failed before; and one a
   * tag passed lies inside that tag, where no later tag starts; so every start read can be marked.
   */
  private readonly tried: Uint8Array;

  constructor(
    private readonly text: string,
    private readonly html: boolean,
  ) {
    this.tried = new Uint8Array(text.length + 1);
  }

  /** The tag starting at `start` (a `<`), or undefined when none starts there. */
  tagAt(start: number): ComponentTag | undefined {
    const text = this.text;
    let at = start + 1;
    if (text[at] === '/') at++;
    const nameStart = at;
    at = this.html ? this.elementNameEnd(at) : this.componentNameEnd(at);
    if (at === nameStart) return undefined;
    const name = text.slice(nameStart, at);
    const attributesStart = at;
    const list = this.attributeList(at);
    if (list === undefined) return undefined;
    return { start, end: list.end, name, attributes: text.slice(attributesStart, list.last) };
  }

  /** Past a component name at `at` (PascalCase with a lower-case letter), else `at`. */
  private componentNameEnd(from: number): number {
    const text = this.text;
    if (!isUpper(text.charCodeAt(from))) return from;
    let lower = false;
    let at = from;
    for (; at < text.length; at++) {
      const code = text.charCodeAt(at);
      if (isLower(code)) lower = true;
      else if (!isUpper(code) && !isDigit(code)) break;
    }
    return lower ? at : from;
  }

  /** Past an HTML element name at `at` (a lower-case letter, then lower-case letters, digits and `-`), else `at`. */
  private elementNameEnd(from: number): number {
    const text = this.text;
    if (!isLower(text.charCodeAt(from))) return from;
    let at = from + 1;
    while (at < text.length && (isLower(text.charCodeAt(at)) || isDigit(text.charCodeAt(at)) || text[at] === '-')) at++;
    return at;
  }

  /**
   * The attribute list starting at `from`: `last`, the offset past its last attribute, and `end`,
   * the offset past the closing `>`; undefined when the tag does not close.
   */
  private attributeList(from: number): { last: number; end: number } | undefined {
    const text = this.text;
    let at = from;
    for (;;) {
      const last = at;
      while (isSpace(text[at])) at++;
      if (text[at] === '>') return { last, end: at + 1 };
      if (text[at] === '/' && text[at + 1] === '>') return { last, end: at + 2 };
      // An attribute needs whitespace before it.
      if (at === last || at >= text.length) return undefined;
      if (this.tried[at] === 1) return undefined;
      this.tried[at] = 1;
      const nameStart = at;
      while (at < text.length && !isSpace(text[at]) && text[at] !== '=' && text[at] !== '/' && text[at] !== '>') at++;
      if (at === nameStart) return undefined;
      if (text[at] !== '=') continue;
      const valueEnd = this.valueEnd(at + 1);
      if (valueEnd === undefined) return undefined;
      at = valueEnd;
    }
  }

  /** The offset past an attribute value starting at `at`, or undefined when there is none. */
  private valueEnd(at: number): number | undefined {
    const text = this.text;
    const open = text[at];
    const closer = open === '"' || open === "'" ? open : open === '{' ? '}' : undefined;
    if (closer !== undefined) {
      const close = this.next(closer, at + 1);
      // A quoted value must be followed by what may follow an attribute; otherwise the quote is
      // part of an unquoted value (the regular expression this replaces backtracked to that reading).
      if (close !== -1 && (isSpace(text[close + 1]) || text[close + 1] === '>' || text.startsWith('/>', close + 1))) return close + 1;
    }
    let end = at;
    while (end < text.length && !isSpace(text[end]) && text[end] !== '>') end++;
    return end === at ? undefined : end;
  }

  private next(char: string, from: number): number {
    let table = this.closers.get(char);
    if (table === undefined) {
      table = nextIndexTable(this.text, char);
      this.closers.set(char, table);
    }
    return table[from] ?? -1;
  }
}

/**
 * `text` with each component tag replaced by what `replace` returns for it, in time linear in the
 * length of `text`. Text that is not a tag (`<T>`, `<ID>`, `a < b`) is kept as written.
 * @param options.html read lower-case HTML element tags (`<button @click="…">`) instead of components
 * @example replaceComponentTags('Hi <Badge text="new" />', (tag) => tag.name) // 'Hi Badge'
 */
export function replaceComponentTags(text: string, replace: (tag: ComponentTag) => string, options: { html?: boolean } = {}): string {
  if (!text.includes('<')) return text;
  const reader = new TagReader(text, options.html === true);
  let out = '';
  let copied = 0;
  for (let at = text.indexOf('<'); at !== -1; at = text.indexOf('<', at + 1)) {
    const tag = reader.tagAt(at);
    if (tag === undefined) continue;
    out += text.slice(copied, tag.start) + replace(tag);
    copied = tag.end;
    at = tag.end - 1;
  }
  return out + text.slice(copied);
}
