/**
 * Compact JWS serialization for the tokens sitegate issues (RFC 7515 §7.1), signed by
 * ed25519.ts's signer: libsodium, or node:crypto where sodium-native does not load. Ed25519
 * through WebCrypto (the path jose takes on Node 20) costs about twice as much CPU as either.
 * Only issuing happens here, over claims sitegate itself builds; every token a client presents
 * is still verified by jose (`jwtVerify` in access-tokens.ts), and the tests check issued tokens
 * with jose and with third-party OAuth clients.
 */
import type { KeyObject } from 'node:crypto';
import { ed25519Signer, type Ed25519Signer } from './ed25519.js';

/** A JOSE header of an issued token; treated as immutable (its encoding is kept per object). */
export interface JoseHeader {
  /** JWS algorithm (RFC 7518 §3.1, RFC 8037 §3.1); only `EdDSA` is signed here. */
  readonly alg: 'EdDSA';
  /** Media type of the token, `at+jwt` for access tokens (RFC 9068 §2.1). */
  readonly typ: string;
  /** Id of the signing key in the JWKS. */
  readonly kid: string;
}

const base64url = (value: string): string => Buffer.from(value).toString('base64url');

/** Encoded headers, by header object: an issuer passes one constant header per signing key. */
const encodedHeaders = new WeakMap<JoseHeader, string>();

function encodeHeader(header: JoseHeader): string {
  let encoded = encodedHeaders.get(header);
  if (encoded === undefined) encodedHeaders.set(header, (encoded = base64url(JSON.stringify(header))));
  return encoded;
}

/**
 * Serializes and signs `payload` as a compact JWS: `BASE64URL(header).BASE64URL(payload).BASE64URL(signature)`.
 * @param privateKey an Ed25519 private key (RFC 8037 §3.1: EdDSA signs the ASCII signing input as is)
 * @param signer who computes the signature (default: this process's, ed25519.ts `ed25519Signer`)
 * @returns the compact JWS
 * @throws {Error} (rejects) when the key is not an Ed25519 private key, or OpenSSL fails to sign
 */
export async function signCompactJws(
  header: JoseHeader,
  payload: Record<string, unknown>,
  privateKey: KeyObject,
  signer: Ed25519Signer = ed25519Signer,
): Promise<string> {
  if (privateKey.asymmetricKeyType !== 'ed25519')
    throw new Error(`EdDSA needs an Ed25519 key, not ${String(privateKey.asymmetricKeyType)}`);
  const signingInput = `${encodeHeader(header)}.${base64url(JSON.stringify(payload))}`;
  const signature = await signer.sign(Buffer.from(signingInput), privateKey);
  return `${signingInput}.${signature.toString('base64url')}`;
}
