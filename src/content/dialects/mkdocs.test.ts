import { rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { autoAppendOf } from './mkdocs-snippets.js';
import { siteFilesOf } from './site-files.js';
import { InternalZone } from '../access.js';
import { dialect, writeSite } from './test-support.js';

/** A MkDocs site folder: `mkdocs.yml` auto-appending an abbreviations file, a snippet with a section, the pages in `docs/`. */
const site = writeSite({
  'mkdocs.yml':
    'site_name: x\nmarkdown_extensions:\n  - abbr\n  - pymdownx.snippets:\n      auto_append:\n        - includes/abbreviations.md\n',
  'includes/abbreviations.md': '*[HTML]: Hyper Text Markup Language\n',
  'includes/snip.md': 'Whole line.\n# --8<-- [start:part]\nPart **text**.\n# --8<-- [end:part]\n',
  'docs/page.md': '',
});
const files = siteFilesOf(path.join(site, 'docs'), [], new InternalZone([]));
afterAll(() => rmSync(site, { recursive: true, force: true }));

describe('MkDocs admonitions', () => {
  it('turns !!! type "Title" into a GitHub alert with its title', () => {
    const out = dialect('!!! example "Try it"\n\n    Run `mkdocs serve`.\n\nAfter.');
    expect(out.text).toBe('> [!NOTE]\n> **Try it**\n>\n> Run `mkdocs serve`.\n\nAfter.');
    expect(out.html).toBe(
      '<div class="markdown-alert markdown-alert-note"><p class="markdown-alert-title">Note</p>\n<p><strong>Try it</strong></p>\n<p>Run <code>mkdocs serve</code>.</p>\n</div>\n<p>After.</p>\n',
    );
  });

  it('turns ??? and ???+ into quoted blocks with their summary, the type when untitled', () => {
    const collapsible = dialect('??? question "Why?"\n    Because.');
    expect(collapsible.text).toBe('> **Why?**\n>\n> Because.');
    expect(collapsible.html).toBe('<blockquote>\n<p><strong>Why?</strong></p>\n<p>Because.</p>\n</blockquote>\n');
    expect(dialect('???+ tip\n    Open.').text).toBe('> **Tip**\n>\n> Open.');
  });

  it('renders an admonition nested in an admonition as a box inside the box', () => {
    const out = dialect('!!! note "Outer"\n\n    Out.\n\n    !!! warning "Inner"\n\n        In.\n');
    expect(out.text).toBe('> [!NOTE]\n> **Outer**\n>\n> Out.\n>\n> > [!WARNING]\n> > **Inner**\n> >\n> > In.\n');
    expect(out.html).toBe(
      '<div class="markdown-alert markdown-alert-note"><p class="markdown-alert-title">Note</p>\n<p><strong>Outer</strong></p>\n<p>Out.</p>\n<div class="markdown-alert markdown-alert-warning"><p class="markdown-alert-title">Warning</p>\n<p><strong>Inner</strong></p>\n<p>In.</p>\n</div>\n</div>\n',
    );
  });

  it('reads an admonition opening a definition', () => {
    expect(dialect('`type`\n:   !!! note\n\n        Body.').text).toBe('`type`\n:   > [!NOTE]\n    > Body.');
  });
});

describe('MkDocs content tabs', () => {
  it('turns consecutive === "Label" blocks into labelled sections, nested admonitions included', () => {
    const out = dialect('=== "C"\n\n    ```c\n    int x;\n    ```\n\n=== "Note"\n\n    !!! tip\n        Tabs nest.\n');
    expect(out.text).toBe('**C**\n\n```c\nint x;\n```\n\n**Note**\n\n> [!TIP]\n> Tabs nest.\n');
    expect(out.html).toBe(
      '<p><strong>C</strong></p>\n<pre tabindex="0"><code class="language-c">int x;\n</code></pre>\n<p><strong>Note</strong></p>\n<div class="markdown-alert markdown-alert-tip"><p class="markdown-alert-title">Tip</p>\n<p>Tabs nest.</p>\n</div>\n',
    );
  });
});

describe('MkDocs md_in_html and icons', () => {
  it('unwraps a markdown-attributed div and drops icon shortcodes', () => {
    const out = dialect('<div class="grid cards" markdown>\n- :material-clock: **Fast**\n</div>\n');
    expect(out.text).toBe('\n- **Fast**\n\n');
    expect(out.html).toBe('<ul>\n<li><strong>Fast</strong></li>\n</ul>\n');
  });
});

describe('MkDocs auto_append setting', () => {
  it('reads pymdownx.snippets auto_append from mkdocs.yml, Python tags and all', () => {
    const yaml =
      'markdown_extensions:\n  - pymdownx.emoji:\n      emoji_index: !!python/name:material.extensions.emoji.twemoji\n  - pymdownx.snippets:\n      auto_append:\n        - includes/mkdocs.md\n';
    expect(autoAppendOf(yaml)).toEqual(['includes/mkdocs.md']);
    expect(autoAppendOf('site_name: x\n')).toEqual([]);
  });
});

describe('MkDocs snippets', () => {
  it('inlines a section of a snippet, and appends the auto_append files to every page', () => {
    const out = dialect('HTML first.\n\n--8<-- "includes/snip.md:part"\n\nAfter.\n', { relPath: 'page.md', files });
    expect(out.text).toBe('HTML first.\n\nPart **text**.\n\nAfter.\n\n*[HTML]: Hyper Text Markup Language\n');
    expect(out.html).toBe(
      '<p><abbr title="Hyper Text Markup Language">HTML</abbr> first.</p>\n<p>Part <strong>text</strong>.</p>\n<p>After.</p>\n',
    );
    expect(out.problems).toStrictEqual([]);
  });

  it('shows a note for a snippet it cannot read, and reports it as an error at its line', () => {
    const out = dialect('A\n\n--8<-- "includes/gone.md"\n\nB\n', { relPath: 'page.md', files });
    expect(out.text).toBe('A\n\n(include refused: `includes/gone.md`)\n\nB\n\n*[HTML]: Hyper Text Markup Language\n');
    expect(out.problems).toStrictEqual([
      { severity: 'error', file: 'page.md', line: 3, message: '--8<--: include refused: includes/gone.md not found' },
    ]);
  });
});
