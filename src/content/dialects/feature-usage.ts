/**
 * Which rows of the dialect feature table (features.ts) a site's pages use, for `sitegate check`:
 * each row's `detect` tested once against each page's source as written, only the rows of the
 * site's generator (a plain folder: every row).
 */
import type { Generator } from '../conventions/types.js';
import { DIALECT_FEATURES, featuresOf, type DialectFeature } from './features.js';

/** A row of the table and the pages that use it. */
export interface FeatureUse {
  row: DialectFeature;
  /** Page files (relative to the content folder) whose source the row's `detect` finds, in the order given. */
  files: string[];
}

/**
 * Ids of the rows of `generator` whose `detect` finds something in `written`, in table order.
 * @param written a page's source as written (frontmatter included)
 * @param table the feature table (tests give their own)
 */
export function featuresIn(
  written: string,
  generator: Generator | undefined,
  table: readonly DialectFeature[] = DIALECT_FEATURES,
): string[] {
  const ids: string[] = [];
  for (const row of featuresOf(generator, table)) if (row.detect !== undefined && row.detect.test(written)) ids.push(row.id);
  return ids;
}

/**
 * The rows used by any of `pages`, in table order, each with the pages that use it.
 * @param pages each page's file and the ids {@link featuresIn} found in it
 */
export function featureUses(
  pages: Iterable<{ file: string; features: readonly string[] }>,
  generator: Generator | undefined,
  table: readonly DialectFeature[] = DIALECT_FEATURES,
): FeatureUse[] {
  const byId = new Map<string, string[]>();
  for (const page of pages)
    for (const id of page.features) {
      const files = byId.get(id);
      if (files === undefined) byId.set(id, [page.file]);
      else files.push(page.file);
    }
  return featuresOf(generator, table).flatMap((row) => {
    const files = byId.get(row.id);
    return files === undefined ? [] : [{ row, files }];
  });
}

/**
 * The lines `check` prints for the rows a site uses: one per row, aligned —
 * `  supported  mkdocs.admonition  12 pages  https://…` — then, for a `partial` or `dropped` row,
 * what it leaves out. Empty when the site uses none.
 */
export function featureLines(uses: readonly FeatureUse[]): string[] {
  if (uses.length === 0) return [];
  const idWidth = Math.max(...uses.map((use) => use.row.id.length));
  const lines = ['dialect features used (support, feature, pages, documentation):'];
  for (const { row, files } of uses) {
    const count = `${files.length} page${files.length === 1 ? '' : 's'}`;
    lines.push(`  ${row.support.padEnd(9)}  ${row.id.padEnd(idWidth)}  ${count.padStart(9)}  ${row.doc}`);
    if (row.support !== 'supported' && row.note !== undefined) lines.push(`  ${''.padEnd(9)}  ${row.note}`);
  }
  return lines;
}
