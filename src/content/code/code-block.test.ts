import { describe, expect, it } from 'vitest';
import { renderMarkdown } from '../render.js';
import { codeBlockHtml, markLines } from './code-block.js';
import { fenceInfo } from './fence-info.js';
import { highlightCode } from './highlight.js';

const render = (body: string): string => renderMarkdown(body, { relPath: 'a.md', lookup: () => undefined, basePath: '' }).html;

describe('fenceInfo', () => {
  it('reads the language, Docusaurus/VitePress ranges and titles, MkDocs hl_lines and the attribute form', () => {
    expect(fenceInfo('ts title="a.ts" {2,4-5}')).toStrictEqual({ lang: 'ts', title: 'a.ts', lines: new Set([2, 4, 5]) });
    expect(fenceInfo('ts{1,3}')).toStrictEqual({ lang: 'ts', lines: new Set([1, 3]) });
    expect(fenceInfo('ts [config.ts]')).toStrictEqual({ lang: 'ts', title: 'config.ts', lines: new Set() });
    expect(fenceInfo('Python hl_lines=\'1 3-4\' title="x.py"')).toStrictEqual({ lang: 'python', title: 'x.py', lines: new Set([1, 3, 4]) });
    expect(fenceInfo('{ .py title="y.py" }')).toStrictEqual({ lang: 'py', title: 'y.py', lines: new Set() });
    expect(fenceInfo('')).toStrictEqual({ lang: '', lines: new Set() });
  });

  it('skips ranges that are malformed, backwards or huge', () => {
    expect(fenceInfo('js {0,5-2,1-99999999,7} {x}')).toStrictEqual({ lang: 'js', lines: new Set([7]) });
  });
});

describe('codeBlockHtml', () => {
  it('writes highlight.js token classes for a known snippet', () => {
    expect(render('```js\nconst a = "<b>"; // hi\n```\n')).toBe(
      '<pre tabindex="0"><code class="language-js hljs"><span class="hljs-keyword">const</span> a = <span class="hljs-string">&quot;&lt;b&gt;&quot;</span>; <span class="hljs-comment">// hi</span>\n</code></pre>\n',
    );
  });

  it('marks highlighted lines, reopening a token span that runs over a line break', () => {
    expect(render('```ts {1,3}\n/* a\nb */\nlet x;\n```\n')).toBe(
      '<pre tabindex="0"><code class="language-ts hljs"><span class="line highlighted"><span class="hljs-comment">/* a</span></span>\n' +
        '<span class="line"><span class="hljs-comment">b */</span></span>\n' +
        '<span class="line highlighted"><span class="hljs-keyword">let</span> x;</span>\n</code></pre>\n',
    );
  });

  it('puts a title above the block as a figure caption, escaped', () => {
    expect(render('```py title="a<b>.py" hl_lines="2"\nx\ny\n```\n')).toBe(
      '<figure class="code-block"><figcaption class="code-title">a&lt;b&gt;.py</figcaption><pre tabindex="0"><code class="language-py hljs"><span class="line">x</span>\n<span class="line highlighted">y</span>\n</code></pre></figure>\n',
    );
  });

  it('reads the title of MkDocs attribute-list fences', () => {
    expect(render('``` { .py title="y.py" }\nx = 1\n```\n\n{#z}\n')).toContain(
      '<figure class="code-block"><figcaption class="code-title">y.py</figcaption><pre tabindex="0"><code class="language-py hljs">x = <span class="hljs-number">1</span>\n</code></pre></figure>\n',
    );
  });

  it('writes plain escaped code for an unknown, absent or plain language, and never throws', () => {
    expect(render('```nosuchlang\n<b> & </b>\n```\n')).toBe(
      '<pre tabindex="0"><code class="language-nosuchlang">&lt;b&gt; &amp; &lt;/b&gt;\n</code></pre>\n',
    );
    expect(render('```\n<b>\n```\n')).toBe('<pre tabindex="0"><code>&lt;b&gt;\n</code></pre>\n');
    expect(render('```text\nlet x\n```\n')).toBe('<pre tabindex="0"><code class="language-text">let x\n</code></pre>\n');
    expect(highlightCode('\u0000\uD800 ``` {{', 'js')?.replace(/<[^<>]+>/g, '')).toBe('\u0000\uD800 ``` {{');
  });

  it('writes no highlighting with a null highlighter', () => {
    expect(codeBlockHtml('let x;\n', 'js', null)).toBe('<pre tabindex="0"><code class="language-js">let x;\n</code></pre>\n');
  });

  it('keeps the text of the lines when marking them', () => {
    const html = markLines('<span class="a">x\ny</span>\nz\n', new Set([2]));
    expect(html).toBe(
      '<span class="line"><span class="a">x</span></span>\n<span class="line highlighted"><span class="a">y</span></span>\n<span class="line">z</span>\n',
    );
    expect(html.replace(/<[^<>]+>/g, '')).toBe('x\ny\nz\n');
  });
});
