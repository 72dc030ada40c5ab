import { describe, expect, it } from 'vitest';
import { splitFrontmatter } from './frontmatter.js';

describe('splitFrontmatter', () => {
  it('returns the whole text as body when there is no frontmatter', () => {
    expect(splitFrontmatter('# Title\n\nText.\n')).toStrictEqual({ data: {}, body: '# Title\n\nText.\n' });
    expect(splitFrontmatter('')).toStrictEqual({ data: {}, body: '' });
  });

  it('only takes a fence on the very first line', () => {
    const text = 'Intro\n---\ntitle: Not frontmatter\n---\n';
    expect(splitFrontmatter(text)).toStrictEqual({ data: {}, body: text });
    expect(splitFrontmatter(`\n${text}`)).toStrictEqual({ data: {}, body: `\n${text}` });
  });

  it('leaves an unclosed fence in the body', () => {
    const text = '---\ntitle: Open\n\nBody.\n';
    expect(splitFrontmatter(text)).toStrictEqual({ data: {}, body: text });
  });

  it('parses a YAML mapping and keeps the body after the closing fence', () => {
    expect(splitFrontmatter('---\ntitle: Hello\ndraft: true\nweight: 3\n---\n\n# H\n')).toStrictEqual({
      data: { title: 'Hello', draft: true, weight: 3 },
      body: '\n# H\n',
    });
  });

  it('keeps dates as strings (core schema)', () => {
    expect(splitFrontmatter('---\ndate: 2026-11-01\n---\n').data).toStrictEqual({ date: '2026-11-01' });
  });

  it('accepts CRLF line endings and trailing blanks on the fences', () => {
    expect(splitFrontmatter('---\r\ntitle: Hello\r\n---\r\nBody\r\n')).toStrictEqual({ data: { title: 'Hello' }, body: 'Body\r\n' });
    expect(splitFrontmatter('--- \ntitle: Hello\n---\t\nBody')).toStrictEqual({ data: { title: 'Hello' }, body: 'Body' });
  });

  it('accepts a closing fence at the end of the text', () => {
    expect(splitFrontmatter('---\ntitle: Hello\n---')).toStrictEqual({ data: { title: 'Hello' }, body: '' });
  });

  it('treats empty frontmatter as no data', () => {
    expect(splitFrontmatter('---\n---\nBody')).toStrictEqual({ data: {}, body: 'Body' });
    expect(splitFrontmatter('---\n\n---\nBody')).toStrictEqual({ data: {}, body: 'Body' });
    expect(splitFrontmatter('---\n# only a comment\n---\nBody')).toStrictEqual({ data: {}, body: 'Body' });
  });

  it('keeps a thematic break of the body', () => {
    expect(splitFrontmatter('---\na: 1\n---\nText\n\n---\n\nMore\n')).toStrictEqual({ data: { a: 1 }, body: 'Text\n\n---\n\nMore\n' });
  });

  it('reads literal and folded block scalars', () => {
    const text = '---\ndescription: |\n  Line one\n  Line two\nsummary: >\n  Folded one\n  folded two\n---\nBody';
    expect(splitFrontmatter(text)).toStrictEqual({
      data: { description: 'Line one\nLine two\n', summary: 'Folded one folded two\n' },
      body: 'Body',
    });
  });

  it('reads Hugo TOML frontmatter (+++ fences)', () => {
    const { data, body } = splitFrontmatter('+++\ntitle = "A"\ndraft = true\nweight = 3\n+++\nBody');
    expect([{ ...data }, body]).toStrictEqual([{ title: 'A', draft: true, weight: 3 }, 'Body']);
  });

  it('drops invalid TOML and says why, with the file line', () => {
    expect(splitFrontmatter('+++\ntitle = "A"\ntitle = "B"\n+++\nBody')).toStrictEqual({
      data: {},
      body: 'Body',
      error: 'invalid TOML frontmatter at line 3, column 1: trying to redefine an already defined table or value',
    });
  });

  it('drops invalid YAML and says why in one line', () => {
    const result = splitFrontmatter('---\ntitle: [unclosed\n---\nBody');
    expect(result.data).toStrictEqual({});
    expect(result.body).toBe('Body');
    expect(result.error).toBe(
      'invalid YAML frontmatter at line 2, column 17: Flow sequence in block collection must be sufficiently indented and end with a ]',
    );
  });

  it.each([
    ['a duplicate key', '---\ntitle: a\ntitle: b\n---\n', 'invalid YAML frontmatter at line 3, column 1: Map keys must be unique'],
    ['an unclosed quote', '---\ntitle: "Roadmap\n---\n', 'invalid YAML frontmatter at line 2, column 16: Missing closing "quote'],
    [
      'a colon in a plain title',
      '---\ntitle: Roadmap: Q3\naccess: internal\n---\n',
      'invalid YAML frontmatter at line 2, column 8: Nested mappings are not allowed in compact mappings',
    ],
  ])('names the file line and column of %s', (_what, text, error) => {
    expect(splitFrontmatter(text).error).toBe(error);
  });

  it.each([
    ['a list', '---\n- a\n- b\n---\nBody'],
    ['a string', '---\njust text\n---\nBody'],
    ['a number', '---\n42\n---\nBody'],
  ])('ignores frontmatter that is %s', (_what, text) => {
    expect(splitFrontmatter(text)).toStrictEqual({ data: {}, body: 'Body', error: 'frontmatter is not a YAML mapping' });
  });

  it("reports YAML's warnings in `warning`, keeps the data, and never emits a process warning", () => {
    const emitted: string[] = [];
    const listen = (warning: Error): void => void emitted.push(warning.message);
    process.on('warning', listen);
    try {
      expect(splitFrontmatter('---\ntitle: !secret Hunter\nx: !!js/function f\n---\nBody')).toStrictEqual({
        data: { title: 'Hunter', x: 'f' },
        body: 'Body',
        warning: 'YAML frontmatter: Unresolved tag: !secret at line 2, column 8',
      });
    } finally {
      process.off('warning', listen);
    }
    expect(emitted).toStrictEqual([]);
  });

  it('drops an alias bomb as invalid', () => {
    const bomb = [
      'a: &a [x, x]',
      ...Array.from(
        { length: 12 },
        (_, i) =>
          `${String.fromCharCode(98 + i)}: &${String.fromCharCode(98 + i)} [*${String.fromCharCode(97 + i)}, *${String.fromCharCode(97 + i)}]`,
      ),
    ];
    expect(splitFrontmatter(`---\n${bomb.join('\n')}\n---\nBody`)).toMatchObject({
      data: {},
      body: 'Body',
      error: expect.stringMatching(/^invalid YAML frontmatter: Excessive alias count/) as unknown,
    });
  });
});
