/**
 * PKCE at the token endpoint (RFC 7636 §4.5–4.6): the `code_verifier` a client sends with its
 * authorization code, checked against the S256 `code_challenge` the authorization request carried.
 * Only S256 exists here (OAuth 2.1 §4.1.1; the authorize endpoint refuses `plain`).
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { ApiError } from '../errors.js';

/** RFC 7636 §4.1: 43–128 characters of `[A-Za-z0-9-._~]`. */
const CODE_VERIFIER = /^[A-Za-z0-9\-._~]{43,128}$/;

/**
 * BASE64URL-ENCODE(SHA256(ASCII(code_verifier))) (RFC 7636 §4.2, S256).
 * @returns the challenge, base64url without padding (43 characters)
 */
export function s256Challenge(verifier: string): string {
  return createHash('sha256').update(verifier, 'ascii').digest('base64url');
}

/**
 * Step: the `code_verifier` parameter is present and well-formed (RFC 7636 §4.1), checked before
 * the code is consumed so a malformed request does not spend it.
 * @returns the verifier
 * @throws {ApiError} `invalid_request` when it is missing or not 43–128 characters of `[A-Za-z0-9-._~]`
 */
export function requireCodeVerifier(verifier: string | undefined): string {
  if (verifier === undefined || verifier === '')
    throw new ApiError('invalid_request', { message: 'code_verifier is required (PKCE, RFC 7636 §4.5).' });
  if (!CODE_VERIFIER.test(verifier))
    throw new ApiError('invalid_request', {
      message: 'code_verifier must be 43 to 128 characters of A-Z a-z 0-9 - . _ ~ (RFC 7636 §4.1).',
    });
  return verifier;
}

/**
 * Whether a verifier matches an S256 challenge (RFC 7636 §4.6), compared in constant time.
 * @param challenge the stored `code_challenge` (base64url)
 */
export function verifierMatches(verifier: string, challenge: string): boolean {
  const computed = Buffer.from(s256Challenge(verifier));
  const expected = Buffer.from(challenge);
  return computed.length === expected.length && timingSafeEqual(computed, expected);
}
