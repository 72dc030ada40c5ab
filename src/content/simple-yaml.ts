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

/** A core-schema integer (§10.3.2) that fits a double exactly and has no sign or leading zero. */
const SMALL_INT = /^(?:0|[1-9]\d{0,14})$/;
/** Characters a flow-sequence item here may not hold: flow indicators, `:` and `#` (never ambiguous then). */
const UNSAFE_IN_FLOW = /[[\]{},:#]/;

/** A plain scalar's value (`value` already trimmed, not empty), or `undefined` when the parser must read it. */
function scalarOf(value: string): unknown {
  if (SMALL_INT.test(value)) return Number(value);
  if (UNSAFE_START.test(value)) return undefined;
  return CORE_WORDS.has(value) ? CORE_WORDS.get(value) : value;
}

/** A flow sequence of plain strings (`[a, b c]`, `[]`), or `undefined` for any other shape. */
function flowSequenceOf(value: string): string[] | undefined {
  if (value === '[]') return [];
  const items = value.slice(1, -1).split(',');
  const strings: string[] = [];
  for (const raw of items) {
    const item = withoutSpaces(raw);
    if (item === '' || UNSAFE_START.test(item) || UNSAFE_IN_FLOW.test(item) || CORE_WORDS.has(item)) return undefined;
    strings.push(item);
  }
  return strings;
}

/** One mapping being read: its indent in spaces and its entries. */
interface Level {
  indent: number;
  map: Record<string, unknown>;
}

/**
 * Reads a frontmatter block of simple lines: `key: value` where the value is plain words, a small
 * integer, `[]` or a flow sequence of plain words, and `key:` alone, whose more indented lines
 * below are its mapping (Hugo's `params:`), else null. Indents are spaces only.
 * @param block the YAML between the fences, without them
 * @returns the mapping, or `undefined` when the block needs the full YAML parser
 */
export function parseSimpleYaml(block: string): Record<string, unknown> | undefined {
  const data: Record<string, unknown> = {};
  const levels: Level[] = [{ indent: 0, map: data }];
  // A key written without a value: its mapping when the next line is indented more.
  let open: { key: string; level: Level } | undefined;
  const lines = block.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i] as string;
    // A CR is a line ending only before LF; alone it is a line break of its own (YAML §5.4).
    const line = raw.endsWith('\r') && i < lines.length - 1 ? raw.slice(0, -1) : raw;
    let indent = 0;
    while (line.charCodeAt(indent) === 32) indent++;
    if (open !== undefined && indent > open.level.indent) {
      const map: Record<string, unknown> = {};
      open.level.map[open.key] = map;
      levels.push({ indent, map });
    }
    open = undefined;
    while ((levels.at(-1) as Level).indent > indent) levels.pop();
    const level = levels.at(-1) as Level;
    if (level.indent !== indent) return undefined;
    const colon = line.indexOf(':');
    if (colon <= indent) return undefined;
    const key = line.slice(indent, colon);
    const map = level.map;
    // A core word as a key is no string key (`True:` is the key "true"): left to the parser.
    if (!KEY.test(key) || key === '__proto__' || CORE_WORDS.has(key) || Object.hasOwn(map, key)) return undefined;
    const rest = line.slice(colon + 1);
    // YAML separates with spaces only (§6.1): other Unicode spaces belong to the scalar.
    const value = withoutSpaces(rest);
    if (value === '') {
      if (rest !== '' && !rest.startsWith(' ')) return undefined;
      map[key] = null;
      open = { key, level };
      continue;
    }
    if (!rest.startsWith(' ') || UNSAFE_INSIDE.test(rest)) return undefined;
    const parsed = value.startsWith('[') && value.endsWith(']') ? flowSequenceOf(value) : scalarOf(value);
    if (parsed === undefined) return undefined;
    map[key] = parsed;
  }
  return data;
}
