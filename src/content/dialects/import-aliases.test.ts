/**
 * Import aliases in Starlight pages (docs.astro.build/en/guides/imports/#aliases): matching as
 * TypeScript matches `paths` (www.typescriptlang.org/tsconfig/#paths), and the rewrite of
 * destinations and MDX imports into the relative paths they name.
 */
import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { InternalZone } from '../access.js';
import type { ImportAliases } from '../conventions/types.js';
import { aliasedFromPage, aliasTarget, withImportAliases } from './import-aliases.js';
import { siteFilesOf } from './site-files.js';
import { dialect, writeSite } from './test-support.js';
import { expectLinearTime } from '../../../test/linear-time.js';

/** A Starlight project's aliases as conventions give them: pages in `src/content/docs/`, so `src/` is two folders up, the project three. */
const ALIASES: ImportAliases = {
  root: '../../..',
  aliases: [
    { pattern: '@assets/*', targets: ['../../assets/*', '../../fallback/*'] },
    { pattern: '@/*', targets: ['../../*'] },
    { pattern: '@/components/*', targets: ['../../ui/*'] },
    { pattern: '@logo', targets: ['../../assets/brand/logo.svg'] },
    { pattern: '@logo*', targets: ['../../never/*'] },
    { pattern: '*', targets: ['../../*'] },
  ],
};

describe('aliasTarget: TypeScript paths matching', () => {
  it('an exact pattern first, else the longest prefix, the first target, * the matched text', () => {
    expect(aliasTarget('@assets/img/a.png', ALIASES)).toBe('../../assets/img/a.png');
    expect(aliasTarget('@/components/Foo.astro', ALIASES)).toBe('../../ui/Foo.astro');
    expect(aliasTarget('@/lib/x.ts', ALIASES)).toBe('../../lib/x.ts');
    expect(aliasTarget('@logo', ALIASES)).toBe('../../assets/brand/logo.svg');
    expect(aliasTarget('@logo.png', ALIASES)).toBe('../../never/.png');
    // `$&` in the matched text is text, not a replacement pattern.
    expect(aliasTarget('@assets/$&.png', ALIASES)).toBe('../../assets/$&.png');
  });

  it('no alias for relative, root, fragment or URL destinations, nor by a bare * pattern', () => {
    for (const specifier of ['./a.png', '../a.png', '/a.png', '#x', '?q', 'https://x.test/@assets/a.png', 'mailto:a@b', 'guide.md', ''])
      expect([specifier, aliasTarget(specifier, ALIASES)]).toStrictEqual([specifier, undefined]);
  });

  it('resolves to nothing when the file would leave the project folder', () => {
    expect(aliasTarget('@/../../outside.png', ALIASES)).toBeUndefined();
    expect(aliasTarget('@/../tsconfig.json', ALIASES)).toBe('../../../tsconfig.json');
    expect(aliasTarget('@assets/../../../../etc/passwd', ALIASES)).toBeUndefined();
    // Climbing inside the project is a path of the project.
    expect(aliasTarget('@assets/../docs-img/a.png', ALIASES)).toBe('../../docs-img/a.png');
  });
});

describe('aliasedFromPage and withImportAliases', () => {
  it('writes the path from the page, query and fragment kept', () => {
    expect(aliasedFromPage('@assets/a.png?v=1#top', ALIASES, 'guides/deep/page.md')).toBe('../../../../assets/a.png?v=1#top');
    expect(aliasedFromPage('@/content/docs/img/a.png', { root: '.', aliases: [{ pattern: '@/*', targets: ['*'] }] }, 'page.md')).toBe(
      './content/docs/img/a.png',
    );
  });

  it('rewrites images, links, reference definitions and raw HTML src; code and frontmatter are left as written', () => {
    const source =
      '---\nimage: "@assets/cover.png"\n---\n![A](@assets/a.png "Title") and [b](<@assets/b c.pdf>)\n\n[ref]: @assets/ref.png\n\n<img src="@assets/c.png" alt="">\n\n`![x](@assets/x.png)`\n\n```md\n![y](@assets/y.png)\n```\n';
    expect(withImportAliases(source, ALIASES, 'page.md')).toBe(
      '---\nimage: "@assets/cover.png"\n---\n![A](../../assets/a.png "Title") and [b](<../../assets/b c.pdf>)\n\n[ref]: ../../assets/ref.png\n\n<img src="../../assets/c.png" alt="">\n\n`![x](@assets/x.png)`\n\n```md\n![y](@assets/y.png)\n```\n',
    );
  });

  it('returns a source without an alias prefix, or without aliases, as the very same string', () => {
    const source = '![A](./a.png)\n';
    expect(withImportAliases(source, ALIASES, 'page.md')).toBe(source);
    expect(withImportAliases('![A](@assets/a.png)\n', undefined, 'page.md')).toBe('![A](@assets/a.png)\n');
  });

  it('is linear on a long line of aliased images', () => {
    expectLinearTime(
      (n) => '![a](@assets/a.png) '.repeat(n),
      (text) => withImportAliases(text, ALIASES, 'page.md'),
      20_000,
    );
  });
});

describe('aliased MDX imports through the one read rule (content/readable.ts)', () => {
  const sites: string[] = [];
  afterAll(() => sites.forEach((site) => rmSync(site, { recursive: true, force: true })));
  const aliases: ImportAliases = { root: '.', aliases: [{ pattern: '~/*', targets: ['*'] }] };

  /** A page of a Starlight site in a temporary content folder of `files`, with `aliases`. */
  function page(source: string, files: Record<string, string>, options: { internal?: boolean; protectedPaths?: string[] } = {}) {
    const site = writeSite({ ...files, 'guides/page.mdx': source });
    sites.push(site);
    const protectedPaths = (options.protectedPaths ?? []).map((rel) => `${site}/${rel}`);
    return dialect(source, {
      generator: 'starlight',
      relPath: 'guides/page.mdx',
      files: siteFilesOf(site, protectedPaths, new InternalZone([])),
      internal: options.internal ?? false,
      importAliases: aliases,
    });
  }

  it('inlines a partial imported through an alias, its own aliased links written from the page', () => {
    const out = page("import Note from '~/common/_note.mdx';\n\n<Note />\n", {
      'common/_note.mdx': 'See [the guide](~/guides/other.md) and ![x](./x.png).\n',
    });
    expect(out.text).toBe('See [the guide](./other.md) and ![x](../common/x.png).\n\n');
    expect(out.problems).toStrictEqual([]);
  });

  it('refuses a protected path, a private partial into a public page and a draft, never showing their text', () => {
    const out = page(
      "import A from '~/data/_a.mdx';\nimport B from '~/_private.mdx';\nimport C from '~/_draft.md';\n\n<A />\n\n<B />\n\n<C />\n",
      {
        'data/_a.mdx': 'DATA TEXT\n',
        '_private.mdx': '---\naccess: internal\n---\nPRIVATE TEXT\n',
        '_draft.md': '---\ndraft: true\n---\nDRAFT TEXT\n',
      },
      { protectedPaths: ['data'] },
    );
    expect(out.text).toBe(
      '(include refused: `~/data/_a.mdx`)\n\n(include refused: `~/_private.mdx`)\n\n(include refused: `~/_draft.md`)\n\n',
    );
    expect(out.problems.map((problem) => problem.message)).toStrictEqual([
      "MDX partial not inlined: include refused: ../data/_a.mdx is sitegate's data folder, secret or config file (imported as ~/data/_a.mdx)",
      'MDX partial not inlined: include refused: ../_private.mdx is not public (access) and cannot be included in a public page (imported as ~/_private.mdx)',
      'MDX partial not inlined: include refused: ../_draft.md is a draft or unpublished (imported as ~/_draft.md)',
    ]);
  });
});
