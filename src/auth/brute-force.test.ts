import { describe, expect, it } from 'vitest';
import { BLOCKED_ADDRESSES_MAX, blockAddress } from './brute-force.js';

const NOW = 1_000_000;

/** A full map: the first `expired` addresses expired at NOW, the rest block until NOW + 60 s. */
function fullMap(expired: number): Map<string, number> {
  const blocked = new Map<string, number>();
  for (let i = 0; i < BLOCKED_ADDRESSES_MAX; i++) blocked.set(`10.0.${i >> 8}.${i & 255}`, i < expired ? NOW : NOW + 60_000);
  return blocked;
}

describe('blockAddress', () => {
  it('records the address and its end', () => {
    const blocked = new Map<string, number>();
    blockAddress(blocked, '2001:db8::1', NOW + 5_000, NOW);
    expect([...blocked]).toEqual([['2001:db8::1', NOW + 5_000]]);
  });

  it('drops expired entries first when the map is full', () => {
    const blocked = fullMap(10);
    blockAddress(blocked, '2001:db8::1', NOW + 5_000, NOW);
    expect(blocked.size).toBe(BLOCKED_ADDRESSES_MAX - 10 + 1);
    expect(blocked.has('10.0.0.0')).toBe(false);
    expect(blocked.get('10.0.0.10')).toBe(NOW + 60_000);
    expect(blocked.get('2001:db8::1')).toBe(NOW + 5_000);
  });

  it('starts over when the map is full of live entries, so it never exceeds its bound', () => {
    const blocked = fullMap(0);
    blockAddress(blocked, '2001:db8::1', NOW + 5_000, NOW);
    expect([...blocked]).toEqual([['2001:db8::1', NOW + 5_000]]);
  });

  it('updates an address already held without sweeping', () => {
    const blocked = fullMap(10);
    blockAddress(blocked, '10.0.0.0', NOW + 9_000, NOW);
    expect(blocked.size).toBe(BLOCKED_ADDRESSES_MAX);
    expect(blocked.get('10.0.0.0')).toBe(NOW + 9_000);
  });
});
