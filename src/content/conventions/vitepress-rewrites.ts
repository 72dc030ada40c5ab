/**
 * VitePress route rewrites (vitepress.dev/guide/routing#route-rewrites,
 * vitepress.dev/reference/site-config#rewrites), read from the config as text, never run: a map of
 * source paths to the paths pages are published as, both relative to the source folder and ending
 * in `.md` (`'packages/pkg-a/src/index.md': 'pkg-a/index.md'`), or with route parameters
 * (`'packages/:pkg/src/:slug*': ':pkg/:slug*'`).
 *
 * VitePress compiles each side with path-to-regexp 6 (its `resolveRewrites`: `match(from)`,
 * `compile(to)`, the first rule that matches a page wins). sitegate reads the two forms its docs
 * show, without a regular expression run over paths:
 * - `:name` one segment (non-empty, without `#` or `?`), with literal text around it in the
 *   segment (`:slug.md`);
 * - `:name*` zero or more whole segments, at most one per pattern, after a `/`.
 * Literal text matches regardless of case (path-to-regexp's default `sensitive: false`). Anything
 * else of path-to-regexp's syntax (`(.*)`, `{…}`, `?`, `+`, `\`), a key given as a regular
 * expression (`^…`) or a function-valued `rewrites` is reported and not followed.
 */

/** One `/`-separated segment of a rewrite pattern. */
export type RewriteSegment =
  | { kind: 'literal'; text: string }
  /** `prefix:namesuffix`: one segment of the path, `prefix` and `suffix` literal. */
  | { kind: 'param'; name: string; prefix: string; suffix: string }
  /** `:name*`: zero or more whole segments. */
  | { kind: 'rest'; name: string };

/** A rewrite rule, plain data (conventions cross to worker threads and are compared value for value). */
export interface RewriteRule {
  /** The source pattern, as written in the config (for `check`'s messages). */
  source: string;
  from: readonly RewriteSegment[];
  to: readonly RewriteSegment[];
}

/** What {@link rewriteRulesOf} reads: the rules it follows and what it cannot. */
export interface ReadRewrites {
  rules: RewriteRule[];
  /** One message per rule not followed, for `check`. */
  problems: string[];
}

/** Characters of path-to-regexp's syntax beyond `:name` and `:name*` (groups, modifiers, escapes). */
const OTHER_SYNTAX = /[(){}?+*\\]/;
const NAME_CHAR = /[A-Za-z0-9_]/;

/**
 * A pattern's segments, or why it is not read.
 * @param leadingRest whether `:name*` may open the pattern: in a destination, which VitePress
 *   compiles as `/${to}` (its `/` before the parameter); not in a source, where path-to-regexp
 *   reads a `:name*` that no `/` precedes as one segment at most
 */
function parsePattern(pattern: string, leadingRest: boolean): RewriteSegment[] | string {
  const segments: RewriteSegment[] = [];
  let rests = 0;
  for (const [index, segment] of pattern.split('/').entries()) {
    const colon = segment.indexOf(':');
    if (colon === -1) {
      if (OTHER_SYNTAX.test(segment)) return `${segment} uses path-to-regexp syntax sitegate does not read`;
      segments.push({ kind: 'literal', text: segment });
      continue;
    }
    let end = colon + 1;
    while (end < segment.length && NAME_CHAR.test(segment.charAt(end))) end++;
    const name = segment.slice(colon + 1, end);
    const prefix = segment.slice(0, colon);
    const suffix = segment.slice(end);
    if (name === '') return `${segment}: a parameter without a name`;
    if (suffix === '*' && prefix === '') {
      if (index === 0 && !leadingRest) return `${segment}: a repeated parameter that no / precedes`;
      if (++rests > 1) return 'more than one repeated parameter';
      segments.push({ kind: 'rest', name });
      continue;
    }
    if (OTHER_SYNTAX.test(prefix) || OTHER_SYNTAX.test(suffix) || suffix.includes(':'))
      return `${segment} uses path-to-regexp syntax sitegate does not read`;
    segments.push({ kind: 'param', name, prefix, suffix });
  }
  return segments;
}

/**
 * The rules of a `rewrites` object read as literals (js-literal.ts), in the order written: each
 * key and value parsed ({@link RewriteSegment}); a rule whose value is not a string, whose key is
 * a regular expression (`^…`), whose patterns use other syntax, or whose destination names a
 * parameter the source does not have is left out with a message.
 * @param entries the object's entries: key → the value, `undefined` when it is not a string literal
 */
export function rewriteRulesOf(entries: Iterable<[string, string | undefined]>): ReadRewrites {
  const rules: RewriteRule[] = [];
  const problems: string[] = [];
  for (const [source, target] of entries) {
    const skip = (why: string): void => void problems.push(`rewrites '${source}': ${why}; not followed`);
    if (target === undefined) {
      skip('its path is computed');
      continue;
    }
    if (source.startsWith('^')) {
      skip('a regular expression');
      continue;
    }
    const from = parsePattern(source, false);
    const to = parsePattern(target.replace(/^\/+/, ''), true);
    if (typeof from === 'string') skip(from);
    else if (typeof to === 'string') skip(to);
    else {
      const names = new Set(from.flatMap((segment) => (segment.kind === 'literal' ? [] : [segment.name])));
      const unknown = to.find((segment) => segment.kind !== 'literal' && !names.has(segment.name));
      if (unknown !== undefined && unknown.kind !== 'literal') skip(`${target} names :${unknown.name}, which the source does not`);
      else rules.push({ source, from, to });
    }
  }
  return { rules, problems };
}

/** `value` as a param's value when `segment` matches it (`prefix` and `suffix` regardless of case). */
function segmentMatch(segment: RewriteSegment, value: string): string | undefined {
  if (segment.kind === 'literal') return segment.text.toLowerCase() === value.toLowerCase() ? '' : undefined;
  if (segment.kind === 'rest') return undefined;
  const { prefix, suffix } = segment;
  if (value.length <= prefix.length + suffix.length) return undefined;
  if (value.slice(0, prefix.length).toLowerCase() !== prefix.toLowerCase()) return undefined;
  if (value.slice(value.length - suffix.length).toLowerCase() !== suffix.toLowerCase()) return undefined;
  const middle = value.slice(prefix.length, value.length - suffix.length);
  return /[#?]/.test(middle) ? undefined : middle;
}

/**
 * The parameters of `relPath` by one pattern, or `undefined` when it does not match. Linear: a
 * pattern has at most one `:name*`, whose segments are those the others leave in the middle.
 */
function matchPattern(pattern: readonly RewriteSegment[], relPath: string): Map<string, string> | undefined {
  const segments = relPath.split('/');
  const restAt = pattern.findIndex((segment) => segment.kind === 'rest');
  const fixed = restAt === -1 ? pattern.length : pattern.length - 1;
  if (restAt === -1 ? segments.length !== fixed : segments.length < fixed) return undefined;
  const params = new Map<string, string>();
  const after = restAt === -1 ? 0 : pattern.length - restAt - 1;
  for (const [i, segment] of pattern.entries()) {
    if (segment.kind === 'rest') {
      const taken = segments.slice(i, segments.length - after);
      if (taken.some((value) => value === '' || /[#?]/.test(value))) return undefined;
      params.set(segment.name, taken.join('/'));
      continue;
    }
    const value = segments[restAt !== -1 && i > restAt ? segments.length - (pattern.length - i) : i] ?? '';
    const param = segmentMatch(segment, value);
    if (param === undefined) return undefined;
    if (segment.kind === 'param') params.set(segment.name, param);
  }
  return params;
}

/** The destination pattern with `params` in its place; a `:name*` of no segments leaves its `/` out. */
function fill(pattern: readonly RewriteSegment[], params: ReadonlyMap<string, string>): string | undefined {
  const out: string[] = [];
  for (const segment of pattern) {
    if (segment.kind === 'literal') out.push(segment.text);
    else {
      const value = params.get(segment.name) ?? '';
      if (segment.kind === 'rest') {
        if (value !== '') out.push(value);
      } else if (value === '') return undefined;
      else out.push(`${segment.prefix}${value}${segment.suffix}`);
    }
  }
  return out.join('/');
}

/**
 * Where the first rule that matches `relPath` publishes it, as VitePress' `resolveRewrites` does:
 * the rewritten path, `/`-separated, relative to the source folder (`pkg-a/index.md`); `undefined`
 * when no rule matches.
 * @param relPath the page's file, relative to the content folder (`packages/pkg-a/src/index.md`)
 * @example rewrittenPath('packages/a/src/x/y.md', rewriteRulesOf([['packages/:pkg/src/:slug*', ':pkg/:slug*']]).rules) // 'a/x/y.md'
 */
export function rewrittenPath(relPath: string, rules: readonly RewriteRule[]): string | undefined {
  for (const rule of rules) {
    const params = matchPattern(rule.from, relPath);
    if (params !== undefined) return fill(rule.to, params);
  }
  return undefined;
}

/**
 * Whether a rewritten path can be a page's: relative, ending in `.md`, without empty, `.` or `..`
 * segments. Others leave the page at its file's URL (and are reported by the VitePress reader).
 */
export function isPagePath(rewritten: string): boolean {
  return /\.md$/i.test(rewritten) && rewritten.split('/').every((segment) => segment !== '' && segment !== '.' && segment !== '..');
}
