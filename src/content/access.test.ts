import { describe, expect, it } from 'vitest';
import { isInternalKey } from './access.js';

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
    expect(isInternalKey(key)).toBe(expected);
  });
});
