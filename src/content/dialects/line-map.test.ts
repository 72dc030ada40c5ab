import { describe, expect, it } from 'vitest';
import { sourceLineMap } from './line-map.js';
import { dialect } from './test-support.js';

/** Every plain line's written line (both 1-based, as `check` prints them), `needle` given to all. */
function lineNumbers(written: string, needle?: string): number[] {
  const plain = dialect(written, { relPath: 'page.mdx' }).text;
  const lineOf = sourceLineMap(written, plain);
  return plain.split('\n').map((_, i) => lineOf(i, needle) + 1);
}

describe('sourceLineMap', () => {
  it('maps a source the dialects leave alone line for line', () => {
    const lineOf = sourceLineMap('a\nb', 'a\nb');
    expect([lineOf(0), lineOf(1)]).toStrictEqual([0, 1]);
  });

  it('skips the lines MDX drops and follows an admonition body into its quote', () => {
    const written = "import A from 'a';\nimport B from 'b';\n\n:::tip Title\n\nBody [x](gone.md).\n\n:::\n\nAfter.\n";
    expect(dialect(written, { relPath: 'page.mdx' }).text).toBe('> [!TIP]\n> **Title**\n>\n> Body [x](gone.md).\n\nAfter.\n');
    expect(lineNumbers(written)).toStrictEqual([4, 4, 5, 6, 9, 10, 11]);
  });

  it('maps a block written over several lines to the replaced line holding the needle, else to its last', () => {
    const written = 'Intro.\n\n{{< figure\n  src="/a.png"\n  alt="A"\n>}}\n\nEnd.\n';
    const plain = dialect(written).text;
    expect(plain).toBe('Intro.\n\n\n![A](/a.png)\n\n\nEnd.\n');
    const lineOf = sourceLineMap(written, plain);
    expect([lineOf(3, '/a.png'), lineOf(3), lineOf(3, 'elsewhere.png')].map((n) => n + 1)).toStrictEqual([4, 6, 6]);
    expect([lineOf(0), lineOf(6)].map((n) => n + 1)).toStrictEqual([1, 8]);
  });

  it('maps the content of an include to its include line, past a construct dropped before it', () => {
    const written = '# M\n\n{{< new-in 0.1 />}}\n\n{{% include "/_common/x.md" %}}\n\nEnd.\n';
    const plain = '# M\n\nIncluded [g](g).\n\nMore.\n\nEnd.\n';
    const lineOf = sourceLineMap(written, plain);
    expect(plain.split('\n').map((_, i) => lineOf(i, 'g') + 1)).toStrictEqual([1, 5, 5, 5, 5, 6, 7, 8]);
  });
});
