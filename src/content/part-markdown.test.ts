import { describe, expect, it } from 'vitest';
import { headingSummary, partMarkdown, PART_LIST_HEADINGS_MAX_CHARS, type PartLink } from './part-markdown.js';

const BASE = 'https://docs.test';
const PARTS: PartLink[] = [
  { markdownUrl: `${BASE}/a.md`, headings: ['One'] },
  { markdownUrl: `${BASE}/a;part=2.md`, headings: ['Two'] },
  { markdownUrl: `${BASE}/a;part=3.md`, headings: [] },
];

describe('headingSummary', () => {
  it('joins headings, and cuts with … past the bound', () => {
    expect(headingSummary(['A', 'B'])).toBe('A, B');
    const many = Array.from({ length: 40 }, (_, i) => `Heading ${i}`);
    const summary = headingSummary(many);
    expect(summary.endsWith(', …')).toBe(true);
    expect(summary.length).toBeLessThanOrEqual(PART_LIST_HEADINGS_MAX_CHARS + 3);
    expect(headingSummary(['x'.repeat(500)])).toBe(`${'x'.repeat(PART_LIST_HEADINGS_MAX_CHARS - 1)}…`);
  });
});

describe('partMarkdown', () => {
  it('gives part 1 the pointer, the list of parts after it, and a closing line', () => {
    expect(partMarkdown('---\ntitle: A\n---\n\nIntro.\n', 'A', PARTS, 1, BASE)).toBe(
      [
        '---',
        'title: A',
        '---',
        '',
        `> For agents: the index of this site is ${BASE}/llms.txt`,
        '',
        `> This page is long, so it is served in 3 parts. This is part 1: [Next page](${BASE}/a;part=2.md)`,
        '>',
        `> - [Part 1](${BASE}/a.md): One`,
        `> - [Part 2](${BASE}/a;part=2.md): Two`,
        `> - [Part 3](${BASE}/a;part=3.md)`,
        '',
        'Intro.',
        '',
        '',
        `> End of part 1 of 3. [Next page](${BASE}/a;part=2.md)`,
        '',
      ].join('\n'),
    );
  });

  it('opens a later part with the title as H1 and the way back and on', () => {
    expect(partMarkdown('## Three\n\nText.', 'A', PARTS, 3, BASE)).toBe(
      [
        '# A (part 3 of 3)',
        '',
        `> For agents: the index of this site is ${BASE}/llms.txt`,
        '',
        `> Part 3 of 3 of a long page. [Previous page](${BASE}/a;part=2.md) · [Part 1, with the list of parts](${BASE}/a.md)`,
        '',
        '## Three',
        '',
        'Text.',
        '',
        `> End of part 3 of 3. [Previous page](${BASE}/a;part=2.md) · [Part 1, with the list of parts](${BASE}/a.md)`,
        '',
      ].join('\n'),
    );
  });
});
