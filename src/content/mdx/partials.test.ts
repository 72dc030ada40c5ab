import { rmSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { siteFilesOf } from '../dialects/site-files.js';
import { InternalZone } from '../access.js';
import { dialect, writeSite } from '../dialects/test-support.js';
import { rebaseDestination } from './partials.js';

const site = writeSite({
  'content/components/_warning.mdx': ':::caution\n\nRead [the essentials](../tutorials/essentials.md) first.\n\n:::\n',
  'content/components/_outer.mdx': "---\ntitle: x\n---\nimport Inner from './shared/_inner.md';\n\nOuter text.\n\n<Inner />\n",
  'content/components/shared/_inner.md': 'Inner **text**, see [setup](../../setup.md) and ![logo](./logo.png).\n',
  'content/astro/_content.md': '## Shared heading\n\nPlain markdown.\n',
  'content/loop/_a.mdx': "import B from './_b.mdx';\n\nA.\n\n<B />\n",
  'content/loop/_b.mdx': "import A from './_a.mdx';\n\nB.\n\n<A />\n",
  'content/internal/_secret.mdx': 'Secret.\n',
  'outside.mdx': 'Outside.\n',
});
symlinkSync(path.join(site, 'outside.mdx'), path.join(site, 'content', 'components', '_link.mdx'));
const files = siteFilesOf(path.join(site, 'content'), [], new InternalZone([]));
afterAll(() => rmSync(site, { recursive: true, force: true }));

/** A page of the test site through the dialect step. */
const page = (relPath: string, source: string): ReturnType<typeof dialect> => dialect(source, { relPath, files });

describe('imported MDX partials', () => {
  it('inlines a partial where its component is used, its links rebased onto the page', () => {
    const out = page(
      'tutorials/fundamentals/part-1.md',
      "import Warning from '../../components/_warning.mdx';\n\nIntro.\n\n<Warning />\n\nAfter.\n",
    );
    expect(out.text).toBe('Intro.\n\n> [!CAUTION]\n> Read [the essentials](../essentials.md) first.\n\nAfter.\n');
    expect(out.html).toBe(
      '<p>Intro.</p>\n<div class="markdown-alert markdown-alert-caution"><p class="markdown-alert-title">Caution</p>\n<p>Read <a href="/tutorials/essentials">the essentials</a> first.</p>\n</div>\n<p>After.</p>\n',
    );
    expect(out.problems).toStrictEqual([]);
  });

  it('inlines partials that import partials, frontmatter left out, each link from its own file', () => {
    const out = page('guide/intro.mdx', "import Outer from '../components/_outer.mdx';\n\n<Outer />\n");
    expect(out.text).toBe('Outer text.\n\nInner **text**, see [setup](../setup.md) and ![logo](../components/shared/logo.png).\n\n');
    expect(out.problems).toStrictEqual([]);
  });

  it("inlines Astro's Content export of a .md file as written", () => {
    const out = page('astro/page.mdx', "import { Content as Shared } from './_content.md';\n\nBefore.\n\n<Shared />\n");
    expect(out.text).toBe('Before.\n\n## Shared heading\n\nPlain markdown.\n\n');
    expect(out.html).toBe('<p>Before.</p>\n<h2 id="shared-heading">Shared heading</h2>\n<p>Plain markdown.</p>\n');
  });

  it('stops a cycle at the file that imports itself, and says so', () => {
    const out = page('loop/page.mdx', "import A from './_a.mdx';\n\n<A />\n");
    expect(out.text).toBe('A.\n\nB.\n\n(include refused: `./_a.mdx`)\n\n');
    expect(out.problems).toStrictEqual([
      {
        severity: 'warning',
        file: 'loop/page.mdx',
        message:
          'loop/_a.mdx: loop/_b.mdx: MDX partial not inlined: ./_a.mdx imports itself (loop/page.mdx → loop/_a.mdx → loop/_b.mdx → loop/_a.mdx)',
      },
    ]);
  });

  it('fails closed with an error at the import line: missing, outside the content folder, through a symlink, internal into public', () => {
    const cases: [string, string][] = [
      ['./_missing.mdx', './_missing.mdx not found'],
      ['../../outside.mdx', '../../outside.mdx is outside the site folder'],
      ['./_link.mdx', './_link.mdx leads outside the site folder'],
      ['../internal/_secret.mdx', '../internal/_secret.mdx is internal and cannot be included in a public page'],
    ];
    for (const [target, reason] of cases) {
      const out = page('components/page.mdx', `import P from '${target}';\n\nA\n\n<P />\n\nB\n`);
      expect(out.text).toBe(`A\n\n(include refused: \`${target}\`)\n\nB\n`);
      expect(out.problems).toStrictEqual([
        { severity: 'error', file: 'components/page.mdx', line: 1, message: `MDX partial not inlined: include refused: ${reason}` },
      ]);
    }
  });

  it('reports an import it cannot read even when no tag uses it', () => {
    expect(page('p.mdx', "import P from './_gone.md';\n\nText.\n").problems).toStrictEqual([
      { severity: 'error', file: 'p.mdx', line: 1, message: 'MDX partial not inlined: include refused: ./_gone.md not found' },
    ]);
  });
});

describe('rebaseDestination', () => {
  it('rewrites relative destinations from the partial to the page, leaving the rest', () => {
    expect(rebaseDestination('../a.md#x', 'components/_p.mdx', 'docs/deep/page.md')).toBe('../../a.md#x');
    expect(rebaseDestination('<./img a.png>', 'components/_p.mdx', 'page.md')).toBe('<./components/img a.png>');
    expect(rebaseDestination('./guide/', 'components/_p.mdx', 'docs/page.md')).toBe('../components/guide/');
    for (const kept of ['/abs', '#frag', 'https://x.test/a', '']) expect(rebaseDestination(kept, 'a/_p.mdx', 'b/c.md')).toBe(kept);
  });
});
