/**
 * The consent form's memory (issue 30): the authorization request the consent page was shown for,
 * validated once by `GET /api/v1/oauth/authorize`, travels to the form's `POST` sealed in a hidden
 * field, so nothing is stored server-side and any replica can take the answer. Sealed as the
 * pending sign-in is (auth/sealed-values.ts: an encrypted JWT under a key of its own, derived from
 * the operator's secret), so neither key opens the other's values. It lives 10 minutes and names the browser session it was made for
 * (`sid`): a form posted from another session is refused (RFC 6749 §10.12, RFC 9700 §4.7: the
 * answer must come from the person who was asked).
 */
import { deriveSealingKey, openClaims, sealClaims } from '../../auth/sealed-values.js';
import { isScope, type Scope } from '../../auth/scopes.js';

/** How long the person may take to answer the consent page (seconds): the sealed value's `exp`. */
export const CONSENT_TTL_SEC = 10 * 60;

/** HKDF info (RFC 5869 §3.2), naming the purpose (distinct from the pending-login cookie's). */
const HKDF_INFO = 'sitegate oauth authorize consent form v1';
/** `aud` of the JWT: only the consent form's reader accepts it. */
const AUDIENCE = 'sitegate:oauth-consent';

/** The 32-byte key that seals consent forms. */
export type ConsentKey = Uint8Array & { readonly consentKey: unique symbol };

/**
 * Derives the consent key from the operator's secret (HKDF-SHA256, RFC 5869).
 * @param secret the secret's text, as store/secret.ts `resolveSecret` returns it
 */
export function deriveConsentKey(secret: string): ConsentKey {
  return deriveSealingKey(secret, HKDF_INFO) as ConsentKey;
}

/** A validated authorization request waiting for the person's answer. */
export interface PendingConsent {
  /** The agent's client_id. */
  clientId: string;
  /** The redirect URI, already matched against the client's. */
  redirectUri: string;
  /** `state` as the client sent it, or undefined when it sent none. */
  state: string | undefined;
  /** PKCE S256 `code_challenge` (RFC 7636 §4.2). */
  codeChallenge: string;
  /** The scopes the page asked for: at most the person's. */
  scopes: Scope[];
  /** RFC 8707 resource (the token's `aud`). */
  resource: string;
  /** The browser session (`sgs_…`) the page was shown to. */
  sessionId: string;
}

/**
 * Seals a pending consent into the form field's value (a compact JWE: five base64url parts).
 * @param nowSec the current time, seconds since the epoch (`iat`; `exp` is {@link CONSENT_TTL_SEC} later)
 */
export async function sealConsent(key: ConsentKey, consent: PendingConsent, nowSec: number): Promise<string> {
  const claims = {
    cid: consent.clientId,
    ru: consent.redirectUri,
    ...(consent.state === undefined ? {} : { st: consent.state }),
    cc: consent.codeChallenge,
    sc: consent.scopes,
    rs: consent.resource,
    sid: consent.sessionId,
  };
  return sealClaims(key, AUDIENCE, claims, nowSec, CONSENT_TTL_SEC);
}

/**
 * Opens a consent form's value.
 * @param nowSec the current time, seconds since the epoch
 * @returns the pending consent, or undefined when the value does not open (another key, altered,
 *   not a JWE), has expired, or lacks a field; the caller checks its `sessionId`
 */
export async function openConsent(key: ConsentKey, value: string, nowSec: number): Promise<PendingConsent | undefined> {
  const payload = await openClaims(key, AUDIENCE, value, nowSec);
  if (payload === undefined) return undefined;
  const { cid, ru, st, cc, sc, rs, sid } = payload;
  if (typeof cid !== 'string' || typeof ru !== 'string' || typeof cc !== 'string' || typeof rs !== 'string' || typeof sid !== 'string')
    return undefined;
  if (st !== undefined && typeof st !== 'string') return undefined;
  if (!Array.isArray(sc) || !sc.every((scope): scope is Scope => typeof scope === 'string' && isScope(scope))) return undefined;
  return { clientId: cid, redirectUri: ru, state: st, codeChallenge: cc, scopes: sc, resource: rs, sessionId: sid };
}
