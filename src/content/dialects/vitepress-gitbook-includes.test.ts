import { rmSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { gitbookIncludes } from './gitbook-include.js';
import { InternalZone } from '../access.js';
import { siteFilesOf } from './site-files.js';
import { dialect, writeSite } from './test-support.js';

const site = writeSite({
  'docs/.vitepress/config.mts': 'export default {};\n',
  'docs/parts/basics.md': '# Basics\n\n<!-- #region usage -->\nUse it.\n<!-- #endregion usage -->\nLast.\n',
  'docs/parts/nested.md': 'Nested <!--@include: ./basics.md{3,3}-->\n',
  'docs/snippets/a.js': "// #region main\nconsole.log('a');\n// #endregion main\nexport {};\n",
  'docs/internal/notes.md': 'Internal notes.\n',
  'docs/.gitbook/includes/hint.md': '---\ntitle: Hint\n---\n\nReusable hint.\n',
  'docs/.env': 'TOKEN=x\n',
  'outside.md': 'Outside.\n',
});
symlinkSync(path.join(site, 'outside.md'), path.join(site, 'docs/parts/out.md'));
const files = siteFilesOf(path.join(site, 'docs'), [path.join(site, 'docs/state')], new InternalZone([]));
afterAll(() => rmSync(site, { recursive: true, force: true }));
const page = (source: string, internal = false) => dialect(source, { relPath: 'guide/page.md', files, internal });

describe('VitePress <!--@include:-->', () => {
  it('inlines a file relative to the page or to the source root, with line ranges, regions and nested includes', () => {
    expect(page('<!--@include: ../parts/basics.md{3,4}-->').text).toBe('<!-- #region usage -->\nUse it.');
    expect(page('<!--@include: @/parts/basics.md#usage-->').text).toBe('Use it.');
    expect(page('A <!--@include: ../parts/nested.md--> B').text).toBe('A Nested <!-- #region usage --> B');
  });

  it('refuses what the rule refuses, with a note and an error at its line', () => {
    const out = page('Intro\n\n<!--@include: ../.env-->\n\n<!--@include: ../parts/out.md-->\n\n<!--@include: @/internal/notes.md-->\n');
    expect(out.text).toBe(
      'Intro\n\n(include refused: `../.env`)\n\n(include refused: `../parts/out.md`)\n\n(include refused: `@/internal/notes.md`)\n',
    );
    expect(out.problems).toStrictEqual([
      {
        severity: 'error',
        file: 'guide/page.md',
        line: 3,
        message: '<!--@include:-->: include refused: ../.env is inside a dotfile or dot-folder (.env)',
      },
      {
        severity: 'error',
        file: 'guide/page.md',
        line: 5,
        message: '<!--@include:-->: include refused: ../parts/out.md leads outside the site folder',
      },
      {
        severity: 'error',
        file: 'guide/page.md',
        line: 7,
        message: '<!--@include:-->: include refused: /internal/notes.md is internal and cannot be included in a public page',
      },
    ]);
    expect(page('<!--@include: @/internal/notes.md-->', true).text).toBe('Internal notes.');
  });
});

describe('VitePress <<< code snippets', () => {
  it('imports a file as a code block: language from the extension or the braces, a region, a title', () => {
    expect(page('<<< @/snippets/a.js').text).toBe("```js\n// #region main\nconsole.log('a');\n// #endregion main\nexport {};\n```");
    expect(page('<<< ../snippets/a.js#main{1 ts:line-numbers} [a.ts]').text).toBe("**a.ts**\n\n```ts {1}\nconsole.log('a');\n```");
    expect(page('```md\n<<< @/snippets/a.js\n```').text).toBe('```md\n<<< @/snippets/a.js\n```');
  });

  it('refuses what the rule refuses', () => {
    const out = page('<<< @/.env');
    expect(out.text).toBe('(include refused: `@/.env`)');
    expect(out.problems).toStrictEqual([
      {
        severity: 'error',
        file: 'guide/page.md',
        line: 1,
        message: '<<<: include refused: /.env is inside a dotfile or dot-folder (.env)',
      },
    ]);
  });
});

describe('GitBook {% include %}', () => {
  it('inlines reusable content from .gitbook/includes/, frontmatter left out', () => {
    expect(page('Before\n\n{% include "../.gitbook/includes/hint.md" %}\n\nAfter').text).toBe('Before\n\nReusable hint.\n\nAfter');
  });

  it('leaves tags in code as written (Jinja templates in code samples)', () => {
    const fenced = '```jinja\n{% include "partials/header.html" %}\n```\n';
    expect(page(fenced)).toMatchObject({ text: fenced, problems: [] });
    const context = { files, relPath: 'guide/page.md', internal: false, problems: [] };
    expect(gitbookIncludes('See `{% include "x.md" %}`.', context)).toBe('See `{% include "x.md" %}`.');
    expect(context.problems).toStrictEqual([]);
  });

  it('refuses other dot folders, URLs and internal files, and leaves Hugo include shortcodes to Hugo', () => {
    const out = page('{% include "../.env" %}\n{% include "https://x.test/a.md" %}\n{% include "../internal/notes.md" %}');
    expect(out.text).toBe(
      '(include refused: `../.env`)\n(include refused: `https://x.test/a.md`)\n(include refused: `../internal/notes.md`)',
    );
    expect(out.problems.map((problem) => [problem.line, problem.message])).toStrictEqual([
      [1, '{% include %}: include refused: ../.env is inside a dotfile or dot-folder (.env)'],
      [2, '{% include %}: include refused: https://x.test/a.md: URLs are not fetched'],
      [3, '{% include %}: include refused: ../internal/notes.md is internal and cannot be included in a public page'],
    ]);
  });
});
