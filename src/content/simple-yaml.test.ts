import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { parseSimpleYaml } from './simple-yaml.js';

const yamlCore = (block: string): unknown => parse(block, { schema: 'core', maxAliasCount: 100 });

describe('parseSimpleYaml', () => {
  it('reads key: value lines as the core schema does', () => {
    const block =
      'title: Getting started\ndescription: How to install it, in five steps.\ndraft: false\nhidden: TRUE\nempty:\nnothing: null';
    const expected = {
      title: 'Getting started',
      description: 'How to install it, in five steps.',
      draft: false,
      hidden: true,
      empty: null,
      nothing: null,
    };
    expect(parseSimpleYaml(block)).toStrictEqual(expected);
    // Names of Object.prototype's members are words like any other.
    expect(parseSimpleYaml('title: constructor\ndescription: toString')).toStrictEqual({ title: 'constructor', description: 'toString' });
    expect(yamlCore(block)).toStrictEqual(expected);
  });

  it('accepts CRLF lines and keeps inner quotes, brackets and non-ASCII text', () => {
    expect(parseSimpleYaml('title: The "best" [guide] – café\r\nkind: post')).toStrictEqual({
      title: 'The "best" [guide] – café',
      kind: 'post',
    });
  });

  it.each([
    ['a number', 'weight: 3'],
    ['a date', 'date: 2026-11-01'],
    ['a quoted string', "title: 'Quoted'"],
    ['a list', 'tags:\n  - a'],
    ['a flow list', 'tags: [a, b]'],
    ['a comment', 'title: Hello # comment'],
    ['a comment line', '# note\ntitle: Hello'],
    ['a nested mapping', 'title: a: b'],
    ['a duplicate key', 'title: A\ntitle: B'],
    ['the merge key', '<<: x'],
    ['__proto__', '__proto__: x'],
    ['a core word as a key', 'True: x'],
    ['a continuation line', 'title: Hello\n  world'],
    ['a blank line', 'title: Hello\n\nkind: post'],
    ['an anchor', 'title: &a Hello'],
    ['a tab', 'title:\tHello'],
    ['an empty block', ''],
    ['~', 'title: ~'],
    ['a block scalar', 'description: |\n  text'],
  ])('leaves %s to the YAML parser', (_, block) => {
    expect(parseSimpleYaml(block)).toBeUndefined();
  });

  it('agrees with the yaml library on every block it accepts', () => {
    const alphabet = 'aZ _-:#\'"[]{}&*!|>%@`,?~.+09\t\r\\/éé–€\u0085\u00a0\u2003';
    const scalar = fc.string({ unit: fc.constantFrom(...alphabet.split('')), maxLength: 12 });
    const word = fc.constantFrom(
      'true',
      'False',
      'NULL',
      'yes',
      'no',
      'on',
      '.inf',
      '0x1F',
      '1e3',
      'null',
      '',
      'constructor',
      'toString',
      '__proto__',
    );
    const key = fc.oneof(
      fc.constantFrom('title', 'description', 'draft', 'kind', 'a-b', '_x', 'A1', 'True', 'null', 'FALSE', 'constructor', 'toString'),
      fc.string({ maxLength: 4 }),
    );
    const line = fc.tuple(key, fc.constantFrom(':', ': ', ':  ', ' : '), fc.oneof(scalar, word)).map(([k, sep, v]) => `${k}${sep}${v}`);
    const block = fc.array(line, { minLength: 1, maxLength: 4 }).map((lines) => lines.join('\n'));
    let accepted = 0;
    fc.assert(
      fc.property(block, (text) => {
        const fast = parseSimpleYaml(text);
        if (fast === undefined) return;
        accepted++;
        expect(fast).toStrictEqual(yamlCore(text));
      }),
      { numRuns: 6000, seed: 20261124 },
    );
    // The generator must reach the fast path, or the property says nothing.
    expect(accepted).toBeGreaterThan(200);
  });
});
