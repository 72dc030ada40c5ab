import { describe, expect, it } from 'vitest';
import { derivePendingLoginKey, openPendingLogin, PENDING_LOGIN_TTL_SEC, sealPendingLogin, type PendingLogin } from './pending-login.js';

const KEY = derivePendingLoginKey('a-secret-of-at-least-thirty-two-characters');
const LOGIN: PendingLogin = { state: 'st', nonce: 'nn', codeVerifier: 'cv', returnTo: '/internal/x' };
const NOW = 1_800_000_000;

describe('pending login cookie', () => {
  it('opens what it sealed; the value is a compact JWE, cookie-safe', async () => {
    const value = await sealPendingLogin(KEY, LOGIN, NOW);
    expect(value).toMatch(/^[\w-]+\.\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(JSON.parse(Buffer.from(value.split('.')[0] as string, 'base64url').toString())).toEqual({ alg: 'dir', enc: 'A256GCM' });
    expect(value).not.toContain('internal');
    expect(await openPendingLogin(KEY, value, NOW + PENDING_LOGIN_TTL_SEC - 1)).toEqual(LOGIN);
  });

  it('does not open after its lifetime', async () => {
    const value = await sealPendingLogin(KEY, LOGIN, NOW);
    expect(await openPendingLogin(KEY, value, NOW + PENDING_LOGIN_TTL_SEC + 1)).toBeUndefined();
  });

  it('does not open under another secret, altered, or not a JWE', async () => {
    const value = await sealPendingLogin(KEY, LOGIN, NOW);
    expect(await openPendingLogin(derivePendingLoginKey('another-secret-of-at-least-thirty-two-chars'), value, NOW)).toBeUndefined();
    const parts = value.split('.');
    const ct = parts[3] as string;
    parts[3] = `${ct[0] === 'A' ? 'B' : 'A'}${ct.slice(1)}`;
    expect(await openPendingLogin(KEY, parts.join('.'), NOW)).toBeUndefined();
    expect(await openPendingLogin(KEY, 'forged', NOW)).toBeUndefined();
    expect(await openPendingLogin(KEY, '', NOW)).toBeUndefined();
  });

  it('derives a 32-byte key, the same for the same secret', () => {
    expect(KEY.length).toBe(32);
    expect(Buffer.from(derivePendingLoginKey('a-secret-of-at-least-thirty-two-characters')).equals(Buffer.from(KEY))).toBe(true);
  });
});
