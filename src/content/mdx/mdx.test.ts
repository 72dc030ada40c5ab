import { describe, expect, it } from 'vitest';
import { dialect } from '../dialects/test-support.js';
import { forAudience } from '../audience.js';
import { mdxMarkdown } from './index.js';

/** An MDX page through the dialect step: its plain markdown, body HTML and problems. */
const mdx = (source: string): ReturnType<typeof dialect> => dialect(source, { relPath: 'page.mdx' });

describe('MDX pages', () => {
  it('drops ESM, expressions and JSX comments, keeping frontmatter and prose as written', () => {
    const source =
      "---\ntitle: T\n---\n\nimport { Tabs } from '@astrojs/starlight/components';\nexport const x = 1;\n\nText {/* a comment */} here {1 + 1}.\n";
    expect(mdxMarkdown(source)).toStrictEqual({ text: '---\ntitle: T\n---\n\nText  here .\n', problems: [] });
  });

  it('makes Tabs/TabItem labelled sections, dedenting their content', () => {
    const out = mdx(
      '<Tabs>\n  <TabItem label="npm">\n\n  ```sh\n  npm i\n  ```\n\n  </TabItem>\n  <TabItem label="pnpm">pnpm add</TabItem>\n</Tabs>\n',
    );
    expect(out.text).toBe('**npm**\n\n```sh\nnpm i\n```\n\n**pnpm**\n\npnpm add\n\n');
    expect(out.html).toBe(
      '<p><strong>npm</strong></p>\n<pre tabindex="0"><code class="language-sh">npm i\n</code></pre>\n<p><strong>pnpm</strong></p>\n<p>pnpm add</p>\n',
    );
    expect(out.problems).toStrictEqual([]);
  });

  it('makes Aside, Admonition and Mintlify callouts GitHub alerts with their titles', () => {
    const aside = mdx('<Aside type="caution" title="Careful">\nThis **bites**.\n</Aside>\n');
    expect(aside.text).toBe('> [!CAUTION]\n> **Careful**\n>\n> This **bites**.\n\n');
    expect(aside.html).toBe(
      '<div class="markdown-alert markdown-alert-caution"><p class="markdown-alert-title">Caution</p>\n<p><strong>Careful</strong></p>\n<p>This <strong>bites</strong>.</p>\n</div>\n',
    );
    expect(mdx('<Admonition type="tip">\nA tip.\n</Admonition>\n\n<Note>Mintlify note.</Note>\n').text).toBe(
      '> [!TIP]\n> A tip.\n\n> [!NOTE]\n> Mintlify note.\n',
    );
  });

  it('makes details a quoted block opening with its summary', () => {
    const out = mdx('<details>\n<summary>More</summary>\n\nHidden text.\n\n</details>\n');
    expect(out.text).toBe('> **More**\n>\n> Hidden text.\n\n');
    expect(out.html).toBe('<blockquote>\n<p><strong>More</strong></p>\n<p>Hidden text.</p>\n</blockquote>\n');
  });

  it('unwraps Steps, FileTree and CodeGroup to their markdown; cards become bold titles, linked when they link', () => {
    expect(mdx('<Steps>\n\n1. One\n2. Two\n\n</Steps>\n').html).toBe('<ol>\n<li>One</li>\n<li>Two</li>\n</ol>\n');
    expect(mdx('<FileTree>\n\n- src/\n  - index.ts\n\n</FileTree>\n').text).toBe('- src/\n  - index.ts\n\n');
    expect(mdx('<CodeGroup>\n\n```js title="a.js"\nx\n```\n\n</CodeGroup>\n').text).toBe('```js title="a.js"\nx\n```\n\n');
    const cards = mdx(
      '<CardGrid>\n  <Card title="Stars" icon="star">Bright.</Card>\n  <LinkCard title="Docs" href="/docs/" description="Read them." />\n</CardGrid>\n',
    );
    expect(cards.html).toBe(
      '<p><strong>Stars</strong></p>\n<p>Bright.</p>\n<p><strong><a href="/docs/">Docs</a></strong></p>\n<p>Read them.</p>\n',
    );
    expect(mdx('New <Badge text="beta" variant="tip" /> feature.\n').text).toBe('New beta feature.\n');
  });

  it('an element right after a list marker is the item: one line keeps the list tight, more lines stay in the item', () => {
    const badges = mdx('- <Badge text="Note" variant="note" />\n- <Badge text="Tip" variant="tip" />\n');
    expect(badges.text).toBe('- Note\n- Tip\n');
    expect(badges.html).toBe('<ul>\n<li>Note</li>\n<li>Tip</li>\n</ul>\n');
    const card = mdx('1. <Card title="Stars">\n     Sirius, Vega\n   </Card>\n2. Next\n');
    expect(card.text).toBe('1. **Stars**\n\n   Sirius, Vega\n\n2. Next\n');
    expect(card.html).toBe('<ol>\n<li>\n<p><strong>Stars</strong></p>\n<p>Sirius, Vega</p>\n</li>\n<li>\n<p>Next</p>\n</li>\n</ol>\n');
  });

  it('unwraps unknown components to their children and reports them by name and count', () => {
    const out = mdx('<Preview>\n\nInside **preview**.\n\n</Preview>\n\n<LiteYouTubeEmbed id="x" />\n');
    expect(out.text).toBe('Inside **preview**.\n\n');
    expect(mdx('<DetailedExplanation title="Why">\nBecause.\n</DetailedExplanation>\n').text).toBe('**Why**\n\nBecause.\n\n');
    expect(mdx('An <Icon name="star" /> icon.\n')).toStrictEqual({ text: 'An  icon.\n', problems: [], html: '<p>An  icon.</p>\n' });
    expect(out.problems).toStrictEqual([
      { severity: 'warning', file: 'page.mdx', message: 'MDX components unwrapped (unknown): Preview ×1, LiteYouTubeEmbed ×1' },
    ]);
  });

  it('writes HTML elements as markdown: code spans of their text, links, images; others stay HTML', () => {
    const out = mdx('Type: <code>Array&lt;<a href="#x">X</a>&gt;</code> and <img src="./a.png" alt="A" /> <kbd>Ctrl</kbd>\n');
    expect(out.text).toBe('Type: `Array<X>` and ![A](./a.png) <kbd>Ctrl</kbd>\n');
    expect(out.html).toBe('<p>Type: <code>Array&lt;X&gt;</code> and <img src="/a.png" alt="A"> <kbd>Ctrl</kbd></p>\n');
  });

  it('reads a page that does not parse line by line, and says so', () => {
    const out = mdx('import A from "a"\n\n<Tabs>\n<TabItem label="x">\nunclosed {\n');
    expect(out.text).toBe('\n**x**\n\nunclosed {\n');
    expect(out.problems).toStrictEqual([
      {
        severity: 'warning',
        file: 'page.mdx',
        message:
          'MDX did not parse (Unexpected end of file in expression, expected a corresponding closing brace for `{`); read line by line',
      },
    ]);
  });

  it('reads a .md page with an ESM import as MDX (Docusaurus), and leaves prose that says "import … from" alone', () => {
    expect(dialect("import X from './x';\n\n<X />\n\nText.\n").text).toBe('Text.\n');
    const prose = 'The plugin allows you to\nimport data from a CSV file.\n';
    expect(dialect(prose).text).toBe(prose);
  });

  it('drops HTML comments, which MDX refuses but Docusaurus pages carry, and keeps VitePress script imports out of MDX', () => {
    const out = dialect("<!-- prettier-ignore -->\nimport X from './x';\n\nText <!-- note --> here.\n");
    expect(out).toStrictEqual({ text: 'Text  here.\n', problems: [], html: '<p>Text  here.</p>\n' });
    const vue = "<script setup>\nimport { data } from './x.data'\n</script>\n\n# Team\n";
    expect(dialect(vue).problems).toStrictEqual([]);
  });
});

describe('audience blocks', () => {
  const source = '<Visibility for="agents">\nFor agents.\n</Visibility>\n\n<llms-ignore>\nFor people.\n</llms-ignore>\n\nBoth.\n';

  it('makes Visibility and llms-only/llms-ignore comment-marked blocks, which each audience reads alone', () => {
    const text = mdx(source).text;
    expect(text).toBe(
      '<!-- agents-only -->\n\nFor agents.\n\n<!-- /agents-only -->\n\n<!-- humans-only -->\n\nFor people.\n\n<!-- /humans-only -->\n\nBoth.\n',
    );
    expect(forAudience(text, 'agents')).toBe('\nFor agents.\n\n\n\nBoth.\n');
    expect(forAudience(text, 'humans')).toBe('\n\nFor people.\n\n\nBoth.\n');
  });

  it('leaves markers inside fenced code as text', () => {
    const code = '```\n<!-- agents-only -->\n```\n';
    expect(forAudience(code, 'humans')).toBe(code);
  });
});
