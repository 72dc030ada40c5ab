import { describe, expect, it } from 'vitest';
import { linkLookup, linkTargetPath, resolveLink, type LinkTarget, type PageUrlLookup } from './links.js';

/** The files of a small site and the URLs their pages are served at. */
const URLS: Record<string, string> = {
  'README.md': '/',
  'c++.md': '/c%2B%2B',
  'guides/README.md': '/guides/',
  'guides/setup.md': '/guides/setup',
  'guides/a b.md': '/guides/a%20b',
  'guides/100%.md': '/guides/100%25',
  'guides/install/index.md': '/guides/install/',
  'legal/readme.md': '/legal/',
};
const lookup: PageUrlLookup = (relPath) => URLS[relPath];

describe('resolveLink', () => {
  it.each<[from: string, href: string, target: LinkTarget]>([
    ['guides/README.md', 'setup.md', { kind: 'page', url: '/guides/setup' }],
    ['guides/README.md', './setup.md', { kind: 'page', url: '/guides/setup' }],
    ['guides/setup.md', '../README.md', { kind: 'page', url: '/' }],
    ['guides/setup.md', '../c++.md', { kind: 'page', url: '/c%2B%2B' }],
    ['README.md', 'guides/install/index.md', { kind: 'page', url: '/guides/install/' }],
    // Folder links go to the folder's README.md or index.md, with or without the slash.
    ['guides/setup.md', 'install/', { kind: 'page', url: '/guides/install/' }],
    ['guides/setup.md', 'install', { kind: 'page', url: '/guides/install/' }],
    ['guides/setup.md', './', { kind: 'page', url: '/guides/' }],
    ['guides/setup.md', '../', { kind: 'page', url: '/' }],
    ['guides/setup.md', '..', { kind: 'page', url: '/' }],
    ['README.md', '.', { kind: 'page', url: '/' }],
    ['README.md', 'legal/', { kind: 'page', url: '/legal/' }],
    // Extensionless names try `.md`.
    ['guides/README.md', 'setup', { kind: 'page', url: '/guides/setup' }],
    // Query and fragment are kept.
    ['guides/README.md', 'setup.md#install', { kind: 'page', url: '/guides/setup#install' }],
    ['guides/README.md', 'setup.md?tab=linux#install', { kind: 'page', url: '/guides/setup?tab=linux#install' }],
    ['guides/setup.md', '../#top', { kind: 'page', url: '/#top' }],
    // Escaped names are decoded before the lookup; a `%` that is no escape is taken literally.
    ['guides/README.md', 'a%20b.md', { kind: 'page', url: '/guides/a%20b' }],
    ['guides/README.md', 'a b.md', { kind: 'page', url: '/guides/a%20b' }],
    ['guides/README.md', '100%.md', { kind: 'page', url: '/guides/100%25' }],
    ['README.md', 'c%2B%2B.md', { kind: 'page', url: '/c%2B%2B' }],
  ])('from %s, %j resolves to a page', (from, href, target) => {
    expect(resolveLink(from, href, lookup)).toStrictEqual(target);
  });

  it.each<[from: string, href: string, target: LinkTarget]>([
    ['README.md', 'https://example.com/a.md', { kind: 'external' }],
    ['README.md', 'mailto:ops@example.com', { kind: 'external' }],
    ['README.md', '//cdn.example.com/a.md', { kind: 'external' }],
    ['README.md', '#top', { kind: 'fragment' }],
    ['README.md', '?q=1', { kind: 'fragment' }],
    ['README.md', '', { kind: 'fragment' }],
    ['README.md', '/guides/setup', { kind: 'absolute' }],
  ])('from %s, %j is left alone', (from, href, target) => {
    expect(resolveLink(from, href, lookup)).toStrictEqual(target);
  });

  it.each([
    ['README.md', '../outside.md'],
    ['README.md', '..'],
    ['README.md', '../'],
    ['guides/setup.md', '../../etc/passwd.md'],
    ['guides/setup.md', '../../README.md'],
    ['README.md', 'guides/../../README.md'],
    ['README.md', '%2E%2E/outside.md'],
  ])('from %s, %j escapes the content folder', (from, href) => {
    expect(resolveLink(from, href, lookup)).toStrictEqual({ kind: 'escapes' });
  });

  it.each([
    ['guides/README.md', 'missing.md'],
    ['guides/README.md', 'missing'],
    ['guides/README.md', 'missing/'],
    ['README.md', 'guides/Setup.md'],
    ['README.md', 'posts/'],
  ])('from %s, %j is broken', (from, href) => {
    expect(resolveLink(from, href, lookup)).toStrictEqual({ kind: 'broken' });
  });

  it.each<[from: string, href: string, target: LinkTarget]>([
    // mdBook and VitePress publish `page.md` as `page.html`; MkDocs reads `page.md/` as `page.md`.
    ['guides/README.md', 'setup.html', { kind: 'page', url: '/guides/setup' }],
    ['guides/README.md', 'setup.html#top', { kind: 'page', url: '/guides/setup#top' }],
    ['guides/setup.md', 'index.html', { kind: 'page', url: '/guides/' }],
    ['README.md', 'guides/install/index.html', { kind: 'page', url: '/guides/install/' }],
    ['guides/README.md', 'setup.md/', { kind: 'page', url: '/guides/setup' }],
  ])('from %s, %j resolves as its generator publishes it', (from, href, target) => {
    expect(resolveLink(from, href, lookup)).toStrictEqual(target);
  });

  it('resolves a .md link from the content root when not beside the page, only with fromContentRoot (Docusaurus)', () => {
    const docusaurus = linkLookup(lookup, { fromContentRoot: true });
    expect(resolveLink('guides/install/index.md', 'guides/setup.md#a', docusaurus)).toStrictEqual({ kind: 'page', url: '/guides/setup#a' });
    expect(resolveLink('guides/install/index.md', 'guides/setup.md', lookup)).toStrictEqual({ kind: 'broken' });
  });

  it('calls links leaving the content folder external only with outsideIsExternal (mdBook)', () => {
    const mdbook = linkLookup(lookup, { outsideIsExternal: true });
    expect(resolveLink('README.md', '../std/index.html', mdbook)).toStrictEqual({ kind: 'external' });
    expect(resolveLink('README.md', '../std/index.html', lookup)).toStrictEqual({ kind: 'escapes' });
  });

  it('resolves root-absolute and URL-relative links through sitePath, and from the root with pathFromRoot (Hugo)', () => {
    const paths: Record<string, string> = { '/guides/setup': '/guides/setup', '/guides/Setup/': '/guides/setup' };
    const sitePath = (key: string): string | undefined => paths[key];
    const site = linkLookup(lookup, undefined, sitePath);
    expect(resolveLink('README.md', '/guides/Setup/#x', site)).toStrictEqual({ kind: 'page', url: '/guides/setup#x' });
    expect(resolveLink('README.md', '/nowhere', site)).toStrictEqual({ kind: 'broken' });
    expect(resolveLink('guides/install/index.md', '../setup', site)).toStrictEqual({ kind: 'page', url: '/guides/setup' });
    expect(resolveLink('guides/install/index.md', 'guides/setup', site)).toStrictEqual({ kind: 'broken' });
    const hugo = linkLookup(lookup, { pathFromRoot: true }, sitePath);
    expect(resolveLink('guides/install/index.md', 'guides/setup', hugo)).toStrictEqual({ kind: 'page', url: '/guides/setup' });
  });

  it.each<[from: string, href: string, target: LinkTarget]>([
    // Two folders down, `../../../` climbs one past the root and stops there.
    ['guides/install/index.md', '../../../guides/setup.md', { kind: 'page', url: '/guides/setup' }],
    ['guides/install/index.md', '../../../c++.md#x', { kind: 'page', url: '/c%2B%2B#x' }],
    ['guides/setup.md', '../../../../', { kind: 'page', url: '/' }],
    ['README.md', '../legal/', { kind: 'page', url: '/legal/' }],
    ['README.md', '%2E%2E/guides/a%20b.md', { kind: 'page', url: '/guides/a%20b' }],
    // Within the root, nothing changes: a missing file is still broken.
    ['guides/setup.md', '../../missing.md', { kind: 'broken' }],
    ['guides/setup.md', '../missing.md', { kind: 'broken' }],
  ])('with climbStopsAtRoot (GitBook), from %s, %j: %j', (from, href, target) => {
    expect(resolveLink(from, href, linkLookup(lookup, { climbStopsAtRoot: true }))).toStrictEqual(target);
  });

  it('without climbStopsAtRoot, the same climbs escape', () => {
    expect(resolveLink('guides/install/index.md', '../../../guides/setup.md', lookup)).toStrictEqual({ kind: 'escapes' });
  });

  it('leaves to the render-link hook (Hugo) what it cannot resolve, relative or root-absolute; escapes stay escapes', () => {
    const paths: Record<string, string> = { '/guides/setup': '/guides/setup' };
    const hooked = linkLookup(lookup, { pathFromRoot: true, renderLinkHook: true }, (key) => paths[key]);
    expect(resolveLink('guides/setup.md', 'g', hooked)).toStrictEqual({ kind: 'hook' });
    expect(resolveLink('guides/setup.md', '/nowhere/', hooked)).toStrictEqual({ kind: 'hook' });
    expect(resolveLink('guides/setup.md', 'missing.md', hooked)).toStrictEqual({ kind: 'hook' });
    expect(resolveLink('guides/setup.md', '/guides/setup', hooked)).toStrictEqual({ kind: 'page', url: '/guides/setup' });
    expect(resolveLink('guides/setup.md', '../../x.md', hooked)).toStrictEqual({ kind: 'escapes' });
    expect(
      resolveLink(
        'guides/setup.md',
        'g',
        linkLookup(lookup, { pathFromRoot: true }, (key) => paths[key]),
      ),
    ).toStrictEqual({
      kind: 'broken',
    });
  });
});

describe('linkTargetPath', () => {
  it.each<[from: string, href: string, climbStopsAtRoot: boolean, path: string | undefined]>([
    ['guides/setup.md', '/img/a%20b.gif?x#y', false, '/img/a b.gif'],
    ['guides/setup.md', '../.gitbook/assets/line%20height.gif', false, '/.gitbook/assets/line height.gif'],
    ['guides/setup.md', 'shot (1).png', false, '/guides/shot (1).png'],
    ['guides/setup.md', '../../x.png', false, '/../x.png'],
    ['guides/setup.md', '../../x.png', true, '/x.png'],
    ['guides/setup.md', './', false, '/guides/'],
    ['README.md', '.', false, '/'],
    ['README.md', 'https://example.com/a.png', false, undefined],
    ['README.md', '#top', false, undefined],
    ['README.md', '/%2E%2E/x', false, undefined],
  ])('from %s, %j (climbStopsAtRoot %s) names %j', (from, href, climbStopsAtRoot, expected) => {
    expect(linkTargetPath(from, href, { climbStopsAtRoot })).toBe(expected);
  });
});
