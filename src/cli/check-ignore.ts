/**
 * The `check.ignore` setting (issue 32): rules that silence findings a site knows of. A finding is
 * ignored when one rule matches every field the rule gives: its kind (cli/check-kinds.ts), its
 * file by glob, and text its message holds. Ignored findings are counted, not listed, and never
 * make `check` fail.
 *
 * Globs are picomatch's (https://github.com/micromatch/picomatch#globbing-features) over
 * `/`-separated paths relative to the content folder: `*` any characters but `/`, `**` any number
 * of whole folders, `?` one character but `/`.
 */
import picomatch from 'picomatch';
import type { CheckIgnoreRule } from '../config/config.js';
import { ConfigError } from '../config/errors.js';
import type { ContentProblem } from '../content/problems.js';
import { FINDING_KIND_IDS } from './check-kinds.js';

/**
 * The test of a glob (see the file comment) over a relative path such as `guide/a.md`.
 * @throws {TypeError} from picomatch when the glob is not a non-empty string
 */
export function globTest(glob: string): (file: string) => boolean {
  return picomatch(glob);
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
    return { kind: rule.kind, file: rule.file === undefined ? undefined : globTest(rule.file), match: rule.match };
  });
  return (problem, kind) =>
    compiled.some(
      (rule) =>
        (rule.kind === undefined || rule.kind === kind) &&
        (rule.file === undefined || rule.file(problem.file)) &&
        (rule.match === undefined || problem.message.includes(rule.match)),
    );
}
