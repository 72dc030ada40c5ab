import { describe, expect, it } from 'vitest';
import { HtmlDepth } from './blocks.js';
import { headingText, planParts, type PartPlan } from './page-split.js';

/** A paragraph line of exactly `chars` characters (plus its newline in the plan's count). */
const text = (chars: number, letter = 'x'): string => letter.repeat(chars);

/** The lines of each part, to read plans at a glance. */
function linesOf(lines: readonly string[], plan: readonly PartPlan[]): string[][] {
  return plan.map((part) => lines.slice(part.start, part.end));
}

describe('planParts', () => {
  it('keeps a body that fits in one part', () => {
    const lines = ['# Title', '', text(50), '', '## A', '', text(50)];
    expect(planParts(lines, 1000)).toStrictEqual([{ start: 0, end: 7, headings: ['Title', 'A'] }]);
  });

  it('packs whole H2 sections greedily, each part under the budget', () => {
    // Each section is 5 + 1 + 41 = 47 characters with newlines ('## A\n', '\n', 40 x + '\n').
    const lines = ['## A', '', text(40), '## B', '', text(40), '## C', '', text(40)];
    const plan = planParts(lines, 100);
    expect(plan).toStrictEqual([
      { start: 0, end: 6, headings: ['A', 'B'] },
      { start: 6, end: 9, headings: ['C'] },
    ]);
  });

  it('counts the lead (frontmatter) in the first part only', () => {
    const lines = ['## A', '', text(40), '## B', '', text(40)];
    expect(planParts(lines, 100, 0).map((part) => part.start)).toStrictEqual([0]);
    expect(planParts(lines, 100, 10).map((part) => part.start)).toStrictEqual([0, 3]);
  });

  it('cuts a section too big on its own at its H3 headings', () => {
    const lines = ['## Big', '', '### One', text(60), '### Two', text(60), '## Small', text(10)];
    const plan = planParts(lines, 100);
    expect(linesOf(lines, plan)).toStrictEqual([
      ['## Big', '', '### One', text(60)],
      ['### Two', text(60), '## Small', text(10)],
    ]);
    expect(plan.map((part) => part.headings)).toStrictEqual([['Big'], ['Small']]);
  });

  it('lists H3 headings when a part starts no H1/H2 section', () => {
    const lines = ['## Big', '### One', text(60), '### Two', text(60), '### Three', text(60)];
    expect(planParts(lines, 80).map((part) => part.headings)).toStrictEqual([['Big'], ['Two'], ['Three']]);
  });

  it('falls back to top-level blocks: a blank line then a line at column 0', () => {
    const lines = [text(50, 'a'), '', text(50, 'b'), '', '  indented continuation', '', text(50, 'c')];
    const plan = planParts(lines, 80);
    expect(linesOf(lines, plan)).toStrictEqual([[text(50, 'a'), ''], [text(50, 'b'), '', '  indented continuation', ''], [text(50, 'c')]]);
  });

  it('never cuts inside fenced code, even at a heading or a blank line', () => {
    const fence = ['```md', '## not a heading', '', text(60), '', '## still code', '```'];
    const lines = ['## A', text(30), '', ...fence, '## B', text(30)];
    const plan = planParts(lines, 60);
    expect(linesOf(lines, plan)).toStrictEqual([['## A', text(30), ''], fence, ['## B', text(30)]]);
  });

  it('handles ~~~ fences and longer closing fences', () => {
    const lines = ['~~~~', '## inside', '', 'x', '~~~', 'still inside', '~~~~', '', '## After', text(40)];
    const plan = planParts(lines, 60);
    expect(plan.map((part) => part.start)).toStrictEqual([0, 8]);
  });

  it('cuts a raw HTML block at its <h2> and <h3> lines (generated API references)', () => {
    const lines = ['<ul><li>toc</li></ul>', '<h2 id="a">Group a</h2>', text(50), '<h3 id="a.b">Kind <code>B</code></h3>', text(50)];
    const plan = planParts(lines, 70);
    expect(linesOf(lines, plan)).toStrictEqual([
      ['<ul><li>toc</li></ul>'],
      ['<h2 id="a">Group a</h2>', text(50)],
      ['<h3 id="a.b">Kind <code>B</code></h3>', text(50)],
    ]);
    expect(plan.map((part) => part.headings)).toStrictEqual([[], ['Group a'], ['Kind B']]);
  });

  it('cuts before a raw HTML element spanning blank lines rather than inside it, and never inside a <pre> or an admonition', () => {
    const section = (name: string): string[] => [`<h2 id="${name}">${name}</h2>`, `<p>${text(40)}</p>`, ''];
    const intro = ['## Intro', text(40), ''];
    const wrapped = [...intro, '<div class="api">', '', ...section('a'), ...section('b'), '</div>', '', '## After', text(40)];
    // Without regard to the <div>, greedy packing would cut at <h2 id="b"> (line 8), inside it.
    expect(planParts(wrapped, 170).map((part) => part.start)).toStrictEqual([0, 3, 13]);
    const pre = ['<pre>', '$ make', '', '# build the thing', text(40), '', text(40), '</pre>', '', '## After', text(40)];
    expect(planParts(pre, 70).map((part) => part.start)).toStrictEqual([0, 9]);
    // An admonition as the dialect step writes it (a GitHub alert): one quote, never cut.
    const note = ['> [!NOTE]', `> ${text(40)}`, '>', '> ## Inside the note', '>', `> ${text(40)}`, '', '## After', text(40)];
    expect(planParts(note, 70).map((part) => part.start)).toStrictEqual([0, 7]);
    // `:::` left in the markdown is text: no generator's parser read a container there (dialects/container-tree.ts).
    const text3 = ['::: note', text(40), '', '## Inside', '', text(40), ':::', '', '## After', text(40)];
    expect(planParts(text3, 70).map((part) => part.start)).toStrictEqual([0, 3, 8]);
  });

  it('names parts by headings inside raw HTML, and cuts one long HTML block at its <h2> lines when it must', () => {
    const groups = Array.from({ length: 6 }, (_, i) => [`<h2 id="g${i}">Group ${i}</h2>`, `<p>${text(60)}</p>`]).flat();
    const oneBlock = ['<div class="ref">', ...groups, '</div>'];
    const plan = planParts(oneBlock, 200);
    expect(plan.length).toBeGreaterThan(1);
    for (const part of plan) expect(oneBlock.slice(part.start, part.end).join('\n').length).toBeLessThan(200);
    expect(plan.flatMap((part) => part.headings)).toStrictEqual(['Group 0', 'Group 1', 'Group 2', 'Group 3', 'Group 4', 'Group 5']);
  });

  it('cuts inside raw HTML an author left open only when nothing else fits, at its headings first', () => {
    const lines = ['<div>', '', '## A', text(40), '', '## B', text(40)];
    expect(planParts(lines, 60).map((part) => part.start)).toStrictEqual([0, 5]);
  });

  it('does not take commented-out HTML or a <p> without its end tag for an open element', () => {
    const section = (name: string): string[] => [`## ${name}`, '', text(40), ''];
    // Read as an open <div>, the headings would rank below paragraphs: cuts at lines 6 and 10.
    const commented = ['<!--', '<div class="old">', '-->', '', ...section('A'), ...section('B')];
    expect(planParts(commented, 60).map((part) => part.start)).toStrictEqual([0, 4, 8]);
    const unclosedP = ['<p align="center">', '<img src="logo.png">', '', ...section('A'), ...section('B')];
    expect(planParts(unclosedP, 60).map((part) => part.start)).toStrictEqual([0, 3, 7]);
  });

  it('cuts a list between its items only when it does not fit a part', () => {
    const lines = ['- one', '', `  ${text(40)}`, '', '- two', '', `  ${text(40)}`, '', '## After', text(10)];
    expect(planParts(lines, 110).map((part) => part.start)).toStrictEqual([0, 8]);
    expect(planParts(lines, 60).map((part) => part.start)).toStrictEqual([0, 4, 8]);
  });

  it('reads CRLF line endings as LF', () => {
    const lines = ['# Title', '', '```', 'npm install', '```', '', '## A', text(40), '', '## B', text(40)].map((line) => `${line}\r`);
    expect(planParts(lines, 70).map((part) => part.start)).toStrictEqual([0, 6, 9]);
  });

  it('names parts by indented headings without their markup', () => {
    const lines = ['  ## Alpha', text(40), '', ' <h2>Beta</h2>', text(40)];
    expect(planParts(lines, 60).map((part) => part.headings)).toStrictEqual([['Alpha'], ['Beta']]);
  });

  it('cuts at setext headings and names parts by them', () => {
    const lines = ['Alpha', '=====', '', text(40), '', 'Beta', '----', '', text(40)];
    const plan = planParts(lines, 60);
    expect(plan.map((part) => part.start)).toStrictEqual([0, 5]);
    expect(plan.map((part) => part.headings)).toStrictEqual([['Alpha'], ['Beta']]);
  });

  it('leaves a block bigger than the budget whole, in a part of its own', () => {
    const lines = ['## A', text(20), '', text(200), '', '## B', text(20)];
    expect(linesOf(lines, planParts(lines, 50))).toStrictEqual([
      ['## A', text(20), ''],
      [text(200), ''],
      ['## B', text(20)],
    ]);
  });

  it('covers every line exactly once, in order', () => {
    const lines = Array.from({ length: 300 }, (_, i) => (i % 17 === 0 ? `## S${i}` : i % 5 === 0 ? '' : text(i % 40)));
    const plan = planParts(lines, 500);
    expect(plan[0]?.start).toBe(0);
    expect(plan[plan.length - 1]?.end).toBe(300);
    plan.slice(1).forEach((part, i) => expect(part.start).toBe(plan[i]?.end));
    for (const part of plan) {
      const size = lines.slice(part.start, part.end).reduce((sum, line) => sum + line.length + 1, 0);
      expect(size).toBeLessThanOrEqual(500);
    }
  });
});

describe('headingText', () => {
  it.each([
    ['## The *setup* #', 'The setup'],
    ['# `CertificateRequestPolicy`', 'CertificateRequestPolicy'],
    ['### See [the guide](https://x.test/a)', 'See the guide'],
    ['<h2 id="x">A <code>b</code> &amp; c</h2>', 'A b & c'],
  ])('%j → %j', (line, expected) => {
    expect(headingText(line)).toBe(expected);
  });
});

describe('HtmlDepth', () => {
  const depthAfter = (lines: string[]): number[] => {
    const depth = new HtmlDepth();
    return lines.map((line) => {
      depth.feed(line);
      return depth.open;
    });
  };

  it('counts elements left open, with tags and comments spanning lines and quoted >', () => {
    expect(depthAfter(['<section>', '<div', 'class="a>b">', '<!-- <div>', '-->', '</div>', '</section>'])).toStrictEqual([
      1, 1, 2, 2, 2, 1, 0,
    ]);
  });

  it('takes no stray < for a tag: not across a blank line, not past 2,000 characters, not an address', () => {
    expect(depthAfter(['Compare a <b in prose', '', '<div>'])).toStrictEqual([0, 0, 1]);
    expect(depthAfter([`<div title="oops>${'x'.repeat(2100)}`, '<section>'])).toStrictEqual([0, 1]);
    expect(depthAfter(['Mail <support-team@example.com>.'])).toStrictEqual([0]);
  });

  it('leaves out unknown names (a literal <rule> in a generated reference), counting custom elements', () => {
    expect(depthAfter(['<table>', 'a literal <rule> tag', '<my-widget>', '</my-widget></table>'])).toStrictEqual([1, 1, 2, 0]);
  });

  it('leaves out void elements, self-closing tags and elements whose end tag may be left out', () => {
    expect(depthAfter(['<p align="center"><img src="x.png"><br/>', '<ul><li>one', '<li>two</ul>', '<x-widget />'])).toStrictEqual([
      0, 1, 0, 0,
    ]);
  });
});
