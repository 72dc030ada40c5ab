import { describe, expect, it } from 'vitest';
import { dialect } from './test-support.js';

describe(':::containers', () => {
  it('turns a Starlight/Docusaurus admonition with a bracketed title into a GitHub alert with its title', () => {
    const out = dialect(':::tip[Did you know?]\nAstro is **fast**.\n:::\n');
    expect(out.text).toBe('> [!TIP]\n> **Did you know?**\n>\n> Astro is **fast**.\n');
    expect(out.html).toBe(
      '<div class="markdown-alert markdown-alert-tip"><p class="markdown-alert-title">Tip</p>\n<p><strong>Did you know?</strong></p>\n<p>Astro is <strong>fast</strong>.</p>\n</div>\n',
    );
  });

  it('reads VitePress titles after a space, any name (important), and nested containers', () => {
    expect(dialect('::: warning Deprecated\nOld.\n:::').text).toBe('> [!WARNING]\n> **Deprecated**\n>\n> Old.');
    expect(dialect(':::important\nRead.\n:::').text).toBe('> [!IMPORTANT]\n> Read.');
    const nested = dialect('::::note Outer\n:::tip\nIn.\n:::\n::::');
    expect(nested.text).toBe('> [!NOTE]\n> **Outer**\n>\n> > [!TIP]\n> > In.');
    expect(nested.html).toBe(
      '<div class="markdown-alert markdown-alert-note"><p class="markdown-alert-title">Note</p>\n<p><strong>Outer</strong></p>\n<div class="markdown-alert markdown-alert-tip"><p class="markdown-alert-title">Tip</p>\n<p>In.</p>\n</div>\n</div>\n',
    );
  });

  it('makes ::: details a quoted block with its summary', () => {
    const out = dialect('::: details Click me\nHidden.\n:::');
    expect(out.text).toBe('> **Click me**\n>\n> Hidden.');
    expect(out.html).toBe('<blockquote>\n<p><strong>Click me</strong></p>\n<p>Hidden.</p>\n</blockquote>\n');
  });

  it('makes a code group labelled sections of code, labels taken out of the info string', () => {
    const out = dialect('::: code-group\n\n```sh [npm]\nnpm i vite\n```\n\n```sh [pnpm]\npnpm add vite\n```\n\n:::');
    expect(out.text).toBe('**npm**\n\n```sh\nnpm i vite\n```\n\n**pnpm**\n\n```sh\npnpm add vite\n```');
    expect(out.html).toBe(
      '<p><strong>npm</strong></p>\n<pre tabindex="0"><code class="language-sh">npm i vite\n</code></pre>\n<p><strong>pnpm</strong></p>\n<pre tabindex="0"><code class="language-sh">pnpm add vite\n</code></pre>\n',
    );
  });

  it('leaves ::: inside fenced code alone, and a page without dialect syntax byte for byte', () => {
    const source = '# Hi\n\n```md\n:::tip\nx\n:::\n```\n';
    expect(dialect(source).text).toBe(source);
  });
});
