import { describe, expect, it } from 'vitest';
import { compactionThreshold, PatchedMap } from './patched-map.js';

describe('PatchedMap', () => {
  const base = new Map([
    ['a', 1],
    ['b', 2],
    ['c', 3],
  ]);

  it('answers as the base with the entries set and deleted, leaving the base and the map patched alone', () => {
    const first = PatchedMap.of(base);
    const next = first.patched(
      [
        ['b', 20],
        ['d', 4],
      ],
      ['a', 'x'],
    );
    expect([...next]).toStrictEqual([
      ['b', 20],
      ['c', 3],
      ['d', 4],
    ]);
    expect([next.size, next.get('a'), next.has('a'), next.get('b'), next.has('d'), next.get('x')]).toStrictEqual([
      3,
      undefined,
      false,
      20,
      true,
      undefined,
    ]);
    expect([...first]).toStrictEqual([...base]);
    expect([...base.keys()]).toStrictEqual(['a', 'b', 'c']);
  });

  it('keeps a key deleted then set again in its base place, and forgets a new key deleted again', () => {
    const deleted = PatchedMap.of(base).patched([['e', 5]], ['b']);
    const again = deleted.patched([['b', 22]], ['e']);
    expect([...again]).toStrictEqual([
      ['a', 1],
      ['b', 22],
      ['c', 3],
    ]);
    expect([again.size, deleted.size, [...deleted.keys()], [...deleted.values()]]).toStrictEqual([3, 3, ['a', 'c', 'e'], [1, 3, 5]]);
  });

  it('is itself when made of a patched map, and copies into a plain map once its changes pass the threshold', () => {
    const big = new Map(Array.from({ length: 2_000 }, (_, i) => [i, i] as [number, number]));
    const patched = PatchedMap.of(big);
    expect(PatchedMap.of(patched)).toBe(patched);
    expect(compactionThreshold(2_000)).toBe(1_000);
    expect(compactionThreshold(100_000)).toBe(2_000);
    const set = Array.from({ length: 1_001 }, (_, i) => [i + 2_000, -i] as [number, number]);
    const grown = patched.patched(set, [0]);
    expect(grown.size).toBe(3_000);
    expect([...grown.keys()]).toStrictEqual([...Array.from({ length: 1_999 }, (_, i) => i + 1), ...set.map(([key]) => key)]);
    const visited: number[] = [];
    grown.forEach((value, key, map) => {
      if (map === grown && key === value) visited.push(key);
    });
    expect(visited.length).toBe(1_999);
  });
});
