import { describe, expect, it } from 'vitest';
import { CONSENT_TTL_SEC, deriveConsentKey, openConsent, sealConsent, type PendingConsent } from './consent-seal.js';
import { derivePendingLoginKey, openPendingLogin } from '../../signin/pending-login.js';

const SECRET = 'a secret of the operator, long enough for tests';
const CONSENT: PendingConsent = {
  clientId: 'https://agent.example/client.json',
  redirectUri: 'http://127.0.0.1:7/cb',
  state: undefined,
  codeChallenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
  scopes: ['search:read', 'internal:read'],
  resource: 'https://docs.example.com/mcp',
  sessionId: 'sgs_0123456789abcdefghijkl',
};
const NOW = 1_800_000_000;

describe('the sealed consent form', () => {
  it('opens to what was sealed, until its 10 minutes are over', async () => {
    const key = deriveConsentKey(SECRET);
    const sealed = await sealConsent(key, CONSENT, NOW);
    expect(await openConsent(key, sealed, NOW + CONSENT_TTL_SEC - 1)).toStrictEqual(CONSENT);
    expect(await openConsent(key, sealed, NOW + CONSENT_TTL_SEC + 1)).toBeUndefined();
  });

  it('keeps state when there is one', async () => {
    const key = deriveConsentKey(SECRET);
    const withState = { ...CONSENT, state: 'xyz' };
    expect(await openConsent(key, await sealConsent(key, withState, NOW), NOW)).toStrictEqual(withState);
  });

  it('opens under neither another secret nor as a pending-login cookie (distinct HKDF info)', async () => {
    const sealed = await sealConsent(deriveConsentKey(SECRET), CONSENT, NOW);
    expect(await openConsent(deriveConsentKey(`${SECRET}!`), sealed, NOW)).toBeUndefined();
    expect(await openPendingLogin(derivePendingLoginKey(SECRET), sealed, NOW)).toBeUndefined();
    expect(Buffer.from(deriveConsentKey(SECRET)).equals(Buffer.from(derivePendingLoginKey(SECRET)))).toBe(false);
  });
});
