/**
 * The `check.ignore` setting (issue 32): rules that silence findings a site knows of. A finding is
 * ignored when one rule matches every field the rule gives: its kind (cli/check-kinds.ts), its
 * file by glob, and text its message holds. Ignored findings are counted, not listed, and never
 * make `check` fail.
 *
 * Globs: no glob library is a direct dependency (picomatch would be the one to add), and Node 20's
 * `path.matchesGlob` is experimental and prints a warning, so the rule is this small one, over
 * `/`-separated paths relative to the content folder: `**` any number of whole folders (`a/**`
 * everything under `a/`, `**\/x.md` an `x.md` in any folder), `*` any characters but `/`, `?` one
 * character but `/`; everything else is itself.
 */
import type { CheckIgnoreRule } from '../config/config.js';
import { ConfigError } from '../config/errors.js';
import type { ContentProblem } from '../content/problems.js';
import { FINDING_KIND_IDS } from './check-kinds.js';

/** The regular expression of a glob (see the file comment), anchored at both ends. */
export function globPattern(glob: string): RegExp {
  let source = '';
  for (let i = 0; i < glob.length; i += 1) {
    const char = glob[i] as string;
    if (char === '*' && glob[i + 1] === '*') {
      const slash = glob[i + 2] === '/';
      // `**/` is zero or more whole folders; a trailing `**` is anything below.
      source += slash ? '(?:[^/]*/)*' : '.*';
      i += slash ? 2 : 1;
    } else if (char === '*') source += '[^/]*';
    else if (char === '?') source += '[^/]';
    else source += char.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${source}$`);
}

/** Whether a finding of `kind` is ignored: a predicate built once from the rules. */
export type IgnoreTest = (problem: ContentProblem, kind: string) => boolean;

/**
 * The test of a list of rules.
 * @throws {ConfigError} naming the rule when its kind is none of cli/check-kinds.ts
 */
export function ignoreTest(rules: readonly CheckIgnoreRule[]): IgnoreTest {
  const compiled = rules.map((rule, index) => {
    if (rule.kind !== undefined && !FINDING_KIND_IDS.includes(rule.kind))
      throw new ConfigError(`check.ignore[${index}].kind: no kind "${rule.kind}"; the kinds are ${FINDING_KIND_IDS.join(', ')}`);
    return { kind: rule.kind, file: rule.file === undefined ? undefined : globPattern(rule.file), match: rule.match };
  });
  return (problem, kind) =>
    compiled.some(
      (rule) =>
        (rule.kind === undefined || rule.kind === kind) &&
        (rule.file === undefined || rule.file.test(problem.file)) &&
        (rule.match === undefined || problem.message.includes(rule.match)),
    );
}
