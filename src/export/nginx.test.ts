import { describe, expect, it } from 'vitest';
import { buildNginxConf } from './nginx.js';
import type { ServedFile } from './served-file.js';

const FILES: ServedFile[] = [
  {
    url: '/a%24b',
    file: 'a$b.html',
    contentType: 'text/html; charset=utf-8',
    markdownTwin: '/a%24b.md',
    headers: { link: '<https://x.test/a%24b.md>; rel="alternate"' },
  },
  { url: '/a%24b.md', file: 'a$b.md', contentType: 'text/markdown; charset=utf-8', headers: {} },
  { url: '/sitemap.xml', file: 'sitemap.xml', contentType: 'application/xml', headers: {} },
  { url: '/feed.xml', file: 'feed.xml', contentType: 'application/atom+xml; charset=utf-8', headers: {} },
  { url: '/rss.xml', file: 'rss.xml', contentType: 'application/rss+xml; charset=utf-8', headers: {} },
];

describe('buildNginxConf', () => {
  const conf = buildNginxConf(FILES, { root: '/srv/docs "x"', listen: '8080', hidden: ['nginx.conf'] });

  it('maps each page URL (decoded, as $uri is) to its twin, writing $ in values as a variable nginx cannot misread', () => {
    expect(conf).toContain('map $uri $sitegate_markdown_twin {\n    default "";\n    "/a$b" "/a${sitegate_dollar}b.md";\n}\n');
    expect(conf).toContain('    "/a$b.html" "<https://x.test/a%24b.md>; rel=\\"alternate\\"";\n');
  });

  it("gives each extension its files' type, and the others an exact location", () => {
    expect(conf).toContain('    types {\n        text/html html;\n        text/markdown md;\n        application/atom+xml xml;\n    }\n');
    expect(conf).toContain(
      '    location = "/sitemap.xml" {\n        types { }\n        default_type "application/xml";\n        charset off;\n    }\n',
    );
    expect(conf).toContain(
      '    location = "/rss.xml" {\n        types { }\n        default_type "application/rss+xml";\n        charset utf-8;\n    }\n',
    );
    expect(conf).toContain('    charset_types text/markdown application/atom+xml application/rss+xml;\n');
  });

  it('quotes the root and the listen given, and hides its own files', () => {
    expect(conf).toContain('    listen 8080;\n    root "/srv/docs \\"x\\"";\n');
    expect(conf).toContain('    location = "/nginx.conf" { return 404; }\n');
  });
});
