/**
 * Issue 31: the markdown agents get and the HTML agree on where links are. portableMarkdown rewrites
 * a destination only where markdown-it (content/render.ts) sees a link: never inside an indented code
 * block (CommonMark 0.31 §4.4, https://spec.commonmark.org/0.31.2/#indented-code-blocks), a fenced
 * one (§4.5) or a code span (§6.1); inside a raw HTML block (§4.6) only the `src`/`href` the HTML
 * rewrites too. Each case asserts the exact markdown and the exact HTML of the same body.
 */
import { describe, expect, it } from 'vitest';
import { lineKinds } from './block-lines.js';
import type { PageUrlLookup } from './links.js';
import { portableMarkdown, referenceDefinitions } from './portable-markdown.js';
import { renderMarkdown } from './render.js';

const BASE = 'https://docs.example.com';
const URLS: Record<string, string> = { 'guides/install.md': '/guides/install', 'reference/api.md': '/reference/api' };
const lookup: PageUrlLookup = (relPath) => URLS[relPath];

const markdown = (body: string): string =>
  portableMarkdown(body, { relPath: 'reference/api.md', lookup, baseUrl: BASE, documentUrl: `${BASE}/reference/api.md` });
const html = (body: string): string => renderMarkdown(body, { relPath: 'reference/api.md', lookup, basePath: '', highlight: null }).html;

describe('links are rewritten in the markdown only where the HTML has them', () => {
  it('indented code block (CommonMark §4.4): the link stays as written in both', () => {
    const body = 'Run:\n\n    see [install](../guides/install.md)\n\nThen [install](../guides/install.md).\n';
    expect(markdown(body)).toBe(
      'Run:\n\n    see [install](../guides/install.md)\n\nThen [install](https://docs.example.com/guides/install).\n',
    );
    expect(html(body)).toBe(
      '<p>Run:</p>\n<pre tabindex="0"><code>see [install](../guides/install.md)\n</code></pre>\n<p>Then <a href="/guides/install">install</a>.</p>\n',
    );
  });

  it('indented code inside a list item and a blockquote (§5.2, §5.1) is code too', () => {
    const body = '- item\n\n        [a](../guides/install.md)\n\n>     [b](../guides/install.md)\n';
    expect(markdown(body)).toBe(body);
    expect(html(body)).toBe(
      '<ul>\n<li>\n<p>item</p>\n<pre tabindex="0"><code>  [a](../guides/install.md)\n</code></pre>\n</li>\n</ul>\n<blockquote>\n<pre tabindex="0"><code>[b](../guides/install.md)\n</code></pre>\n</blockquote>\n',
    );
  });

  it('a four-space indent that continues a paragraph is text (§4.4: code cannot interrupt a paragraph)', () => {
    const body = 'Text\n    [a](../guides/install.md)\n';
    expect(markdown(body)).toBe('Text\n    [a](https://docs.example.com/guides/install)\n');
    expect(html(body)).toBe('<p>Text\n<a href="/guides/install">a</a></p>\n');
  });

  it('a footnote body indented four spaces is text, as markdown-it-footnote reads it', () => {
    const body = 'A note.[^1]\n\n[^1]: First.\n\n    See [a](../guides/install.md).\n';
    expect(markdown(body)).toBe('A note.[^1]\n\n[^1]: First.\n\n    See [a](https://docs.example.com/guides/install).\n');
    expect(html(body)).toBe(
      '<p>A note.<sup class="footnote-ref"><a href="#fn1" id="fnref1">[1]</a></sup></p>\n<hr class="footnotes-sep">\n<section class="footnotes">\n<ol class="footnotes-list">\n' +
        '<li id="fn1" class="footnote-item"><p>First.</p>\n<p>See <a href="/guides/install">a</a>. <a href="#fnref1" class="footnote-backref">↩︎</a></p>\n</li>\n</ol>\n</section>\n',
    );
  });

  it('fenced code (§4.5), backticks and tildes, fence lines included, and an unclosed fence to the end', () => {
    const body = '```md\n[a](../guides/install.md)\n```\n~~~\n[b](../guides/install.md)\n~~~\n\n````\n[c](../guides/install.md)\n';
    expect(markdown(body)).toBe(body);
    expect(html(body)).toBe(
      '<pre tabindex="0"><code class="language-md">[a](../guides/install.md)\n</code></pre>\n<pre tabindex="0"><code>[b](../guides/install.md)\n</code></pre>\n<pre tabindex="0"><code>[c](../guides/install.md)\n</code></pre>\n',
    );
  });

  it('a raw HTML block (§4.6): markdown link syntax in it is no link; its <a href> and <img src> are rewritten in both', () => {
    const body = '<div>\n[a](../guides/install.md) <a href="../guides/install.md">b</a>\n<a\n  href="../guides/install.md">c</a>\n</div>\n';
    expect(markdown(body)).toBe(
      '<div>\n[a](../guides/install.md) <a href="https://docs.example.com/guides/install">b</a>\n<a\n  href="https://docs.example.com/guides/install">c</a>\n</div>\n',
    );
    expect(html(body)).toBe('<div>\n[a](../guides/install.md) <a href="/guides/install">b</a>\n<a href="/guides/install">c</a>\n</div>\n');
  });

  it('code spans (§6.1): the link in the span stays, the one after it is rewritten', () => {
    const body = 'Write `[a](../guides/install.md)` for [a](../guides/install.md).\n';
    expect(markdown(body)).toBe('Write `[a](../guides/install.md)` for [a](https://docs.example.com/guides/install).\n');
    expect(html(body)).toBe('<p>Write <code>[a](../guides/install.md)</code> for <a href="/guides/install">a</a>.</p>\n');
  });

  it('destinations with balanced parentheses and in angle brackets (§6.3) are whole', () => {
    const body = '[f](f(x).png) [g](<../guides/install.md>) [h]( ../guides/install.md "T")\n';
    expect(markdown(body)).toBe(
      '[f](https://docs.example.com/reference/f(x).png) [g](<https://docs.example.com/guides/install>) [h]( https://docs.example.com/guides/install "T")\n',
    );
  });

  it('a reference definition inside an indented code block is no definition', () => {
    const lines = ['Text', '', '    [a]: ../guides/install.md', '', '[b]: ../guides/install.md'];
    expect(referenceDefinitions(lines).map((definition) => definition.line)).toStrictEqual([4]);
    expect(markdown(lines.join('\n'))).toBe('Text\n\n    [a]: ../guides/install.md\n\n[b]: https://docs.example.com/guides/install');
  });
});

describe('lineKinds', () => {
  it('names each line as markdown-it parses the blocks', () => {
    expect(lineKinds('Text\n\n    code\n```\nfence\n```\n<div>\nhtml\n</div>\n\nmore')).toStrictEqual([
      'text',
      'text',
      'code',
      'code',
      'code',
      'code',
      'html',
      'html',
      'html',
      'text',
      'text',
    ]);
  });

  it('keeps line numbers when a line ends with a lone carriage return', () => {
    expect(lineKinds('a\rb\n\n    code')).toStrictEqual(['text', 'text', 'code']);
  });
});
