/**
 * `sitegate check --html DIR` (issue 33): how the generator's build and the sources agree, as
 * findings grouped like every other (check-kinds.ts `html-*` kinds): built pages with no source,
 * sources with no built page, pages built at a URL their source does not give, the build's files
 * that sitegate's own resources replace, and the leak `serve` would refuse to start on (an error).
 */
import type { Config } from '../config/config.js';
import type { ContentProblem } from '../content/problems.js';
import { indexBuild, publishedUrlOf } from '../built/build-index.js';
import { findLeak, leakMessage } from '../built/leaks.js';
import { routePathsOf } from '../built/reserved.js';
import { builtViewOf } from '../built/view.js';
import { loadSnapshot, snapshotOptionsOf } from '../snapshot/snapshot.js';

/** The file name findings about the build are listed under: `html:` and the path in the build folder. */
function inBuild(rel: string): string {
  return `html:${rel}`;
}

/**
 * The findings of the build of `config.htmlDir` against the site of `config.contentDir`; none when
 * `html` is not set.
 * @throws {ContentDirError} when a folder cannot be read
 */
export function htmlProblems(config: Config): ContentProblem[] {
  if (config.htmlDir === null) return [];
  const { snapshot } = loadSnapshot(config.contentDir, snapshotOptionsOf(config));
  const index = indexBuild(config.htmlDir);
  const view = builtViewOf(index, snapshot, { routePaths: routePathsOf(config.baseUrl), inject: [], baseUrl: config.baseUrl });
  const problems: ContentProblem[] = [];
  const leak = findLeak(index, view, snapshot);
  if (leak !== undefined) problems.push({ severity: 'error', file: inBuild(leak.file), message: leakMessage(leak) });
  for (const [rel, match] of view.matches)
    if (match.mismatch)
      problems.push({
        severity: 'warning',
        file: inBuild(rel),
        message: `built at another URL: ${match.url}, where ${match.page.file} is served at ${match.page.url}`,
      });
  for (const file of view.unmatched)
    problems.push({ severity: 'warning', file: inBuild(file.rel), message: `built page with no source: ${publishedUrlOf(file)}` });
  for (const page of view.unbuilt)
    problems.push({ severity: 'warning', file: page.file, message: `no built page: ${page.url} is not in the --html build` });
  for (const [rel, replacement] of view.replaced)
    problems.push({ severity: 'warning', file: inBuild(rel), message: `replaced by sitegate's ${replacement}: the build's file is not served` });
  return problems;
}
