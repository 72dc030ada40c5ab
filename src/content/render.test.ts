import { describe, expect, it } from 'vitest';
import { linkLookup } from './links.js';
import { renderMarkdown } from './render.js';

const render = (body: string): string => renderMarkdown(body, { relPath: 'a.md', lookup: () => undefined, basePath: '' }).html;

describe('renderMarkdown tables', () => {
  it('aligns cells with classes, not style attributes (the CSP has no unsafe-inline), and scopes header cells', () => {
    expect(render('| a | b | c | d |\n| :-- | :-: | --: | --- |\n| 1 | 2 | 3 | 4 |\n')).toBe(
      '<table tabindex="0">\n<thead>\n<tr>\n' +
        '<th class="align-left" scope="col">a</th>\n<th class="align-center" scope="col">b</th>\n' +
        '<th class="align-right" scope="col">c</th>\n<th scope="col">d</th>\n' +
        '</tr>\n</thead>\n<tbody>\n<tr>\n' +
        '<td class="align-left">1</td>\n<td class="align-center">2</td>\n<td class="align-right">3</td>\n<td>4</td>\n' +
        '</tr>\n</tbody>\n</table>\n',
    );
  });

  it('keeps the raw HTML of authors, without the style attribute that the CSP refuses (content/sanitize.ts)', () => {
    expect(render('<table><tr><th style="color:red">x</th></tr></table>\n')).toBe('<table><tr><th>x</th></tr></table>\n');
  });
});

describe('renderMarkdown code blocks', () => {
  it('makes fenced and indented code focusable, so the keyboard can scroll it', () => {
    expect(render('```sh\nls\n```\n')).toBe(
      '<pre tabindex="0"><code class="language-sh hljs"><span class="hljs-built_in">ls</span>\n</code></pre>\n',
    );
    expect(render('    ls\n')).toBe('<pre tabindex="0"><code>ls\n</code></pre>\n');
  });
});

describe('renderMarkdown links left to the site’s render-link hook', () => {
  const hooked = linkLookup(
    (relPath) => (relPath === 'b.md' ? '/b' : undefined),
    { pathFromRoot: true, renderLinkHook: true },
    () => undefined,
  );

  it('renders a link it cannot resolve as its text, lists it as `hook`, and keeps the links it resolves', () => {
    const rendered = renderMarkdown('A [page *kind*](g) and [B](b.md).\n\n![img](missing.png)\n', {
      relPath: 'a.md',
      lookup: hooked,
      basePath: '',
    });
    expect(rendered.html).toBe('<p>A page <em>kind</em> and <a href="/b">B</a>.</p>\n<p><img src="missing.png" alt="img"></p>\n');
    // Images do not go through the link hook: a missing one stays broken.
    expect(rendered.unresolvedLinks).toStrictEqual([
      { href: 'g', kind: 'hook', line: 1 },
      { href: 'missing.png', kind: 'broken', line: 3 },
    ]);
  });

  it('without a hook, the same link stays a link and is broken', () => {
    const plain = linkLookup(
      () => undefined,
      { pathFromRoot: true },
      () => undefined,
    );
    const rendered = renderMarkdown('A [term](g).\n', { relPath: 'a.md', lookup: plain, basePath: '' });
    expect(rendered.html).toBe('<p>A <a href="g">term</a>.</p>\n');
    expect(rendered.unresolvedLinks).toStrictEqual([{ href: 'g', kind: 'broken', line: 1 }]);
  });
});

describe('renderMarkdown on raw HTML nested deeper than a browser builds (sanitize.ts MAX_HTML_DEPTH)', () => {
  it('keeps HTML 512 elements deep as HTML', () => {
    const body = `${'<b>'.repeat(511)}deep\n`;
    expect(render(body)).toBe(`<p>${'<b>'.repeat(511)}deep${'</b>'.repeat(511)}</p>\n`);
  });

  it('shows the HTML of a page one element deeper as text, the markdown around it rendered', () => {
    const body = `# Title\n\n${'<b>'.repeat(512)}deep\n`;
    expect(render(body)).toBe(`<h1 id="title">Title</h1>\n<p>${'&lt;b&gt;'.repeat(512)}deep</p>\n`);
  });

  it('counts the depth across the page: unclosed blocks one after another add up', () => {
    expect(render('<div>\n\n'.repeat(500))).toBe(`${'<div>\n'.repeat(500)}${'</div>'.repeat(500)}`);
    expect(render('<div>\n\n'.repeat(600))).toBe('<p>&lt;div&gt;</p>\n'.repeat(600));
  });
});
