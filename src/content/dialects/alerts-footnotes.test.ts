import { describe, expect, it } from 'vitest';
import { dialect } from './test-support.js';

describe('plain markdown rendered by plugins (served as written)', () => {
  it('renders a GitHub alert as a box with its label; the markdown is the source', () => {
    const source = '> [!NOTE]\n> Hugo renders these.\n';
    const out = dialect(source);
    expect(out.text).toBe(source);
    expect(out.html).toBe(
      '<div class="markdown-alert markdown-alert-note"><p class="markdown-alert-title">Note</p>\n<p>Hugo renders these.</p>\n</div>\n',
    );
  });

  it('gives an alert the title written after its marker', () => {
    const source = '> [!WARNING] Take care\n> Body.\n';
    expect(dialect(source).text).toBe(source);
    expect(dialect(source).html).toBe(
      '<div class="markdown-alert markdown-alert-warning"><p class="markdown-alert-title">Take care</p>\n<p>Body.</p>\n</div>\n',
    );
  });

  it('renders abbreviations (Python-Markdown abbr) as abbr elements, their definitions left out', () => {
    const source = 'The HTML spec.\n\n*[HTML]: Hyper Text Markup Language\n';
    expect(dialect(source).text).toBe(source);
    expect(dialect(source).html).toBe('<p>The <abbr title="Hyper Text Markup Language">HTML</abbr> spec.</p>\n');
  });

  it('closes an alert holding a nested quote at its own end', () => {
    expect(dialect('> [!TIP]\n> > quoted\n').html).toBe(
      '<div class="markdown-alert markdown-alert-tip"><p class="markdown-alert-title">Tip</p>\n<blockquote>\n<p>quoted</p>\n</blockquote>\n</div>\n',
    );
  });

  it('renders footnotes, definition lists and heading ids', () => {
    expect(dialect('Text[^1].\n\n[^1]: Note.\n').html).toBe(
      '<p>Text<sup class="footnote-ref"><a href="#fn1" id="fnref1">[1]</a></sup>.</p>\n<hr class="footnotes-sep">\n<section class="footnotes">\n<ol class="footnotes-list">\n<li id="fn1" class="footnote-item"><p>Note. <a href="#fnref1" class="footnote-backref">↩︎</a></p>\n</li>\n</ol>\n</section>\n',
    );
    expect(dialect('`append`\n: Adds an item.\n').html).toBe('<dl>\n<dt><code>append</code></dt>\n<dd>Adds an item.</dd>\n</dl>\n');
    expect(dialect('## Setup {#install}\n').html).toBe('<h2 id="install">Setup</h2>\n');
    expect(dialect('## Setup { #install .big onclick="x()" }\n').html).toBe('<h2 id="install" class="big">Setup</h2>\n');
  });
});
