/**
 * Token counts for `x-markdown-tokens` (token-count.ts): long runs are cut into bounded pieces, so
 * that byte-pair encoding stays linear (issue 28, "One line of content stalls the server"), while
 * ordinary pages are counted exactly as gpt-tokenizer counts them.
 */
import { countTokens } from 'gpt-tokenizer';
import { describe, expect, it } from 'vitest';
import { MAX_RUN_CHARS, markdownTokenCount, tokenPieces } from './token-count.js';

/** A docs page as written: frontmatter, headings, prose, a list, a table, code, a link, CJK and emoji. */
const ORDINARY_PAGE = `---
title: Getting started
---

# Getting started

Install the CLI with \`npm install -g sitegate\`, then run \`sitegate serve ./docs\` and open
[the local server](http://localhost:4000/getting-started#install) in a browser.

- Pages are read from \`.md\` and \`.mdx\` files.
- Each page answers as HTML and as markdown (\`Accept: text/markdown\`).

| Option | Default | Meaning |
|--------|---------|---------|
| \`--port\` | 4000 | The port to listen on. |

\`\`\`ts
export function hello(name: string): string {
  return \`Hello, \${name}!\`;
}
\`\`\`

日本語のページもあります。Emoji too: 🚀✨.
`;

describe('tokenPieces', () => {
  it('keeps text without long runs whole', () => {
    expect(tokenPieces(ORDINARY_PAGE)).toStrictEqual([ORDINARY_PAGE]);
  });

  it('cuts a run of non-space characters every MAX_RUN_CHARS code units, and the pieces join to the text', () => {
    const text = `word ${'a'.repeat(2 * MAX_RUN_CHARS + 10)} end`;
    const pieces = tokenPieces(text);
    expect(pieces.join('')).toBe(text);
    expect(pieces.map((piece) => piece.length)).toStrictEqual([5 + MAX_RUN_CHARS, MAX_RUN_CHARS, 10 + 4]);
  });

  it('cuts a run of spaces as well', () => {
    const text = `a${' '.repeat(MAX_RUN_CHARS + 1)}b`;
    expect(tokenPieces(text)).toStrictEqual([`a${' '.repeat(MAX_RUN_CHARS)}`, ' b']);
  });

  it('never cuts between the halves of a surrogate pair', () => {
    const pieces = tokenPieces('😀'.repeat(5), 3);
    expect(pieces).toStrictEqual(['😀😀', '😀😀', '😀']);
  });
});

describe('markdownTokenCount', () => {
  it("counts an ordinary page exactly as gpt-tokenizer's countTokens does", () => {
    expect(markdownTokenCount(ORDINARY_PAGE)).toBe(countTokens(ORDINARY_PAGE));
    expect(markdownTokenCount(ORDINARY_PAGE)).toBeGreaterThan(100);
  });

  it('counts a 30,000-character run piece by piece: the sum of its pieces, within 1% of the exact count', () => {
    const run = 'a'.repeat(30_000);
    const pieces = Math.floor(30_000 / MAX_RUN_CHARS);
    const expected = pieces * countTokens('a'.repeat(MAX_RUN_CHARS)) + countTokens('a'.repeat(30_000 - pieces * MAX_RUN_CHARS));
    expect(markdownTokenCount(run)).toBe(expected);
    expect(Math.abs(expected - countTokens(run)) / countTokens(run)).toBeLessThan(0.01);
  });
});
