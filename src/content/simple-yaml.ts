/**
 * A fast path for the frontmatter most pages carry: one `key: plain words` line per field. Parsing
 * such a block with the `yaml` library costs about 70 µs, most of a 100k-page build's budget, so
 * blocks made only of lines whose meaning is unambiguous are read here; anything else (quotes,
 * lists, numbers, dates, comments, indentation, duplicate keys) returns `undefined` and goes to
 * `yaml`. For every block it accepts, the result equals `yaml.parse(block, { schema: 'core' })`
 * (YAML 1.2.2 §10.3 core schema), which a property test checks.
 */

/** A key the fast path accepts: a plain identifier, never `<<` (merge) or anything quoted. */
const KEY = /^[A-Za-z_][A-Za-z0-9_-]*$/;
/**
 * Characters that may not start a plain scalar here: YAML indicators (§5.3), quotes, digits, signs
 * and dots (numbers and special floats resolve to non-strings), and whitespace.
 */
const UNSAFE_START = /^[-?:,[\]{}#&*!|>'"%@`0-9+.~\s]/;
/** Sequences whose meaning depends on context: `: ` (a mapping), ` #` (a comment), a tab, control characters. */
// eslint-disable-next-line no-control-regex
const UNSAFE_INSIDE = /: |:$| #|[\u0000-\u001f\u007f-\u009f\u2028\u2029\ufeff]/;

/** `text` without the spaces (U+0020 only) that start and end it, read from both ends. */
function withoutSpaces(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && text[start] === ' ') start++;
  while (end > start && text[end - 1] === ' ') end--;
  return text.slice(start, end);
}

/**
 * Core-schema null and booleans (§10.3.2), the only non-strings a letter can start. A Map, not an
 * object literal: `constructor` or `toString` must not find Object.prototype's members.
 */
const CORE_WORDS = new Map<string, null | boolean>([
  ['null', null],
  ['Null', null],
  ['NULL', null],
  ['true', true],
  ['True', true],
  ['TRUE', true],
  ['false', false],
  ['False', false],
  ['FALSE', false],
]);

/**
 * Reads a frontmatter block of simple `key: value` lines.
 * @param block the YAML between the fences, without them
 * @returns the mapping, or `undefined` when the block needs the full YAML parser
 */
export function parseSimpleYaml(block: string): Record<string, unknown> | undefined {
  const data: Record<string, unknown> = {};
  const lines = block.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i] as string;
    // A CR is a line ending only before LF; alone it is a line break of its own (YAML §5.4).
    const line = raw.endsWith('\r') && i < lines.length - 1 ? raw.slice(0, -1) : raw;
    const colon = line.indexOf(':');
    if (colon <= 0) return undefined;
    const key = line.slice(0, colon);
    // A core word as a key is no string key (`True:` is the key "true"): left to the parser.
    if (!KEY.test(key) || key === '__proto__' || CORE_WORDS.has(key) || Object.hasOwn(data, key)) return undefined;
    const rest = line.slice(colon + 1);
    if (rest === '') {
      data[key] = null;
      continue;
    }
    if (!rest.startsWith(' ')) return undefined;
    // YAML separates with spaces only (§6.1): other Unicode spaces belong to the scalar.
    const value = withoutSpaces(rest);
    if (value === '') {
      data[key] = null;
      continue;
    }
    if (UNSAFE_START.test(value) || UNSAFE_INSIDE.test(rest)) return undefined;
    data[key] = CORE_WORDS.has(value) ? CORE_WORDS.get(value) : value;
  }
  return data;
}
