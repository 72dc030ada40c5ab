/** `sitegate check [DIR]`: list content problems; exit 1 when any is an error. */
import path from 'node:path';
import { loadSettings } from '../config/config-file.js';
import { AGENT_PAGE_MAX_CHARS } from '../content/page.js';
import { pageSizeProblems } from '../content/page-size.js';
import { loadSiteFiles, type ConventionsOptions } from '../content/conventions/index.js';
import { buildSite, type Site } from '../content/site.js';
import { renderPageContent } from '../content/page-content.js';
import type { ContentProblem } from '../content/problems.js';
import { generatorLine } from './output.js';

/** Result of a check: the problems, the page count and the generator recognised. */
export interface CheckResult {
  pages: number;
  problems: ContentProblem[];
  /** The generator whose conventions applied and what it was recognised by. */
  generator: Site['generator'];
  /** Files its conventions leave unpublished. */
  unpublished: number;
}

/** The base URL `check` renders with: links come out absolute, and the sizes are counted with it. */
const CHECK_BASE_URL = 'http://localhost';

/**
 * Loads and builds the site in `dir` without serving it, then renders every page to find the
 * relative links that lead nowhere and the pages over the page limit (the server renders pages on
 * demand and does not look).
 * @param pageMaxChars the page limit, as serve takes it (default {@link AGENT_PAGE_MAX_CHARS}; 0 = off)
 * @throws {ContentDirError} when the folder cannot be read
 */
export function checkContent(dir: string, pageMaxChars = AGENT_PAGE_MAX_CHARS, conventions: ConventionsOptions = {}): CheckResult {
  const loaded = loadSiteFiles(dir, conventions);
  const site = buildSite(loaded.files, { fallbackName: path.basename(dir), conventions: loaded.conventions });
  // A file's link problems first, as a reader fixes a page top to bottom (the sort below is stable).
  const problems = [...loaded.problems, ...renderProblems(site, pageMaxChars), ...site.problems];
  return {
    pages: site.pages.size,
    problems: problems.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0)),
    generator: site.generator,
    unpublished: loaded.conventions.unpublished.size,
  };
}

/** The unresolved relative links and size warnings of every page, and the pages that could not be read again. */
function renderProblems(site: Site, pageMaxChars: number): ContentProblem[] {
  const problems: ContentProblem[] = [];
  for (const page of site.pages.values()) {
    let content;
    try {
      content = renderPageContent(site, page, CHECK_BASE_URL, { pageMaxChars });
    } catch (error) {
      problems.push({
        severity: 'error',
        file: page.file,
        message: `cannot read file: ${(error as NodeJS.ErrnoException).code ?? 'error'}`,
      });
      continue;
    }
    for (const link of content.unresolvedLinks) {
      const message = link.kind === 'escapes' ? `link escapes the content folder: ${link.href}` : `broken relative link: ${link.href}`;
      problems.push({ severity: 'error', file: page.file, ...(link.line === undefined ? {} : { line: link.line }), message });
    }
    problems.push(...(content.dialectProblems ?? []));
    problems.push(...pageSizeProblems(page.file, page.sourceChars, content, pageMaxChars, CHECK_BASE_URL));
  }
  return problems;
}

/**
 * Runs `check` and prints its report; returns the exit code (0 clean or warnings only, 1 errors).
 * The folder, the page limit and the conventions are serve's: the argument or flag, else the
 * environment, else `sitegate.json` (`conventions` and `nav`).
 * @throws {ConfigError} when a setting is invalid
 */
export function runCheck(dir: string | undefined, flags: { pageMaxChars?: string; conventions?: string; config?: string } = {}): number {
  const config = loadSettings({ contentDir: dir, pageMaxChars: flags.pageMaxChars, conventions: flags.conventions, config: flags.config });
  const { pages, problems, generator, unpublished } = checkContent(config.contentDir, config.pageMaxChars, {
    conventions: config.conventions,
    nav: config.nav,
  });
  // A plain folder has no conventions to name; a generator's are named first, as they shape everything below.
  if (generator.name !== 'plain') process.stdout.write(`${generatorLine(generator, unpublished)}\n`);
  for (const problem of problems)
    process.stdout.write(
      `${problem.file}${problem.line === undefined ? '' : `:${problem.line}`}: ${problem.severity}: ${problem.message}\n`,
    );
  const errors = problems.filter((problem) => problem.severity === 'error').length;
  const warnings = problems.length - errors;
  process.stdout.write(`${pages} pages, ${errors} error${errors === 1 ? '' : 's'}, ${warnings} warning${warnings === 1 ? '' : 's'}\n`);
  return errors > 0 ? 1 : 0;
}
