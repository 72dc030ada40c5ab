import { describe, expect, it } from 'vitest';
import { decodeRequestPath, encodePath, encodeSegment, pagePathOf, parentFolderKey, type PagePath } from './paths.js';

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
