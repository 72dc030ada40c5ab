/**
 * `:::` containers found by each generator's own parser (container-tree.ts): remark-directive's
 * micromark extension for Docusaurus and Starlight, markdown-it-container for VitePress and plain
 * folders. Each case is from the generator's documentation page named in the test, or shows where
 * the two parsers differ.
 */
import { describe, expect, it } from 'vitest';
import { containerNodes, directiveNesting, MAX_DIRECTIVE_NESTING } from './container-tree.js';
import { containers } from './container.js';
import { dialect } from './test-support.js';
import { expectLinearTime } from '../../../test/linear-time.js';

const alert = (kind: string, label: string, inner: string): string =>
  `<div class="markdown-alert markdown-alert-${kind}"><p class="markdown-alert-title">${label}</p>\n${inner}</div>\n`;

describe('Docusaurus admonitions as remark-directive reads them (https://docusaurus.io/docs/markdown-features/admonitions)', () => {
  const docusaurus = (source: string): ReturnType<typeof dialect> => dialect(source, { generator: 'docusaurus' });

  it('"Specifying title": the label, markdown and all, is the title', () => {
    const out = docusaurus(
      ':::note[Your Title **with** some _Markdown_ `syntax`!]\n\nSome **content** with some _Markdown_ `syntax`.\n\n:::\n',
    );
    expect(out.text).toBe(
      '> [!NOTE]\n> **Your Title **with** some _Markdown_ `syntax`!**\n>\n> Some **content** with some _Markdown_ `syntax`.\n',
    );
  });

  it('the legacy title after a space is the label, as admonitionTitleToDirectiveLabel makes it; a non-keyword is no admonition', () => {
    const out = docusaurus(':::tip My tip\n\nUse it.\n\n:::\n\n:::custom Not one\n\nText.\n\n:::\n');
    expect(out.text).toBe('> [!TIP]\n> **My tip**\n>\n> Use it.\n\n:::custom Not one\n\nText.\n\n:::\n');
    expect(out.html).toBe(
      `${alert('tip', 'Tip', '<p><strong>My tip</strong></p>\n<p>Use it.</p>\n')}<p>:::custom Not one</p>\n<p>Text.</p>\n<p>:::</p>\n`,
    );
  });

  it('"Nested admonitions": each outer one has more colons', () => {
    const source =
      ':::::info Parent\n\nParent content\n\n::::danger Child\n\nChild content\n\n:::tip Deep Child\n\nDeep child content\n\n:::\n\n::::\n\n:::::\n';
    const out = docusaurus(source);
    expect(out.text).toBe(
      '> [!NOTE]\n> **Parent**\n>\n> Parent content\n>\n> > [!CAUTION]\n> > **Child**\n> >\n> > Child content\n> >\n> > > [!TIP]\n> > > **Deep Child**\n> > >\n> > > Deep child content\n',
    );
    expect(out.html).toBe(
      alert(
        'note',
        'Note',
        `<p><strong>Parent</strong></p>\n<p>Parent content</p>\n${alert(
          'caution',
          'Caution',
          `<p><strong>Child</strong></p>\n<p>Child content</p>\n${alert('tip', 'Tip', '<p><strong>Deep Child</strong></p>\n<p>Deep child content</p>\n')}`,
        )}`,
      ),
    );
  });

  it('reads every default keyword (secondary, success, important included); another directive keeps its content', () => {
    expect(containerNodes(':::secondary\na\n:::\n\n:::success\nb\n:::\n\n:::important\nc\n:::\n\n:::card\nd\n:::\n', 'docusaurus')).toEqual(
      [
        { name: 'secondary', title: undefined, admonition: true, open: 0, end: 2, closed: true },
        { name: 'success', title: undefined, admonition: true, open: 4, end: 6, closed: true },
        { name: 'important', title: undefined, admonition: true, open: 8, end: 10, closed: true },
        { name: 'card', title: undefined, admonition: false, open: 12, end: 14, closed: true },
      ],
    );
    expect(docusaurus(':::success\nb\n:::\n\n:::card\nd\n:::\n').text).toBe('> [!TIP]\n> b\n\nd\n');
  });

  it('an admonition in a list item stays in the item', () => {
    const out = docusaurus('1. Step one\n\n   :::warning\n\n   Careful.\n\n   :::\n\n2. Step two\n');
    expect(out.text).toBe('1. Step one\n\n   > [!WARNING]\n   > Careful.\n\n2. Step two\n');
    expect(out.html).toBe(
      `<ol>\n<li>\n<p>Step one</p>\n${alert('warning', 'Warning', '<p>Careful.</p>\n')}</li>\n<li>\n<p>Step two</p>\n</li>\n</ol>\n`,
    );
  });
});

describe('VitePress custom containers as markdown-it-container reads them (https://vitepress.dev/guide/markdown#custom-containers)', () => {
  const vitepress = (source: string): ReturnType<typeof dialect> => dialect(source, { generator: 'vitepress' });

  it('"Custom Title": the rest of the opening line', () => {
    const out = vitepress(
      '::: danger STOP\nDanger zone, do not proceed\n:::\n\n::: details Click me to view the code\n```js\nconsole.log(1)\n```\n:::\n',
    );
    expect(out.text).toBe(
      '> [!CAUTION]\n> **STOP**\n>\n> Danger zone, do not proceed\n\n> **Click me to view the code**\n>\n> ```js\n> console.log(1)\n> ```\n',
    );
  });

  it('the first line of as many colons closes a container, so an inner one of as many ends with its holder', () => {
    const out = vitepress('::: tip\nOuter.\n::: warning\nInner.\n:::\nAfter.\n:::\n');
    expect(containerNodes('::: tip\nOuter.\n::: warning\nInner.\n:::\nAfter.\n:::\n', 'vitepress')).toEqual([
      { name: 'tip', title: undefined, admonition: true, open: 0, end: 4, closed: true },
    ]);
    expect(out.text).toBe('> [!TIP]\n> Outer.\n> > [!WARNING]\n> > Inner.\n\nAfter.\n:::\n');
    expect(out.html).toBe(`${alert('tip', 'Tip', `<p>Outer.</p>\n${alert('warning', 'Warning', '<p>Inner.</p>\n')}`)}<p>After.\n:::</p>\n`);
  });

  it('more colons outside nest them; a code group after a paragraph line is a block of its own', () => {
    const out = vitepress(':::: tip\nOuter.\n::: warning\nInner.\n:::\n::::\n');
    expect(out.text).toBe('> [!TIP]\n> Outer.\n> > [!WARNING]\n> > Inner.\n');
    const group = vitepress('Install:\n::: code-group\n```sh [npm]\nnpm i\n```\n:::\n');
    expect(group.text).toBe('Install:\n\n**npm**\n\n```sh\nnpm i\n```\n');
    expect(group.html).toBe(
      '<p>Install:</p>\n<p><strong>npm</strong></p>\n<pre tabindex="0"><code class="language-sh">npm i\n</code></pre>\n',
    );
  });

  it('a name must be the first word: `:::tip[Title]` is text on VitePress, a container in a plain folder', () => {
    expect(vitepress(':::tip[Title]\nx\n:::\n').text).toBe(':::tip[Title]\nx\n:::\n');
    expect(dialect(':::tip[Title]\nx\n:::\n').text).toBe('> [!TIP]\n> **Title**\n>\n> x\n');
  });

  it('one left open in a list item ends with the item; a ::: line after the list is no close of it', () => {
    expect(containerNodes('- item\n\n  ::: tip\n  x\n:::\n', 'vitepress')).toEqual([
      { name: 'tip', title: undefined, admonition: true, open: 2, end: 4, closed: false },
    ]);
    expect(containerNodes('- item\n\n  ::: tip\n  x\n  :::\nafter\n', 'vitepress')).toEqual([
      { name: 'tip', title: undefined, admonition: true, open: 2, end: 4, closed: true },
    ]);
  });

  it('a container indented four spaces is code, as markdown-it reads it', () => {
    const source = 'Text.\n\n    ::: tip\n    x\n    :::\n';
    expect(vitepress(source).text).toBe(source);
    expect(vitepress(source).html).toBe('<p>Text.</p>\n<pre tabindex="0"><code>::: tip\nx\n:::\n</code></pre>\n');
  });
});

describe('Starlight asides as remark-directive reads them (https://starlight.astro.build/guides/authoring-content/#asides)', () => {
  it('a title after a space makes no directive (it stays text), unlike Docusaurus', () => {
    expect(containerNodes(':::tip Title\nx\n:::\n', 'starlight')).toEqual([]);
    expect(containerNodes(':::tip Title\nx\n:::\n', 'docusaurus')).toEqual([
      { name: 'tip', title: 'Title', admonition: true, open: 0, end: 2, closed: true },
    ]);
  });

  it('an aside inside a blockquote is left as written (its lines carry the quote markers)', () => {
    const source = '> :::note\n> Quoted.\n> :::\n';
    expect(dialect(source, { generator: 'starlight' }).text).toBe(source);
  });
});

describe('pages micromark would read in super-linear time', () => {
  const same = (body: string): string => body;

  it('bounds the nesting from above in one pass: a close of as many colons or more with the same prefix ends the outermost such one', () => {
    expect(directiveNesting(':::::info\n::::danger\n:::tip\n:::\n::::\n:::::\n:::note\n:::'.split('\n'))).toBe(3);
    // `:::` closes every 3-colon container at once (the outermost first), so equal colons never nest deeper than one.
    expect(directiveNesting(':::a\n:::\n:::b\n:::'.split('\n'))).toBe(1);
    // A close of another prefix, or of fewer colons, closes nothing here: only an over-count.
    expect(directiveNesting('::::a\n> ::::\n::::b\n:::\n::::c'.split('\n'))).toBe(3);
    expect(directiveNesting(':::a\n'.repeat(100).split('\n'))).toBe(MAX_DIRECTIVE_NESTING + 1);
  });

  for (const generator of ['docusaurus', 'starlight'] as const) {
    it(`${generator}: a chain of containers each opened inside the one before is left as written, in linear time`, () => {
      for (const line of [':::a\n', '> :::note\n', ':::note[x]\n']) {
        const source = (count: number): string => line.repeat(count);
        expect(containers(source(2_000), same, generator)).toBe(source(2_000));
        expectLinearTime(source, (text) => containers(text, same, generator), 2_000);
      }
      const indented = (count: number): string => Array.from({ length: count }, (_, i) => `${' '.repeat(2 * i)}:::note\n`).join('');
      expectLinearTime(indented, (text) => containers(text, same, generator), 300);
    });

    it(`${generator}: eight levels and a long body read in linear time; nine are left as written`, () => {
      const source = (count: number): string => ':::note\n'.repeat(MAX_DIRECTIVE_NESTING) + 'x\n'.repeat(count);
      expectLinearTime(source, (text) => containers(text, same, generator), 8_000);
      const nine = ':::note\n'.repeat(MAX_DIRECTIVE_NESTING + 1) + 'x\n';
      expect(containers(nine, same, generator)).toBe(nine);
    });
  }

  it('a close indented four spaces is content, not the close (micromark allows three)', () => {
    expect(containerNodes(':::note\ntext\n    :::\n', 'docusaurus')).toEqual([
      { name: 'note', title: undefined, admonition: true, open: 0, end: 3, closed: false },
    ]);
  });

  it('a byte order mark or a lone carriage return moves no line', () => {
    expect(containerNodes('\uFEFFHello\n\n:::note\ntext\n:::\n', 'starlight')).toEqual([
      { name: 'note', title: undefined, admonition: true, open: 2, end: 4, closed: true },
    ]);
    expect(containers('::: tip\rtext\r:::\r', same, 'vitepress')).toBe('::: tip\rtext\r:::\r');
    expect(containerNodes(':::tip Title\r\nx\r\n:::\r\n', 'docusaurus')).toEqual([
      { name: 'tip', title: 'Title', admonition: true, open: 0, end: 2, closed: true },
    ]);
  });
});
