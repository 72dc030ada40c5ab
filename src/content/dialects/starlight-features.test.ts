/**
 * The Starlight rows of the dialect feature table (features/starlight.ts): each fixture is written
 * from the documentation page named in its test, and asserts the exact markdown agents get and the
 * exact HTML.
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { InternalZone } from '../access.js';
import { renderMarkdown } from '../render.js';
import { directiveContainers } from './directive-container.js';
import { starlightFeatures } from './features/starlight.js';
import { siteFilesOf } from './site-files.js';
import { dialect, writeSite } from './test-support.js';

/** A page of a Starlight site through the dialect step. */
const starlight = (source: string, relPath = 'page.md'): ReturnType<typeof dialect> => dialect(source, { generator: 'starlight', relPath });

const alert = (kind: string, label: string, inner: string): string =>
  `<div class="markdown-alert markdown-alert-${kind}"><p class="markdown-alert-title">${label}</p>\n${inner}</div>\n`;

describe('Starlight asides (starlight.astro.build/guides/authoring-content/#asides)', () => {
  it('a custom title in brackets is the alert title line ("Custom aside titles")', () => {
    const out = starlight(':::tip[Did you know?]\nAstro helps you build faster websites.\n:::\n');
    expect(out.text).toBe('> [!TIP]\n> **Did you know?**\n>\n> Astro helps you build faster websites.\n');
    expect(out.html).toBe(alert('tip', 'Tip', '<p><strong>Did you know?</strong></p>\n<p>Astro helps you build faster websites.</p>\n'));
    expect(out.problems).toStrictEqual([]);
  });

  it('a custom icon in braces is left out ("Custom aside icons")', () => {
    const out = starlight(':::tip{icon="heart"}\nAstro helps you build faster websites.\n:::\n');
    expect(out.text).toBe('> [!TIP]\n> Astro helps you build faster websites.\n');
    expect(out.html).toBe(alert('tip', 'Tip', '<p>Astro helps you build faster websites.</p>\n'));
  });

  it('caution and danger hold any markdown ("More aside types")', () => {
    const out = starlight(':::danger\nYour users may be more productive.\n\n- Clear navigation\n- [i18n support](/guides/i18n/)\n\n:::\n');
    expect(out.text).toBe(
      '> [!CAUTION]\n> Your users may be more productive.\n>\n> - Clear navigation\n> - [i18n support](/guides/i18n/)\n',
    );
    expect(out.html).toBe(
      alert(
        'caution',
        'Caution',
        '<p>Your users may be more productive.</p>\n<ul>\n<li>Clear navigation</li>\n<li><a href="/guides/i18n/">i18n support</a></li>\n</ul>\n',
      ),
    );
  });

  // micromark-extension-directive (remark-directive, which Starlight's asides are built on):
  // the closing fence is tried on every line of the content before the content is parsed.
  it('a ::: line closes the aside even inside a code fence its content left open; the fence ends with it', () => {
    const out = starlight(':::note\nRun:\n\n```sh\nnpm create astro@latest\n:::\n\nAfter the aside.\n');
    expect(out.text).toBe('> [!NOTE]\n> Run:\n>\n> ```sh\n> npm create astro@latest\n> ```\n\nAfter the aside.\n');
    expect(out.html).toBe(
      `${alert('note', 'Note', '<p>Run:</p>\n<pre tabindex="0"><code class="language-sh">npm create astro@latest\n</code></pre>\n')}<p>After the aside.</p>\n`,
    );
  });

  it('so a fence showing ::: needs an aside of more colons, and then it is code', () => {
    const same = starlight(':::note\n```md\n:::tip\n```\n:::\n');
    expect(same.text).toBe('> [!NOTE]\n> ```md\n> :::tip\n> ```\n');
    const more = starlight('::::note\n```md\n:::tip\nx\n:::\n```\n::::\n');
    expect(more.text).toBe('> [!NOTE]\n> ```md\n> :::tip\n> x\n> :::\n> ```\n');
    expect(more.html).toBe(alert('note', 'Note', '<pre tabindex="0"><code class="language-md">:::tip\nx\n:::\n</code></pre>\n'));
  });

  it('nests an aside in one of more colons', () => {
    const out = starlight('::::caution[Outer]\n:::tip\nInner.\n:::\n::::\n');
    expect(out.text).toBe('> [!CAUTION]\n> **Outer**\n>\n> > [!TIP]\n> > Inner.\n');
    expect(out.html).toBe(alert('caution', 'Caution', `<p><strong>Outer</strong></p>\n${alert('tip', 'Tip', '<p>Inner.</p>\n')}`));
  });

  it('an inner aside of as many colons is closed by the first ::: with its holder; the second is text', () => {
    const out = starlight(':::note\n:::tip\nIn.\n:::\n:::\n');
    expect(out.text).toBe('> [!NOTE]\n> > [!TIP]\n> > In.\n\n:::\n');
    expect(out.html).toBe(`${alert('note', 'Note', alert('tip', 'Tip', '<p>In.</p>\n'))}<p>:::</p>\n`);
  });

  it('an aside never closed runs to the end of the page', () => {
    const out = starlight('Before.\n\n:::note\nTo the end.\n');
    expect(out.text).toBe('Before.\n\n> [!NOTE]\n> To the end.\n');
    expect(out.html).toBe(`<p>Before.</p>\n${alert('note', 'Note', '<p>To the end.</p>\n')}`);
  });

  it('::: tip with a space is no directive (the name follows the colons at once); other names keep their content', () => {
    expect(starlight('::: tip\nNot an aside.\n:::\n').text).toBe('::: tip\nNot an aside.\n:::\n');
    const other = starlight(':::details\nKept text.\n:::\n');
    expect(other.text).toBe('Kept text.\n');
    expect(other.html).toBe('<p>Kept text.</p>\n');
  });

  it('VitePress keeps its own rule (a title after a space), and a line after the close is a block of its own', () => {
    const out = dialect('::: tip Title\nx\n:::\nAfter.\n', { generator: 'vitepress' });
    expect(out.text).toBe('> [!TIP]\n> **Title**\n>\n> x\n\nAfter.\n');
    expect(out.html).toBe(`${alert('tip', 'Tip', '<p><strong>Title</strong></p>\n<p>x</p>\n')}<p>After.</p>\n`);
  });

  it('a page whose ::: are in code and code spans is its very source', () => {
    const source = '# Title\n\nJust `:::` text and a fence:\n\n```md\n:::note\nx\n:::\n```\n';
    expect(starlight(source).text).toBe(source);
  });

  it('reads 20,000 asides whose fences are left open in linear time (the step alone; rendering is render.ts)', () => {
    const source = ':::note\n```\n:::\n'.repeat(20_000);
    const started = performance.now();
    const out = directiveContainers(source, (body) => body);
    expect(performance.now() - started).toBeLessThan(3_000);
    expect(out).toBe('> [!NOTE]\n> ```\n> ```\n\n'.repeat(19_999) + '> [!NOTE]\n> ```\n> ```\n');
  });
});

describe('Expressive Code meta (expressive-code.com/key-features/text-markers/, /key-features/frames/)', () => {
  it('keeps the language and the title; frames, line and text markers, collapse are left out', () => {
    const out = starlight(
      '```js title="demo.js" frame="code" {2-3} ins={4} del={5} "terms" /Even.*supported/ collapse={6-7}\nfunction demo() {}\n```\n\n```sh frame="terminal"\nnpm i\n```\n',
    );
    expect(out.text).toBe('```js title="demo.js"\nfunction demo() {}\n```\n\n```sh\nnpm i\n```\n');
    expect(out.html).toBe(
      '<figure class="code-block"><figcaption class="code-title">demo.js</figcaption><pre tabindex="0"><code class="language-js">function demo() {}\n</code></pre></figure>\n<pre tabindex="0"><code class="language-sh">npm i\n</code></pre>\n',
    );
  });

  it('reads a fence in a list item (starlight.astro.build/guides/authoring-content/#text-markers), not a text marker for a title', () => {
    const out = starlight('1. Mark:\n\n   ```js "title=x" /Even.*supported/\n   // Individual terms\n   ```\n');
    expect(out.text).toBe('1. Mark:\n\n   ```js\n   // Individual terms\n   ```\n');
    expect(out.html).toBe(
      '<ol>\n<li>\n<p>Mark:</p>\n<pre tabindex="0"><code class="language-js">// Individual terms\n</code></pre>\n</li>\n</ol>\n',
    );
  });

  it('leaves other generators’ fence info to them (Docusaurus highlights)', () => {
    expect(dialect(':::note\nx\n:::\n\n```js {1}\ny\n```\n', { generator: 'docusaurus' }).text).toBe(
      '> [!NOTE]\n> x\n\n```js {1}\ny\n```\n',
    );
  });
});

describe('Starlight components (starlight.astro.build/components/*)', () => {
  it('<Code> with a template literal is a fenced block with its title (components/code/)', () => {
    const out = starlight(
      'import { Code } from \'@astrojs/starlight/components\';\n\n<Code code={`## Welcome\n\nHello from **space**!`} lang="md" title="example.md" ins={3} />\n',
      'code.mdx',
    );
    expect(out.text).toBe('```md title="example.md"\n## Welcome\n\nHello from **space**!\n```\n\n');
    expect(out.html).toBe(
      '<figure class="code-block"><figcaption class="code-title">example.md</figcaption><pre tabindex="0"><code class="language-md">## Welcome\n\nHello from **space**!\n</code></pre></figure>\n',
    );
    expect(out.problems).toStrictEqual([]);
  });

  it('<Code> naming strings the page exports (components/code/#usage)', () => {
    const out = starlight(
      "import { Code } from '@astrojs/starlight/components';\n\nexport const exampleCode = `console.log('This could come from a file or CMS!');`;\nexport const fileName = 'example.js';\n\n<Code code={exampleCode} lang=\"js\" title={fileName} mark={['file', 'CMS']} />\n",
      'code.mdx',
    );
    expect(out.text).toBe('```js title="example.js"\nconsole.log(\'This could come from a file or CMS!\');\n```\n\n');
    expect(out.html).toBe(
      '<figure class="code-block"><figcaption class="code-title">example.js</figcaption><pre tabindex="0"><code class="language-js">console.log(\'This could come from a file or CMS!\');\n</code></pre></figure>\n',
    );
  });

  it('<Code> of a ?raw import is reported, never printed as a tag (components/code/#display-imported-code)', () => {
    const out = starlight(
      'import { Code } from \'@astrojs/starlight/components\';\nimport importedCode from \'/tsconfig.json?raw\';\n\n<Code code={importedCode} lang="json" title="tsconfig.json" />\n',
      'code.mdx',
    );
    expect(out.text).toBe('');
    expect(out.problems.map((problem) => problem.message)).toStrictEqual(['MDX components unwrapped (unknown): Code ×1']);
  });

  it('<Steps> keeps its ordered list, and <Tabs> inside a step stays in the list item (components/steps/, components/tabs/)', () => {
    const out = starlight(
      'import { Steps, Tabs, TabItem } from \'@astrojs/starlight/components\';\n\n<Steps>\n\n1. Create a new Starlight project:\n\n   <Tabs syncKey="pkg">\n\n   <TabItem label="npm" icon="seti:npm">\n\n   ```sh\n   npm create astro@latest\n   ```\n\n   </TabItem>\n\n   <TabItem label="pnpm">\n\n   ```sh\n   pnpm create astro\n   ```\n\n   </TabItem>\n\n   </Tabs>\n\n2. Write your first documentation page.\n\n</Steps>\n',
      'steps.mdx',
    );
    expect(out.text).toBe(
      '1. Create a new Starlight project:\n\n   **npm**\n\n   ```sh\n   npm create astro@latest\n   ```\n\n   **pnpm**\n\n   ```sh\n   pnpm create astro\n   ```\n\n2. Write your first documentation page.\n\n',
    );
    expect(out.html).toBe(
      '<ol>\n<li>\n<p>Create a new Starlight project:</p>\n<p><strong>npm</strong></p>\n<pre tabindex="0"><code class="language-sh">npm create astro@latest\n</code></pre>\n<p><strong>pnpm</strong></p>\n<pre tabindex="0"><code class="language-sh">pnpm create astro\n</code></pre>\n</li>\n<li>\n<p>Write your first documentation page.</p>\n</li>\n</ol>\n',
    );
  });

  it('<CardGrid>/<Card>, <LinkCard>, <Badge> and <Icon> (components/card-grids/, link-cards/, badges/, icons/)', () => {
    const out = starlight(
      'import { Card, CardGrid, LinkCard, Badge, Icon } from \'@astrojs/starlight/components\';\n\n<CardGrid>\n\t<Card title="Stars" icon="star">\n\t\tSirius, Vega, Betelgeuse\n\t</Card>\n\t<Card title="Moons" icon="moon">\n\t\tIo, Europa, Ganymede\n\t</Card>\n</CardGrid>\n\n<LinkCard title="Customizing Starlight" href="/guides/customization/" description="Learn how to make your Starlight site your own." />\n\nStatus: <Badge text="New" variant="tip" /> <Icon name="star" color="goldenrod" />\n',
      'cards.mdx',
    );
    expect(out.text).toBe(
      '**Stars**\n\nSirius, Vega, Betelgeuse\n\n**Moons**\n\nIo, Europa, Ganymede\n\n**[Customizing Starlight](/guides/customization/)**\n\nLearn how to make your Starlight site your own.\n\nStatus: New \n',
    );
    expect(out.html).toBe(
      '<p><strong>Stars</strong></p>\n<p>Sirius, Vega, Betelgeuse</p>\n<p><strong>Moons</strong></p>\n<p>Io, Europa, Ganymede</p>\n<p><strong><a href="/guides/customization/">Customizing Starlight</a></strong></p>\n<p>Learn how to make your Starlight site your own.</p>\n<p>Status: New</p>\n',
    );
  });

  it('<FileTree> keeps its nested list (components/file-tree/)', () => {
    const out = starlight(
      "import { FileTree } from '@astrojs/starlight/components';\n\n<FileTree>\n\n- astro.config.mjs an **important** file\n- src\n  - components\n    - **Header.astro**\n  - …\n- pages/\n\n</FileTree>\n",
      'tree.mdx',
    );
    expect(out.text).toBe('- astro.config.mjs an **important** file\n- src\n  - components\n    - **Header.astro**\n  - …\n- pages/\n\n');
    expect(out.html).toBe(
      '<ul>\n<li>astro.config.mjs an <strong>important</strong> file</li>\n<li>src\n<ul>\n<li>components\n<ul>\n<li><strong>Header.astro</strong></li>\n</ul>\n</li>\n<li>…</li>\n</ul>\n</li>\n<li>pages/</li>\n</ul>\n',
    );
  });

  it('<Aside type title> is an alert with its title (components/asides/#use-custom-titles)', () => {
    const out = starlight(
      'import { Aside } from \'@astrojs/starlight/components\';\n\n<Aside type="caution" title="Watch out!">\nA warning aside *with* a custom title.\n</Aside>\n',
      'aside.mdx',
    );
    expect(out.text).toBe('> [!CAUTION]\n> **Watch out!**\n>\n> A warning aside *with* a custom title.\n\n');
    expect(out.html).toBe(
      alert('caution', 'Caution', '<p><strong>Watch out!</strong></p>\n<p>A warning aside <em>with</em> a custom title.</p>\n'),
    );
  });
});

describe('frontmatter hero (starlight.astro.build/reference/frontmatter/#hero)', () => {
  it('puts the hero title, tagline and actions before the body; image, icons and variants left out', () => {
    const source =
      '---\ntitle: Home\ntemplate: splash\nhero:\n  title: Make your docs shine with Starlight\n  tagline: Everything you need to build a stellar documentation website.\n  image:\n    file: ~/assets/hero-star.webp\n  actions:\n    - text: Get started\n      icon: right-arrow\n      link: /getting-started/\n    - text: View on GitHub\n      icon: external\n      variant: minimal\n      link: https://github.com/withastro/starlight\n---\n\nWelcome.\n';
    const out = starlight(source);
    const frontmatter = source.slice(0, source.indexOf('---\n', 4) + 4);
    expect(out.text).toBe(
      `${frontmatter}\n**Make your docs shine with Starlight**\n\nEverything you need to build a stellar documentation website.\n\n- [Get started](/getting-started/)\n- [View on GitHub](https://github.com/withastro/starlight)\n\nWelcome.\n`,
    );
    const body = renderMarkdown(out.text.slice(frontmatter.length), {
      relPath: 'index.md',
      lookup: () => undefined,
      basePath: '',
      highlight: null,
    });
    expect(body.html).toBe(
      '<p><strong>Make your docs shine with Starlight</strong></p>\n<p>Everything you need to build a stellar documentation website.</p>\n<ul>\n<li><a href="/getting-started/">Get started</a></li>\n<li><a href="https://github.com/withastro/starlight">View on GitHub</a></li>\n</ul>\n<p>Welcome.</p>\n',
    );
  });

  it('a hero title that is the page title is not repeated; a page without hero is its very source', () => {
    expect(starlight('---\ntitle: Home\nhero:\n  title: Home\n  tagline: Fast.\n---\nBody.\n').text).toBe(
      '---\ntitle: Home\nhero:\n  title: Home\n  tagline: Fast.\n---\nFast.\n\nBody.\n',
    );
    const plain = '---\ntitle: Home\n---\nBody.\n';
    expect(starlight(plain).text).toBe(plain);
  });
});

describe('imported partials (docs.astro.build/en/guides/markdown-content/#importing-markdown)', () => {
  const site = writeSite({
    'content/guides/page.mdx': 'x',
    'content/partials/_intro.md': '## Shared heading\n\nShared text.\n',
    'content/partials/_note.mdx': ':::tip\nFrom a partial.\n:::\n',
  });
  afterAll(() => rmSync(site, { recursive: true, force: true }));

  it('inlines <Foo.Content /> of a namespace import and <Foo /> of a default import; no import line leaks', () => {
    const files = siteFilesOf(path.join(site, 'content'), [], new InternalZone([]));
    const out = dialect(
      "import * as Intro from '../partials/_intro.md';\nimport Note from '../partials/_note.mdx';\n\n<Intro.Content />\n\n<Note />\n",
      { generator: 'starlight', relPath: 'guides/page.mdx', files },
    );
    expect(out.text).toBe('## Shared heading\n\nShared text.\n\n> [!TIP]\n> From a partial.\n\n');
    expect(out.html).toBe(
      `<h2 id="shared-heading">Shared heading</h2>\n<p>Shared text.</p>\n${alert('tip', 'Tip', '<p>From a partial.</p>\n')}`,
    );
    expect(out.problems).toStrictEqual([]);
  });
});

describe('the Starlight rows of the feature table', () => {
  it('each row names its doc page and finds its own syntax', () => {
    const samples: Record<string, string> = {
      'starlight.asides': ':::tip[Did you know?]\n',
      'starlight.aside-component': '<Aside type="tip">',
      'starlight.tabs': '<TabItem label="npm">',
      'starlight.steps': '<Steps>',
      'starlight.cards': '<CardGrid>',
      'starlight.link-card': '<LinkCard title="x" href="/" />',
      'starlight.file-tree': '<FileTree>',
      'starlight.badge': '<Badge text="New" />',
      'starlight.icon': '<Icon name="star" />',
      'starlight.code-component': '<Code code="x" />',
      'starlight.expressive-code-meta': '```js title="a.js"\n',
      'starlight.hero': '---\ntitle: Home\nhero:\n  tagline: Fast.\n---\n',
      'starlight.partials': "import Foo from '../partials/foo.md';\n",
    };
    expect(starlightFeatures.map((row) => row.id)).toStrictEqual(Object.keys(samples));
    for (const row of starlightFeatures) {
      expect(row.doc).toMatch(/^https:\/\//);
      expect(row.generators).toStrictEqual(['starlight']);
      expect(row.detect?.test(samples[row.id] ?? '')).toBe(true);
      expect(row.detect?.test('Plain prose with a `:::` and <b>tags</b>.\n')).toBe(false);
    }
  });
});
