import { describe, expect, it } from 'vitest';
import { localReferences } from './references.js';
import { exportedLinks } from './links.js';

describe('localReferences', () => {
  it('finds the site paths of src, href, poster and srcset, resolved from the page, without query or fragment', () => {
    const html =
      '<img src="pic.png"><a href="/docs/b?x=1#top">b</a><video poster="/docs/v.jpg"></video>' +
      '<img srcset="/docs/s1.png 1x, s2.png 2x"><a href="#here">here</a><a href="/docs/a&amp;b.txt">f</a>';
    expect(localReferences(html, 'https://x.test/docs/guides/page', 'https://x.test/docs')).toStrictEqual([
      '/docs/guides/pic.png',
      '/docs/b',
      '/docs/v.jpg',
      '/docs/s1.png',
      '/docs/guides/s2.png',
      '/docs/a&b.txt',
    ]);
  });

  it('leaves out other sites, paths outside the base path and what does not parse', () => {
    const html = '<a href="https://other.test/docs/a">o</a><a href="/blog/x">x</a><img src="//cdn.test/a.png"><a href="http://[x">bad</a>';
    expect(localReferences(html, 'https://x.test/docs/', 'https://x.test/docs')).toStrictEqual([]);
  });
});

describe('exportedLinks', () => {
  const exported = new Set(['https://x.test/a.md', 'https://x.test/llms.txt']);

  it('keeps links to exported URLs and other sites, drops links to URLs of the site the export lacks', () => {
    const link =
      '<https://x.test/a.md>; rel="alternate"; type="text/markdown", <https://x.test/llms.txt>; rel="llms-txt", ' +
      '<https://x.test/mcp>; rel="service"; title="MCP, the server", <https://other.test/x>; rel="related"';
    expect(exportedLinks(link, 'https://x.test', exported)).toBe(
      '<https://x.test/a.md>; rel="alternate"; type="text/markdown", <https://x.test/llms.txt>; rel="llms-txt", <https://other.test/x>; rel="related"',
    );
  });

  it('gives an empty value when no link is kept', () => {
    expect(exportedLinks('<https://x.test/mcp>; rel="service"', 'https://x.test', exported)).toBe('');
  });
});
