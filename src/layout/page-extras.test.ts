import { describe, expect, it } from 'vitest';
import { renderPageActions, renderPageMeta } from './page-extras.js';
import { buildSite } from '../content/site.js';
import { sourceFile } from '../content/load.js';
import { siteViewOf } from '../snapshot/site-view.js';
import { DEFAULT_BRANDING } from './branding.js';

describe('renderPageActions', () => {
  it('offers copy (JavaScript only), the markdown, and the page in ChatGPT and Claude with its URL in the prompt', () => {
    expect(renderPageActions('/docs/guides/setup.md', 'https://docs.example.com/docs/guides/setup'))
      .toBe(`<div class="page-actions" role="group" aria-label="Page actions">
<button type="button" class="copy-page needs-js" data-markdown="/docs/guides/setup.md">Copy page</button>
<a href="/docs/guides/setup.md" type="text/markdown">View as Markdown</a>
<a href="https://chatgpt.com/?hints=search&amp;q=Read%20https%3A%2F%2Fdocs.example.com%2Fdocs%2Fguides%2Fsetup%20so%20I%20can%20ask%20questions%20about%20it." rel="noopener" target="_blank">Open in ChatGPT</a>
<a href="https://claude.ai/new?q=Read%20https%3A%2F%2Fdocs.example.com%2Fdocs%2Fguides%2Fsetup%20so%20I%20can%20ask%20questions%20about%20it." rel="noopener" target="_blank">Open in Claude</a>
</div>
`);
  });
});

describe('renderPageMeta', () => {
  it('links the edit URL and gives the last update as a <time>', () => {
    expect(renderPageMeta('https://github.com/o/r/edit/main/docs/a%20b.md', Date.UTC(2025, 0, 31, 23, 5, 9))).toBe(
      '<p class="page-meta"><a class="edit-link" href="https://github.com/o/r/edit/main/docs/a%20b.md">Edit this page</a><span class="last-updated">Last updated <time datetime="2025-01-31T23:05:09Z">2025-01-31</time></span></p>\n',
    );
    expect(renderPageMeta(undefined, 0)).toBe(
      '<p class="page-meta"><span class="last-updated">Last updated <time datetime="1970-01-01T00:00:00Z">1970-01-01</time></span></p>\n',
    );
  });
});

describe('edit URLs of pages', () => {
  const site = buildSite([sourceFile('guides/set up.md', '# Setup\n')], { fallbackName: 'x' });
  const page = site.pages.get('/guides/set up');
  const editUrl = (options: Parameters<typeof siteViewOf>[2]): string | undefined =>
    page === undefined ? 'no page' : siteViewOf(site, 'http://x', options).editUrlOf(page);

  it('come from the editUrl setting, else the generator, else none', () => {
    const declaredEditUrl = 'https://github.com/vitejs/vite/edit/main/docs/:path';
    expect(editUrl({ branding: { ...DEFAULT_BRANDING, editUrl: 'https://example.com/edit' }, declaredEditUrl })).toBe(
      'https://example.com/edit/guides/set%20up.md',
    );
    expect(editUrl({ declaredEditUrl })).toBe('https://github.com/vitejs/vite/edit/main/docs/guides/set%20up.md');
    expect(editUrl({})).toBeUndefined();
  });
});
