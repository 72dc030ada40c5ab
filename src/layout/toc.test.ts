import { describe, expect, it } from 'vitest';
import { renderToc, tocEntries } from './toc.js';

const BODY = `<h1 id="title">Title</h1>
<h2 id="install">Install</h2>
<p>Text</p>
<h3 id="with-npm">With <code>npm</code> &amp; co</h3>
<h4 id="deep">Deep</h4>
<h3 id="from-source">From source</h3>
<h2 class="x" id="use">Use</h2>
<h2>No id</h2>`;

describe('tocEntries', () => {
  it('lists H2 and H3 with their ids and text (markup removed, entities kept), skipping H1, H4 and headings without an id', () => {
    expect(tocEntries(BODY)).toStrictEqual([
      { level: 2, id: 'install', textHtml: 'Install' },
      { level: 3, id: 'with-npm', textHtml: 'With npm &amp; co' },
      { level: 3, id: 'from-source', textHtml: 'From source' },
      { level: 2, id: 'use', textHtml: 'Use' },
    ]);
  });
});

describe('renderToc', () => {
  it('nests H3s under their H2 in a collapsible "On this page" navigation', () => {
    expect(renderToc(tocEntries(BODY))).toBe(`<details class="toc" id="toc"><summary>On this page</summary>
<nav aria-label="On this page">
<ul>
<li><a href="#install">Install</a>
<ul>
<li><a href="#with-npm">With npm &amp; co</a></li>
<li><a href="#from-source">From source</a></li>
</ul></li>
<li><a href="#use">Use</a></li>
</ul>
</nav>
</details>
`);
  });

  it('is empty for fewer than two headings, and closes a list that ends nested', () => {
    expect(renderToc(tocEntries('<h2 id="a">A</h2>'))).toBe('');
    expect(renderToc(tocEntries('<h2 id="a">A</h2><h3 id="b">B</h3>'))).toContain(
      '<li><a href="#a">A</a>\n<ul>\n<li><a href="#b">B</a></li>\n</ul></li>\n</ul>',
    );
  });
});
