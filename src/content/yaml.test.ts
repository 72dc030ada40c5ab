import { describe, expect, it } from 'vitest';
import { YAMLParseError } from 'yaml';
import { expectLinearTime } from '../../test/linear-time.js';
import { splitFrontmatter } from './frontmatter.js';
import { parseYaml } from './yaml.js';

/** A mapping whose one value is `chars` characters of `: `, an error every two characters. */
const errorLine = (chars: number): string => `title: ${': '.repeat(chars / 2)}`;

describe('parseYaml', () => {
  it('reads YAML as yaml.parse does', () => {
    expect(parseYaml('a: 1\nb: [x, y]\nc: 2024-01-02\n', { schema: 'core' })).toStrictEqual({ a: 1, b: ['x', 'y'], c: '2024-01-02' });
    expect(parseYaml('')).toBeNull();
  });

  it('throws the first error, placed by line and column, with no context lines', () => {
    expect(() => parseYaml('ok: 1\ntitle: a: b\n')).toThrow(
      new YAMLParseError([13, 14], 'BLOCK_AS_IMPLICIT_KEY', 'Nested mappings are not allowed in compact mappings at line 2, column 8'),
    );
  });

  it('with logLevel silent, reads a broken document as far as it goes, as yaml.parse does', () => {
    expect(parseYaml('a: 1\nb: [x\n', { logLevel: 'silent' })).toStrictEqual({ a: 1, b: ['x'] });
  });

  it('takes linear time on a long line with an error every two characters (yaml’s pretty errors took seconds)', () => {
    expectLinearTime(errorLine, (text) => expect(() => parseYaml(text)).toThrow(/^Nested mappings/), 100_000);
    expectLinearTime(errorLine, (text) => parseYaml(text, { logLevel: 'silent' }), 100_000);
    expectLinearTime(
      (chars) => `---\n${errorLine(chars)}\n---\n`,
      (text) =>
        expect(splitFrontmatter(text).error).toBe(
          'invalid YAML frontmatter at line 2, column 8: Nested mappings are not allowed in compact mappings',
        ),
      100_000,
    );
  });
});
