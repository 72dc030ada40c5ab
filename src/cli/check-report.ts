/**
 * How `sitegate check` reports its findings (issue 32): grouped by kind (cli/check-kinds.ts), each
 * kind with its counts, its one-line fix and its findings one per line, capped at
 * {@link ITEMS_PER_KIND} unless `--verbose`; findings the `check.ignore` rules match
 * (cli/check-ignore.ts) counted as "N ignored". `--format json` gives the same as one object,
 * {@link CheckJson}, whose shape is documented in docs/writing.md and only ever grows.
 */
import type { ContentProblem } from '../content/problems.js';
import { FINDING_KINDS, kindOf } from './check-kinds.js';
import type { IgnoreTest } from './check-ignore.js';

/** Findings listed per kind before "… and N more" (all with `--verbose`). */
export const ITEMS_PER_KIND = 10;

/** The findings of one kind. */
export interface KindGroup {
  /** Kind id (cli/check-kinds.ts). */
  kind: string;
  /** The kind's one-line fix. */
  fix: string;
  /** Findings not ignored, by severity. */
  errors: number;
  warnings: number;
  /** Findings `check.ignore` matched. */
  ignored: number;
  /** The findings not ignored, in file order. */
  items: ContentProblem[];
}

/** Every finding, grouped. */
export interface Grouped {
  /** Kinds with errors (table order), then kinds with warnings only, then kinds all ignored. */
  groups: KindGroup[];
  errors: number;
  warnings: number;
  ignored: number;
}

/** Groups `problems` (in file order) by kind, leaving out and counting those `ignored` matches. */
export function groupFindings(problems: readonly ContentProblem[], ignored: IgnoreTest): Grouped {
  const byKind = new Map<string, KindGroup>(
    FINDING_KINDS.map((kind) => [kind.id, { kind: kind.id, fix: kind.fix, errors: 0, warnings: 0, ignored: 0, items: [] }]),
  );
  for (const problem of problems) {
    const group = byKind.get(kindOf(problem).id) as KindGroup;
    if (ignored(problem, group.kind)) group.ignored += 1;
    else {
      group.items.push(problem);
      if (problem.severity === 'error') group.errors += 1;
      else group.warnings += 1;
    }
  }
  const rank = (group: KindGroup): number => (group.errors > 0 ? 0 : group.warnings > 0 ? 1 : 2);
  // Array.prototype.sort is stable: table order within a rank.
  const groups = [...byKind.values()].filter((group) => group.items.length + group.ignored > 0).sort((a, b) => rank(a) - rank(b));
  const sum = (field: 'errors' | 'warnings' | 'ignored'): number => groups.reduce((total, group) => total + group[field], 0);
  return { groups, errors: sum('errors'), warnings: sum('warnings'), ignored: sum('ignored') };
}

/** `1 error`, `2 warnings`. */
export function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/** A finding as `check` prints it: `file:line: severity: message`. */
export function findingLine(problem: ContentProblem): string {
  return `${problem.file}${problem.line === undefined ? '' : `:${problem.line}`}: ${problem.severity}: ${problem.message}`;
}

/**
 * The lines of the grouped findings: per kind `kind: 2 errors, 1 warning, 3 ignored`, then
 * `  fix: …` and the findings indented (at most {@link ITEMS_PER_KIND} unless `verbose`, then
 * `  … and N more (--verbose lists them)`). A kind all ignored is its header line alone.
 */
export function groupLines(grouped: Grouped, verbose: boolean): string[] {
  const lines: string[] = [];
  for (const group of grouped.groups) {
    const counts = [
      group.errors > 0 ? plural(group.errors, 'error') : '',
      group.warnings > 0 ? plural(group.warnings, 'warning') : '',
      group.ignored > 0 ? `${group.ignored} ignored` : '',
    ].filter((part) => part !== '');
    lines.push(`${group.kind}: ${counts.join(', ')}`);
    if (group.items.length === 0) continue;
    lines.push(`  fix: ${group.fix}`);
    const shown = verbose ? group.items : group.items.slice(0, ITEMS_PER_KIND);
    for (const problem of shown) lines.push(`  ${findingLine(problem)}`);
    if (shown.length < group.items.length) lines.push(`  … and ${group.items.length - shown.length} more (--verbose lists them)`);
  }
  return lines;
}

/** A finding in {@link CheckJson}. */
export interface FindingJson {
  file: string;
  /** 1-based line in the file, when the finding has one. */
  line?: number;
  severity: 'error' | 'warning';
  message: string;
}

/**
 * What `check --format json` prints: one object, stable (fields are only ever added).
 * `errors`, `warnings` and `ignored` count findings; `exitCode` is check's (1 when `errors` > 0).
 */
export interface CheckJson {
  generator: { name: string; detectedBy: string };
  pages: number;
  staticFiles: number;
  errors: number;
  warnings: number;
  ignored: number;
  /** As {@link groupFindings} orders them; `count` = `errors` + `warnings`; every finding listed. */
  kinds: { kind: string; count: number; errors: number; warnings: number; ignored: number; fix: string; items: FindingJson[] }[];
  /** Links to targets `check.knownMissing` names: counted, not findings. */
  knownMissingLinks: number;
  /** Files neither page nor static file, relative to the content folder. */
  notServed: string[];
  exitCode: 0 | 1;
}

/** The {@link CheckJson} of a check. */
export function checkJson(
  grouped: Grouped,
  site: {
    generator: { name: string; detectedBy: string };
    pages: number;
    assets: number;
    knownMissing: number;
    skippedFiles: readonly string[];
  },
): CheckJson {
  return {
    generator: { name: site.generator.name, detectedBy: site.generator.detectedBy },
    pages: site.pages,
    staticFiles: site.assets,
    errors: grouped.errors,
    warnings: grouped.warnings,
    ignored: grouped.ignored,
    kinds: grouped.groups.map((group) => ({
      kind: group.kind,
      count: group.errors + group.warnings,
      errors: group.errors,
      warnings: group.warnings,
      ignored: group.ignored,
      fix: group.fix,
      items: group.items.map((problem) => ({
        file: problem.file,
        ...(problem.line === undefined ? {} : { line: problem.line }),
        severity: problem.severity,
        message: problem.message,
      })),
    })),
    knownMissingLinks: site.knownMissing,
    notServed: [...site.skippedFiles].sort(),
    exitCode: grouped.errors > 0 ? 1 : 0,
  };
}
