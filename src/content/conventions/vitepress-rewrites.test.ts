// vitepress.dev/guide/routing#route-rewrites and vitepress.dev/reference/site-config#rewrites: the
// static map and the route parameters of path-to-regexp 6 that VitePress compiles its rules with.
import { describe, expect, it } from 'vitest';
import { isPagePath, rewriteRulesOf, rewrittenPath } from './vitepress-rewrites.js';
import { expectLinearTime } from '../../../test/linear-time.js';

const rewrite = (rules: Record<string, string>, relPath: string): string | undefined =>
  rewrittenPath(relPath, rewriteRulesOf(Object.entries(rules)).rules);

describe('VitePress rewrites', () => {
  it('moves the files of the static map, and no other', () => {
    const rules = {
      'packages/pkg-a/src/index.md': 'pkg-a/index.md',
      'packages/pkg-a/src/foo.md': 'pkg-a/foo.md',
      'packages/pkg-b/src/bar.md': 'pkg-b/bar.md',
    };
    expect(
      ['packages/pkg-a/src/index.md', 'packages/pkg-a/src/foo.md', 'packages/pkg-b/src/bar.md', 'packages/pkg-b/src/index.md'].map((file) =>
        rewrite(rules, file),
      ),
    ).toStrictEqual(['pkg-a/index.md', 'pkg-a/foo.md', 'pkg-b/bar.md', undefined]);
  });

  it('fills :pkg with one segment and :slug* with the segments that follow, several or none', () => {
    const rules = { 'packages/:pkg/src/:slug*': ':pkg/:slug*' };
    expect(rewrite(rules, 'packages/pkg-a/src/foo.md')).toBe('pkg-a/foo.md');
    expect(rewrite(rules, 'packages/pkg-a/src/guide/deep/bar.md')).toBe('pkg-a/guide/deep/bar.md');
    expect(rewrite(rules, 'packages/pkg-a/src')).toBe('pkg-a');
    expect(rewrite(rules, 'packages/pkg-a/docs/foo.md')).toBeUndefined();
    expect(rewrite(rules, 'packages/src/foo.md')).toBeUndefined();
    expect(rewrite(rules, 'other/pkg-a/src/foo.md')).toBeUndefined();
  });

  it('matches segments after a :name* from the end, and text around a :name in its segment', () => {
    expect(rewrite({ 'docs/:path*/README.md': ':path*/index.md' }, 'docs/a/b/README.md')).toBe('a/b/index.md');
    expect(rewrite({ 'docs/:path*/README.md': ':path*/index.md' }, 'docs/README.md')).toBe('index.md');
    expect(rewrite({ 'docs/:path*/README.md': ':path*/index.md' }, 'docs/a/b.md')).toBeUndefined();
    expect(rewrite({ 'posts/:slug.md': 'blog/post-:slug.md' }, 'posts/hello.md')).toBe('blog/post-hello.md');
    expect(rewrite({ 'posts/:slug.md': 'blog/:slug.md' }, 'posts/.md')).toBeUndefined();
    expect(rewrite({ 'guide/:slug*': ':slug*' }, 'guide/a/b.md')).toBe('a/b.md');
  });

  it('reads literal text regardless of case, as path-to-regexp does by default, and takes the first rule that matches', () => {
    expect(rewrite({ 'Packages/:pkg/SRC/index.md': ':pkg/index.md' }, 'packages/Pkg-A/src/INDEX.md')).toBe('Pkg-A/index.md');
    expect(rewrite({ 'a/:x.md': 'first/:x.md', 'a/:y*': 'second/:y*' }, 'a/b.md')).toBe('first/b.md');
    expect(rewrite({ 'a/:x.md': 'first/:x.md', 'a/:y*': 'second/:y*' }, 'a/b/c.md')).toBe('second/b/c.md');
  });

  it('leaves out, with a message, the rules it cannot read', () => {
    const read = rewriteRulesOf([
      ['^packages/(.*)', '$1'],
      ['packages/:pkg/src/(.*)', ':pkg/index.md'],
      ['a/:x?', 'b/:x'],
      ['a/:x*/:y*', ':x*/:y*'],
      [':slug*', 'docs/:slug*'],
      ['a/:x.md', 'b/:y.md'],
      ['computed.md', undefined],
      ['kept/:x.md', 'k/:x.md'],
    ]);
    expect(read.problems).toStrictEqual([
      "rewrites '^packages/(.*)': a regular expression; not followed",
      "rewrites 'packages/:pkg/src/(.*)': (.*) uses path-to-regexp syntax sitegate does not read; not followed",
      "rewrites 'a/:x?': :x? uses path-to-regexp syntax sitegate does not read; not followed",
      "rewrites 'a/:x*/:y*': more than one repeated parameter; not followed",
      "rewrites ':slug*': :slug*: a repeated parameter that no / precedes; not followed",
      "rewrites 'a/:x.md': b/:y.md names :y, which the source does not; not followed",
      "rewrites 'computed.md': its path is computed; not followed",
    ]);
    expect(read.rules.map((rule) => rule.source)).toStrictEqual(['kept/:x.md']);
  });

  it('says which rewritten paths can be a page', () => {
    expect(['a/b.md', 'INDEX.MD', 'a/b', 'a//b.md', '../b.md', 'a/./b.md', ''].map(isPagePath)).toStrictEqual([
      true,
      true,
      false,
      false,
      false,
      false,
      false,
    ]);
  });

  it('takes linear time on long paths and long patterns', () => {
    const rules = rewriteRulesOf([['a/:x*/b/b/b/b/c.md', ':x*.md']]).rules;
    expectLinearTime(
      (n) => `a/${'b/'.repeat(n)}c.md`,
      (path) => rewrittenPath(path, rules),
      20_000,
    );
    const affixed = rewriteRulesOf([['p:a.md', ':a.md']]).rules;
    expectLinearTime(
      (n) => `p${'x.md'.repeat(n)}`,
      (path) => rewrittenPath(path, affixed),
      20_000,
    );
    expectLinearTime(
      (n) => `a/:${'x'.repeat(n)}${'/:y.md'.repeat(n)}`,
      (pattern) => rewriteRulesOf([[pattern, 'b.md']]),
      20_000,
    );
  });
});
