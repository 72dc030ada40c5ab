import { generateKeyPairSync } from 'node:crypto';
import { compactVerify, decodeProtectedHeader } from 'jose';
import { describe, expect, it } from 'vitest';
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

  it('is refused by jose when a byte of the payload changes', async () => {
    const jws = await signCompactJws({ alg: 'EdDSA', typ: 'at+jwt', kid: 'k1' }, { scope: 'search:read' }, privateKey);
    const [header, , signature] = jws.split('.');
    const forged = `${header}.${Buffer.from(JSON.stringify({ scope: 'internal:read' })).toString('base64url')}.${signature}`;
    await expect(compactVerify(forged, publicKey, { algorithms: ['EdDSA'] })).rejects.toThrow('signature verification failed');
  });

  it('refuses a key that is not Ed25519', async () => {
    const { privateKey: ecKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    await expect(signCompactJws({ alg: 'EdDSA', typ: 'at+jwt', kid: 'k1' }, {}, ecKey)).rejects.toThrow(
      'EdDSA needs an Ed25519 key, not ec',
    );
  });
});
