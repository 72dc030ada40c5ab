/**
 * A linear-time reader of Hugo shortcode calls (gohugo.io/content-management/shortcodes):
 * `{{< name args >}}`, `{{% name args %}}`, `{{< /name >}}`, `{{< name args />}}`. It replaces a
 * regular expression whose lazy argument list was tried again from every `{{` of a text that never
 * closes one (quadratic: a page of `{{< x ` took seconds) and whose whitespace runs could be split
 * in several ways. It reads the same calls: `{{`, `<` or `%`, whitespace, an optional `/`, a name
 * (`[\w.-][\w./-]*`), arguments (any character but quotes, `>`, `%` and `}`; quoted strings,
 * `"…"` with backslash escapes, `'…'`, `` `…` ``; `>`, `%` or `}` not followed by `}`), then
 * whitespace, an optional `/` and `>}}` or `%}}`, the earliest that closes.
 *
 * Why linear: arguments read from a given offset end the same way whichever call they belong to,
 * so offsets where an earlier attempt failed are remembered, and a later attempt that reaches one
 * stops there.
 */
import { isSpace } from './lines.js';

/** One call as written: where it is and its parts. */
export interface ShortcodeMatch {
  /** Offset of `{{`. */
  index: number;
  /** Offset just past `}}`. */
  end: number;
  /** The delimiter that opened it: `<` or `%`. */
  open: string;
  /** Whether it is a closing call (`{{< /name >}}`). */
  closing: boolean;
  name: string;
  /** The argument text as written, between the name and the closing delimiter's whitespace. */
  args: string;
  /** Whether it closes itself (`/>}}`). */
  selfClosing: boolean;
  /** The delimiter that closed it: `>` or `%`. */
  close: string;
}

const isNameStart = (char: string | undefined): boolean => char !== undefined && /[\w.-]/.test(char);
const isNameChar = (char: string | undefined): boolean => char !== undefined && /[\w./-]/.test(char);
/** Line terminators: a backslash escape in a `"…"` argument never takes one. */
const isLineBreak = (char: string | undefined): boolean => char === '\n' || char === '\r' || char === '\u2028' || char === '\u2029';

/** The offset past whitespace from `at`. */
function skipSpace(text: string, at: number): number {
  let i = at;
  while (isSpace(text[i])) i++;
  return i;
}

/** Reads the calls of one text, remembering where arguments failed. */
class ShortcodeReader {
  /**
   * Offsets where reading arguments was tried. Reading on from one fails again if it failed before;
   * and one a successful call passed lies inside that call, where no later call starts, so every
   * offset tried can be marked, without keeping a list per attempt.
   */
  private readonly tried: Uint8Array;

  constructor(private readonly text: string) {
    this.tried = new Uint8Array(text.length + 1);
  }

  /** The call starting at `at` (where the text has `{{`), or undefined. */
  callAt(at: number): ShortcodeMatch | undefined {
    const text = this.text;
    const open = text[at + 2];
    if (open !== '<' && open !== '%') return undefined;
    let i = skipSpace(text, at + 3);
    const closing = text[i] === '/';
    if (closing) i = skipSpace(text, i + 1);
    const nameStart = i;
    if (!isNameStart(text[i])) return undefined;
    i++;
    while (isNameChar(text[i])) i++;
    const name = text.slice(nameStart, i);
    const found = this.argumentsEnd(i);
    if (found === undefined) return undefined;
    return { index: at, open, closing, name, args: text.slice(i, found.argsEnd), ...found.closer };
  }

  /** From `from`, the end of the arguments and the closing delimiter after them. */
  private argumentsEnd(from: number): { argsEnd: number; closer: Pick<ShortcodeMatch, 'end' | 'selfClosing' | 'close'> } | undefined {
    const text = this.text;
    let at = from;
    while (at < text.length) {
      if (this.tried[at] === 1) return undefined;
      this.tried[at] = 1;
      // The earliest closing wins (the arguments are lazy); a run of whitespace is tried once.
      const afterSpace = skipSpace(text, at);
      const closer = this.closerAt(afterSpace);
      if (closer !== undefined) return { argsEnd: at, closer };
      if (afterSpace > at) {
        at = afterSpace;
        continue;
      }
      const next = this.argumentEnd(at);
      if (next === undefined) return undefined;
      at = next;
    }
    return undefined;
  }

  /** The closing delimiter at `at` (an optional `/`, whitespace, `>}}` or `%}}`), or undefined. */
  private closerAt(at: number): Pick<ShortcodeMatch, 'end' | 'selfClosing' | 'close'> | undefined {
    const text = this.text;
    const selfClosing = text[at] === '/';
    const i = selfClosing ? skipSpace(text, at + 1) : at;
    const close = text[i];
    if ((close === '>' || close === '%') && text.startsWith('}}', i + 1)) return { end: i + 3, selfClosing, close };
    return undefined;
  }

  /** The offset past one argument token at `at` (a character or a quoted string), or undefined when none can start there. */
  private argumentEnd(at: number): number | undefined {
    const text = this.text;
    const char = text[at];
    if (char === '"') {
      for (let i = at + 1; i < text.length; i++) {
        if (text[i] === '"') return i + 1;
        if (text[i] === '\\') {
          if (i + 1 >= text.length || isLineBreak(text[i + 1])) return undefined;
          i++;
        }
      }
      return undefined;
    }
    if (char === "'" || char === '`') {
      const close = text.indexOf(char, at + 1);
      return close === -1 ? undefined : close + 1;
    }
    if (char === '>' || char === '%' || char === '}') return text[at + 1] === '}' ? undefined : at + 1;
    return at + 1;
  }
}

/**
 * The shortcode calls of `text`, in order and not overlapping, each read from the earliest `{{`
 * that starts one; calls inside code are included (the caller knows where code is).
 */
export function shortcodeMatches(text: string): ShortcodeMatch[] {
  const reader = new ShortcodeReader(text);
  const matches: ShortcodeMatch[] = [];
  for (let at = text.indexOf('{{'); at !== -1; at = text.indexOf('{{', at + 1)) {
    const match = reader.callAt(at);
    if (match === undefined) continue;
    matches.push(match);
    at = match.end - 1;
  }
  return matches;
}
