/**
 * The content folder each bench row runs against: `--content`, or for a row that names a generated
 * site (scenarios.ts `generatedPages`), that site, written once per run into the temp folder by
 * bench/generate-site.ts and removed at the end. Each folder gets its own sitegate (run.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { writeSite } from './generate-site.js';
import type { BenchScenario } from './scenarios.js';

/** The generated sites of a run, by page count, and their removal. */
export interface GeneratedSites {
  /** The content folder of a row. */
  contentDirOf(scenario: BenchScenario): string;
  /** Removes the generated sites. */
  remove(): void;
}

/**
 * Writes the sites the rows name (one per page count), before any server starts.
 * @param contentDir `--content`, for the other rows
 */
export function generateSites(scenarios: readonly BenchScenario[], contentDir: string): GeneratedSites {
  const counts = [...new Set(scenarios.flatMap((s) => (s.generatedPages === undefined ? [] : [s.generatedPages])))];
  const root = counts.length === 0 ? undefined : mkdtempSync(path.join(os.tmpdir(), 'sitegate-bench-sites-'));
  const dirs = new Map<number, string>();
  for (const pages of counts) {
    const dir = path.join(root as string, `${pages}-pages`);
    process.stderr.write(`bench: generating a ${pages}-page site in ${dir}\n`);
    writeSite(dir, { pages });
    dirs.set(pages, dir);
  }
  return {
    contentDirOf: (scenario) => (scenario.generatedPages === undefined ? contentDir : (dirs.get(scenario.generatedPages) as string)),
    remove: () => {
      if (root !== undefined) rmSync(root, { recursive: true, force: true });
    },
  };
}
