import { describe, expect, it } from 'vitest';
import { RETURN_TO_MAX_CHARS, safeReturnTo } from './return-to.js';

describe('safeReturnTo', () => {
  it('keeps a path of the site, with its query and fragment', () => {
    expect(safeReturnTo('/internal/guide', '')).toBe('/internal/guide');
    expect(safeReturnTo('/internal/guide.md?x=1#top', '')).toBe('/internal/guide.md?x=1#top');
    expect(safeReturnTo('/docs/internal/guide', '/docs')).toBe('/docs/internal/guide');
    expect(safeReturnTo('/', '')).toBe('/');
  });

  it('lands on the site root when none is given', () => {
    expect(safeReturnTo(undefined, '')).toBe('/');
    expect(safeReturnTo(undefined, '/docs')).toBe('/docs/');
    expect(safeReturnTo('', '/docs')).toBe('/docs/');
  });

  it('refuses other sites: absolute URLs, network paths, backslashes', () => {
    for (const evil of [
      'https://evil.example/',
      'http://evil.example',
      '//evil.example/x',
      '///evil.example',
      '/\\evil.example',
      '\\\\evil.example',
      'javascript:alert(1)',
      'evil.example/x',
    ])
      expect(safeReturnTo(evil, ''), evil).toBe('/');
  });

  it('refuses paths outside the base path', () => {
    expect(safeReturnTo('/other/page', '/docs')).toBe('/docs/');
    expect(safeReturnTo('/docsevil/page', '/docs')).toBe('/docs/');
    expect(safeReturnTo('/docs', '/docs')).toBe('/docs/');
  });

  it('refuses control characters and spaces (header splitting)', () => {
    expect(safeReturnTo('/a\r\nSet-Cookie: x=1', '')).toBe('/');
    expect(safeReturnTo('/a\tb', '')).toBe('/');
    expect(safeReturnTo('/a b', '')).toBe('/');
    expect(safeReturnTo('/a\u007fb', '')).toBe('/');
    expect(safeReturnTo('/a\u0000', '')).toBe('/');
  });

  it('percent-encodes non-ASCII characters (UTF-8) and refuses a lone surrogate', () => {
    expect(safeReturnTo('/internal/café', '')).toBe('/internal/caf%C3%A9');
    expect(safeReturnTo('/internal/caf%C3%A9', '')).toBe('/internal/caf%C3%A9');
    expect(safeReturnTo('/a\ud800', '')).toBe('/');
  });

  it('refuses a value longer than the limit', () => {
    expect(safeReturnTo(`/${'a'.repeat(RETURN_TO_MAX_CHARS - 1)}`, '')).toBe(`/${'a'.repeat(RETURN_TO_MAX_CHARS - 1)}`);
    expect(safeReturnTo(`/${'a'.repeat(RETURN_TO_MAX_CHARS)}`, '')).toBe('/');
  });
});
