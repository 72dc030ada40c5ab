import { describe, expect, it } from 'vitest';
import { sourceFile } from '../content/load.js';
import { buildSite } from '../content/site.js';
import { isListedInTree, markCurrentPage, NAV_FOLDER_MAX_ITEMS, NAV_MAX_LINKS, renderNavTree } from './nav-tree.js';
import { renderBreadcrumb, renderPageNav } from './navigation.js';

/** A small site: a home page, a guides section with a nested api folder, and a legal page. */
const SITE = buildSite(
  [
    sourceFile('README.md', '# Acme\n'),
    sourceFile('guides/README.md', '# Guides\n'),
    sourceFile('guides/setup.md', '# Setup\n'),
    sourceFile('guides/api/auth.md', '# Auth & keys\n'),
    sourceFile('guides/api/search.md', '# Search\n'),
    sourceFile('legal/terms.md', '# Terms\n'),
  ],
  { fallbackName: 'acme' },
);

describe('renderNavTree', () => {
  it('lists the tree in nav order, the root page first, each folder page first under its own label, the folders down to the current one open, others collapsed', () => {
    expect(renderNavTree(SITE, '/guides/api/', '/docs')).toBe(`<h2 class="sidebar-title">Navigation</h2>
<ul>
<li><a href="/docs/">Acme</a></li>
<li><details open><summary>Guides</summary>
<ul>
<li><a href="/docs/guides/">Guides</a></li>
<li><details open><summary>Api</summary>
<ul>
<li><a href="/docs/guides/api/auth">Auth &amp; keys</a></li>
<li><a href="/docs/guides/api/search">Search</a></li>
</ul></details></li>
<li><a href="/docs/guides/setup">Setup</a></li>
</ul></details></li>
<li><details><summary>Legal</summary>
<ul>
<li><a href="/docs/legal/terms">Terms</a></li>
</ul></details></li>
</ul>`);
  });

  it('marks the current page aria-current="page", once, and leaves a tree without it unchanged', () => {
    const tree = renderNavTree(SITE, '/guides/', '');
    const marked = markCurrentPage(tree, '/guides/setup');
    expect(marked).toBe(tree.replace('<a href="/guides/setup">', '<a href="/guides/setup" aria-current="page">'));
    expect(marked.match(/aria-current/g)).toHaveLength(1);
    expect(markCurrentPage(tree, '/nowhere')).toBe(tree);
  });

  it('hides no page: the folders on the way list every entry, the rest past the first ones collapsed; elsewhere a folder links to its listing and past the budget is one link', () => {
    const pages = [sourceFile('README.md', '# Home\n')];
    // One big folder (more entries than a folder lists) and many small folders (more links than the budget).
    const big = NAV_FOLDER_MAX_ITEMS + 10;
    for (let i = 0; i < big; i++) pages.push(sourceFile(`big/p${String(i).padStart(3, '0')}.md`, `# Big ${String(i).padStart(3, '0')}\n`));
    for (let f = 0; f < 40; f++)
      for (let i = 0; i < 8; i++) pages.push(sourceFile(`s${String(f).padStart(2, '0')}/p${i}.md`, `# Page ${f}.${i}\n`));
    const site = buildSite(pages, { fallbackName: 'big' });
    const tree = renderNavTree(site, '/s39/', '');
    const links = tree.match(/<a /g)?.length ?? 0;
    expect(links).toBeLessThanOrEqual(NAV_MAX_LINKS + 2 * NAV_FOLDER_MAX_ITEMS);
    // Off the way, the big folder lists its first entries, then links to its listing page.
    expect(tree).toContain(`<li><a class="nav-more" href="/big/">+10</a></li>`);
    expect(tree.match(/href="\/big\/p/g)).toHaveLength(NAV_FOLDER_MAX_ITEMS);
    // A folder off the branch past the budget is one link; the current branch is listed all the same.
    expect(tree).toContain('<li><a class="nav-folder-link" href="/s38/">S38</a></li>');
    expect(tree).toContain('<li><details open><summary>S39</summary>\n<ul>\n<li><a href="/s39/p0">Page 39.0</a></li>');
    // On the way, every entry is listed: the rest collapsed, opened in the tree of a page it holds.
    const own = renderNavTree(site, '/big/', '');
    expect(own.match(/href="\/big\/p/g)).toHaveLength(big);
    expect(own).toContain(
      `<li><a href="/big/p059">Big 059</a></li>\n<li><details class="nav-rest"><summary>+10</summary>\n<ul>\n<li><a href="/big/p060">Big 060</a></li>`,
    );
    const late = site.pages.get('/big/p065');
    expect(late && isListedInTree(site, late)).toBe(false);
    expect(late && isListedInTree(site, site.pages.get('/big/p001') ?? late)).toBe(true);
    const pinned = late === undefined ? '' : renderNavTree(site, '/big/', '', late);
    expect(pinned).toBe(own.replace('<details class="nav-rest">', '<details class="nav-rest" open>'));
  });
});

describe('renderBreadcrumb', () => {
  it('links the folders from the site root to the page, without the page itself', () => {
    expect(renderBreadcrumb(SITE, '/guides/api/auth', '/docs')).toBe(
      '<nav class="breadcrumb" aria-label="Breadcrumb"><ol><li><a href="/docs/">Acme</a></li><li><a href="/docs/guides/">Guides</a></li><li><a href="/docs/guides/api/">Api</a></li></ol></nav>\n',
    );
    expect(renderBreadcrumb(SITE, '/', '')).toBe('');
  });
});

describe('renderPageNav', () => {
  it('shows cards to the neighbours in nav order, depth first, folder pages before their entries', () => {
    expect(renderPageNav(SITE, '/guides/api/search', '')).toBe(
      '<nav class="page-nav" aria-label="Previous and next page"><a class="page-nav-prev" rel="prev" href="/guides/api/auth"><span class="page-nav-label">Previous</span> <span class="page-nav-title">Auth &amp; keys</span></a><a class="page-nav-next" rel="next" href="/guides/setup"><span class="page-nav-label">Next</span> <span class="page-nav-title">Setup</span></a></nav>\n',
    );
    expect(renderPageNav(SITE, '/', '')).toBe(
      '<nav class="page-nav" aria-label="Previous and next page"><a class="page-nav-next" rel="next" href="/guides/"><span class="page-nav-label">Next</span> <span class="page-nav-title">Guides</span></a></nav>\n',
    );
  });
});
