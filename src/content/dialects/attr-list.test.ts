/**
 * Attribute lists on every generator (attr-list.ts): the HTML keeps what they set, the markdown
 * agents get has none. Fixtures from Python-Markdown's attr_list page
 * (https://python-markdown.github.io/extensions/attr_list/), Hugo's markdown attributes
 * (https://gohugo.io/content-management/markdown-attributes/) and VitePress' custom anchors and
 * `markdown.attrs` delimiters (https://vitepress.dev/guide/markdown#custom-anchors,
 * https://vitepress.dev/reference/site-config#markdown).
 */
import { describe, expect, it } from 'vitest';
import { agentsMarkdown } from './agents-markdown.js';
import { attributeListEnd, normalizeAttributeLists, withoutAttributeLists } from './attr-list.js';
import { dialect as dialectStep } from './test-support.js';
import { expectLinearTime } from '../../../test/linear-time.js';

/** The dialect step's output, its HTML and the markdown agents get (agents-markdown.ts, links left relative). */
function dialect(source: string, options: Parameters<typeof dialectStep>[1] = {}): ReturnType<typeof dialectStep> & { agents: string } {
  const out = dialectStep(source, options);
  return { ...out, agents: agentsMarkdown(out.text) };
}

describe('attribute lists, all generators', () => {
  it('Hugo: `## Heading {#id}` keeps its id in the HTML, not in the agents markdown (gohugo.io markdown-attributes)', () => {
    const out = dialect('## Section 1 {#section-one .blue}\n\nText.\n', { generator: 'hugo' });
    expect(out.agents).toBe('## Section 1\n\nText.\n');
    expect(out.html).toBe('<h2 id="section-one" class="blue">Section 1</h2>\n<p>Text.</p>\n');
  });

  it('VitePress: `# Using custom anchors {#my-anchor}` (vitepress.dev/guide/markdown#custom-anchors)', () => {
    const out = dialect('# Using custom anchors {#my-anchor}\n', { generator: 'vitepress' });
    expect(out.agents).toBe('# Using custom anchors\n');
    expect(out.html).toBe('<h1 id="my-anchor">Using custom anchors</h1>\n');
  });

  it('VitePress markdown.attrs delimiters: `%{#id}%` read as `{#id}` (vitepress.dev/reference/site-config#markdown)', () => {
    const out = dialect('## Intro %{#intro .lead}%\n\nText %{.note}%\n', {
      generator: 'vitepress',
      attrDelimiters: { left: '%{', right: '}%' },
    });
    expect(out.text).toBe('## Intro {#intro .lead}\n\nText {.note}\n');
    expect(out.agents).toBe('## Intro\n\nText\n');
    expect(out.html).toBe('<h2 id="intro" class="lead">Intro</h2>\n<p class="note">Text</p>\n');
  });

  it('MkDocs list items and a list on the line under a paragraph (python-markdown.github.io attr_list)', () => {
    const out = dialect('- item {: .x }\n\nA paragraph\n{: #p }\n', { generator: 'mkdocs' });
    expect(out.agents).toBe('- item\n\nA paragraph\n');
    expect(out.html).toBe('<ul>\n<li class="x">item</li>\n</ul>\n<p id="p">A paragraph</p>\n');
  });

  it('leaves lists in fenced code, indented code, code spans and HTML blocks, and braces that are no list', () => {
    const source =
      '```md\n## A {#a}\n```\n\n    ## B {#b}\n\nIn `{#c}` code, {{ var }}, {x}, {"json": 1} and \\{#escaped}.\n\n<div>\n{#d}\n</div>\n';
    expect(withoutAttributeLists(source)).toBe(source);
    expect(dialect(source, { generator: 'mkdocs' }).agents).toBe(source);
  });

  it('normalises `{: … }` for markdown-it-attrs and keeps `{…}` byte for byte', () => {
    expect(normalizeAttributeLists('## A {: #a .b }\n## C { #c }')).toBe('## A {#a .b}\n## C { #c }');
    expect(normalizeAttributeLists('no lists here')).toBe('no lists here');
  });

  it('reads a list with a scanner: quoted values, bounded length', () => {
    const list = '{ #id .c key="a } b" other=\'x\' }';
    expect(attributeListEnd(list, 1)).toBe(list.length);
    expect(attributeListEnd('{#id', 1)).toBe(-1);
    expect(attributeListEnd(`{#${'a'.repeat(600)}}`, 1)).toBe(-1);
  });

  it('reads a pathological line in linear time', () => {
    const lines: readonly [(count: number) => string, number][] = [
      [(n) => '{'.repeat(n), 100_000],
      [(n) => '{#a '.repeat(n), 25_000],
      [(n) => `${'{ .a'.repeat(n)}\n`, 20_000],
      [(n) => '{: '.repeat(n), 30_000],
    ];
    for (const [line, count] of lines) expectLinearTime(line, (text) => withoutAttributeLists(normalizeAttributeLists(text)), count);
  });
});
