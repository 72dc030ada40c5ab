import { describe, expect, it } from 'vitest';
import { InternalZone } from './access.js';
import { DESCRIPTION_MAX_CHARS, deriveDescription, deriveKind, deriveLastModified, deriveTitle } from './page.js';

/** A site in one language: the internal zone is at the root alone. */
const ROOT_ZONE = new InternalZone([]);

describe('deriveTitle', () => {
  it('takes frontmatter title over the first H1', () => {
    expect(deriveTitle({ title: 'From frontmatter' }, 'From H1', 'guides/setup.md')).toStrictEqual({
      title: 'From frontmatter',
      fromFallback: false,
    });
  });

  it('trims the frontmatter title and takes numbers as text', () => {
    expect(deriveTitle({ title: '  Spaced  ' }, undefined, 'a.md')).toStrictEqual({ title: 'Spaced', fromFallback: false });
    expect(deriveTitle({ title: 2026 }, undefined, 'a.md')).toStrictEqual({ title: '2026', fromFallback: false });
  });

  it.each([
    ['blank', { title: '   ' }],
    ['a list', { title: ['a', 'b'] }],
    ['a mapping', { title: { text: 'x' } }],
    ['null', { title: null }],
  ])('falls back to the H1 when the frontmatter title is %s', (_what, data) => {
    expect(deriveTitle(data, 'From H1', 'a.md')).toStrictEqual({ title: 'From H1', fromFallback: false });
  });

  it.each([
    ['guides/getting-started.md', 'getting-started'],
    ['Notes.MD', 'Notes'],
    ['guides/index.md', 'guides'],
    ['a/b/README.md', 'b'],
    ['README.md', 'Home'],
    ['index.md', 'Home'],
  ])('without frontmatter title or H1, %s is titled %j', (relPath, title) => {
    expect(deriveTitle({}, undefined, relPath)).toStrictEqual({ title, fromFallback: true });
    expect(deriveTitle({}, '', relPath)).toStrictEqual({ title, fromFallback: true });
  });
});

describe('deriveDescription', () => {
  it('takes frontmatter description over the first paragraph', () => {
    expect(deriveDescription({ description: 'From frontmatter.' }, 'From paragraph.')).toBe('From frontmatter.');
  });

  it('falls back to the first paragraph, then to the empty string', () => {
    expect(deriveDescription({}, 'From paragraph.')).toBe('From paragraph.');
    expect(deriveDescription({ description: ' ' }, 'From paragraph.')).toBe('From paragraph.');
    expect(deriveDescription({}, undefined)).toBe('');
  });

  it('collapses whitespace', () => {
    expect(deriveDescription({ description: 'Line one\n  line\ttwo.\n' }, undefined)).toBe('Line one line two.');
  });

  it(`keeps a text of exactly ${DESCRIPTION_MAX_CHARS} characters`, () => {
    const text = 'x'.repeat(DESCRIPTION_MAX_CHARS);
    expect(deriveDescription({}, text)).toBe(text);
  });

  it('cuts a long text at the last word boundary and ends it with an ellipsis', () => {
    // 40 words of 5 letters: 239 characters; the cut keeps the 33 words that fit in 199.
    const text = Array<string>(40).fill('alpha').join(' ');
    const cut = deriveDescription({}, text);
    expect(cut).toBe(`${Array<string>(33).fill('alpha').join(' ')}…`);
    expect(cut.length).toBeLessThanOrEqual(DESCRIPTION_MAX_CHARS);
  });

  it('cuts a long frontmatter description too', () => {
    const text = Array<string>(40).fill('alpha').join(' ');
    expect(deriveDescription({ description: text }, 'short')).toBe(`${Array<string>(33).fill('alpha').join(' ')}…`);
  });

  it('drops punctuation left at the cut', () => {
    const text = `${'a'.repeat(150)}, ${'b'.repeat(100)}`;
    expect(deriveDescription({}, text)).toBe(`${'a'.repeat(150)}…`);
  });

  it('cuts mid-word when the only word boundary would halve the text', () => {
    const text = `${'a'.repeat(50)} ${'b'.repeat(200)}`;
    const cut = deriveDescription({}, text);
    expect(cut).toBe(`${'a'.repeat(50)} ${'b'.repeat(148)}…`);
    expect(cut).toHaveLength(DESCRIPTION_MAX_CHARS);
  });

  it('cuts a single long word to exactly the maximum', () => {
    expect(deriveDescription({}, 'x'.repeat(300))).toBe(`${'x'.repeat(DESCRIPTION_MAX_CHARS - 1)}…`);
  });
});

describe('deriveKind', () => {
  it.each([
    ['a.md', 'page'],
    ['posts.md', 'page'],
    ['guides/a.md', 'page'],
    ['posts/a.md', 'post'],
    ['blog/2026/a.md', 'post'],
    ['Posts/a.md', 'post'],
    ['legal/terms.md', 'legal'],
    ['internal/runbook.md', 'internal'],
    ['Internal/runbook.md', 'internal'],
    // Only the top folder counts.
    ['guides/posts/a.md', 'page'],
    ['guides/internal/a.md', 'page'],
  ])('%s is a %s by its folder', (relPath, kind) => {
    expect(deriveKind({}, { relPath: relPath }, ROOT_ZONE)).toStrictEqual({ kind });
  });

  it('takes a valid frontmatter kind over the folder', () => {
    expect(deriveKind({ kind: 'legal' }, { relPath: 'a.md' }, ROOT_ZONE)).toStrictEqual({ kind: 'legal' });
    expect(deriveKind({ kind: 'post' }, { relPath: 'legal/a.md' }, ROOT_ZONE)).toStrictEqual({ kind: 'post' });
    expect(deriveKind({ kind: 'page' }, { relPath: 'posts/a.md' }, ROOT_ZONE)).toStrictEqual({ kind: 'page' });
    expect(deriveKind({ kind: 'internal' }, { relPath: 'guides/a.md' }, ROOT_ZONE)).toStrictEqual({ kind: 'internal' });
  });

  it('reports an unknown frontmatter kind and keeps the folder kind', () => {
    expect(deriveKind({ kind: 'article' }, { relPath: 'blog/a.md' }, ROOT_ZONE)).toStrictEqual({
      kind: 'post',
      invalid: 'frontmatter kind "article" is not one of page, post, legal, internal',
    });
    expect(deriveKind({ kind: 3 }, { relPath: 'a.md' }, ROOT_ZONE)).toStrictEqual({
      kind: 'page',
      invalid: 'frontmatter kind 3 is not one of page, post, legal, internal',
    });
  });

  it('reads the zone under every language folder of the site, and at the URL a page is served at', () => {
    const zone = new InternalZone(['de', 'en']);
    expect(deriveKind({}, { relPath: 'de/internal/roadmap.md' }, zone)).toStrictEqual({ kind: 'internal' });
    expect(deriveKind({}, { relPath: 'DE/Internal.md' }, zone)).toStrictEqual({ kind: 'internal' });
    expect(deriveKind({}, { relPath: 'en/guides/a.md', realRelPath: 'en/internal/a.md' }, zone)).toStrictEqual({ kind: 'internal' });
    expect(deriveKind({}, { relPath: 'guides/a.md', key: '/de/internal/a' }, zone)).toStrictEqual({ kind: 'internal' });
    expect(deriveKind({}, { relPath: 'fr/internal/a.md' }, zone)).toStrictEqual({ kind: 'page' });
    expect(deriveKind({}, { relPath: 'de/guides/internal/a.md' }, zone)).toStrictEqual({ kind: 'page' });
  });

  it('lets internal win: neither kind nor access makes an internal page public', () => {
    expect(deriveKind({ kind: 'page' }, { relPath: 'internal/a.md' }, ROOT_ZONE)).toStrictEqual({ kind: 'internal' });
    expect(deriveKind({ access: 'public' }, { relPath: 'internal/a.md' }, ROOT_ZONE)).toStrictEqual({ kind: 'internal' });
    expect(deriveKind({ kind: 'article' }, { relPath: 'internal/a.md' }, ROOT_ZONE)).toStrictEqual({ kind: 'internal' });
    expect(deriveKind({ access: 'internal', kind: 'post' }, { relPath: 'posts/a.md' }, ROOT_ZONE)).toStrictEqual({ kind: 'internal' });
    expect(deriveKind({ access: 'internal' }, { relPath: 'a.md' }, ROOT_ZONE)).toStrictEqual({ kind: 'internal' });
  });
});

describe('deriveLastModified', () => {
  const mtimeMs = Date.UTC(2026, 0, 2, 3, 4, 5, 678) + 0.9;

  it('prefers lastmod, then updated, then date', () => {
    const data = { lastmod: '2026-03-01', updated: '2026-02-01', date: '2026-01-01' };
    expect(deriveLastModified(data, mtimeMs)).toStrictEqual(new Date('2026-03-01'));
    expect(deriveLastModified({ updated: '2026-02-01', date: '2026-01-01' }, mtimeMs)).toStrictEqual(new Date('2026-02-01'));
    expect(deriveLastModified({ date: '2026-01-01T10:00:00Z' }, mtimeMs)).toStrictEqual(new Date('2026-01-01T10:00:00Z'));
  });

  it('skips values that are not dates', () => {
    expect(deriveLastModified({ lastmod: 'soon', date: '2026-01-01' }, mtimeMs)).toStrictEqual(new Date('2026-01-01'));
    expect(deriveLastModified({ lastmod: 20260101 }, mtimeMs)).toStrictEqual(new Date(Date.UTC(2026, 0, 2, 3, 4, 5, 678)));
  });

  it('falls back to the whole milliseconds of the mtime', () => {
    expect(deriveLastModified({}, mtimeMs)).toStrictEqual(new Date(Date.UTC(2026, 0, 2, 3, 4, 5, 678)));
  });
});
