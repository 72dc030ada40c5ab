import { describe, expect, it } from 'vitest';
import { deriveKek, isSealed, seal, unseal, UnsealError } from './key-encryption.js';

const KEK = deriveKek('a-secret-of-at-least-thirty-two-characters');
const JWK = JSON.stringify({ kty: 'OKP', crv: 'Ed25519', x: 'public-x', d: 'private-d-value' });

describe('key encryption', () => {
  it('derives a 32-byte KEK, the same from the same secret and another from another', () => {
    expect(KEK).toHaveLength(32);
    expect(deriveKek('a-secret-of-at-least-thirty-two-characters').equals(KEK)).toBe(true);
    expect(deriveKek('b-secret-of-at-least-thirty-two-characters').equals(KEK)).toBe(false);
  });

  it('seals into self-describing JSON (version, algorithm, kdf, iv, tag, ciphertext) without the plaintext, and opens it', () => {
    const sealed = seal(KEK, 'kid-1', JWK);
    const parsed = JSON.parse(sealed) as Record<string, string>;
    expect(Object.keys(parsed)).toStrictEqual(['sealed', 'alg', 'kdf', 'iv', 'tag', 'ct']);
    expect(parsed).toMatchObject({ sealed: 1, alg: 'A256GCM', kdf: 'HKDF-SHA256' });
    expect(Buffer.from(parsed.iv ?? '', 'base64url')).toHaveLength(12);
    expect(Buffer.from(parsed.tag ?? '', 'base64url')).toHaveLength(16);
    expect(sealed).not.toContain('private-d-value');
    expect(isSealed(sealed)).toBe(true);
    expect(isSealed(JWK)).toBe(false);
    expect(unseal(KEK, 'kid-1', sealed)).toBe(JWK);
    expect(seal(KEK, 'kid-1', JWK)).not.toBe(sealed);
  });

  it.each([
    ['another secret', (sealed: string) => unseal(deriveKek('b-secret-of-at-least-thirty-two-characters'), 'kid-1', sealed)],
    ['another kid (a row copied onto another key)', (sealed: string) => unseal(KEK, 'kid-2', sealed)],
    [
      'an altered ciphertext',
      (sealed: string) => {
        const parsed = JSON.parse(sealed) as { ct: string };
        const bytes = Buffer.from(parsed.ct, 'base64url');
        bytes[0] = (bytes[0] ?? 0) ^ 1;
        return unseal(KEK, 'kid-1', JSON.stringify({ ...parsed, ct: bytes.toString('base64url') }));
      },
    ],
    ['an unknown version', (sealed: string) => unseal(KEK, 'kid-1', JSON.stringify({ ...(JSON.parse(sealed) as object), sealed: 2 }))],
    ['clear text', () => unseal(KEK, 'kid-1', JWK)],
  ])('refuses to open with %s', (_label, open) => {
    expect(() => open(seal(KEK, 'kid-1', JWK))).toThrow(UnsealError);
  });
});
