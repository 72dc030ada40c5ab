import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { parse as parseToml } from 'smol-toml';
import { simpleYaml } from './simple-yaml-writer.js';

/** A seeded pseudo-random generator (an LCG), so every run checks the same shapes. */
function lcg(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return state / 2 ** 32;
  };
}

describe('simpleYaml', () => {
  it('writes a Hugo configuration table as stringify does', () => {
    // gohugo.io/content-management/menus/#define-in-site-configuration, as its code-toggle shows it.
    const data = parseToml(
      [
        "baseURL = 'https://example.org/'",
        "title = 'Les Misérables'",
        'paginate = 10',
        'buildDrafts = false',
        '[permalinks.page]',
        "posts = '/blog/:year/:month/:slug/'",
        '[[menus.main]]',
        "name = 'Home'",
        "pageRef = '/'",
        'weight = 10',
        '[[menus.main]]',
        "name = 'Tags'",
        "params = { tags = ['red', 'blue'] }",
      ].join('\n'),
    );
    const text =
      'baseURL: https://example.org/\ntitle: Les Misérables\npaginate: 10\nbuildDrafts: false\n' +
      'permalinks:\n  page:\n    posts: /blog/:year/:month/:slug/\n' +
      'menus:\n  main:\n    - name: Home\n      pageRef: /\n      weight: 10\n    - name: Tags\n      params:\n        tags:\n          - red\n          - blue\n';
    expect(simpleYaml(data)).toBe(text);
    expect(stringify(data)).toBe(text);
  });

  it.each([
    ['a string stringify quotes', { k: 'a: b' }],
    ['a comment-like string', { k: 'a #b' }],
    ['a core-schema boolean as a string', { k: 'true' }],
    ['a YAML 1.1 boolean word', { k: 'Yes' }],
    ['a string starting with an indicator', { k: ':cacheDir' }],
    ['a trailing colon', { k: 'a:' }],
    ['a float', { k: 1.5 }],
    ['negative zero', { k: -0 }],
    ['an empty string', { k: '' }],
    ['an empty table', { k: {} }],
    ['an empty list', { k: [] }],
    ['a list of lists', { k: [['a']] }],
    ['a date', { k: new Date(0) }],
    ['a dotted key', { 'a.b': 1 }],
    ['a line over 80 characters', { k: `${'word '.repeat(16)}end` }],
    ['a list at the top', ['a']],
    ['null', null],
  ])('leaves %s to stringify', (_name, data) => {
    expect(simpleYaml(data)).toBeUndefined();
  });

  it('writes a line of exactly 80 characters unfolded, as stringify does', () => {
    const data = { key: `${'ab '.repeat(24)}xyz` };
    expect(`key: ${data.key}`.length).toBe(80);
    expect(simpleYaml(data)).toBe(stringify(data));
  });

  it('agrees with stringify on 20,000 random tables', () => {
    const next = lcg(31);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
    const chars = [
      'a',
      'Z',
      'é',
      'ß',
      '中',
      '_',
      '/',
      '.',
      '@',
      '+',
      '*',
      ',',
      '=',
      '~',
      '-',
      ':',
      '#',
      ' ',
      '1',
      '0',
      'x',
      'e',
      'n',
      'o',
      'y',
      't',
      'r',
      'u',
      "'",
      '"',
      '!',
      '%',
      '&',
      '[',
      '{',
      '|',
      '>',
      '?',
      '\\',
      '`',
    ];
    const text = (): string => Array.from({ length: 1 + Math.floor(next() * 12) }, () => pick(chars)).join('');
    const scalar = (): unknown => pick([() => Math.floor(next() * 2000) - 1000, () => next() < 0.5, () => next() * 10, text, text, text])();
    const value = (depth: number): unknown => {
      const roll = next();
      if (depth > 3 || roll < 0.6) return scalar();
      if (roll < 0.8) return table(depth + 1);
      return Array.from({ length: Math.floor(next() * 3) }, () => (next() < 0.7 ? scalar() : table(depth + 1)));
    };
    const table = (depth: number): Record<string, unknown> =>
      Object.fromEntries(
        Array.from({ length: Math.floor(next() * 4) }, () => [
          pick(['a', 'title', 'base_url', 'k-1', 'y', 'x'.repeat(60), text()]),
          value(depth),
        ]),
      );
    let written = 0;
    for (let i = 0; i < 20_000; i++) {
      const data = table(0);
      const text = simpleYaml(data);
      if (text === undefined) continue;
      written++;
      expect(text).toBe(stringify(data));
    }
    // The fast path is taken often enough for the comparison to mean something.
    expect(written).toBeGreaterThan(1_000);
  });
});
