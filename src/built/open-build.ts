/**
 * `serve --html DIR` at start (issue 33): the build folder indexed once (build-index.ts) and
 * scanned for internal pages' text (leaks.ts) against the first snapshot; a leak refuses the start
 * with one line naming the file and the page.
 */
import type { Config } from '../config/config.js';
import { ContentError } from '../content/load.js';
import type { Snapshot } from '../snapshot/snapshot.js';
import { indexBuild, type BuildIndex } from './build-index.js';
import { findLeak, leakMessage } from './leaks.js';
import { routePathsOf } from './reserved.js';
import { builtViewOf } from './view.js';

/**
 * The build of `config.htmlDir`, or undefined when it is not set.
 * @throws {ContentError} when a file served to everyone holds an internal page's text, title or URL
 * @throws {ContentDirError} when the folder is missing or holds too many files
 */
export function openBuild(config: Pick<Config, 'htmlDir' | 'baseUrl' | 'inject'>, snapshot: Snapshot): BuildIndex | undefined {
  if (config.htmlDir === null) return undefined;
  const index = indexBuild(config.htmlDir);
  const view = builtViewOf(index, snapshot, { routePaths: routePathsOf(config.baseUrl), inject: config.inject, baseUrl: config.baseUrl });
  const leak = findLeak(index, view, snapshot);
  if (leak !== undefined) throw new ContentError(leakMessage(leak));
  return index;
}
