import { generateKeyPairSync, sign } from 'node:crypto';
import { compactVerify, decodeProtectedHeader } from 'jose';
import { describe, expect, it } from 'vitest';
import { nodeCryptoSigner } from './ed25519.js';
import { signCompactJws } from './jws.js';

describe('signCompactJws', () => {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');

  it('produces a compact JWS that jose verifies, with the header and payload as given', async () => {
    const payload = { sub: 'sgc_x', scope: 'search:read', iat: 1_700_000_000, note: 'ü €' };
    const jws = await signCompactJws({ alg: 'EdDSA', typ: 'at+jwt', kid: 'k1' }, payload, privateKey);
    expect(jws.split('.')).toHaveLength(3);
    expect(decodeProtectedHeader(jws)).toStrictEqual({ alg: 'EdDSA', typ: 'at+jwt', kid: 'k1' });
    const verified = await compactVerify(jws, publicKey, { algorithms: ['EdDSA'] });
    expect(JSON.parse(new TextDecoder().decode(verified.payload))).toStrictEqual(payload);
  });

  it('signs exactly the header and payload segments it sends (RFC 7515 §5.1: the JWS signing input)', async () => {
    const jws = await signCompactJws({ alg: 'EdDSA', typ: 'at+jwt', kid: 'k1' }, { scope: 'search:read' }, privateKey);
    const [header = '', payload = '', signature = ''] = jws.split('.');
    expect(Buffer.from(payload, 'base64url').toString('utf8')).toBe('{"scope":"search:read"}');
    // Ed25519 is deterministic (RFC 8032 §5.1.6): the one valid signature of this input.
    expect(signature).toBe(sign(null, Buffer.from(`${header}.${payload}`), privateKey).toString('base64url'));
  });

  it('signs alike through either signer', async () => {
    const header = { alg: 'EdDSA', typ: 'at+jwt', kid: 'k1' } as const;
    const payload = { scope: 'search:read', jti: 'a' };
    expect(await signCompactJws(header, payload, privateKey, nodeCryptoSigner)).toBe(await signCompactJws(header, payload, privateKey));
  });

  it('refuses a key that is not Ed25519', async () => {
    const { privateKey: ecKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    await expect(signCompactJws({ alg: 'EdDSA', typ: 'at+jwt', kid: 'k1' }, {}, ecKey)).rejects.toThrow(
      'EdDSA needs an Ed25519 key, not ec',
    );
  });
});
