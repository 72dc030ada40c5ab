import { describe, expect, it } from 'vitest';
import { buildSite } from '../content/site.js';
import { sourceFile } from '../content/load.js';
import { renderPageNav } from './navigation.js';

describe('renderPageNav', () => {
  it('draws the same cards while it scans the nav order (the first 64 pages of a site) as once it has indexed it', () => {
    const files = [
      sourceFile('index.md', '# Home\n'),
      ...Array.from({ length: 30 }, (_, i) => sourceFile(`guide/p${String(i).padStart(2, '0')}.md`, `# Page ${i}\n`)),
      sourceFile('secret.md', '---\naccess: internal\n---\n\n# Secret\n'),
    ];
    const site = buildSite(files, { fallbackName: 'Docs' });
    const keys = [...site.pages.keys()].sort();
    const drawn = (): string[] => keys.map((key) => renderPageNav(site, key, '/docs'));
    // 32 pages twice: the first 64 by scanning, then by the index.
    const scanned = drawn();
    const scannedAgain = drawn();
    const indexed = drawn();
    expect(scannedAgain).toStrictEqual(scanned);
    expect(indexed).toStrictEqual(scanned);
    expect(indexed[keys.indexOf('/secret')]).toBe('');
    // A plain folder's nav is by title, numbers in their order as text: Page 0, Page 1, Page 10, …
    expect(indexed[keys.indexOf('/guide/p01')]).toBe(
      '<nav class="page-nav" aria-label="Previous and next page"><a class="page-nav-prev" rel="prev" href="/docs/guide/p00"><span class="page-nav-label">Previous</span> <span class="page-nav-title">Page 0</span></a><a class="page-nav-next" rel="next" href="/docs/guide/p10"><span class="page-nav-label">Next</span> <span class="page-nav-title">Page 10</span></a></nav>\n',
    );
  });
});
