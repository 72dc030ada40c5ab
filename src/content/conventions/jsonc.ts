/**
 * JSON with comments and trailing commas, as `tsconfig.json` is written: TypeScript reads it with
 * its own lenient parser, which takes `//` and `/* *\/` comments and a comma before `}` or `]`
 * (www.typescriptlang.org/docs/handbook/tsconfig-json.html). Read with `jsonc-parser`, the parser
 * VS Code reads such files with, but strictly: any error it reports (it reads past them) fails.
 */
import { parse, printParseErrorCode, type ParseError } from 'jsonc-parser';

/**
 * Parses JSON with comments and trailing commas; a leading byte-order mark is skipped.
 * @throws {SyntaxError} on anything else that is not JSON (a comma with nothing before it, single
 *   quotes, an unclosed comment), naming the first error and its offset, never the text
 */
export function parseJsonc(text: string): unknown {
  const errors: ParseError[] = [];
  const value: unknown = parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text, errors, {
    allowTrailingComma: true,
    disallowComments: false,
    allowEmptyContent: false,
  });
  const [first] = errors;
  if (first !== undefined) throw new SyntaxError(`${printParseErrorCode(first.error)} at offset ${first.offset}`);
  return value;
}
