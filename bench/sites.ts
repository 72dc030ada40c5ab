/**
 * The content folder each bench row runs against: `--content`, or for a row that names a generated
 * site (scenarios.ts `generatedPages`), that site, written once per run into the temp folder by
 * bench/generate-site.ts and removed at the end. Each folder gets its own sitegate (run.ts). A row
 * served from a build (scenarios.ts `htmlBuild`) gets the build folder `sitegate export` writes of
 * `--content`, in the same temp folder.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeSite } from './generate-site.js';
import type { BenchScenario } from './scenarios.js';

/** The generated sites of a run, by page count, and their removal. */
export interface GeneratedSites {
  /** The content folder of a row. */
  contentDirOf(scenario: BenchScenario): string;
  /** The build folder a row's sitegate serves with `--html` (and nginx beside it), or undefined. */
  htmlDirOf(scenario: BenchScenario): string | undefined;
  /** Removes the generated sites. */
  remove(): void;
}

const SITEGATE_BIN = fileURLToPath(new URL('../bin/sitegate.js', import.meta.url));
/** Time allowed for `sitegate export` of a content folder, ms (docs-small: ~10 s on the bench machine). */
const EXPORT_TIMEOUT_MS = 300_000;

/**
 * Writes `sitegate export DIR --content CONTENT`: every public page as HTML (`a/b.html`, folder
 * pages as `index.html`), the bytes sitegate itself answers, and so a build whose pages are real
 * pages of the corpus (the MkDocs fixture's are 6 KB; the bench's page is 17 KB).
 * @throws when the export fails
 */
function exportBuild(contentDir: string, dir: string): void {
  process.stderr.write(`bench: exporting ${contentDir} as a static build into ${dir}\n`);
  execFileSync(process.execPath, [SITEGATE_BIN, 'export', dir, '--content', contentDir], {
    stdio: ['ignore', 'ignore', 'inherit'],
    timeout: EXPORT_TIMEOUT_MS,
  });
}

/**
 * Writes the sites the rows name (one per page count), before any server starts.
 * @param contentDir `--content`, for the other rows
 */
export function generateSites(scenarios: readonly BenchScenario[], contentDir: string): GeneratedSites {
  const counts = [...new Set(scenarios.flatMap((s) => (s.generatedPages === undefined ? [] : [s.generatedPages])))];
  const builds = scenarios.some((s) => s.htmlBuild === true);
  const root = counts.length === 0 && !builds ? undefined : mkdtempSync(path.join(os.tmpdir(), 'sitegate-bench-sites-'));
  const htmlDir = builds ? path.join(root as string, 'build') : undefined;
  if (htmlDir !== undefined) exportBuild(contentDir, htmlDir);
  const dirs = new Map<number, string>();
  for (const pages of counts) {
    const dir = path.join(root as string, `${pages}-pages`);
    process.stderr.write(`bench: generating a ${pages}-page site in ${dir}\n`);
    writeSite(dir, { pages });
    dirs.set(pages, dir);
  }
  return {
    contentDirOf: (scenario) => (scenario.generatedPages === undefined ? contentDir : (dirs.get(scenario.generatedPages) as string)),
    htmlDirOf: (scenario) => (scenario.htmlBuild === true ? htmlDir : undefined),
    remove: () => {
      if (root !== undefined) rmSync(root, { recursive: true, force: true });
    },
  };
}
