import { describe, expect, it } from 'vitest';
import {
  decodeRequestPath,
  encodePath,
  encodeSegment,
  pagePathOf,
  parentFolderKey,
  parsePartPath,
  partMarkdownUrlOf,
  partUrlOf,
  type PagePath,
} from './paths.js';

describe('encodeSegment', () => {
  it.each([
    ['c++', 'c%2B%2B'],
    ['%', '%25'],
    ['[', '%5B'],
    ['a b', 'a%20b'],
    ['café', 'caf%C3%A9'],
    ['日本', '%E6%97%A5%E6%9C%AC'],
    ["!'()*", '%21%27%28%29%2A'],
    ['a/b', 'a%2Fb'],
    ['?#&=;:@$,', '%3F%23%26%3D%3B%3A%40%24%2C'],
    ['AZaz09-._~', 'AZaz09-._~'],
    ['..md', '..md'],
  ])('%j → %j', (segment, encoded) => {
    expect(encodeSegment(segment)).toBe(encoded);
  });
});

describe('encodePath', () => {
  it('encodes each segment and keeps the slashes', () => {
    expect(encodePath('/my docs/c++/')).toBe('/my%20docs/c%2B%2B/');
    expect(encodePath('/')).toBe('/');
  });
});

describe('pagePathOf', () => {
  it.each<[string, PagePath]>([
    ['guides/setup.md', { key: '/guides/setup', url: '/guides/setup', isIndex: false, indexRank: 2 }],
    ['setup.md', { key: '/setup', url: '/setup', isIndex: false, indexRank: 2 }],
    ['guides/index.md', { key: '/guides/', url: '/guides/', isIndex: true, indexRank: 0 }],
    ['guides/README.md', { key: '/guides/', url: '/guides/', isIndex: true, indexRank: 1 }],
    ['guides/readme.md', { key: '/guides/', url: '/guides/', isIndex: true, indexRank: 1 }],
    ['index.md', { key: '/', url: '/', isIndex: true, indexRank: 0 }],
    ['README.md', { key: '/', url: '/', isIndex: true, indexRank: 1 }],
    ['common/c++.md', { key: '/common/c++', url: '/common/c%2B%2B', isIndex: false, indexRank: 2 }],
    ['common/%.md', { key: '/common/%', url: '/common/%25', isIndex: false, indexRank: 2 }],
    ['common/[.md', { key: '/common/[', url: '/common/%5B', isIndex: false, indexRank: 2 }],
    // Stripping `.md` would leave the dot-segment `.` or `..`, which URL parsers remove.
    ['common/..md', { key: '/common/..md', url: '/common/..md', isIndex: false, indexRank: 2 }],
    ['common/...md', { key: '/common/...md', url: '/common/...md', isIndex: false, indexRank: 2 }],
    ['my docs/a b.md', { key: '/my docs/a b', url: '/my%20docs/a%20b', isIndex: false, indexRank: 2 }],
    ['café/naïve.md', { key: '/café/naïve', url: '/caf%C3%A9/na%C3%AFve', isIndex: false, indexRank: 2 }],
    ['guides/Setup.MD', { key: '/guides/Setup', url: '/guides/Setup', isIndex: false, indexRank: 2 }],
    ['a/b/c/index.md', { key: '/a/b/c/', url: '/a/b/c/', isIndex: true, indexRank: 0 }],
  ])('%s', (relPath, expected) => {
    expect(pagePathOf(relPath)).toStrictEqual(expected);
  });

  it.each([
    'guides/setup.md',
    'common/c++.md',
    'common/%.md',
    'common/[.md',
    'common/..md',
    'my docs/a b.md',
    'café/naïve.md',
    'README.md',
  ])('the URL of %s decodes back to its key', (relPath) => {
    const { key, url } = pagePathOf(relPath);
    expect(decodeRequestPath(url)).toBe(key);
  });
});

describe('decodeRequestPath', () => {
  it.each([
    ['/', '/'],
    ['/guides/', '/guides/'],
    ['/guides/setup', '/guides/setup'],
    ['/common/c%2B%2B', '/common/c++'],
    ['/common/c%2b%2b', '/common/c++'],
    // A literal `+` is a `+` in a path (only form bodies turn it into a space).
    ['/common/c++', '/common/c++'],
    ['/common/%25', '/common/%'],
    ['/common/%5B', '/common/['],
    ['/common/..md', '/common/..md'],
    ['/my%20docs/a%20b', '/my docs/a b'],
    ['/caf%C3%A9', '/café'],
  ])('%s → %s', (raw, key) => {
    expect(decodeRequestPath(raw)).toBe(key);
  });

  it.each([
    ['an encoded slash', '/guides%2Fsetup'],
    ['an encoded slash, lower case', '/guides%2fsetup'],
    ['an encoded backslash', '/guides%5Csetup'],
    ['a `..` segment', '/guides/../secret'],
    ['an encoded `..` segment', '/guides/%2E%2E/secret'],
    ['a `.` segment', '/./guides'],
    ['an encoded `.` segment', '/%2e/guides'],
    ['NUL', '/guides%00.md'],
    ['malformed percent-encoding', '/%zz'],
    ['a lone percent sign', '/100%'],
    ['truncated UTF-8', '/%E0%A4%A'],
    ['invalid UTF-8', '/%C3%28'],
    ['no leading slash', 'guides/setup'],
    ['the empty string', ''],
  ])('rejects %s', (_why, raw) => {
    expect(decodeRequestPath(raw)).toBeUndefined();
  });
});

describe('parentFolderKey', () => {
  it.each([
    ['/a/b', '/a/'],
    ['/a/b/', '/a/'],
    ['/a/', '/'],
    ['/a', '/'],
    ['/', '/'],
  ])('%s → %s', (key, parent) => {
    expect(parentFolderKey(key)).toBe(parent);
  });
});

describe('part URLs', () => {
  it.each([
    ['/guides/setup', 2, '/guides/setup;part=2'],
    ['/guides/', 3, '/guides/index;part=3'],
    ['/', 2, '/index;part=2'],
    ['/common/c%2B%2B', 2, '/common/c%2B%2B;part=2'],
    ['/guides/setup', 1, '/guides/setup'],
  ])('part of %s number %i is at %s', (pageUrl, n, url) => {
    expect(partUrlOf(pageUrl, n)).toBe(url);
  });

  it('puts the markdown of part n at its URL plus .md, and part 1 at the page markdown URL', () => {
    expect(partMarkdownUrlOf('/guides/setup', '/guides/setup.md', 2)).toBe('/guides/setup;part=2.md');
    expect(partMarkdownUrlOf('/guides/', '/guides/index.md', 2)).toBe('/guides/index;part=2.md');
    expect(partMarkdownUrlOf('/guides/', '/guides/index.md', 1)).toBe('/guides/index.md');
  });

  it.each([
    ['/guides/setup;part=2', { key: '/guides/setup', n: 2, markdown: false }],
    ['/guides/setup;part=2.md', { key: '/guides/setup', n: 2, markdown: true }],
    ['/guides/index;part=3', { key: '/guides/', n: 3, markdown: false }],
    ['/guides/README;part=3.md', { key: '/guides/', n: 3, markdown: true }],
    ['/index;part=2', { key: '/', n: 2, markdown: false }],
    ['/common/c++;part=02', { key: '/common/c++', n: 2, markdown: false }],
    ['/common/c%2B%2B;part=2', { key: '/common/c++', n: 2, markdown: false }],
  ])('reads %s', (rawPath, expected) => {
    expect(parsePartPath(rawPath)).toStrictEqual(expected);
  });

  it.each([
    '/guides/setup',
    '/guides/setup;part=',
    '/guides/setup;part=x',
    '/guides/setup;part=2/',
    '/guides/;part=2',
    '/a/%2e%2e;part=2',
    '/a%3Bpart%3D2',
  ])('reads %s as no part URL', (rawPath) => {
    expect(parsePartPath(rawPath)).toBeUndefined();
  });

  it('round-trips: every part URL reads back as its page and number', () => {
    for (const pageUrl of ['/guides/setup', '/guides/', '/', '/common/%25', '/common/c%2B%2B']) {
      const key = decodeRequestPath(pageUrl);
      for (const n of [2, 3, 10]) {
        expect(parsePartPath(partUrlOf(pageUrl, n))).toStrictEqual({ key, n, markdown: false });
        expect(parsePartPath(`${partUrlOf(pageUrl, n)}.md`)).toStrictEqual({ key, n, markdown: true });
      }
    }
  });
});
