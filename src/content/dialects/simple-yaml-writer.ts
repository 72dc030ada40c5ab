/**
 * YAML text of the simple mappings Hugo's `code-toggle` shows (hugo-shortcodes.ts `codeToggle`),
 * byte for byte what the `yaml` library's `stringify` writes, at a fraction of its cost.
 *
 * Why not `stringify` alone: it builds a document tree per call and was a tenth of the build of
 * the Hugo corpus (issue 31, done-when 4). This writer takes the common shape of configuration
 * examples — plain-word keys, integers, booleans, short plain strings, nested tables, lists of
 * scalars or of tables — and answers `undefined` for anything else, which the caller hands to
 * `stringify`. Everything it writes is what YAML 1.2's core schema reads back as the same value
 * (yaml.org/spec/1.2.2/#103-core-schema) and what `stringify` writes by default: two-space
 * indents, lists indented under their key, no line longer than its 80-character width (it would
 * fold), so no quoting and no folding is ever needed; simple-yaml-writer.test.ts holds it to
 * `stringify` on every shape.
 */

/** `stringify`'s default line width: a longer line could be folded, so this writer gives up. */
const LINE_WIDTH = 80;

/** A key written plain: an ASCII letter or `_` first, then letters, digits, `_` and `-`. */
const PLAIN_KEY = /^[A-Za-z_][A-Za-z0-9_-]*$/;
/**
 * A string written plain: a letter, `_` or `/` first (no indicator, yaml.org/spec/1.2.2/#rule-c-indicator),
 * then letters, digits, `_./@+*,=~-`, a `:` or `#` that cannot start a value or a comment (`:`
 * before a non-space, `#` after a non-space), and single spaces.
 */
const PLAIN_STRING = /^[\p{L}_/](?:[\p{L}\p{N}_./@+*,=~-]|:(?=\S)|#| (?![ #]))*$/u;

/** Words the core schema (or YAML 1.1 readers) take for booleans or null: `stringify` quotes them, so this writer leaves them. */
const RESERVED = /^(?:true|false|null|yes|no|on|off|y|n)$/i;

/** One value's text after `key:` (`' value'`), or the lines below it, or `undefined` when it is not simple. */
function scalarText(value: unknown): string | undefined {
  if (typeof value === 'boolean') return String(value);
  if (typeof value === 'number') return Number.isSafeInteger(value) && !Object.is(value, -0) ? String(value) : undefined;
  if (typeof value === 'string') return value.trimEnd() === value && PLAIN_STRING.test(value) && !RESERVED.test(value) ? value : undefined;
  return undefined;
}

function isTable(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

/** The lines of a non-empty table at `indent` spaces, or `undefined` when something in it is not simple. */
function tableLines(table: Record<string, unknown>, indent: number): string[] | undefined {
  const keys = Object.keys(table);
  if (keys.length === 0) return undefined;
  const pad = ' '.repeat(indent);
  const lines: string[] = [];
  for (const key of keys) {
    if (!PLAIN_KEY.test(key) || RESERVED.test(key)) return undefined;
    const value = table[key];
    const scalar = scalarText(value);
    if (scalar !== undefined) {
      lines.push(`${pad}${key}: ${scalar}`);
      continue;
    }
    const below = isTable(value) ? tableLines(value, indent + 2) : Array.isArray(value) ? listLines(value, indent + 2) : undefined;
    if (below === undefined) return undefined;
    lines.push(`${pad}${key}:`, ...below);
  }
  return lines;
}

/** The lines of a non-empty list at `indent` spaces (`- item`), or `undefined` when an item is not simple. */
function listLines(list: readonly unknown[], indent: number): string[] | undefined {
  if (list.length === 0) return undefined;
  const pad = ' '.repeat(indent);
  const lines: string[] = [];
  for (const item of list) {
    const scalar = scalarText(item);
    if (scalar !== undefined) {
      lines.push(`${pad}- ${scalar}`);
      continue;
    }
    // A table item: its first key on the dash's line, the others under it.
    const inner = isTable(item) ? tableLines(item, indent + 2) : undefined;
    if (inner === undefined) return undefined;
    lines.push(`${pad}- ${(inner[0] as string).slice(indent + 2)}`, ...inner.slice(1));
  }
  return lines;
}

/**
 * `data` as the `yaml` library's `stringify(data)` writes it, final newline included, when it is
 * a simple table (see the file comment); `undefined` otherwise, for the caller to call `stringify`.
 * @param data a parsed configuration (smol-toml's output), never modified
 * @example simpleYaml({ title: 'My site', params: { tags: ['a', 'b'] } }) // 'title: My site\nparams:\n  tags:\n    - a\n    - b\n'
 */
export function simpleYaml(data: unknown): string | undefined {
  if (!isTable(data)) return undefined;
  const lines = tableLines(data, 0);
  if (lines === undefined || lines.some((line) => line.length > LINE_WIDTH)) return undefined;
  return `${lines.join('\n')}\n`;
}
