/**
 * The Starlight rows of the dialect feature table (features/starlight.ts): for each row, a fixture
 * written from the documentation page it names (quoting the page's own example where it has one),
 * with the exact markdown agents get and the exact HTML. Partials are read from a temporary site.
 */
import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { containers } from './container.js';
import { featuresOf } from './features.js';
import { starlightFeatures } from './features/starlight.js';
import { dialect } from './test-support.js';
import { pageOutput, type PageFixture } from './row-fixtures.js';
import { expectLinearTime } from '../../../test/linear-time.js';

const GUIDE = 'https://starlight.astro.build/guides/authoring-content/';
const COMPONENTS = 'https://starlight.astro.build/components';

const PAGE_FIXTURES: PageFixture[] = [
  {
    id: 'starlight.asides',
    doc: `${GUIDE}#asides`,
    name: "the page's first example: a note holding a link and a code fence",
    source:
      ':::note\nStarlight is a documentation website toolkit built with [Astro](https://astro.build/). You can get started with this command:\n\n```sh\nnpm create astro@latest -- --template starlight\n```\n\n:::\n',
    agents:
      '> [!NOTE]\n> Starlight is a documentation website toolkit built with [Astro](https://astro.build/). You can get started with this command:\n>\n> ```sh\n> npm create astro@latest -- --template starlight\n> ```\n',
    html: '<div class="markdown-alert markdown-alert-note"><p class="markdown-alert-title">Note</p>\n<p>Starlight is a documentation website toolkit built with <a href="https://astro.build/">Astro</a>. You can get started with this command:</p>\n<pre tabindex="0"><code class="language-sh">npm create astro@latest -- --template starlight\n</code></pre>\n</div>\n',
  },
  {
    id: 'starlight.asides',
    doc: `${GUIDE}#custom-aside-titles`,
    name: 'a custom title in brackets is the alert title line',
    source:
      ':::tip[Did you know?]\nAstro helps you build faster websites with [“Islands Architecture”](https://docs.astro.build/en/concepts/islands/).\n:::\n',
    agents:
      '> [!TIP]\n> **Did you know?**\n>\n> Astro helps you build faster websites with [“Islands Architecture”](https://docs.astro.build/en/concepts/islands/).\n',
    html: '<div class="markdown-alert markdown-alert-tip"><p class="markdown-alert-title">Tip</p>\n<p><strong>Did you know?</strong></p>\n<p>Astro helps you build faster websites with <a href="https://docs.astro.build/en/concepts/islands/">“Islands Architecture”</a>.</p>\n</div>\n',
  },
  {
    id: 'starlight.asides',
    doc: `${GUIDE}#custom-aside-icons`,
    name: 'a custom icon in braces is left out',
    source:
      ':::tip{icon="heart"}\nAstro helps you build faster websites with [“Islands Architecture”](https://docs.astro.build/en/concepts/islands/).\n:::\n',
    agents:
      '> [!TIP]\n> Astro helps you build faster websites with [“Islands Architecture”](https://docs.astro.build/en/concepts/islands/).\n',
    html: '<div class="markdown-alert markdown-alert-tip"><p class="markdown-alert-title">Tip</p>\n<p>Astro helps you build faster websites with <a href="https://docs.astro.build/en/concepts/islands/">“Islands Architecture”</a>.</p>\n</div>\n',
  },
  {
    id: 'starlight.asides',
    doc: `${GUIDE}#more-aside-types`,
    name: 'caution and danger, holding any markdown',
    source:
      ':::caution\nIf you are not sure you want an awesome docs site, think twice before using [Starlight](/).\n:::\n\n:::danger\nYour users may be more productive and find your product easier to use thanks to helpful Starlight features.\n\n- Clear navigation\n- User-configurable colour theme\n- [i18n support](/guides/i18n/)\n\n:::\n',
    agents:
      '> [!CAUTION]\n> If you are not sure you want an awesome docs site, think twice before using [Starlight](/).\n\n> [!CAUTION]\n> Your users may be more productive and find your product easier to use thanks to helpful Starlight features.\n>\n> - Clear navigation\n> - User-configurable colour theme\n> - [i18n support](/guides/i18n/)\n',
    html: '<div class="markdown-alert markdown-alert-caution"><p class="markdown-alert-title">Caution</p>\n<p>If you are not sure you want an awesome docs site, think twice before using <a href="/">Starlight</a>.</p>\n</div>\n<div class="markdown-alert markdown-alert-caution"><p class="markdown-alert-title">Caution</p>\n<p>Your users may be more productive and find your product easier to use thanks to helpful Starlight features.</p>\n<ul>\n<li>Clear navigation</li>\n<li>User-configurable colour theme</li>\n<li><a href="/guides/i18n/">i18n support</a></li>\n</ul>\n</div>\n',
  },
  {
    id: 'starlight.aside-component',
    doc: `${COMPONENTS}/asides/`,
    name: "the page's examples: default note, caution, tip holding a code fence, danger",
    relPath: 'aside.mdx',
    source:
      'import { Aside } from \'@astrojs/starlight/components\';\n\n<Aside>Some content in an aside.</Aside>\n\n<Aside type="caution">Some cautionary content.</Aside>\n\n<Aside type="tip">\n\nOther content is also supported in asides.\n\n```js\n// A code snippet, for example.\n```\n\n</Aside>\n\n<Aside type="danger">Do not give your password to anyone.</Aside>\n',
    agents:
      '> [!NOTE]\n> Some content in an aside.\n\n> [!CAUTION]\n> Some cautionary content.\n\n> [!TIP]\n> Other content is also supported in asides.\n>\n> ```js\n> // A code snippet, for example.\n> ```\n\n> [!CAUTION]\n> Do not give your password to anyone.\n',
    html: '<div class="markdown-alert markdown-alert-note"><p class="markdown-alert-title">Note</p>\n<p>Some content in an aside.</p>\n</div>\n<div class="markdown-alert markdown-alert-caution"><p class="markdown-alert-title">Caution</p>\n<p>Some cautionary content.</p>\n</div>\n<div class="markdown-alert markdown-alert-tip"><p class="markdown-alert-title">Tip</p>\n<p>Other content is also supported in asides.</p>\n<pre tabindex="0"><code class="language-js">// A code snippet, for example.\n</code></pre>\n</div>\n<div class="markdown-alert markdown-alert-caution"><p class="markdown-alert-title">Caution</p>\n<p>Do not give your password to anyone.</p>\n</div>\n',
  },
  {
    id: 'starlight.aside-component',
    doc: `${COMPONENTS}/asides/#use-custom-titles`,
    name: 'a custom title, and a custom icon left out',
    relPath: 'aside.mdx',
    source:
      'import { Aside } from \'@astrojs/starlight/components\';\n\n<Aside type="caution" title="Watch out!">\nA warning aside *with* a custom title.\n</Aside>\n\n<Aside type="tip" icon="starlight">\nA tip aside *with* a custom icon.\n</Aside>\n',
    agents:
      '> [!CAUTION]\n> **Watch out!**\n>\n> A warning aside *with* a custom title.\n\n> [!TIP]\n> A tip aside *with* a custom icon.\n\n',
    html: '<div class="markdown-alert markdown-alert-caution"><p class="markdown-alert-title">Caution</p>\n<p><strong>Watch out!</strong></p>\n<p>A warning aside <em>with</em> a custom title.</p>\n</div>\n<div class="markdown-alert markdown-alert-tip"><p class="markdown-alert-title">Tip</p>\n<p>A tip aside <em>with</em> a custom icon.</p>\n</div>\n',
  },
  {
    id: 'starlight.tabs',
    doc: `${COMPONENTS}/tabs/`,
    name: 'labelled sections in order; syncKey and icon left out',
    relPath: 'tabs.mdx',
    source:
      'import { Tabs, TabItem } from \'@astrojs/starlight/components\';\n\n<Tabs>\n  <TabItem label="Stars">Sirius, Vega, Betelgeuse</TabItem>\n  <TabItem label="Moons">Io, Europa, Ganymede</TabItem>\n</Tabs>\n\n<Tabs syncKey="constellations">\n  <TabItem label="Stars" icon="star">Sirius, Vega, Betelgeuse</TabItem>\n  <TabItem label="Moons" icon="moon">Io, Europa, Ganymede</TabItem>\n</Tabs>\n',
    agents:
      '**Stars**\n\nSirius, Vega, Betelgeuse\n\n**Moons**\n\nIo, Europa, Ganymede\n\n**Stars**\n\nSirius, Vega, Betelgeuse\n\n**Moons**\n\nIo, Europa, Ganymede\n\n',
    html: '<p><strong>Stars</strong></p>\n<p>Sirius, Vega, Betelgeuse</p>\n<p><strong>Moons</strong></p>\n<p>Io, Europa, Ganymede</p>\n<p><strong>Stars</strong></p>\n<p>Sirius, Vega, Betelgeuse</p>\n<p><strong>Moons</strong></p>\n<p>Io, Europa, Ganymede</p>\n',
  },
  {
    id: 'starlight.steps',
    doc: `${COMPONENTS}/steps/`,
    name: "the page's example: the ordered list kept, a code fence in a step",
    relPath: 'steps.mdx',
    source:
      "import { Steps } from '@astrojs/starlight/components';\n\n<Steps>\n\n1. Import the component into your MDX file:\n\n   ```js\n   import { Steps } from '@astrojs/starlight/components';\n   ```\n\n2. Wrap `<Steps>` around your ordered list items.\n\n</Steps>\n",
    agents:
      "1. Import the component into your MDX file:\n\n   ```js\n   import { Steps } from '@astrojs/starlight/components';\n   ```\n\n2. Wrap `<Steps>` around your ordered list items.\n\n",
    html: '<ol>\n<li>\n<p>Import the component into your MDX file:</p>\n<pre tabindex="0"><code class="language-js">import { Steps } from \'@astrojs/starlight/components\';\n</code></pre>\n</li>\n<li>\n<p>Wrap <code>&lt;Steps&gt;</code> around your ordered list items.</p>\n</li>\n</ol>\n',
  },
  {
    id: 'starlight.steps',
    doc: `${COMPONENTS}/steps/`,
    name: '<Tabs> inside a step stays in the list item',
    relPath: 'steps.mdx',
    source:
      'import { Steps, Tabs, TabItem } from \'@astrojs/starlight/components\';\n\n<Steps>\n\n1. Create a new Starlight project:\n\n   <Tabs syncKey="pkg">\n\n   <TabItem label="npm" icon="seti:npm">\n\n   ```sh\n   npm create astro@latest\n   ```\n\n   </TabItem>\n\n   <TabItem label="pnpm">\n\n   ```sh\n   pnpm create astro\n   ```\n\n   </TabItem>\n\n   </Tabs>\n\n2. Write your first documentation page.\n\n</Steps>\n',
    agents:
      '1. Create a new Starlight project:\n\n   **npm**\n\n   ```sh\n   npm create astro@latest\n   ```\n\n   **pnpm**\n\n   ```sh\n   pnpm create astro\n   ```\n\n2. Write your first documentation page.\n\n',
    html: '<ol>\n<li>\n<p>Create a new Starlight project:</p>\n<p><strong>npm</strong></p>\n<pre tabindex="0"><code class="language-sh">npm create astro@latest\n</code></pre>\n<p><strong>pnpm</strong></p>\n<pre tabindex="0"><code class="language-sh">pnpm create astro\n</code></pre>\n</li>\n<li>\n<p>Write your first documentation page.</p>\n</li>\n</ol>\n',
  },
  {
    id: 'starlight.cards',
    doc: `${COMPONENTS}/cards/`,
    name: 'a card is its bold title and content; its icon left out',
    relPath: 'cards.mdx',
    source:
      'import { Card } from \'@astrojs/starlight/components\';\n\n<Card title="Check this out">Interesting content you want to highlight.</Card>\n\n<Card title="Stars" icon="star">\n  Sirius, Vega, Betelgeuse\n</Card>\n',
    agents: '**Check this out**\n\nInteresting content you want to highlight.\n\n**Stars**\n\nSirius, Vega, Betelgeuse\n\n',
    html: '<p><strong>Check this out</strong></p>\n<p>Interesting content you want to highlight.</p>\n<p><strong>Stars</strong></p>\n<p>Sirius, Vega, Betelgeuse</p>\n',
  },
  {
    id: 'starlight.cards',
    doc: `${COMPONENTS}/cards/`,
    name: 'a <CardGrid> is its cards in order (the example of components/card-grids/)',
    relPath: 'cards.mdx',
    source:
      'import { Card, CardGrid } from \'@astrojs/starlight/components\';\n\n<CardGrid>\n\t<Card title="Stars" icon="star">\n\t\tSirius, Vega, Betelgeuse\n\t</Card>\n\t<Card title="Moons" icon="moon">\n\t\tIo, Europa, Ganymede\n\t</Card>\n</CardGrid>\n',
    agents: '**Stars**\n\nSirius, Vega, Betelgeuse\n\n**Moons**\n\nIo, Europa, Ganymede\n\n',
    html: '<p><strong>Stars</strong></p>\n<p>Sirius, Vega, Betelgeuse</p>\n<p><strong>Moons</strong></p>\n<p>Io, Europa, Ganymede</p>\n',
  },
  {
    id: 'starlight.link-card',
    doc: `${COMPONENTS}/link-cards/`,
    name: 'a link card is its bold linked title, then its description',
    relPath: 'links.mdx',
    source:
      'import { LinkCard } from \'@astrojs/starlight/components\';\n\n<LinkCard title="Authoring Markdown" href="/guides/authoring-content/" />\n\n<LinkCard\n  title="Internationalization"\n  href="/guides/i18n/"\n  description="Configure Starlight to support multiple languages."\n/>\n',
    agents:
      '**[Authoring Markdown](/guides/authoring-content/)**\n\n**[Internationalization](/guides/i18n/)**\n\nConfigure Starlight to support multiple languages.\n\n',
    html: '<p><strong><a href="/guides/authoring-content/">Authoring Markdown</a></strong></p>\n<p><strong><a href="/guides/i18n/">Internationalization</a></strong></p>\n<p>Configure Starlight to support multiple languages.</p>\n',
  },
  {
    id: 'starlight.file-tree',
    doc: `${COMPONENTS}/file-tree/`,
    name: "the page's example: the nested list as written",
    relPath: 'tree.mdx',
    source:
      "import { FileTree } from '@astrojs/starlight/components';\n\n<FileTree>\n\n- astro.config.mjs an **important** file\n- package.json\n- README.md\n- src\n  - components\n    - **Header.astro**\n  - …\n- pages/\n\n</FileTree>\n",
    agents:
      '- astro.config.mjs an **important** file\n- package.json\n- README.md\n- src\n  - components\n    - **Header.astro**\n  - …\n- pages/\n\n',
    html: '<ul>\n<li>astro.config.mjs an <strong>important</strong> file</li>\n<li>package.json</li>\n<li>README.md</li>\n<li>src\n<ul>\n<li>components\n<ul>\n<li><strong>Header.astro</strong></li>\n</ul>\n</li>\n<li>…</li>\n</ul>\n</li>\n<li>pages/</li>\n</ul>\n',
  },
  {
    id: 'starlight.badge',
    doc: `${COMPONENTS}/badges/`,
    name: 'a badge is its text; variant and size only style it',
    relPath: 'badges.mdx',
    source:
      'import { Badge } from \'@astrojs/starlight/components\';\n\n- <Badge text="Note" variant="note" />\n- <Badge text="Success" variant="success" />\n- <Badge text="New, improved, and bigger" size="large" />\n',
    agents: '- Note\n- Success\n- New, improved, and bigger\n',
    html: '<ul>\n<li>Note</li>\n<li>Success</li>\n<li>New, improved, and bigger</li>\n</ul>\n',
  },
  {
    id: 'starlight.badge',
    doc: `${COMPONENTS}/badges/`,
    name: 'a badge inside a paragraph is its text there',
    relPath: 'badges.mdx',
    source: 'import { Badge } from \'@astrojs/starlight/components\';\n\nStatus: <Badge text="New" variant="tip" /> since 0.2.\n',
    agents: 'Status: New since 0.2.\n',
    html: '<p>Status: New since 0.2.</p>\n',
  },
  {
    id: 'starlight.icon',
    doc: `${COMPONENTS}/icons/`,
    name: 'an icon is dropped, its label with it',
    relPath: 'icons.mdx',
    source:
      'import { Icon } from \'@astrojs/starlight/components\';\n\nA star: <Icon name="star" /> and <Icon name="starlight" label="The Starlight logo" />.\n\n<Icon name="star" color="goldenrod" size="2rem" />\n',
    agents: 'A star:  and .\n\n',
    html: '<p>A star:  and .</p>\n',
    check: [
      'dialect features used (support, feature, pages, documentation):',
      `  dropped    starlight.icon     1 page  ${COMPONENTS}/icons/`,
      '             An icon and its screen-reader `label` are left out of the page: an image with no text of its own.',
    ],
  },
  {
    id: 'starlight.code-component',
    doc: `${COMPONENTS}/code/`,
    name: 'code and title from strings the page exports make a fenced block with its title; mark is left out',
    relPath: 'code.mdx',
    source:
      "import { Code } from '@astrojs/starlight/components';\n\nexport const exampleCode = `console.log('This could come from a file or CMS!');`;\nexport const fileName = 'example.js';\nexport const highlights = ['file', 'CMS'];\n\n<Code code={exampleCode} lang=\"js\" title={fileName} mark={highlights} />\n",
    agents: '```js title="example.js"\nconsole.log(\'This could come from a file or CMS!\');\n```\n\n',
    html: '<figure class="code-block"><figcaption class="code-title">example.js</figcaption><pre tabindex="0"><code class="language-js">console.log(\'This could come from a file or CMS!\');\n</code></pre></figure>\n',
  },
  {
    id: 'starlight.code-component',
    doc: `${COMPONENTS}/code/`,
    name: 'code as a template literal makes a fenced block with its language and title; ins is left out',
    relPath: 'code.mdx',
    source:
      'import { Code } from \'@astrojs/starlight/components\';\n\n<Code code={`## Welcome\n\nHello from **space**!`} lang="md" title="example.md" ins={3} />\n',
    agents: '```md title="example.md"\n## Welcome\n\nHello from **space**!\n```\n\n',
    html: '<figure class="code-block"><figcaption class="code-title">example.md</figcaption><pre tabindex="0"><code class="language-md">## Welcome\n\nHello from **space**!\n</code></pre></figure>\n',
  },
  {
    id: 'starlight.code-component',
    doc: `${COMPONENTS}/code/#display-imported-code`,
    name: 'code imported with ?raw is not read: left out and reported',
    relPath: 'code.mdx',
    source:
      'import { Code } from \'@astrojs/starlight/components\';\nimport importedCode from \'/src/env.d.ts?raw\';\n\n<Code code={importedCode} lang="ts" title="src/env.d.ts" />\n',
    agents: '',
    html: '',
    problems: ['MDX components unwrapped (unknown): Code ×1'],
  },
  {
    id: 'starlight.expressive-code-meta',
    doc: 'https://expressive-code.com/key-features/text-markers/',
    name: 'line and text markers, ins/del, regex and collapse are left out; the title is kept',
    source:
      "```js title=\"line-markers.js\" del={2} ins={3-4} {6}\nfunction demo() {\n  console.log('this line is marked as deleted')\n  // This line and the next one are marked as inserted\n  console.log('this is the second inserted line')\n\n  return 'this line uses the neutral default marker type'\n}\n```\n\n```js \"given text\" /ye[sp]/ collapse={1-2}\nfunction demo() {\n  // Mark any given text inside lines\n  return 'yes or yep'\n}\n```\n",
    agents:
      "```js title=\"line-markers.js\"\nfunction demo() {\n  console.log('this line is marked as deleted')\n  // This line and the next one are marked as inserted\n  console.log('this is the second inserted line')\n\n  return 'this line uses the neutral default marker type'\n}\n```\n\n```js\nfunction demo() {\n  // Mark any given text inside lines\n  return 'yes or yep'\n}\n```\n",
    html: '<figure class="code-block"><figcaption class="code-title">line-markers.js</figcaption><pre tabindex="0"><code class="language-js">function demo() {\n  console.log(\'this line is marked as deleted\')\n  // This line and the next one are marked as inserted\n  console.log(\'this is the second inserted line\')\n\n  return \'this line uses the neutral default marker type\'\n}\n</code></pre></figure>\n<pre tabindex="0"><code class="language-js">function demo() {\n  // Mark any given text inside lines\n  return \'yes or yep\'\n}\n</code></pre>\n',
  },
  {
    id: 'starlight.expressive-code-meta',
    doc: 'https://expressive-code.com/key-features/text-markers/',
    name: 'frames (frame="terminal", frame="none") only style the block',
    source: '```sh frame="terminal"\nnpm create astro@latest\n```\n\n```sh frame="none"\necho "Look ma, no frame!"\n```\n',
    agents: '```sh\nnpm create astro@latest\n```\n\n```sh\necho "Look ma, no frame!"\n```\n',
    html: '<pre tabindex="0"><code class="language-sh">npm create astro@latest\n</code></pre>\n<pre tabindex="0"><code class="language-sh">echo &quot;Look ma, no frame!&quot;\n</code></pre>\n',
  },
  {
    id: 'starlight.hero',
    doc: 'https://starlight.astro.build/reference/frontmatter/#hero',
    name: "the page's example: title, tagline and action links open the body; image, icons, variants and attrs left out",
    relPath: 'index.md',
    source:
      "---\ntitle: My Home Page\ntemplate: splash\nhero:\n  title: 'My Project: Stellar Stuff Sooner'\n  tagline: Take your stuff to the moon and back in the blink of an eye.\n  image:\n    alt: A glittering, brightly colored logo\n    file: ~/assets/logo.png\n  actions:\n    - text: Tell me more\n      link: /getting-started/\n      icon: right-arrow\n    - text: View on GitHub\n      link: https://github.com/astronaut/my-project\n      icon: external\n      variant: minimal\n      attrs:\n        rel: me\n---\n\nWelcome.\n",
    agents:
      "---\ntitle: My Home Page\ntemplate: splash\nhero:\n  title: 'My Project: Stellar Stuff Sooner'\n  tagline: Take your stuff to the moon and back in the blink of an eye.\n  image:\n    alt: A glittering, brightly colored logo\n    file: ~/assets/logo.png\n  actions:\n    - text: Tell me more\n      link: /getting-started/\n      icon: right-arrow\n    - text: View on GitHub\n      link: https://github.com/astronaut/my-project\n      icon: external\n      variant: minimal\n      attrs:\n        rel: me\n---\n\n**My Project: Stellar Stuff Sooner**\n\nTake your stuff to the moon and back in the blink of an eye.\n\n- [Tell me more](/getting-started/)\n- [View on GitHub](https://github.com/astronaut/my-project)\n\nWelcome.\n",
    html: '<p><strong>My Project: Stellar Stuff Sooner</strong></p>\n<p>Take your stuff to the moon and back in the blink of an eye.</p>\n<ul>\n<li><a href="/getting-started/">Tell me more</a></li>\n<li><a href="https://github.com/astronaut/my-project">View on GitHub</a></li>\n</ul>\n<p>Welcome.</p>\n',
  },
  {
    id: 'starlight.src-images',
    doc: `${GUIDE}#images`,
    name: "the template's home page: an image in the project's src/assets/, relative to the page, at its /_astro/ URL",
    relPath: 'index.mdx',
    outside: { '../../assets/houston.webp': '/_astro/assets/houston.webp' },
    source: '![Houston](../../assets/houston.webp)\n\n![Gone](../../assets/gone.webp)\n',
    agents: '![Houston](../../assets/houston.webp)\n\n![Gone](../../assets/gone.webp)\n',
    html: '<p><img src="/_astro/assets/houston.webp" alt="Houston"></p>\n<p><img src="../../assets/gone.webp" alt="Gone"></p>\n',
  },
  {
    id: 'starlight.partials',
    doc: 'https://docs.astro.build/en/guides/markdown-content/#importing-markdown',
    name: '<Foo.Content /> of a namespace import and <Foo /> of a default import are inlined',
    relPath: 'guides/page.mdx',
    files: {
      'partials/_intro.md': '## Shared heading\n\nShared text.\n',
      'partials/_note.mdx': ':::tip\nFrom a partial.\n:::\n',
    },
    source: "import * as Intro from '../partials/_intro.md';\nimport Note from '../partials/_note.mdx';\n\n<Intro.Content />\n\n<Note />\n",
    agents: '## Shared heading\n\nShared text.\n\n> [!TIP]\n> From a partial.\n\n',
    html: '<h2 id="shared-heading">Shared heading</h2>\n<p>Shared text.</p>\n<div class="markdown-alert markdown-alert-tip"><p class="markdown-alert-title">Tip</p>\n<p>From a partial.</p>\n</div>\n',
  },
  {
    id: 'starlight.import-aliases',
    doc: 'https://docs.astro.build/en/guides/imports/#aliases',
    name: 'an aliased image is the path from the page to its file; an aliased partial is inlined, its own aliased image too',
    relPath: 'guides/page.mdx',
    importAliases: {
      root: '.',
      aliases: [
        { pattern: '@assets/*', targets: ['assets/*'] },
        { pattern: '@partials/*', targets: ['partials/*'] },
      ],
    },
    files: { 'partials/_intro.mdx': 'Shared text.\n\n![Logo](@assets/logo.svg)\n' },
    source: "import Intro from '@partials/_intro.mdx';\n\n![Diagram](@assets/diagram.png)\n\n<Intro />\n",
    agents: '![Diagram](../assets/diagram.png)\n\nShared text.\n\n![Logo](../assets/logo.svg)\n\n',
    html: '<p><img src="/assets/diagram.png" alt="Diagram"></p>\n<p>Shared text.</p>\n<p><img src="/assets/logo.svg" alt="Logo"></p>\n',
  },
];

const sites: string[] = [];
afterAll(() => sites.forEach((site) => rmSync(site, { recursive: true, force: true })));

/** The markdown agents get, the body HTML and the problems of a fixture's page. */
const run = (fixture: Pick<PageFixture, 'source' | 'relPath' | 'files' | 'importAliases' | 'outside'>): ReturnType<typeof pageOutput> =>
  pageOutput(fixture, 'starlight', sites);

/** A page of a Starlight site through the dialect step. */
const starlight = (source: string, relPath = 'page.md'): ReturnType<typeof dialect> => dialect(source, { generator: 'starlight', relPath });

const alert = (kind: string, label: string, inner: string): string =>
  `<div class="markdown-alert markdown-alert-${kind}"><p class="markdown-alert-title">${label}</p>\n${inner}</div>\n`;

describe('Starlight dialect features, from their documentation pages', () => {
  for (const fixture of PAGE_FIXTURES) {
    it(`${fixture.id}: ${fixture.name} (${fixture.doc})`, () => {
      const out = run(fixture);
      expect(out.agents).toBe(fixture.agents);
      expect(out.html).toBe(fixture.html);
      expect(out.problems).toStrictEqual(fixture.problems ?? []);
      if (fixture.check !== undefined) expect(out.check).toStrictEqual(fixture.check);
    });
  }

  it('has a fixture for every row, which the row detects, from the page the row names; a dropped row says what check prints', () => {
    const ids = [...new Set(PAGE_FIXTURES.map((fixture) => fixture.id))].sort();
    expect(ids).toStrictEqual(starlightFeatures.map((row) => row.id).sort());
    for (const fixture of PAGE_FIXTURES) {
      const row = starlightFeatures.find((candidate) => candidate.id === fixture.id);
      // The fixture follows the row's page (a section of it may be named).
      expect(fixture.doc.split('#')[0], fixture.id).toBe(row?.doc.split('#')[0]);
      expect(row?.detect?.test(fixture.source), fixture.id).toBe(true);
      if (row?.support === 'dropped') expect(fixture.check, fixture.id).toBeDefined();
    }
  });

  it('every row is listed for Starlight sites only, and finds nothing in plain prose', () => {
    for (const row of starlightFeatures) {
      expect(row.id.startsWith('starlight.')).toBe(true);
      expect(row.generators).toStrictEqual(['starlight']);
      expect(row.detect?.test('Plain prose with a `:::` and <b>tags</b>.\n')).toBe(false);
    }
    expect(featuresOf('starlight')).toEqual(expect.arrayContaining([...starlightFeatures]));
    expect(featuresOf('docusaurus').some((row) => row.id.startsWith('starlight.'))).toBe(false);
  });
});

describe('starlight.asides beyond the fixtures: where an aside closes (starlight.astro.build/guides/authoring-content/#asides)', () => {
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
    const source = (count: number): string => ':::note\n```\n:::\n'.repeat(count);
    const out = containers(source(20_000), (body) => body, 'starlight');
    expectLinearTime(source, (text) => containers(text, (body) => body, 'starlight'), 20_000);
    expect(out).toBe('> [!NOTE]\n> ```\n> ```\n\n'.repeat(19_999) + '> [!NOTE]\n> ```\n> ```\n');
  });
});

describe('starlight.expressive-code-meta beyond the fixtures (expressive-code.com/key-features/text-markers/)', () => {
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

describe('starlight.hero beyond the fixture (starlight.astro.build/reference/frontmatter/#hero)', () => {
  it('a hero title that is the page title is not repeated; a page without hero is its very source', () => {
    expect(starlight('---\ntitle: Home\nhero:\n  title: Home\n  tagline: Fast.\n---\nBody.\n').text).toBe(
      '---\ntitle: Home\nhero:\n  title: Home\n  tagline: Fast.\n---\nFast.\n\nBody.\n',
    );
    const plain = '---\ntitle: Home\n---\nBody.\n';
    expect(starlight(plain).text).toBe(plain);
  });
});
