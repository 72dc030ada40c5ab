import { describe, expect, it } from 'vitest';
import type { PagePart } from './page-parts.js';
import { pageSizeProblems } from './page-size.js';

const BASE = 'http://localhost';
/** The pointer line withLlmsDirective adds to a page without H1 or frontmatter, with its blank line. */
const POINTER_CHARS = `> For agents: the index of this site is ${BASE}/llms.txt\n\n`.length;

function part(n: number, chars: number): PagePart {
  return {
    n,
    url: `/a;part=${n}`,
    markdownUrl: `/a;part=${n}.md`,
    headings: [],
    markdown: 'x'.repeat(chars),
    bodyHtml: '',
    startsWithH1: false,
  };
}

describe('pageSizeProblems', () => {
  it('says nothing of a page under the limit', () => {
    expect(pageSizeProblems('a.md', 4_000, { markdown: 'x'.repeat(4_000), parts: [] }, 5_000, BASE)).toStrictEqual([]);
  });

  it('says in how many parts a page over the limit is served, counting the markdown as served', () => {
    const content = { markdown: 'x'.repeat(9_000), parts: [part(1, 4_900), part(2, 4_300)] };
    expect(pageSizeProblems('a.md', 9_000, content, 5_000, BASE)).toStrictEqual([
      {
        severity: 'warning',
        file: 'a.md',
        message: `${9_000 + POINTER_CHARS} characters as markdown: over the page limit of 5000, so it is served in 2 parts`,
      },
    ]);
  });

  it('names a part still over the limit, and a page with nowhere to cut', () => {
    const content = { markdown: 'x'.repeat(9_000), parts: [part(1, 1_000), part(2, 8_200)] };
    expect(pageSizeProblems('a.md', 9_000, content, 5_000, BASE).map((problem) => problem.message)).toStrictEqual([
      `${9_000 + POINTER_CHARS} characters as markdown: over the page limit of 5000, so it is served in 2 parts`,
      'part 2 of 2 has 8200 characters: no heading or blank line to cut it at',
    ]);
    expect(pageSizeProblems('a.md', 9_000, { markdown: 'x'.repeat(9_000), parts: [] }, 5_000, BASE)).toStrictEqual([
      {
        severity: 'warning',
        file: 'a.md',
        message: `${9_000 + POINTER_CHARS} characters as markdown, over the page limit of 5000, and no heading or blank line to cut it at`,
      },
    ]);
  });

  it('with splitting off, warns only past the size agents truncate at, counting the source', () => {
    expect(pageSizeProblems('a.md', 50_000, { markdown: 'x'.repeat(60_000), parts: [] }, 0, BASE)).toStrictEqual([]);
    expect(pageSizeProblems('a.md', 50_001, { markdown: '', parts: [] }, 0, BASE)).toStrictEqual([
      { severity: 'warning', file: 'a.md', message: '50001 characters: agents may truncate pages over 50000 (split the page)' },
    ]);
  });
});
