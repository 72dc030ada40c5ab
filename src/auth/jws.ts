/**
 * Compact JWS serialization for the tokens sitegate issues (RFC 7515 §7.1), signed in one
 * synchronous node:crypto call. Ed25519 through WebCrypto (the path jose takes on Node 20) costs
 * about twice as much CPU as `crypto.sign` and was the largest cost of the token endpoint.
 * Only issuing happens here, over claims sitegate itself builds; every token a client presents
 * is still verified by jose (`jwtVerify` in access-tokens.ts), and the tests check issued tokens
 * with jose and with third-party OAuth clients.
 */
import { sign, type KeyObject } from 'node:crypto';

/** A JOSE header of an issued token. */
export interface JoseHeader {
  /** JWS algorithm (RFC 7518 §3.1, RFC 8037 §3.1); only `EdDSA` is signed here. */
  alg: 'EdDSA';
  /** Media type of the token, `at+jwt` for access tokens (RFC 9068 §2.1). */
  typ: string;
  /** Id of the signing key in the JWKS. */
  kid: string;
}

const base64url = (value: string | Buffer): string => Buffer.from(value).toString('base64url');

/**
 * Serializes and signs `payload` as a compact JWS: `BASE64URL(header).BASE64URL(payload).BASE64URL(signature)`.
 * @param privateKey an Ed25519 private key (RFC 8037: EdDSA signs the ASCII signing input as is)
 * @throws when the key is not an Ed25519 private key
 */
export function signCompactJws(header: JoseHeader, payload: Record<string, unknown>, privateKey: KeyObject): string {
  const signingInput = `${base64url(JSON.stringify(header))}.${base64url(JSON.stringify(payload))}`;
  if (privateKey.asymmetricKeyType !== 'ed25519')
    throw new Error(`EdDSA needs an Ed25519 key, not ${String(privateKey.asymmetricKeyType)}`);
  return `${signingInput}.${sign(null, Buffer.from(signingInput), privateKey).toString('base64url')}`;
}
