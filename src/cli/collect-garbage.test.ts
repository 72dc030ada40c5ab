/** The collection `sitegate serve` runs after its first build (collect-garbage.ts). */
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { collectGarbage } from './collect-garbage.js';

describe('collectGarbage', () => {
  it('collects, and leaves no gc function to contexts made afterwards', () => {
    expect(collectGarbage()).toBe(true);
    expect(runInNewContext('typeof gc')).toBe('undefined');
    expect(typeof (globalThis as { gc?: unknown }).gc).toBe('undefined');
  });

  it('can run again', () => {
    expect(collectGarbage()).toBe(true);
  });
});
