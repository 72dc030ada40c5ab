/**
 * The sign-in in progress (issue 29): what `/_sitegate/login` must remember until the provider
 * sends the browser back to `/_sitegate/callback` — `state` (RFC 6749 §10.12), `nonce` (OpenID
 * Connect Core §3.1.2.1), the PKCE code verifier (RFC 7636 §4.1) and where to return. Kept in the
 * browser, in the `login` cookie (signin/cookies.ts), as a JWT encrypted with jose (JWE compact
 * serialisation, RFC 7516; `alg` `dir`, `enc` `A256GCM`, RFC 7518 §4.5 and §5.3), so nothing is
 * stored server-side and any replica can finish a sign-in another one started. The key is derived
 * from the operator's secret (store/secret.ts) with HKDF-SHA256 (RFC 5869) under its own `info`,
 * so it is used for nothing else. Encryption authenticates too: a forged or altered cookie does
 * not open.
 */
import { deriveSealingKey, openClaims, sealClaims } from '../auth/sealed-values.js';

/** How long a sign-in may take, from login to callback (seconds): the cookie's `Max-Age` and the JWT's `exp`. */
export const PENDING_LOGIN_TTL_SEC = 10 * 60;

/** HKDF info (RFC 5869 §3.2), naming the purpose. */
const HKDF_INFO = 'sitegate sign-in pending-login cookie v1';
/** `aud` of the JWT: only this cookie's reader accepts it. */
const AUDIENCE = 'sitegate:pending-login';

/** The 32-byte key that seals pending logins. */
export type PendingLoginKey = Uint8Array & { readonly pendingLoginKey: unique symbol };

/**
 * Derives the pending-login key from the operator's secret (HKDF-SHA256, RFC 5869).
 * @param secret the secret's text, as store/secret.ts `resolveSecret` returns it
 */
export function derivePendingLoginKey(secret: string): PendingLoginKey {
  return deriveSealingKey(secret, HKDF_INFO) as PendingLoginKey;
}

/** A sign-in in progress. */
export interface PendingLogin {
  /** The `state` sent to the provider (openid-client `randomState`). */
  state: string;
  /** The `nonce` sent to the provider, expected in the ID token. */
  nonce: string;
  /** The PKCE code verifier whose S256 challenge was sent. */
  codeVerifier: string;
  /** Where to land after signing in: a path of this site (signin/return-to.ts). */
  returnTo: string;
}

/**
 * Seals a pending login into the cookie's value (a compact JWE, five base64url parts: cookie-safe).
 * @param nowSec the current time, seconds since the epoch (`iat`; `exp` is {@link PENDING_LOGIN_TTL_SEC} later)
 */
export async function sealPendingLogin(key: PendingLoginKey, login: PendingLogin, nowSec: number): Promise<string> {
  const claims = { st: login.state, nn: login.nonce, cv: login.codeVerifier, rt: login.returnTo };
  return sealClaims(key, AUDIENCE, claims, nowSec, PENDING_LOGIN_TTL_SEC);
}

/**
 * Opens a pending-login cookie value.
 * @param nowSec the current time, seconds since the epoch
 * @returns the pending login, or undefined when the value does not open (another key, altered,
 *   not a JWE), has expired, or lacks a field
 */
export async function openPendingLogin(key: PendingLoginKey, value: string, nowSec: number): Promise<PendingLogin | undefined> {
  const payload = await openClaims(key, AUDIENCE, value, nowSec);
  if (payload === undefined) return undefined;
  const { st, nn, cv, rt } = payload;
  if (typeof st !== 'string' || typeof nn !== 'string' || typeof cv !== 'string' || typeof rt !== 'string') return undefined;
  return { state: st, nonce: nn, codeVerifier: cv, returnTo: rt };
}
