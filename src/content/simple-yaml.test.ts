import { isDeepStrictEqual } from 'node:util';
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

  it("reads Hugo's usual frontmatter: small integers, flow lists of words and nested mappings", () => {
    // gohugo.io/content-management/front-matter/, as hugoDocs writes it.
    const block = [
      'title: strings.Contains',
      'categories: []',
      'weight: 10',
      'params:',
      '  functions_and_methods:',
      '    aliases: []',
      '    returnType: bool',
      '    signatures: [strings.Contains STRING SUBSTRING]',
      '  toc: true',
      'aliases: [/functions/strings.contains, /old]',
      'empty:',
    ].join('\n');
    const expected = {
      title: 'strings.Contains',
      categories: [],
      weight: 10,
      params: { functions_and_methods: { aliases: [], returnType: 'bool', signatures: ['strings.Contains STRING SUBSTRING'] }, toc: true },
      aliases: ['/functions/strings.contains', '/old'],
      empty: null,
    };
    expect(parseSimpleYaml(block)).toStrictEqual(expected);
    expect(yamlCore(block)).toStrictEqual(expected);
  });

  it.each([
    ['a number with a leading zero', 'weight: 03'],
    ['a negative number', 'weight: -3'],
    ['a float', 'weight: 1.5'],
    ['a date', 'date: 2026-11-01'],
    ['a quoted string', "title: 'Quoted'"],
    ['a list', 'tags:\n  - a'],
    ['a flow list of quoted words', 'tags: [a, "b"]'],
    ['a nested flow list', 'tags: [a, [b]]'],
    ['a flow list with an empty item', 'tags: [a, , b]'],
    ['a flow list with a colon', 'tags: [a: b]'],
    ['a mapping indented less than its sibling', 'a:\n    b: 1\n  c: 2'],
    ['a first line indented', '  title: Hello'],
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
    const integer = fc.constantFrom('0', '7', '10', '007', '-3', '+4', '123456789012345', '1234567890123456', '1.5');
    const plain = fc.constantFrom('a', 'b c', '/x/y.z', 'Hugo', ' spaced ', 'é–€', 'a b');
    const flow = fc.array(fc.oneof(plain, plain, scalar, word, integer), { maxLength: 3 }).map((items) => `[${items.join(',')}]`);
    const indent = fc.constantFrom('', '', '  ', '    ', ' ');
    const line = fc
      .tuple(
        indent,
        key,
        fc.constantFrom(':', ': ', ':  ', ' : '),
        fc.oneof(scalar, word, integer, flow, plain, fc.constant(''), fc.constant('')),
      )
      .map(([pad, k, sep, v]) => `${pad}${k}${sep}${v}`);
    const block = fc.array(line, { minLength: 1, maxLength: 5 }).map((lines) => lines.join('\n'));
    let accepted = 0;
    let lists = 0;
    let mappings = 0;
    fc.assert(
      fc.property(block, (text) => {
        const fast = parseSimpleYaml(text);
        if (fast === undefined) return;
        accepted++;
        for (const value of Object.values(fast)) {
          if (Array.isArray(value) && value.length > 0) lists++;
          else if (typeof value === 'object' && value !== null && !Array.isArray(value)) mappings++;
        }
        // node:util's deep equality, not toStrictEqual: that compares the objects' `constructor`
        // property, which here is a key like any other (`constructor:` holding a mapping).
        expect(isDeepStrictEqual(fast, yamlCore(text)), JSON.stringify(text)).toBe(true);
      }),
      { numRuns: 20000, seed: 20261124 },
    );
    // The generator must reach the fast path, or the property says nothing.
    expect(accepted).toBeGreaterThan(200);
    expect(lists).toBeGreaterThan(10);
    expect(mappings).toBeGreaterThan(10);
  });
});
