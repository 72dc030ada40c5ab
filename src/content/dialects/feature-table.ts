/**
 * The dialect feature table (features.ts) as the markdown table README.md shows, between
 * {@link TABLE_START} and {@link TABLE_END}; `npm run feature-table` writes it there, and a test
 * fails when the README's copy differs from the table in code.
 */
import { DIALECT_FEATURES, type DialectFeature } from './features.js';

export const TABLE_START = '<!-- dialect features: made by npm run feature-table from src/content/dialects/features/ -->';
export const TABLE_END = '<!-- /dialect features -->';

/** A table cell: pipes escaped, line breaks flattened. */
function cell(text: string): string {
  return text.replaceAll('|', '\\|').replaceAll('\n', ' ');
}

/**
 * The markdown table of `rows`: generator, feature (linked to its documentation page), support, and
 * what a partial or dropped row leaves out.
 */
export function featureTable(rows: readonly DialectFeature[] = DIALECT_FEATURES): string {
  const lines = ['| Generator | Feature | Support | Notes |', '| --- | --- | --- | --- |'];
  for (const row of rows)
    lines.push(`| ${row.generators.join(', ')} | [${cell(row.feature)}](${row.doc}) | ${row.support} | ${cell(row.note ?? '')} |`);
  return lines.join('\n');
}
