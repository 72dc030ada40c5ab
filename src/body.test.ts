import { randomBytes } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { compress, etagOf, makeBody, MIN_COMPRESS_BYTES } from './body.js';

const TEXT = `${'Every option a widget accepts, with its default and meaning. '.repeat(40)}\n`;

describe('etagOf', () => {
  it('is a quoted, truncated SHA-1 in base64url, the same on every process and replica', () => {
    expect(etagOf('hello')).toBe('"qvTGHdzF6KLavt4PO0gs2a"');
    expect(etagOf(Buffer.from('hello'))).toBe('"qvTGHdzF6KLavt4PO0gs2a"');
  });

  it('changes with the bytes', () => {
    expect(etagOf('hello!')).not.toBe(etagOf('hello'));
    expect(etagOf('')).toMatch(/^"[A-Za-z0-9_-]{22}"$/);
  });
});

describe('makeBody', () => {
  it('encodes strings as UTF-8 and tags the bytes', () => {
    const body = makeBody('café', 'text/plain; charset=utf-8');
    expect(body.bytes.equals(Buffer.from([0x63, 0x61, 0x66, 0xc3, 0xa9]))).toBe(true);
    expect(body.type).toBe('text/plain; charset=utf-8');
    expect(body.etag).toBe(etagOf(Buffer.from('café', 'utf8')));
    expect(makeBody(Buffer.from('café'), 'text/plain; charset=utf-8').etag).toBe(body.etag);
  });

  it.each(['gzip', 'br'] as const)('%s variant decompresses to the same bytes and has its own ETag', (coding) => {
    const body = makeBody(TEXT, 'text/markdown; charset=utf-8');
    const variant = body.encoded(coding);
    expect(variant).toBeDefined();
    const decompressed = coding === 'gzip' ? gunzipSync(variant!.bytes) : brotliDecompressSync(variant!.bytes);
    expect(decompressed.equals(body.bytes)).toBe(true);
    expect(variant!.bytes.length).toBeLessThan(body.bytes.length);
    expect(variant!.etag).toBe(`${body.etag.slice(0, -1)}-${coding}"`);
  });

  it('compresses once and keeps the variant', () => {
    const body = makeBody(TEXT, 'text/plain; charset=utf-8');
    expect(body.encoded('br')).toBe(body.encoded('br'));
    expect(body.encoded('gzip')).toBe(body.encoded('gzip'));
  });

  it(`does not compress bodies under ${MIN_COMPRESS_BYTES} bytes`, () => {
    const below = makeBody('x'.repeat(MIN_COMPRESS_BYTES - 1), 'text/plain; charset=utf-8');
    expect(below.compressible).toBe(false);
    expect(below.encoded('gzip')).toBeUndefined();
    expect(below.encoded('br')).toBeUndefined();
    expect(makeBody('x'.repeat(MIN_COMPRESS_BYTES), 'text/plain; charset=utf-8').compressible).toBe(true);
  });

  it.each([
    ['text/html; charset=utf-8', true],
    ['text/markdown; charset=utf-8', true],
    ['application/json; charset=utf-8', true],
    ['application/xml', true],
    ['application/problem+json', true],
    ['application/octet-stream', false],
    ['image/png', false],
  ])('large %s bodies compressible: %s', (type, compressible) => {
    expect(makeBody(TEXT, type).compressible).toBe(compressible);
  });

  it('offers no variant when compressing does not make the body smaller', () => {
    const body = makeBody(randomBytes(4096), 'text/plain; charset=utf-8');
    expect(body.compressible).toBe(true);
    expect(body.encoded('gzip')).toBeUndefined();
  });
});

describe('compress', () => {
  it.each(['gzip', 'br'] as const)('%s round-trips', (coding) => {
    const bytes = Buffer.from(TEXT);
    const packed = compress(bytes, coding);
    expect((coding === 'gzip' ? gunzipSync(packed) : brotliDecompressSync(packed)).equals(bytes)).toBe(true);
  });
});
