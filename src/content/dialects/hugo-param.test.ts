/**
 * Hugo's `param` shortcode (gohugo.io/shortcodes/param/): "renders a parameter from front matter,
 * falling back to a site parameter of the same name"; nested values by chained identifiers; keys
 * case-insensitive (gohugo.io/methods/page/param/, gohugo.io/configuration/params/). The site's
 * parameters come lower-cased (conventions/hugo-params.ts), as they are given here.
 */
import { describe, expect, it } from 'vitest';
import { splitFrontmatter } from '../frontmatter.js';
import { renderMarkdown } from '../render.js';
import { agentsMarkdown } from './agents-markdown.js';
import { paramOf } from './hugo-shortcodes.js';
import { dialect } from './test-support.js';

const SITE = { color: 'blue', subtitle: 'The Best Widgets', author: { display_name: 'Ann Smith', email: 'ann@example.org' }, year: 2025 };

/** The agents' markdown, the body's HTML and the problems of a Hugo page with the site's parameters. */
function page(source: string, siteParams: Record<string, unknown> = SITE): { agents: string; html: string; problems: string[] } {
  const out = dialect(source, { generator: 'hugo', siteParams });
  const html = renderMarkdown(splitFrontmatter(out.text).body, {
    relPath: 'page.md',
    lookup: () => undefined,
    basePath: '',
    highlight: null,
  });
  return { agents: agentsMarkdown(out.text), html: html.html, problems: out.problems.map((problem) => problem.message) };
}

describe('Hugo param: the page first, then the site', () => {
  it("takes the page's value over the site's of the same name, and the site's when the page sets none", () => {
    expect(page('---\nparams:\n  color: red\n---\nA {{< param color >}} shirt, {{% param "subtitle" %}}.\n')).toStrictEqual({
      agents: '---\nparams:\n  color: red\n---\nA red shirt, The Best Widgets.\n',
      html: '<p>A red shirt, The Best Widgets.</p>\n',
      problems: [],
    });
    expect(page('A {{< param color >}} shirt.\n')).toStrictEqual({
      agents: 'A blue shirt.\n',
      html: '<p>A blue shirt.</p>\n',
      problems: [],
    });
  });

  it("walks dotted keys into the site's nested maps, and into the page's before them", () => {
    expect(page('By {{< param "author.display_name" >}} ({{< param author.email >}}).\n')).toStrictEqual({
      agents: 'By Ann Smith (ann@example.org).\n',
      html: '<p>By Ann Smith (ann@example.org).</p>\n',
      problems: [],
    });
    // The page's author map has no email: the site's is taken, key by key.
    const source = '---\nparams:\n  author:\n    display_name: Bob\n---\n{{< param author.display_name >}}, {{< param author.email >}}\n';
    expect(page(source).agents).toBe('---\nparams:\n  author:\n    display_name: Bob\n---\nBob, ann@example.org\n');
  });

  it('matches keys case-insensitively on the page and the site', () => {
    const source =
      '---\nparams:\n  shirtSize: medium\n---\n{{< param SHIRTSIZE >}}, {{< param shirtsize >}}, {{< param Author.Display_Name >}}\n';
    expect(page(source).agents).toBe('---\nparams:\n  shirtSize: medium\n---\nmedium, medium, Ann Smith\n');
  });

  it('prints numbers and booleans as text, false included', () => {
    expect(
      page('---\nparams:\n  draftish: false\n  ratio: 1.5\n---\n{{< param year >}} {{< param ratio >}} {{< param draftish >}}\n').agents,
    ).toBe('---\nparams:\n  draftish: false\n  ratio: 1.5\n---\n2025 1.5 false\n');
  });

  it("keeps a page's false over the site's true: the page sets the parameter", () => {
    expect(paramOf({ params: { toc: false } }, { toc: true }, 'toc')).toBe('false');
  });

  it('leaves out a parameter neither sets, and a map or a list, and check is told as before', () => {
    expect(page('A {{< param size >}} shirt, {{< param author >}}, {{< param tags >}}.\n', { ...SITE, tags: ['a'] })).toStrictEqual({
      agents: 'A  shirt, , .\n',
      html: '<p>A  shirt, , .</p>\n',
      problems: [
        '{{< param size >}}: no such page parameter',
        '{{< param author >}}: no such page parameter',
        '{{< param tags >}}: no such page parameter',
      ],
    });
  });

  it("never reads an object's inherited members as parameters", () => {
    expect([paramOf({}, {}, 'constructor'), paramOf({}, { a: 'x' }, 'a.length'), paramOf({}, { a: ['x'] }, 'a.0')]).toStrictEqual([
      undefined,
      undefined,
      undefined,
    ]);
  });
});
