/**
 * MDX shapes micromark reads in super-linear time (costly.ts, issue 28 "One line of content stalls
 * the server") are read line by line and reported; ordinary nesting is parsed as before.
 */
import { describe, expect, it } from 'vitest';
import { costlyMdxShape, MAX_DELIMITERS_PER_BLOCK, MAX_NESTED_ITEMS, MAX_QUOTE_DEPTH } from './costly.js';
import { mdxMarkdown } from './index.js';

describe('costlyMdxShape', () => {
  it('passes ordinary pages: a few nesting levels, prose with emphasis and links', () => {
    const page = '# T\n\n> quote\n> > nested\n\n- a\n  - b\n    - c\n1. one\n\nSome *emphasis*, `snake_case` and [a link](a.md).\n';
    expect(costlyMdxShape(page)).toBeUndefined();
  });

  it('names deep blockquotes, nested list items, emphasis and bracket runs', () => {
    expect(costlyMdxShape(`${'> '.repeat(MAX_QUOTE_DEPTH + 1)}a\n`)).toBe(`33 levels of blockquote on one line (most ${MAX_QUOTE_DEPTH})`);
    expect(costlyMdxShape('> '.repeat(MAX_QUOTE_DEPTH))).toBeUndefined();
    expect(costlyMdxShape('- - a\n'.repeat(MAX_NESTED_ITEMS + 1))).toBe(`over ${MAX_NESTED_ITEMS} nested list items`);
    expect(costlyMdxShape('- a\n  - b\n'.repeat(MAX_NESTED_ITEMS + 1))).toBe(`over ${MAX_NESTED_ITEMS} nested list items`);
    expect(costlyMdxShape('*_'.repeat(MAX_DELIMITERS_PER_BLOCK))).toBe(
      `over ${MAX_DELIMITERS_PER_BLOCK} emphasis delimiters in one paragraph`,
    );
    expect(costlyMdxShape('[a](\n'.repeat(MAX_DELIMITERS_PER_BLOCK + 1))).toBe(
      `over ${MAX_DELIMITERS_PER_BLOCK} brackets in one paragraph`,
    );
    // Paragraphs are counted apart.
    expect(costlyMdxShape('[a] *b*\n\n'.repeat(MAX_DELIMITERS_PER_BLOCK))).toBeUndefined();
  });
});

describe('mdxMarkdown on a costly shape', () => {
  it('reads a component under 3,000 levels of blockquote line by line, with a problem saying why', () => {
    const out = mdxMarkdown(`${'> '.repeat(3000)}<Note>a</Note>\n`);
    expect(out.problems).toStrictEqual(['MDX not parsed (3000 levels of blockquote on one line (most 32)); read line by line']);
    expect(out.text).toBe(`${'> '.repeat(3000)}a\n`);
  });
});
