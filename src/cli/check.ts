/** `sitegate check [DIR]`: list content problems; exit 1 when any is an error. */
import path from 'node:path';
import { EXAMPLE_SITE_DIR } from '../config/config.js';
import { loadContent } from '../content/load.js';
import { buildSite } from '../content/site.js';
import type { ContentProblem } from '../content/problems.js';

/** Result of a check: the problems and the page count. */
export interface CheckResult {
  pages: number;
  problems: ContentProblem[];
}

/**
 * Loads and builds the site in `dir` without serving it.
 * @throws {ContentDirError} when the folder cannot be read
 */
export function checkContent(dir: string): CheckResult {
  const loaded = loadContent(dir);
  const site = buildSite(loaded.files, { baseUrl: 'http://localhost', fallbackName: path.basename(dir) });
  return { pages: site.pages.size, problems: [...loaded.problems, ...site.problems] };
}

/** Runs `check` and prints its report; returns the exit code (0 clean or warnings only, 1 errors). */
export function runCheck(dir: string | undefined): number {
  const target = path.resolve(dir ?? EXAMPLE_SITE_DIR);
  const { pages, problems } = checkContent(target);
  for (const problem of problems) process.stdout.write(`${problem.file}: ${problem.severity}: ${problem.message}\n`);
  const errors = problems.filter((problem) => problem.severity === 'error').length;
  const warnings = problems.length - errors;
  process.stdout.write(`${pages} pages, ${errors} error${errors === 1 ? '' : 's'}, ${warnings} warning${warnings === 1 ? '' : 's'}\n`);
  return errors > 0 ? 1 : 0;
}
