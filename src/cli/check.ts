/**
 * `sitegate check [DIR]`: list content problems, grouped by kind with a fix for each
 * (check-report.ts), as text or `--format json`; exit 1 when any error is not ignored (`check.ignore`).
 */
import path from 'node:path';
import { loadSettings } from '../config/config-file.js';
import { protectedPathsOf } from '../config/protected-paths.js';
import { AGENT_PAGE_MAX_CHARS } from '../content/page.js';
import { extensionOf } from '../content/assets.js';
import { pageSizeProblems } from '../content/page-size.js';
import { readFileSync } from 'node:fs';
import { diskSourceParts, type SourceFile } from '../content/load.js';
import { loadSiteFiles, type ConventionsOptions } from '../content/conventions/index.js';
import { buildSite, withAssets, type Site } from '../content/site.js';
import { renderPageContent } from '../content/page-content.js';
import type { ContentProblem } from '../content/problems.js';
import { featureLines, featureUses, type FeatureUse } from '../content/dialects/feature-usage.js';
import { generatorLine } from './output.js';
import { linkRulesOf } from '../content/conventions/urls.js';
import { knownMissingLine, LinkSorter, verboseLines, type LinkAt } from './check-links.js';
import { ignoreTest } from './check-ignore.js';
import { checkJson, groupFindings, groupLines, plural } from './check-report.js';
import { UsageError } from './output.js';
import { htmlProblems } from './check-html.js';

/** The report formats of `check --format`. */
export const CHECK_FORMATS = ['text', 'json'] as const;

/** Result of a check: the problems, the page and static file counts, the files left out and the generator recognised. */
export interface CheckResult {
  pages: number;
  /** Static files served (content/assets.ts). */
  assets: number;
  /** Files neither page nor static file, by extension (content/load.ts `skipped`). */
  skipped: ReadonlyMap<string, number>;
  /** The same files by path, relative to the content folder (content/load.ts `skippedFiles`). */
  skippedFiles: readonly string[];
  problems: ContentProblem[];
  /** The generator whose conventions applied and what it was recognised by. */
  generator: Site['generator'];
  /** Files its conventions leave unpublished. */
  unpublished: number;
  /** Links left to the site's own link render hook (content/links.ts `hook`): not verified, counted in one warning. */
  hookLinks: LinkAt[];
  /** Links to targets the `check.knownMissing` setting names: not reported one by one, counted in one line. */
  knownMissing: LinkAt[];
  /** The rows of the dialect feature table the pages use, in table order (dialects/feature-usage.ts). */
  features: FeatureUse[];
}

/** The base URL `check` renders with: links come out absolute, and the sizes are counted with it. */
const CHECK_BASE_URL = 'http://localhost';

/**
 * Loads and builds the site in `dir` without serving it, then renders every page to find the
 * relative links that lead nowhere and the pages over the page limit (the server renders pages on
 * demand and does not look).
 * @param pageMaxChars the page limit, as serve takes it (default {@link AGENT_PAGE_MAX_CHARS}; 0 = off)
 * @param protectedPaths the data folder, secret and config file: never listed, and includes of them
 *   are refused (config/protected-paths.ts)
 * @throws {ContentDirError} when the folder cannot be read
 */
export function checkContent(
  dir: string,
  pageMaxChars = AGENT_PAGE_MAX_CHARS,
  conventions: ConventionsOptions = {},
  staticDirs?: readonly string[] | null,
  knownMissing: readonly string[] = [],
  protectedPaths: readonly string[] = [],
): CheckResult {
  const loaded = loadSiteFiles(dir, conventions, staticDirs, protectedPaths);
  const used: { file: string; features: readonly string[] }[] = [];
  const built = buildSite(loaded.files, {
    fallbackName: path.basename(dir),
    conventions: loaded.conventions,
    detectFeatures: true,
    onPage: (read) => used.push({ file: read.page.file, features: read.features ?? [] }),
  });
  const site = withAssets(built, loaded.assets);
  // A file's link problems first, as a reader fixes a page top to bottom (the sort below is stable).
  const listed = new Map(loaded.files.map((file) => [file.relPath, file]));
  const links = new LinkSorter(knownMissing, linkRulesOf(loaded.conventions));
  const problems = [...loaded.problems, ...renderProblems(site, pageMaxChars, listed, links), ...site.problems];
  if (loaded.files.length === 0) problems.push({ severity: 'error', file: '.', message: 'no pages: the folder holds no .md or .mdx file' });
  const hookWarning = links.hookWarning(loaded.conventions.renderLinkHook);
  if (hookWarning !== undefined) problems.push(hookWarning);
  return {
    pages: site.pages.size,
    assets: site.assets.size,
    skipped: loaded.skipped,
    skippedFiles: loaded.skippedFiles,
    problems: problems.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0)),
    generator: site.generator,
    unpublished: loaded.conventions.unpublished.size,
    hookLinks: links.hook,
    knownMissing: links.knownMissing,
    features: featureUses(used, site.generator.name),
  };
}

/**
 * The line that lists the files neither served as a page nor as a static file, by extension
 * (`not served (neither page nor static file): 2 .json, 1 .jsx`); undefined when there are none.
 */
export function skippedLine(skipped: ReadonlyMap<string, number>): string | undefined {
  if (skipped.size === 0) return undefined;
  const counts = [...skipped]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([ext, n]) => (ext === '(none)' ? `${n} without extension` : `${n} .${ext}`));
  return `not served (neither page nor static file): ${counts.join(', ')}`;
}

/**
 * The files not served for their type, one line each under the {@link skippedLine} that counts
 * them, grouped by extension as it orders them (`  .js: .gitbook/assets/x.js`), in path order
 * within a group, so that an author sees which upload or stray file a reader will not get.
 */
export function skippedFileLines(files: readonly string[]): string[] {
  const byExtension = new Map<string, string[]>();
  for (const file of files) {
    const extension = extensionOf(file.slice(file.lastIndexOf('/') + 1));
    byExtension.set(extension, [...(byExtension.get(extension) ?? []), file]);
  }
  return [...byExtension]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .flatMap(([extension, paths]) =>
      [...paths].sort().map((file) => `  ${extension === '(none)' ? '(no extension)' : `.${extension}`}: ${file}`),
    );
}

/**
 * The lines `check` prints after the problems: the files left out by extension and by path (when
 * any), then `N pages[, N static files], N errors, N warnings[, N ignored]`.
 * @param counts the findings after `check.ignore` (default: every problem counts)
 */
export function summaryLines(
  result: CheckResult,
  counts: { errors: number; warnings: number; ignored: number } = {
    errors: result.problems.filter((problem) => problem.severity === 'error').length,
    warnings: result.problems.filter((problem) => problem.severity === 'warning').length,
    ignored: 0,
  },
): string[] {
  const skipped = skippedLine(result.skipped);
  const lines: string[] = skipped === undefined ? [] : [skipped, ...skippedFileLines(result.skippedFiles)];
  const known = knownMissingLine(result.knownMissing);
  if (known !== undefined) lines.push(known);
  const assets = result.assets > 0 ? `${plural(result.assets, 'static file')}, ` : '';
  const ignored = counts.ignored > 0 ? `, ${counts.ignored} ignored (check.ignore)` : '';
  lines.push(`${result.pages} pages, ${assets}${plural(counts.errors, 'error')}, ${plural(counts.warnings, 'warning')}${ignored}`);
  return lines;
}

/**
 * The unresolved relative links and size warnings of every page, and the pages that could not be
 * read again. What the dialect step could not render is the site's already (found once, at build:
 * content/page-text.ts), not listed again here.
 */
function renderProblems(site: Site, pageMaxChars: number, listed: ReadonlyMap<string, SourceFile>, links: LinkSorter): ContentProblem[] {
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
    if (content.markdown.includes('\uFFFD')) problems.push(...encodingProblems(listed.get(page.file), page.file));
    for (const link of content.unresolvedLinks) {
      const problem = links.sort(page.file, link);
      if (problem !== undefined) problems.push(problem);
    }
    problems.push(...pageSizeProblems(page.file, page.sourceChars, content, pageMaxChars, CHECK_BASE_URL));
  }
  return problems;
}

/**
 * A warning when a page's file is not valid UTF-8 (its undecodable bytes are served as U+FFFD):
 * looked for only when the served markdown holds U+FFFD, then confirmed on the file's bytes.
 */
function encodingProblems(source: SourceFile | undefined, file: string): ContentProblem[] {
  const parts = source === undefined ? undefined : diskSourceParts(source);
  if (parts === undefined) return [];
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(readFileSync(parts.realPath ?? path.join(parts.root, parts.relPath)));
    return [];
  } catch {
    return [{ severity: 'warning', file, message: 'not valid UTF-8: the bytes that do not decode are shown as U+FFFD' }];
  }
}

/**
 * Runs `check` and prints its report; returns the exit code (0 clean, warnings only or every error
 * ignored; 1 errors). The folder, the page limit, the conventions and the static folders are
 * serve's: the argument or flag, else the environment, else `sitegate.json` (`conventions`, `nav`,
 * `static`); `check.knownMissing` and `check.ignore` from `sitegate.json`.
 * @throws {ConfigError} when a setting is invalid (a `check.ignore` rule naming no kind)
 * @throws {UsageError} when `--format` is neither `text` nor `json`
 */
export function runCheck(
  dir: string | undefined,
  flags: {
    pageMaxChars?: string;
    conventions?: string;
    config?: string;
    static?: string[];
    html?: string;
    verbose?: boolean;
    format?: string;
  } = {},
): number {
  const format = flags.format ?? 'text';
  if (!(CHECK_FORMATS as readonly string[]).includes(format)) throw new UsageError(`--format: must be text or json, got "${format}"`);
  const config = loadSettings({
    contentDir: dir,
    pageMaxChars: flags.pageMaxChars,
    conventions: flags.conventions,
    config: flags.config,
    static: flags.static,
    html: flags.html,
  });
  const ignored = ignoreTest(config.checkIgnore);
  const conventions = { conventions: config.conventions, nav: config.nav, redirects: config.redirects, versions: config.versions };
  const result = checkContent(
    config.contentDir,
    config.pageMaxChars,
    conventions,
    config.staticDirs,
    config.checkKnownMissing,
    protectedPathsOf(config),
  );
  // `--html` (issue 33): the build against the sources, found beside the content's own problems.
  result.problems.push(...htmlProblems(config));
  const grouped = groupFindings(result.problems, ignored);
  const out = (line: string): boolean => process.stdout.write(`${line}\n`);
  if (format === 'json') {
    const report = { ...result, knownMissing: result.knownMissing.length };
    out(JSON.stringify(checkJson(grouped, report), null, 2));
    return grouped.errors > 0 ? 1 : 0;
  }
  // A plain folder has no conventions to name; a generator's are named first, as they shape everything below.
  if (result.generator.name !== 'plain') out(generatorLine(result.generator, result.unpublished));
  // The generator syntax its pages use, and how far each is rendered (README "Generator syntax");
  // a plain folder has no generator whose syntax it was written in.
  if (result.generator.name !== 'plain') for (const line of featureLines(result.features)) out(line);
  for (const line of groupLines(grouped, flags.verbose === true)) out(line);
  if (flags.verbose === true) for (const line of verboseLines(result.hookLinks, result.knownMissing)) out(line);
  for (const line of summaryLines(result, grouped)) out(line);
  return grouped.errors > 0 ? 1 : 0;
}
