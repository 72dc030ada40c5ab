import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FEATURE_PAGE, featureTable, TABLE_END, TABLE_START } from './feature-table.js';
import { DIALECT_FEATURES } from './features.js';
import { GENERATORS } from '../conventions/types.js';

/** The first row of the table, to vary in a test. */
function firstRow(): (typeof DIALECT_FEATURES)[number] {
  const [row] = DIALECT_FEATURES;
  if (row === undefined) throw new Error('the dialect feature table is empty');
  return row;
}

describe('the dialect feature table', () => {
  it('is in docs/generators.md as the code has it (npm run feature-table writes it)', () => {
    const page = readFileSync(new URL(`../../../${FEATURE_PAGE}`, import.meta.url), 'utf8');
    const table = page.slice(page.indexOf(TABLE_START) + TABLE_START.length, page.indexOf(TABLE_END));
    expect(page.includes(TABLE_START)).toBe(true);
    // Prettier realigns the columns: compare the cells.
    const cells = (markdown: string): string[][] =>
      markdown
        .trim()
        .split('\n')
        .filter((line) => !/^\|[\s|:-]*\|$/.test(line))
        .map((line) => line.split(/(?<!\\)\|/).map((part) => part.trim()));
    expect(cells(table)).toStrictEqual(cells(featureTable()));
  });

  it('writes generator syntax inert, so a plain folder serving the page runs none of it (code spans as <code> with references)', () => {
    const table = featureTable();
    for (const directive of ['{{#', '<!--@include', '--8<--', '{{<', '{%', '<<<']) expect(table, directive).not.toContain(directive);
    expect(table).toContain('<code>&#123;&#123;#include file&#125;&#125;</code>');
    expect(featureTable([{ ...firstRow(), feature: 'a `` {{#x}} `` b `plain`' }])).toContain(
      'a <code>&#123;&#123;#x&#125;&#125;</code> b `plain`',
    );
  });

  it('has unique ids of the form generator.feature, known generators, absolute doc URLs, and a note on every row that is not supported', () => {
    const ids = DIALECT_FEATURES.map((row) => row.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const row of DIALECT_FEATURES) {
      expect(row.id, row.id).toMatch(/^[a-z]+\.[a-z0-9-]+$/);
      expect(row.generators.length, row.id).toBeGreaterThan(0);
      for (const generator of row.generators) expect(GENERATORS, row.id).toContain(generator);
      expect(row.doc, row.id).toMatch(/^https:\/\//);
      if (row.support !== 'supported') expect(row.note, row.id).toBeDefined();
    }
  });
});
