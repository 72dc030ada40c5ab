/**
 * Values sitegate hands to a browser and reads back unchanged: the pending sign-in's cookie
 * (signin/pending-login.ts) and the consent form's hidden field (oauth/authorize/consent-seal.ts).
 * Each is a JWT encrypted with jose (JWE compact serialisation, RFC 7516; `alg` `dir`, `enc`
 * `A256GCM`, RFC 7518 §4.5 and §5.3): nothing is stored server-side, any replica can read what
 * another sealed, and encryption authenticates too, so an altered or forged value does not open.
 * Each purpose has its own key, derived from the operator's secret (store/secret.ts) with
 * HKDF-SHA256 (RFC 5869) under its own `info`, and its own `aud`, so no value opens as another's.
 */
import { hkdfSync } from 'node:crypto';
import { EncryptJWT, jwtDecrypt, type JWTPayload } from 'jose';

/** HKDF salt (RFC 5869 §3.1), the same for every purpose: the `info` tells them apart. */
const HKDF_SALT = 'sitegate';
/** Bytes of an A256GCM key. */
const KEY_BYTES = 32;

/**
 * Derives the 32-byte key of one purpose from the operator's secret (HKDF-SHA256, RFC 5869 §2).
 * @param secret the secret's text, as store/secret.ts `resolveSecret` returns it
 * @param info the purpose, e.g. `sitegate sign-in pending-login cookie v1` (RFC 5869 §3.2)
 */
export function deriveSealingKey(secret: string, info: string): Uint8Array {
  return new Uint8Array(hkdfSync('sha256', Buffer.from(secret, 'utf8'), HKDF_SALT, info, KEY_BYTES));
}

/**
 * Seals claims for `audience` (a compact JWE: five base64url parts, cookie- and form-safe).
 * @param nowSec the current time, seconds since the epoch (`iat`; `exp` is `ttlSec` later)
 */
export function sealClaims(key: Uint8Array, audience: string, claims: JWTPayload, nowSec: number, ttlSec: number): Promise<string> {
  return new EncryptJWT(claims)
    .setProtectedHeader({ alg: 'dir', enc: 'A256GCM' })
    .setAudience(audience)
    .setIssuedAt(nowSec)
    .setExpirationTime(nowSec + ttlSec)
    .encrypt(key);
}

/**
 * Opens a value {@link sealClaims} made for `audience` with `key`.
 * @param nowSec the current time, seconds since the epoch
 * @returns its claims, or undefined when it does not open (another key or audience, altered, not a
 *   JWE) or has expired; the caller checks the claims' types
 */
export async function openClaims(key: Uint8Array, audience: string, value: string, nowSec: number): Promise<JWTPayload | undefined> {
  try {
    const { payload } = await jwtDecrypt(value, key, {
      audience,
      currentDate: new Date(nowSec * 1000),
      keyManagementAlgorithms: ['dir'],
      contentEncryptionAlgorithms: ['A256GCM'],
      requiredClaims: ['exp'],
    });
    return payload;
  } catch {
    return undefined;
  }
}
