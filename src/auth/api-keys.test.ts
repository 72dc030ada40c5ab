import * as crypto from 'node:crypto';
import { crc32 } from 'node:zlib';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  API_KEY_PREFIX,
  CLIENT_ID_PREFIX,
  formatApiKey,
  generateCredential,
  generateSecret,
  hashSecret,
  isClientId,
  parseApiKey,
  secretMatches,
} from './api-keys.js';

vi.mock('node:crypto', async (importOriginal) => {
  const original = await importOriginal<typeof import('node:crypto')>();
  return { ...original, timingSafeEqual: vi.fn(original.timingSafeEqual) };
});

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const API_KEY_FORMAT = /^sgk_[0-9A-Za-z]{16}_[0-9A-Za-z]{32}[0-9A-Za-z]{6}$/;

/** The checksum as the format describes it, computed independently: CRC32 as 6 base62 digits, most significant first. */
function expectedChecksum(text: string): string {
  let value = BigInt(crc32(text));
  let digits = '';
  for (let i = 0; i < 6; i++) {
    digits = BASE62.charAt(Number(value % 62n)) + digits;
    value /= 62n;
  }
  return digits;
}

/** A fixed sample key, so a failure names the same key every run. */
const SAMPLE_ID = 'sgc_4FhK2mQz9XyBv7Lp';
const SAMPLE_SECRET = 'q8N3xZ1vB7mK4pL0sD9fG2hJ5kW6tY3r';
const SAMPLE_KEY = formatApiKey(SAMPLE_ID, SAMPLE_SECRET);

describe('generateCredential', () => {
  it('makes a client_id, a secret and an API key of the documented shapes', () => {
    const { clientId, clientSecret, apiKey } = generateCredential();
    expect(clientId).toMatch(/^sgc_[0-9A-Za-z]{16}$/);
    expect(clientSecret).toMatch(/^[0-9A-Za-z]{32}$/);
    expect(apiKey).toMatch(API_KEY_FORMAT);
    expect(apiKey.startsWith(`${API_KEY_PREFIX}${clientId.slice(CLIENT_ID_PREFIX.length)}_${clientSecret}`)).toBe(true);
    expect(isClientId(clientId)).toBe(true);
  });

  it('never repeats itself and uses the whole base62 alphabet', () => {
    const credentials = Array.from({ length: 200 }, () => generateCredential());
    expect(new Set(credentials.map((c) => c.clientId)).size).toBe(200);
    expect(new Set(credentials.map((c) => c.clientSecret)).size).toBe(200);
    const seen = new Set(credentials.flatMap((c) => c.clientSecret.split('')));
    expect(seen.size).toBe(62);
  });
});

describe('generateSecret', () => {
  it('keeps the client_id and makes a new secret and API key', () => {
    const first = generateCredential();
    const second = generateSecret(first.clientId);
    expect(second.clientId).toBe(first.clientId);
    expect(second.clientSecret).toMatch(/^[0-9A-Za-z]{32}$/);
    expect(second.clientSecret).not.toBe(first.clientSecret);
    expect(parseApiKey(second.apiKey)).toStrictEqual({ clientId: first.clientId, clientSecret: second.clientSecret });
  });
});

describe('formatApiKey', () => {
  it('is prefix, id, underscore, secret and the CRC32 checksum in base62', () => {
    const body = `sgk_4FhK2mQz9XyBv7Lp_${SAMPLE_SECRET}`;
    expect(SAMPLE_KEY).toBe(body + expectedChecksum(body));
    expect(SAMPLE_KEY).toMatch(API_KEY_FORMAT);
  });
});

describe('parseApiKey', () => {
  it('splits a key into its client_id and secret', () => {
    expect(parseApiKey(SAMPLE_KEY)).toStrictEqual({ clientId: SAMPLE_ID, clientSecret: SAMPLE_SECRET });
  });

  it('round-trips freshly generated keys', () => {
    for (let i = 0; i < 100; i++) {
      const { clientId, clientSecret, apiKey } = generateCredential();
      expect(parseApiKey(apiKey)).toStrictEqual({ clientId, clientSecret });
    }
  });

  it('catches every single-character substitution, at every position', () => {
    const alphabet = `${BASE62}_-`;
    let tried = 0;
    for (let i = 0; i < SAMPLE_KEY.length; i++) {
      for (const char of alphabet) {
        if (char === SAMPLE_KEY[i]) continue;
        const typo = SAMPLE_KEY.slice(0, i) + char + SAMPLE_KEY.slice(i + 1);
        expect(parseApiKey(typo), typo).toBeUndefined();
        tried++;
      }
    }
    expect(tried).toBe(SAMPLE_KEY.length * (alphabet.length - 1));
  });

  it('catches every dropped, doubled or swapped character', () => {
    for (let i = 0; i < SAMPLE_KEY.length; i++) {
      const dropped = SAMPLE_KEY.slice(0, i) + SAMPLE_KEY.slice(i + 1);
      const doubled = SAMPLE_KEY.slice(0, i + 1) + SAMPLE_KEY.slice(i);
      expect(parseApiKey(dropped), dropped).toBeUndefined();
      expect(parseApiKey(doubled), doubled).toBeUndefined();
      const a = SAMPLE_KEY[i];
      const b = SAMPLE_KEY[i + 1];
      if (b === undefined || a === b || a === undefined) continue;
      const swapped = SAMPLE_KEY.slice(0, i) + b + a + SAMPLE_KEY.slice(i + 2);
      expect(parseApiKey(swapped), swapped).toBeUndefined();
    }
  });

  it.each([
    ['empty', ''],
    ['the client_id alone', SAMPLE_ID],
    ['the secret alone', SAMPLE_SECRET],
    ['an upper-case prefix', `SGK_${SAMPLE_KEY.slice(4)}`],
    ['the client_id prefix', `sgc_${SAMPLE_KEY.slice(4)}`],
    ['a trailing newline', `${SAMPLE_KEY}\n`],
    ['a leading space', ` ${SAMPLE_KEY}`],
    ['Bearer in front', `Bearer ${SAMPLE_KEY}`],
  ])('refuses %s', (_label, value) => {
    expect(parseApiKey(value)).toBeUndefined();
  });
});

describe('isClientId', () => {
  it.each([
    [SAMPLE_ID, true],
    ['sgc_4FhK2mQz9XyBv7L', false],
    ['sgc_4FhK2mQz9XyBv7Lpx', false],
    ['sgk_4FhK2mQz9XyBv7Lp', false],
    ['sgc_4FhK2mQz9XyBv7L-', false],
    ['', false],
  ])('%j → %s', (value, expected) => {
    expect(isClientId(value)).toBe(expected);
  });
});

describe('hashSecret', () => {
  it('is the SHA-256 of the secret in lower-case hex', () => {
    // FIPS 180-2 test vector.
    expect(hashSecret('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(hashSecret(SAMPLE_SECRET)).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('secretMatches', () => {
  const timingSafeEqual = vi.mocked(crypto.timingSafeEqual);
  beforeEach(() => {
    timingSafeEqual.mockClear();
  });

  it('accepts the secret its hash was made from, through the constant-time comparison', () => {
    expect(secretMatches(SAMPLE_SECRET, hashSecret(SAMPLE_SECRET))).toBe(true);
    expect(timingSafeEqual).toHaveBeenCalledTimes(1);
  });

  it('refuses another secret, also in constant time', () => {
    expect(secretMatches(`${SAMPLE_SECRET.slice(0, -1)}x`, hashSecret(SAMPLE_SECRET))).toBe(false);
    expect(secretMatches('', hashSecret(SAMPLE_SECRET))).toBe(false);
    expect(timingSafeEqual).toHaveBeenCalledTimes(2);
  });

  it.each([
    ['empty', ''],
    ['one byte short', hashSecret(SAMPLE_SECRET).slice(0, 62)],
    ['one byte long', `${hashSecret(SAMPLE_SECRET)}00`],
    ['not hex', 'zz'.repeat(32)],
    ['a SHA-512', crypto.createHash('sha512').update(SAMPLE_SECRET).digest('hex')],
  ])('returns false without throwing for a stored hash that is %s', (_label, stored) => {
    expect(secretMatches(SAMPLE_SECRET, stored)).toBe(false);
    // timingSafeEqual throws on unequal lengths, so the length check must come first.
    expect(timingSafeEqual).not.toHaveBeenCalled();
  });
});
