import { describe, expect, it } from 'vitest';
import { InternalZone, internalZoneOf, isInternalKey } from './access.js';

describe('isInternalKey', () => {
  it.each([
    ['/internal', true],
    ['/Internal.md', true],
    ['/INTERNAL;part=2', true],
    ['/internal/a/b', true],
    ['/iNtErNaL.md/x', true],
    ['/internals', false],
    ['/intern', false],
    ['/i', false],
    ['/', false],
    ['', false],
    ['/a/internal', false],
    ['/İnternal', false],
    ['/guides/setup', false],
  ])('%s → %s', (key, expected) => {
    expect(isInternalKey(key, new InternalZone([]))).toBe(expected);
  });

  it.each([
    ['/de/internal', true],
    ['/de/Internal.md', true],
    ['/DE/INTERNAL;part=2', true],
    ['/de/internal/roadmap', true],
    ['/pt-br/internal/a', true],
    ['/PT-BR/iNtErNaL.md/x', true],
    ['/en/internal/secret', true],
    ['/internal/a', true],
    ['/\u212Ae/internal', false],
    ['/fr/internal/a', false],
    ['/de/internals', false],
    ['/de/guides/internal', false],
    ['/de', false],
    ['/de/', false],
    ['/dex/internal', false],
    ['/guides/setup', false],
  ])('with language folders de, pt-BR, en/: %s → %s', (key, expected) => {
    expect(new InternalZone(['de', 'pt-BR', 'en/', '']).isInternalKey(key)).toBe(expected);
  });

  it('reads a lower-cased character outside ASCII as its language folder starts, past the early exit', () => {
    // U+212A (Kelvin) lower-cases to `k`: `/\u212Ao/internal` is `/ko/internal` to a lower-casing lookup.
    expect(new InternalZone(['ko']).isInternalKey('/\u212Ao/internal/a')).toBe(true);
  });

  it('is built once per conventions object, from its locales and language folders', () => {
    const conventions = { locales: [{ dir: 'en' }, { dir: 'fr' }], languageFolders: ['content-de'] };
    const zone = internalZoneOf(conventions);
    expect(internalZoneOf(conventions)).toBe(zone);
    expect([...zone.languageDirs].sort()).toStrictEqual(['content-de', 'en', 'fr']);
    expect(zone.isInternalFile('en/internal/secret.md')).toBe(true);
    expect(zone.isInternalFile('content-de/Internal.md')).toBe(true);
    expect(zone.isInternalFile('fr/guides/a.md')).toBe(false);
  });
});
