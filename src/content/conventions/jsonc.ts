/**
 * JSON with comments and trailing commas, as `tsconfig.json` is written: TypeScript reads it with
 * its own lenient parser, which takes `//` and `/* *\/` comments and a comma before `}` or `]`
 * (www.typescriptlang.org/docs/handbook/tsconfig-json.html). No dependency of sitegate reads it
 * (strip-json-comments is only a transitive one of pino-pretty), and the job is one linear pass:
 * comments become spaces, trailing commas are dropped, then `JSON.parse` reads the rest, so every
 * other rule of JSON holds as written.
 */

/**
 * `text` as plain JSON: comments replaced by spaces (line breaks kept, so `JSON.parse`'s positions
 * still name the line), a comma followed only by whitespace or comments before `}`/`]` dropped.
 * Strings are kept exactly, escapes included. One pass, linear in the text's length.
 * @example stripJsonc('{ "a": 1, // one\n}') // '{ "a": 1         \n}'
 */
export function stripJsonc(text: string): string {
  const parts: string[] = [];
  /** Where in `parts` the last comma that may yet be trailing is, or -1. */
  let pendingComma = -1;
  /** The last character outside strings and comments that is not whitespace (`"` for a string). */
  let previous = '';
  let i = 0;
  while (i < text.length) {
    const char = text[i] as string;
    const next = text[i + 1];
    if (char === '"') {
      const end = stringEnd(text, i);
      parts.push(text.slice(i, end));
      pendingComma = -1;
      previous = '"';
      i = end;
    } else if (char === '/' && next === '/') {
      const end = text.indexOf('\n', i);
      const stop = end === -1 ? text.length : end;
      parts.push(' '.repeat(stop - i));
      i = stop;
    } else if (char === '/' && next === '*') {
      const close = text.indexOf('*/', i + 2);
      // An unclosed comment runs to the end of the text.
      const stop = close === -1 ? text.length : close + 2;
      parts.push(text.slice(i, stop).replace(/[^\n]/g, ' '));
      i = stop;
    } else {
      const blank = char === ' ' || char === '\t' || char === '\n' || char === '\r';
      if ((char === '}' || char === ']') && pendingComma !== -1) parts[pendingComma] = ' ';
      // Only a comma after a value trails: `[,]` and `[1,,]` stay wrong, as JSON has them.
      if (char === ',') pendingComma = previous === '[' || previous === '{' || previous === ',' ? -1 : parts.length;
      else if (!blank) pendingComma = -1;
      if (!blank) previous = char;
      parts.push(char);
      i += 1;
    }
  }
  return parts.join('');
}

/** The index just past the string that starts at `start` (a `"`), or the text's end when it is unclosed. */
function stringEnd(text: string, start: number): number {
  let i = start + 1;
  while (i < text.length) {
    const char = text[i];
    if (char === '\\') i += 2;
    else if (char === '"' || char === '\n') return i + 1;
    else i += 1;
  }
  return text.length;
}

/**
 * Parses JSON with comments and trailing commas ({@link stripJsonc}).
 * @throws {SyntaxError} when what is left is not JSON (its message from `JSON.parse`)
 */
export function parseJsonc(text: string): unknown {
  return JSON.parse(stripJsonc(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text)) as unknown;
}
