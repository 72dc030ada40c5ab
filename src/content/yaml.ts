/**
 * YAML as sitegate reads it from content and the generators' config files: the `yaml` package's
 * `parse` (yaml.org/spec/1.2.2), with its error messages made plain. By default `yaml` writes the
 * line around every error into that error's message, a pass over the line per error, so one long
 * line with an error every few characters (a 100 kB `title: : : …`) took seconds: a stall any
 * contributor could cause. Here no message carries context; the first error, the only one told,
 * gets its place from the parser's line counter.
 */
import {
  LineCounter,
  parseDocument,
  type DocumentOptions,
  type ParseOptions,
  type SchemaOptions,
  type ToJSOptions,
  type YAMLError,
} from 'yaml';

/** The options of {@link parseYaml}: `yaml`'s, but for `prettyErrors` and `lineCounter`, which it sets. */
export type YamlOptions = Omit<ParseOptions, 'prettyErrors' | 'lineCounter'> & DocumentOptions & SchemaOptions & ToJSOptions;

/** Where an error or warning is in the text: 1-based line and column. */
export interface YamlPosition {
  line: number;
  col: number;
}

/**
 * A YAML text's parsed document (`yaml`'s `parseDocument`), and where each of its errors and
 * warnings starts, for callers that read them themselves (frontmatter.ts).
 */
export function yamlDocument(
  text: string,
  options: YamlOptions = {},
): { document: ReturnType<typeof parseDocument>; positionOf: (error: YAMLError) => YamlPosition } {
  const lines = new LineCounter();
  const document = parseDocument(text, { ...options, prettyErrors: false, lineCounter: lines });
  return { document, positionOf: (error) => lines.linePos(error.pos[0]) };
}

/**
 * The value of a YAML text, as `yaml`'s `parse(text, options)` gives it; no warning is printed.
 * With `logLevel: 'silent'`, errors are not thrown and the document is read as far as it goes,
 * as `parse` does.
 * @throws {YAMLError} the first error, its message `<reason> at line L, column C` (1-based, lines of `text`)
 * @throws {Error} from reading the document's value (an alias count over `maxAliasCount`)
 */
export function parseYaml(text: string, options: YamlOptions = {}): unknown {
  const { document, positionOf } = yamlDocument(text, options);
  const [first] = document.errors;
  if (first !== undefined && options.logLevel !== 'silent') {
    const { line, col } = positionOf(first);
    first.message = `${first.message} at line ${line}, column ${col}`;
    throw first;
  }
  return document.toJS(options);
}
