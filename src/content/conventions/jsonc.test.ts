import { describe, expect, it } from 'vitest';
import { parseJsonc } from './jsonc.js';
import { expectLinearTime } from '../../../test/linear-time.js';

describe('JSON with comments and trailing commas (tsconfig.json)', () => {
  it('reads line and block comments and trailing commas, as `tsc --init` writes them', () => {
    const text =
      '{\n  // Astro\'s strict preset\n  "extends": "astro/tsconfigs/strict",\n  /* aliases\n     below */\n  "compilerOptions": {\n    "baseUrl": ".",\n    "paths": { "@assets/*": ["src/assets/*",], },\n  },\n}\n';
    expect(parseJsonc(text)).toStrictEqual({
      extends: 'astro/tsconfigs/strict',
      compilerOptions: { baseUrl: '.', paths: { '@assets/*': ['src/assets/*'] } },
    });
  });

  it('keeps strings as written: comment marks, commas and escaped quotes inside them', () => {
    expect(parseJsonc('{"a": "// not a comment", "b": "/* nor */", "c": "x\\",}", "d": [",]"],}')).toStrictEqual({
      a: '// not a comment',
      b: '/* nor */',
      c: 'x",}',
      d: [',]'],
    });
  });

  it('keeps every other JSON rule: a comma with nothing before it, or two, does not parse', () => {
    expect(() => parseJsonc('[,]')).toThrow(SyntaxError);
    expect(() => parseJsonc('[1,,]')).toThrow(SyntaxError);
    expect(() => parseJsonc('{"a": 1 /* unclosed')).toThrow(SyntaxError);
    expect(() => parseJsonc('{"a": \'single\'}')).toThrow(SyntaxError);
    expect(() => parseJsonc('')).toThrow(SyntaxError);
    expect(() => parseJsonc('{"a": 1} 2')).toThrow(new SyntaxError('EndOfFileExpected at offset 9'));
    expect(parseJsonc('\uFEFF{"a": 1}')).toStrictEqual({ a: 1 });
  });

  it('is linear in the length: many trailing commas, many comments, one long string', () => {
    expectLinearTime((n) => '[' + '[1,],'.repeat(n) + '0]', parseJsonc, 50_000);
    expectLinearTime((n) => `${'/*x*/ //y\n'.repeat(n)}1`, parseJsonc, 50_000);
    expectLinearTime((n) => `"${'\\"'.repeat(n)}"`, parseJsonc, 50_000);
  });
});
