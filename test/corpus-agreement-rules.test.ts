/**
 * The corpus agreement test's own rules (corpus-agreement-rules.ts): what they catch (generator
 * syntax outside code, words only one side has) and what they let through (the author's literal
 * text, markup a reader never sees as words).
 */
import { describe, expect, it } from 'vitest';
import { htmlToText, literalTexts, markdownProse, markdownText, syntaxFindings, wordsOf } from './corpus-agreement-rules.js';

const kinds = (text: string, options?: Parameters<typeof syntaxFindings>[3]): string[] =>
  syntaxFindings(text, 'md', '/p', options).map((finding) => finding.kind);

describe('the syntax detector', () => {
  it('still catches syntax leaks in markdown, HTML text and descriptions', () => {
    expect(kinds(markdownProse('Text <Tabs> here.\n'), { markdown: true })).toEqual(['jsx-tag']);
    expect(kinds(markdownProse('{% hint style="info" %}\nHi\n'), { markdown: true })).toEqual(['liquid-tag']);
    expect(kinds('A <BigApp> leak', { literals: [] })).toEqual(['jsx-tag']);
    expect(kinds('{{< figure src=a.jpg >}} and ## T {#id}')).toEqual(['hugo-shortcode', 'attribute-list']);
    // An escaped match does not hide a later real one.
    expect(kinds('\\{%x%\\} then {% include "a.md" %}', { markdown: true })).toEqual(['liquid-tag']);
  });

  it('reads backslash-escaped syntax in markdown as literal text (GitBook writes `\\{%…%\\}` for literal braces)', () => {
    expect(kinds(markdownProse('_Customer Name_ instead of _\\{%customer.name%\\}_.\n'), { markdown: true })).toEqual([]);
    expect(literalTexts('_Customer Name_ instead of _\\{%customer.name%\\}_.')).toEqual(['{%customer.name%}']);
    expect(kinds('Customer Name  instead of  {%customer.name%} .', { literals: ['{%customer.name%}'] })).toEqual([]);
  });

  it('reads a code span’s text in a description as the author’s literal text, not a component', () => {
    const literals = literalTexts('Consider a “big” app (contained in a `<BigApp>` component).');
    expect(literals).toEqual(['<BigApp>']);
    expect(kinds('app (contained in a <BigApp> component) that embeds', { literals })).toEqual([]);
    expect(kinds('app (contained in a <BigApp> component) with <Tabs> too', { literals })).toEqual(['jsx-tag']);
  });
});

describe('the words of a markdown body and an HTML body', () => {
  it('leaves out HTML comments, a `>` inside one included', () => {
    expect(wordsOf(markdownText('Text.\n\n<!-- manual-regeneration\ncargo run > output.txt 2>&1\n-->\n'))).toEqual(new Set(['text']));
    expect(wordsOf(htmlToText('<p>Text.</p>\n<!-- a > b -->'))).toEqual(new Set(['text']));
  });

  it('reads footnote definitions as the footnote’s text (GFM footnotes)', () => {
    expect(
      wordsOf(markdownText('A[^s].\n\n[^s]: [https://en.wikipedia.org/wiki/SipHash](https://en.wikipedia.org/wiki/SipHash)\n')),
    ).toEqual(new Set(['a', 'https', 'en', 'wikipedia', 'org', 'wiki', 'siphash']));
  });

  it('reads a task list marker as a checkbox, not the word x', () => {
    expect(wordsOf(markdownText('- [x] No installation needed\n'))).toEqual(new Set(['no', 'installation', 'needed']));
  });

  it('leaves out elements never shown as text: script, style, form controls', () => {
    const markdown =
      'Pick:\n\n<div>\n  <select>\n    <option value="all">All</option>\n  </select>\n</div>\n\n<script>\n  var tables = document.querySelectorAll("table")\n</script>\n';
    expect(wordsOf(markdownText(markdown))).toEqual(new Set(['pick']));
    expect(wordsOf(htmlToText('<p>Pick:</p><style>.a { color: red }</style>'))).toEqual(new Set(['pick']));
  });

  it('keeps the words of prose HTML and of an image’s alt', () => {
    expect(wordsOf(htmlToText('<p>See <img src="a.png" alt="the chart"> <kbd>Esc</kbd></p>'))).toEqual(
      new Set(['see', 'the', 'chart', 'esc']),
    );
  });
});
