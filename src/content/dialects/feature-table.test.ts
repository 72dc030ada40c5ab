import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { featureTable, TABLE_END, TABLE_START } from './feature-table.js';
import { DIALECT_FEATURES } from './features.js';
import { GENERATORS } from '../conventions/types.js';

describe('the dialect feature table', () => {
  it('is in README.md as the code has it (npm run feature-table writes it)', () => {
    const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
    const table = readme.slice(readme.indexOf(TABLE_START) + TABLE_START.length, readme.indexOf(TABLE_END));
    expect(readme.includes(TABLE_START)).toBe(true);
    // Prettier realigns the columns: compare the cells.
    const cells = (markdown: string): string[][] =>
      markdown
        .trim()
        .split('\n')
        .filter((line) => !/^\|[\s|:-]*\|$/.test(line))
        .map((line) => line.split(/(?<!\\)\|/).map((part) => part.trim()));
    expect(cells(table)).toStrictEqual(cells(featureTable()));
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
