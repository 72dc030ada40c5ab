import { describe, expect, it } from 'vitest';
import { negotiateEncoding, negotiateMediaType } from './negotiation.js';

const PAGE = ['text/html', 'text/markdown'];

describe('negotiateMediaType', () => {
  it.each<[accept: string | undefined, chosen: string | undefined]>([
    // RFC 9110 §12.5.1: no Accept accepts anything; ties go to the server's first offer.
    [undefined, 'text/html'],
    ['', 'text/html'],
    ['  ', 'text/html'],
    ['*/*', 'text/html'],
    ['text/*', 'text/html'],
    ['text/html', 'text/html'],
    ['text/markdown', 'text/markdown'],
    ['TEXT/MARKDOWN', 'text/markdown'],
    ['text/html, text/markdown', 'text/html'],
    ['text/markdown, text/html', 'text/markdown'],
    ['text/html;q=0.5, text/markdown', 'text/markdown'],
    ['*/*;q=0.1, text/markdown;q=0.2', 'text/markdown'],
    ['text/markdown;q=0.9, */*;q=0.8', 'text/markdown'],
    // A browser.
    ['text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8', 'text/html'],
    // q=0 means "not acceptable", and beats a wildcard that would allow it.
    ['text/markdown;q=0', undefined],
    ['text/markdown;q=0, text/html', 'text/html'],
    ['text/markdown;q=0, */*', 'text/html'],
    ['text/html;q=0, */*', 'text/markdown'],
    ['*/*;q=0', undefined],
    ['application/json', undefined],
    ['image/png, application/*', undefined],
  ])('%j → %s', (accept, chosen) => {
    expect(negotiateMediaType(accept, PAGE)).toBe(chosen);
  });

  it('answers the same header differently for different offers', () => {
    expect(negotiateMediaType('text/markdown', ['text/html'])).toBeUndefined();
    expect(negotiateMediaType('text/markdown', PAGE)).toBe('text/markdown');
    expect(negotiateMediaType('*/*', ['text/markdown'])).toBe('text/markdown');
    expect(negotiateMediaType('*/*', PAGE)).toBe('text/html');
  });

  it('tells apart values of the same length, which share a slot of the recent values', () => {
    // 13 characters each: every call replaces the slot the one before filled.
    for (let round = 0; round < 2; round++) {
      expect(negotiateMediaType('text/markdown', PAGE)).toBe('text/markdown');
      expect(negotiateMediaType('text/html;q=1', PAGE)).toBe('text/html');
      expect(negotiateMediaType('application/x', PAGE)).toBeUndefined();
      expect(negotiateMediaType('text/markdown', PAGE)).toBe('text/markdown');
    }
  });

  it('stays right after the memo fills up', () => {
    for (let i = 0; i < 600; i++) negotiateMediaType(`text/x-${i}`, PAGE);
    expect(negotiateMediaType('text/markdown', PAGE)).toBe('text/markdown');
    expect(negotiateMediaType('text/markdown;q=0', PAGE)).toBeUndefined();
    expect(negotiateMediaType('text/x-1', PAGE)).toBeUndefined();
  });
});

describe('negotiateEncoding', () => {
  it.each<[acceptEncoding: string | undefined, coding: string | undefined]>([
    // RFC 9110 §12.5.3: no Accept-Encoding means identity.
    [undefined, undefined],
    ['', undefined],
    ['identity', undefined],
    ['deflate', undefined],
    ['gzip', 'gzip'],
    ['GZIP', 'gzip'],
    ['br', 'br'],
    ['*', 'br'],
    // br over gzip at equal quality, whatever the client's order (Chrome sends "gzip, deflate, br, zstd").
    ['br, gzip', 'br'],
    ['gzip, br', 'br'],
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip, deflate', 'gzip'],
    // q-values decide first.
    ['gzip;q=1, br;q=0.5', 'gzip'],
    ['gzip;q=0.5, br;q=0.4', 'gzip'],
    ['br;q=0', undefined],
    ['br;q=0, gzip;q=0', undefined],
    ['br;q=0, gzip', 'gzip'],
    ['*;q=0', undefined],
    ['*, br;q=0', 'gzip'],
  ])('%j → %s', (acceptEncoding, coding) => {
    expect(negotiateEncoding(acceptEncoding)).toBe(coding);
  });
});
