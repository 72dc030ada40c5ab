import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SETTINGS } from './settings.js';
import { buildSchema, schemaProblem, SCHEMA_FILE_NAME } from './schema.js';
import { SETTINGS_PAGE, settingsRows, TABLE_END, TABLE_START } from './settings-table.js';

const ROOT = new URL('../../', import.meta.url);

/** The cells of a markdown table's rows, without the separator row. */
function tableCells(markdown: string): string[][] {
  return markdown
    .trim()
    .split('\n')
    .filter((line) => !/^\|[\s|-]+\|$/.test(line))
    .map((line) =>
      line
        .slice(1, -1)
        .split(/(?<!\\)\|/)
        .map((cell) => cell.trim()),
    );
}

describe('the settings list is the one source of the schema and the settings table of docs/settings.md', () => {
  it('has the table of docs/settings.md made from it (npm run settings-table writes it)', () => {
    const page = readFileSync(new URL(SETTINGS_PAGE, ROOT), 'utf8');
    expect(page.includes(TABLE_START)).toBe(true);
    const table = page.slice(page.indexOf(TABLE_START) + TABLE_START.length, page.indexOf(TABLE_END));
    expect(tableCells(table)).toStrictEqual(settingsRows());
  });

  it('ships the schema that the build wrote from it', () => {
    const written = JSON.parse(readFileSync(new URL(SCHEMA_FILE_NAME, ROOT), 'utf8')) as unknown;
    expect(written).toStrictEqual(buildSchema());
  });

  it('gives every setting a unique key and input name, and a description', () => {
    expect(new Set(SETTINGS.map((setting) => setting.key)).size).toBe(SETTINGS.length);
    expect(new Set(SETTINGS.map((setting) => setting.input)).size).toBe(SETTINGS.length);
    expect(SETTINGS.filter((setting) => setting.description.trim() === '')).toStrictEqual([]);
  });

  it('accepts no file without compiling the schema, as the schema would: its top requires no key', () => {
    expect(schemaProblem({})).toBeUndefined();
    expect(buildSchema()).not.toHaveProperty('required');
    expect(schemaProblem([])).toBe('(top level): must be an object');
  });

  it('accepts the starter sitegate.json, $schema and $comment in every object', () => {
    const starter = JSON.parse(readFileSync(fileURLToPath(new URL('examples/starter/sitegate.json', ROOT)), 'utf8')) as unknown;
    expect(schemaProblem(starter)).toBeUndefined();
    expect(
      schemaProblem({ $schema: 'x', $comment: 'a', limits: { $comment: 'b' }, rateLimits: { search: { $comment: 'c', points: 1 } } }),
    ).toBeUndefined();
  });

  it('nests dotted keys as closed objects', () => {
    const schema = buildSchema() as {
      properties: Record<string, { additionalProperties?: boolean; properties?: Record<string, unknown> }>;
    };
    expect(schema.properties.site).toMatchObject({ type: 'object', additionalProperties: false });
    expect(Object.keys(schema.properties.rateLimits?.properties ?? {})).toStrictEqual([
      '$comment',
      'token',
      'authFailures',
      'clientFailures',
      'search',
      'clientMetadataFetches',
      'clientRegistrations',
    ]);
    expect(schema.properties.port).toStrictEqual({
      type: 'integer',
      minimum: 0,
      maximum: 65535,
      description: 'TCP port (0 = any free port).',
      default: 3000,
    });
  });
});
