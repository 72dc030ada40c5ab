/** Step 2 of the content pipeline: split YAML (`---`) or TOML (`+++`) frontmatter from the markdown body. */
import { parse as parseToml, TomlError } from 'smol-toml';
import { YAMLError } from 'yaml';
import { yamlDocument } from './yaml.js';
import { parseSimpleYaml } from './simple-yaml.js';

/** A file's frontmatter and body. */
export interface Frontmatter {
  /** The parsed YAML mapping; empty when there is none or it is invalid. */
  data: Record<string, unknown>;
  /** The markdown after the closing `---`, or the whole text when there is no frontmatter. */
  body: string;
  /** Why the frontmatter was ignored, when it was not a valid YAML mapping. */
  error?: string;
  /** What was odd in frontmatter that was still used (an unknown tag such as `!secret` is read as plain text). */
  warning?: string;
}

const FENCE = /^---[ \t]*\r?\n(?:([\s\S]*?)\r?\n)?---[ \t]*(?:\r?\n|$)/;
/** Hugo's TOML front matter (gohugo.io/content-management/front-matter: `+++` fences). */
const TOML_FENCE = /^\+\+\+[ \t]*\r?\n(?:([\s\S]*?)\r?\n)?\+\+\+[ \t]*(?:\r?\n|$)/;

/** The `---`- or `+++`-fenced frontmatter block at the start of a text, fences and final newline included, or `''`. */
export function frontmatterBlock(text: string): string {
  return FENCE.exec(text)?.[0] ?? TOML_FENCE.exec(text)?.[0] ?? '';
}

/**
 * The body of a text: what follows its {@link frontmatterBlock}, the very string
 * {@link splitFrontmatter} gives as `body`, without parsing the frontmatter (a YAML parse is
 * most of a short page's build: callers that need the body alone use this).
 */
export function bodyOf(text: string): string {
  return text.slice(frontmatterBlock(text).length);
}

/** TOML frontmatter (`+++`, Hugo) as a mapping, or why it does not parse. */
function splitTomlFrontmatter(match: RegExpExecArray, text: string): Frontmatter {
  const body = text.slice(match[0].length);
  try {
    return { data: parseToml(match[1] ?? ''), body };
  } catch (error) {
    // smol-toml counts lines from the block's start, which is the file's line 2 (after the fence).
    const at = error instanceof TomlError ? ` at line ${error.line + 1}, column ${error.column}` : '';
    const reason = ((error as Error).message.split('\n')[0] ?? 'invalid TOML').replace(/^Invalid TOML document: /, '');
    return { data: {}, body, error: `invalid TOML frontmatter${at}: ${reason}` };
  }
}

/**
 * Splits `---`-fenced YAML frontmatter (the Jekyll/Hugo convention), or `+++`-fenced TOML
 * frontmatter (Hugo), off a markdown text.
 * YAML is parsed with the `core` schema, so dates stay strings. Never throws and never writes to the
 * process's warnings: invalid YAML is reported in `error` and the fenced block is dropped from the
 * body; YAML's own warnings are reported in `warning`.
 */
export function splitFrontmatter(text: string): Frontmatter {
  const match = FENCE.exec(text);
  if (match === null) {
    const toml = TOML_FENCE.exec(text);
    return toml === null ? { data: {}, body: text } : splitTomlFrontmatter(toml, text);
  }
  const body = text.slice(match[0].length);
  const yaml = match[1] ?? '';
  const simple = parseSimpleYaml(yaml);
  if (simple !== undefined) return { data: simple, body };
  // yaml.ts: no error message carries its line's context (a stall on long lines of errors).
  const { document, positionOf } = yamlDocument(yaml, { schema: 'core' });
  const placed = (error: YAMLError): string => {
    // yaml counts lines from the block's start, which is the file's line 2 (after the fence).
    const { line, col } = positionOf(error);
    return `at line ${line + 1}, column ${col}`;
  };
  const invalid = (error: YAMLError | Error): Frontmatter => {
    const at = error instanceof YAMLError ? ` ${placed(error)}` : '';
    return { data: {}, body, error: `invalid YAML frontmatter${at}: ${error.message.split('\n')[0] ?? 'invalid YAML'}` };
  };
  const [firstError] = document.errors;
  if (firstError !== undefined) return invalid(firstError);
  let data: unknown;
  try {
    data = document.toJS({ maxAliasCount: 100 });
  } catch (error) {
    return invalid(error as Error);
  }
  if (data === null || data === undefined) return { data: {}, body };
  if (typeof data !== 'object' || Array.isArray(data)) {
    return { data: {}, body, error: 'frontmatter is not a YAML mapping' };
  }
  const [firstWarning] = document.warnings;
  const warning =
    firstWarning === undefined
      ? undefined
      : `YAML frontmatter: ${firstWarning.message.split('\n')[0] ?? 'warning'} ${placed(firstWarning)}`;
  return warning === undefined ? { data: data as Record<string, unknown>, body } : { data: data as Record<string, unknown>, body, warning };
}
