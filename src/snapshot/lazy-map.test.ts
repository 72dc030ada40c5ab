import { describe, expect, it } from 'vitest';
import { makeBody } from '../body.js';
import { createBodyCache } from './lazy-map.js';

const body = (chars: number) => makeBody('x'.repeat(chars), 'text/plain; charset=utf-8');

describe('createBodyCache', () => {
  it('charges a body 1.5 times its bytes', () => {
    const cache = createBodyCache(1_000_000);
    cache.set('a', body(100));
    expect(cache.calculatedSize).toBe(150);
  });

  it('charges a page served in parts for every part, counting the bodies part 1 shares with the page once', () => {
    const cache = createBodyCache(1_000_000);
    const first = { html: body(1_000), markdown: body(400) };
    const parts = [first, { html: body(2_000), markdown: body(800) }, { html: body(3_000), markdown: body(1_200) }];
    cache.set('page:/long', { html: first.html, markdown: first.markdown, parts });
    // (1,000 + 400 + 2,000 + 800 + 3,000 + 1,200) × 1.5
    expect(cache.calculatedSize).toBe(12_600);
  });

  it('evicts a page with its parts once they no longer fit', () => {
    const cache = createBodyCache(10_000);
    cache.set('page:/a', { html: body(1_000), markdown: body(1_000) });
    cache.set('page:/long', { html: body(1_000), markdown: body(1_000), parts: [{ html: body(2_000), markdown: body(2_000) }] });
    expect([...cache.keys()]).toStrictEqual(['page:/long']);
    expect(cache.calculatedSize).toBe(9_000);
  });
});
