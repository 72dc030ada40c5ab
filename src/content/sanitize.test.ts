/**
 * The content allow-list (sanitize.ts): each script vector in, the exact HTML out; and what
 * markdown-it, the dialects and authors write for docs comes out as it went in.
 */
import { describe, expect, it } from 'vitest';
import { sanitizeContentHtml } from './sanitize.js';

describe('sanitizeContentHtml drops script from content', () => {
  it.each([
    ['a script mid-paragraph, with its text', '<p>a<script>document.title="x"</script>b</p>', '<p>ab</p>'],
    ['a script loading an upload', '<SCRIPT SRC="/.gitbook/assets/x.js"></SCRIPT>', ''],
    ['an event handler', '<img src="x" onerror="document.title=1" alt="a">', '<img src="x" alt="a">'],
    [
      'every on* attribute, keeping the rest',
      '<div onclick="x()" onmouseover="y()" data-x="1" aria-label="l" class="c" id="i">z</div>',
      '<div data-x="1" aria-label="l" class="c" id="i">z</div>',
    ],
    ['a javascript: link', '<a href="javascript:alert(1)">go</a>', '<a>go</a>'],
    ['a javascript: link in mixed case with an entity', '<a href="JaVaScRiPt&#58;alert(1)">go</a>', '<a>go</a>'],
    ['a javascript: link with an encoded letter', '<a href="&#x6A;avascript:alert(1)">go</a>', '<a>go</a>'],
    ['a javascript: link behind white space', '<a href=" \tjavascript:alert(1)">go</a>', '<a>go</a>'],
    ['a vbscript: link', '<a href="vbscript:msgbox(1)">go</a>', '<a>go</a>'],
    ['a data: link', '<a href="data:text/html,<script>alert(1)</script>">go</a>', '<a>go</a>'],
    ['a data: image source that is no image', '<img src="data:text/html;base64,PHNjcmlwdD4=" alt="x">', '<img alt="x">'],
    ['a javascript: candidate of a srcset', '<img srcset="javascript:alert(1) 1x, /a.png 2x" alt="x">', '<img srcset="/a.png 2x" alt="x">'],
    ['a javascript: poster', '<video controls src="/a.mp4" poster="javascript:x"></video>', '<video controls="" src="/a.mp4"></video>'],
    ['a meta refresh', '<meta http-equiv="refresh" content="0;url=https://example.org">', ''],
    ['a base', '<base href="https://example.org/">', ''],
    ['an object, keeping its fallback text', '<object data="/evil.svg" type="image/svg+xml">Diagram</object>', 'Diagram'],
    ['an embed', '<embed src="/evil.swf">', ''],
    ['an iframe with srcdoc', '<iframe srcdoc="<script>parent.document.title=1</script>"></iframe>', ''],
    ['an iframe with src', '<iframe src="https://www.youtube.com/embed/x" title="Video"></iframe>', ''],
    ['an inline SVG with onload', '<svg onload="document.title=1"><circle r="2"/></svg>', ''],
    ['a script in an SVG', '<svg><script>document.title=1</script></svg>', ''],
    [
      'an SVG link and animate to javascript:',
      '<svg><a xlink:href="javascript:alert(1)"><text>t</text></a><animate attributeName="href" to="javascript:alert(1)"/></svg>',
      '',
    ],
    ['MathML mutation', '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>', ''],
    [
      'a form that would post elsewhere, keeping the text',
      '<form action="https://example.org/steal" method="post"><input name="key"><button formaction="https://example.org">Send</button></form>',
      'Send',
    ],
    ['a style element and attribute', '<style>body{display:none}</style><p style="color:red">x</p>', '<p>x</p>'],
    ['a stylesheet link', '<link rel="stylesheet" href="https://example.org/x.css">', ''],
    ['noscript and template, which a browser does not show', '<noscript><p>no</p></noscript><template><p>t</p></template>', ''],
    ['a comment', '<!-- c --><p>x</p>', '<p>x</p>'],
  ])('%s', (_name, html, expected) => {
    expect(sanitizeContentHtml(html)).toBe(expected);
  });
});

describe('sanitizeContentHtml keeps what docs are made of', () => {
  it.each([
    ['a task list checkbox, disabled', '<input type="checkbox" checked> done', '<input type="checkbox" checked="" disabled=""> done'],
    [
      'details and summary',
      '<details open><summary>More</summary><p>x</p></details>',
      '<details open=""><summary>More</summary><p>x</p></details>',
    ],
    [
      'video with controls and captions',
      '<video controls src="/a.mp4" width="320"><track kind="captions" src="/a.vtt" srclang="en"></video>',
      '<video controls="" src="/a.mp4" width="320"><track kind="captions" src="/a.vtt" srclang="en"></video>',
    ],
    [
      'picture, source and a lazy image',
      '<picture><source srcset="/a.avif" type="image/avif"><img src="/a.png" alt="A" width="10" height="10" loading="lazy"></picture>',
      '<picture><source srcset="/a.avif" type="image/avif"><img src="/a.png" alt="A" width="10" height="10" loading="lazy"></picture>',
    ],
    [
      'a data: image',
      '<img src="data:image/png;base64,iVBORw0KGgo=" alt="dot">',
      '<img src="data:image/png;base64,iVBORw0KGgo=" alt="dot">',
    ],
    [
      'a legacy align, without the style',
      '<table><tr><th style="text-align:right" align="right">x</th></tr></table>',
      '<table><tr><th align="right">x</th></tr></table>',
    ],
    [
      'a link opening a new tab',
      '<a href="https://example.org" target="_blank" rel="noopener" title="t">x</a>',
      '<a href="https://example.org" target="_blank" rel="noopener" title="t">x</a>',
    ],
    [
      'mailto and tel links',
      '<a href="mailto:a@example.org">m</a><a href="tel:+1">t</a>',
      '<a href="mailto:a@example.org">m</a><a href="tel:+1">t</a>',
    ],
    [
      'abbr, kbd, sub, sup and definition lists',
      '<abbr title="HyperText">HTML</abbr> <kbd>Ctrl</kbd> <sub>2</sub><sup>3</sup><dl><dt>a</dt><dd>b</dd></dl>',
      '<abbr title="HyperText">HTML</abbr> <kbd>Ctrl</kbd> <sub>2</sub><sup>3</sup><dl><dt>a</dt><dd>b</dd></dl>',
    ],
    [
      'entities, with quotes written as markdown-it writes them',
      '<p>a &quot;b&quot; &amp; c &lt;d&gt;</p>',
      '<p>a &quot;b&quot; &amp; c &lt;d&gt;</p>',
    ],
  ])('%s', (_name, html, expected) => {
    expect(sanitizeContentHtml(html)).toBe(expected);
  });

  it('leaves what markdown-it and its plugins write byte for byte', () => {
    const html = [
      '<h2 id="setup">Setup</h2>',
      '<p>See<sup class="footnote-ref"><a href="#fn1" id="fnref1">[1]</a></sup> and <code>x</code>.</p>',
      '<table tabindex="0">\n<thead>\n<tr>\n<th class="align-right" scope="col">a</th>\n</tr>\n</thead>\n<tbody>\n<tr>\n<td class="align-right">1</td>\n</tr>\n</tbody>\n</table>',
      '<pre tabindex="0"><code class="language-sh hljs"><span class="hljs-built_in">echo</span> <span class="hljs-string">&quot;hi&quot;</span>\n</code></pre>',
      '<figure class="code-block"><figcaption class="code-title">a.py</figcaption><pre tabindex="0"><code>x\n</code></pre></figure>',
      '<div class="markdown-alert markdown-alert-note"><p class="markdown-alert-title">Note</p>\n<p>x</p>\n</div>',
      '<div class="admonition admonition-tip">\n<p>x</p>\n</div>',
      '<p><img src="/a.png" alt="A" title="T"><br>\n<a href="/b">b</a></p>\n<hr>',
      '<hr class="footnotes-sep">\n<section class="footnotes">\n<ol class="footnotes-list">\n<li id="fn1" class="footnote-item"><p>Note <a href="#fnref1" class="footnote-backref">↩︎</a></p>\n</li>\n</ol>\n</section>',
    ].join('\n');
    expect(sanitizeContentHtml(html)).toBe(html);
  });
});
