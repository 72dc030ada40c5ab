import { describe, expect, it } from 'vitest';
import { makeBody } from '../body.js';
import { LazyMap, createBodyCache } from './lazy-map.js';

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

describe('LazyMap', () => {
  /** A source of `count` keys `/0`…, whose bodies are made on demand and counted. */
  const source = (count: number, made: string[]) => ({
    keys: () => Array.from({ length: count }, (_, i) => `/${i}`),
    has: (key: string) => /^\/\d+$/.test(key) && Number(key.slice(1)) < count,
    make: (key: string) => {
      made.push(key);
      return makeBody(`body of ${key}`, 'text/plain; charset=utf-8');
    },
  });

  it('makes a value once and keeps it in the shared cache under its namespace', () => {
    const cache = createBodyCache(1_000_000);
    const made: string[] = [];
    const pages = new LazyMap(source(3, made), cache, 'page:');
    const sitemaps = new LazyMap(source(3, made), cache, 'sitemap:');
    expect(pages.get('/1')?.bytes.toString()).toBe('body of /1');
    expect(pages.get('/1')?.bytes.toString()).toBe('body of /1');
    expect(sitemaps.get('/1')?.bytes.toString()).toBe('body of /1');
    expect(pages.get('/7')).toBeUndefined();
    expect(made).toStrictEqual(['/1', '/1']);
    expect([...cache.keys()].sort()).toStrictEqual(['page:/1', 'sitemap:/1']);
  });

  it('finds what it cached after asking for more keys than it remembers cache keys of', () => {
    const cache = createBodyCache(100_000_000);
    const made: string[] = [];
    const pages = new LazyMap(source(5_000, made), cache, 'page:');
    for (let i = 0; i < 5_000; i++) pages.get(`/${i}`);
    for (let i = 0; i < 5_000; i++) pages.get(`/${i}`);
    expect(made).toHaveLength(5_000);
    expect(cache.size).toBe(5_000);
    expect(cache.get('page:/4999')).toBe(pages.get('/4999'));
  });
});
