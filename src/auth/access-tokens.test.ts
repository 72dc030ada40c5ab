import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  SignJWT,
  UnsecuredJWT,
  decodeJwt,
  decodeProtectedHeader,
  exportJWK,
  generateKeyPair,
  importJWK,
  jwtVerify,
  type CryptoKey,
  type JWK,
} from 'jose';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openSqliteStore } from '../store/sqlite.js';
import type { Store } from '../store/store.js';
import { createTokenService, TOKEN_ALG, type TokenService, type TokenServiceOptions } from './access-tokens.js';
import { createKeyService, type KeyService } from './keys.js';

const START_MS = Date.parse('2030-01-01T00:00:00.000Z');
const BASE_URL = 'http://sitegate.test';
const TTL_SEC = 600;

describe('TokenService', () => {
  let dir: string;
  let stores: Store[];
  let store: Store;
  let nowMs: number;
  let keys: KeyService;
  let tokens: TokenService;
  let clientId: string;
  const now = (): Date => new Date(nowMs);
  const options: TokenServiceOptions = { issuer: BASE_URL, audience: BASE_URL, ttlSec: TTL_SEC, now: () => now() };

  beforeEach(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'sitegate-tokens-'));
    store = await openSqliteStore(dir);
    stores = [store];
    nowMs = START_MS;
    keys = createKeyService(store, { now });
    tokens = await createTokenService(store, keys, options);
    ({
      key: { id: clientId },
    } = await keys.create({ name: 'agent', scopes: ['search:read', 'content:read'], expiresAt: null }));
  });
  afterEach(async () => {
    for (const each of stores) await each.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** Valid claims for `clientId` at the current clock, as `issue` makes them. */
  const claims = (): Record<string, unknown> => {
    const iat = Math.floor(nowMs / 1000);
    return {
      iss: BASE_URL,
      aud: BASE_URL,
      sub: clientId,
      client_id: clientId,
      scope: 'search:read',
      iat,
      exp: iat + TTL_SEC,
      jti: randomUUID(),
    };
  };

  /** Signs claims with the store's signing key (or `key`), under a header the test may bend. */
  const forge = async (payload: Record<string, unknown>, header: Record<string, unknown> = {}, key?: CryptoKey): Promise<string> => {
    const [record] = await store.listSigningKeys();
    if (record === undefined) throw new Error('no signing key');
    const privateKey = key ?? ((await importJWK(JSON.parse(record.privateJwk) as JWK, record.alg)) as CryptoKey);
    return new SignJWT(payload).setProtectedHeader({ alg: TOKEN_ALG, typ: 'at+jwt', kid: record.kid, ...header }).sign(privateKey);
  };

  const expectCode = async (token: string, code: 'invalid_token' | 'token_expired'): Promise<void> => {
    await expect(tokens.verify(token)).rejects.toMatchObject({ name: 'ApiError', code, status: 401 });
  };

  describe('issue', () => {
    it('signs an RFC 9068 access token: at+jwt, EdDSA, kid, and every required claim', async () => {
      const { token, expiresInSec } = await tokens.issue(clientId, ['search:read', 'content:read']);
      expect(expiresInSec).toBe(TTL_SEC);
      const [record] = await store.listSigningKeys();
      expect(decodeProtectedHeader(token)).toStrictEqual({ alg: 'EdDSA', typ: 'at+jwt', kid: record?.kid });
      const payload = decodeJwt(token);
      const iat = START_MS / 1000;
      expect(payload).toStrictEqual({
        iss: BASE_URL,
        aud: BASE_URL,
        sub: clientId,
        client_id: clientId,
        scope: 'search:read content:read',
        iat,
        exp: iat + TTL_SEC,
        jti: expect.stringMatching(/^[0-9a-f-]{36}$/) as unknown,
      });
    });

    it('gives every token its own jti', async () => {
      const first = decodeJwt((await tokens.issue(clientId, ['search:read'])).token);
      const second = decodeJwt((await tokens.issue(clientId, ['search:read'])).token);
      expect(first.jti).not.toBe(second.jti);
    });
  });

  describe('verify', () => {
    it('round-trips: the principal carries the client and the token scopes', async () => {
      const { token } = await tokens.issue(clientId, ['search:read', 'content:read']);
      expect(await tokens.verify(token)).toStrictEqual({ scheme: 'bearer', clientId, scopes: ['search:read', 'content:read'] });
      // Again, from the verified-token cache.
      expect(await tokens.verify(token)).toStrictEqual({ scheme: 'bearer', clientId, scopes: ['search:read', 'content:read'] });
    });

    it('accepts a token the test signs the way issue does (so the refusals below are meaningful)', async () => {
      expect(await tokens.verify(await forge(claims()))).toStrictEqual({ scheme: 'bearer', clientId, scopes: ['search:read'] });
    });

    it.each<[string, (valid: Record<string, unknown>) => Record<string, unknown>]>([
      ['another issuer', (c) => ({ ...c, iss: 'http://evil.test' })],
      ['another audience', (c) => ({ ...c, aud: 'http://other.test' })],
      ['no client_id', (c) => ({ ...c, client_id: undefined })],
      ['no exp', (c) => ({ ...c, exp: undefined })],
      ['no sub', (c) => ({ ...c, sub: undefined })],
    ])('refuses a token with %s: invalid_token', async (_label, bend) => {
      await expectCode(await forge(bend(claims())), 'invalid_token');
    });

    it.each<[string, Record<string, unknown>]>([
      ['typ JWT', { typ: 'JWT' }],
      ['no typ', { typ: undefined }],
      ['an unknown kid', { kid: 'not-a-key' }],
      ['no kid', { kid: undefined }],
    ])('refuses a token whose header has %s: invalid_token', async (_label, header) => {
      await expectCode(await forge(claims(), header), 'invalid_token');
    });

    it('refuses a token with another alg (HS256 keyed with the public key, and alg none)', async () => {
      const [record] = await store.listSigningKeys();
      const hmacKey = new TextEncoder().encode(record?.publicJwk);
      const hs256 = await new SignJWT(claims()).setProtectedHeader({ alg: 'HS256', typ: 'at+jwt', kid: record?.kid }).sign(hmacKey);
      await expectCode(hs256, 'invalid_token');
      await expectCode(new UnsecuredJWT(claims()).encode(), 'invalid_token');
    });

    it('refuses a token signed by another key under the right kid', async () => {
      const other = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
      await expectCode(await forge(claims(), {}, other.privateKey), 'invalid_token');
    });

    it('refuses a tampered signature or payload', async () => {
      const { token } = await tokens.issue(clientId, ['search:read']);
      const [header, payload, signature] = token.split('.') as [string, string, string];
      const middle = Math.floor(signature.length / 2);
      const flipped = signature.slice(0, middle) + (signature[middle] === 'A' ? 'B' : 'A') + signature.slice(middle + 1);
      await expectCode(`${header}.${payload}.${flipped}`, 'invalid_token');
      const widened = Buffer.from(JSON.stringify({ ...decodeJwt(token), scope: 'search:read internal:read' })).toString('base64url');
      await expectCode(`${header}.${widened}.${signature}`, 'invalid_token');
    });

    it.each(['', 'abc', 'a.b.c', 'x'.repeat(2000)])('refuses %j: invalid_token', async (garbage) => {
      await expectCode(garbage, 'invalid_token');
    });

    it('answers token_expired from exp on, fresh or cached', async () => {
      const { token: cached } = await tokens.issue(clientId, ['search:read']);
      const { token: fresh } = await tokens.issue(clientId, ['content:read']);
      await tokens.verify(cached);
      nowMs = START_MS + TTL_SEC * 1000 - 1000;
      expect((await tokens.verify(cached)).clientId).toBe(clientId);
      nowMs = START_MS + TTL_SEC * 1000 + 1000;
      await expectCode(cached, 'token_expired');
      await expectCode(fresh, 'token_expired');
    });

    it('refuses the tokens of a revoked key: invalid_token, even when cached', async () => {
      const { token } = await tokens.issue(clientId, ['search:read']);
      await tokens.verify(token);
      expect(await keys.revoke(clientId)).toBe(true);
      await expectCode(token, 'invalid_token');
    });

    it('refuses the tokens of a key that has expired since', async () => {
      const { credential } = await keys.create({ name: 'short', scopes: ['search:read'], expiresAt: new Date(START_MS + 60_000) });
      const { token } = await tokens.issue(credential.clientId, ['search:read']);
      expect((await tokens.verify(token)).clientId).toBe(credential.clientId);
      nowMs = START_MS + 60_000;
      await expectCode(token, 'invalid_token');
    });

    it('refuses a token for a client that does not exist', async () => {
      await expectCode(await forge({ ...claims(), sub: 'sgc_0000000000000000', client_id: 'sgc_0000000000000000' }), 'invalid_token');
    });
  });

  describe('invalidate', () => {
    /** A second process on the same database, as a replica or the CLI would be. */
    const otherProcess = async (): Promise<{ keys: KeyService; tokens: TokenService }> => {
      const otherStore = await openSqliteStore(dir);
      stores.push(otherStore);
      const otherKeys = createKeyService(otherStore, { now });
      return { keys: otherKeys, tokens: await createTokenService(otherStore, otherKeys, options) };
    };

    it('token: a revocation made elsewhere is honoured at once instead of after the cache TTL', async () => {
      const { token } = await tokens.issue(clientId, ['search:read']);
      await tokens.verify(token);
      const other = await otherProcess();
      expect(await other.tokens.revoke(token, clientId)).toBe(true);
      // Within the TTL the cache still vouches for the token…
      expect(tokens.cachedPrincipal(token)).toStrictEqual({ scheme: 'bearer', clientId, scopes: ['search:read'] });
      tokens.invalidate({ kind: 'token', jti: String(decodeJwt(token).jti) });
      // …until told.
      expect(tokens.cachedPrincipal(token)).toBeUndefined();
      await expectCode(token, 'invalid_token');
    });

    it('key: a key revoked elsewhere is refused at once, with its tokens', async () => {
      const { token } = await tokens.issue(clientId, ['search:read']);
      await tokens.verify(token);
      const other = await otherProcess();
      expect(await other.keys.revoke(clientId)).toBe(true);
      expect(tokens.cachedPrincipal(token)).toBeDefined();
      keys.invalidate({ kind: 'key', id: clientId });
      expect(tokens.cachedPrincipal(token)).toBeUndefined();
      await expectCode(token, 'invalid_token');
    });

    it('resync: forgets every "not revoked" answer but keeps revocations known here', async () => {
      const { token: revokedHere } = await tokens.issue(clientId, ['search:read']);
      const { token: revokedElsewhere } = await tokens.issue(clientId, ['content:read']);
      await tokens.verify(revokedElsewhere);
      expect(await tokens.revoke(revokedHere, clientId)).toBe(true);
      const other = await otherProcess();
      expect(await other.tokens.revoke(revokedElsewhere, clientId)).toBe(true);
      tokens.invalidate({ kind: 'resync' });
      keys.invalidate({ kind: 'resync' });
      await expectCode(revokedHere, 'invalid_token');
      await expectCode(revokedElsewhere, 'invalid_token');
    });

    it('without any notification the caches expire: a revocation elsewhere bites after the 1 s TTL', async () => {
      const { token } = await tokens.issue(clientId, ['search:read']);
      await tokens.verify(token);
      const other = await otherProcess();
      await other.tokens.revoke(token, clientId);
      nowMs += 999;
      expect((await tokens.verify(token)).clientId).toBe(clientId);
      nowMs += 2;
      await expectCode(token, 'invalid_token');
    });
  });

  describe('signing keys', () => {
    it('generates one key once; a second service on the same store reuses it, and their tokens cross-verify', async () => {
      expect(await store.listSigningKeys()).toHaveLength(1);
      // Another process (replica) on the same database.
      const otherStore = await openSqliteStore(dir);
      stores.push(otherStore);
      const otherKeys = createKeyService(otherStore, { now });
      const other = await createTokenService(otherStore, otherKeys, options);
      expect(await otherStore.listSigningKeys()).toHaveLength(1);
      expect(other.jwks()).toStrictEqual(tokens.jwks());

      const fromA = (await tokens.issue(clientId, ['search:read'])).token;
      const fromB = (await other.issue(clientId, ['content:read'])).token;
      expect(await other.verify(fromA)).toStrictEqual({ scheme: 'bearer', clientId, scopes: ['search:read'] });
      expect(await tokens.verify(fromB)).toStrictEqual({ scheme: 'bearer', clientId, scopes: ['content:read'] });
    });

    it('replicas starting together on an empty store agree on one key and cross-verify', async () => {
      const emptyDir = mkdtempSync(path.join(tmpdir(), 'sitegate-tokens-empty-'));
      try {
        const replicas = await Promise.all(
          [1, 2, 3].map(async () => {
            const each = await openSqliteStore(emptyDir);
            stores.push(each);
            const eachKeys = createKeyService(each, { now });
            return { keys: eachKeys, tokens: await createTokenService(each, eachKeys, options) };
          }),
        );
        const [first, ...others] = replicas;
        if (first === undefined) throw new Error('no replica');
        expect(await stores.at(-1)?.listSigningKeys()).toHaveLength(1);
        for (const other of others) expect(other.tokens.jwks()).toStrictEqual(first.tokens.jwks());
        const { key } = await first.keys.create({ name: 'shared', scopes: ['search:read'], expiresAt: null });
        const { token } = await first.tokens.issue(key.id, ['search:read']);
        for (const other of others) expect((await other.tokens.verify(token)).clientId).toBe(key.id);
      } finally {
        rmSync(emptyDir, { recursive: true, force: true });
      }
    });

    it('verifies a token signed with a key added after start (unknown kid: reload), and publishes it', async () => {
      const [current] = await store.listSigningKeys();
      // Another replica's key, newer than this one's and active, so a service started now signs with it.
      const pair = await generateKeyPair(TOKEN_ALG, { crv: 'Ed25519', extractable: true });
      await store.addSigningKey({
        kid: 'kid-added-later',
        alg: TOKEN_ALG,
        privateJwk: JSON.stringify(await exportJWK(pair.privateKey)),
        publicJwk: JSON.stringify(await exportJWK(pair.publicKey)),
        createdAt: new Date(START_MS + 1000),
        expiresAt: null,
      });
      const later = await createTokenService(store, keys, options);
      const { token } = await later.issue(clientId, ['search:read']);
      expect(decodeProtectedHeader(token).kid).toBe('kid-added-later');
      expect(tokens.jwks().keys.map((jwk) => jwk.kid)).toStrictEqual([current?.kid]);
      expect(await tokens.verify(token)).toStrictEqual({ scheme: 'bearer', clientId, scopes: ['search:read'] });
      expect(tokens.jwks().keys.map((jwk) => jwk.kid)).toStrictEqual([current?.kid, 'kid-added-later']);
    });

    it('re-reads the keys for unknown kids at most once a second', async () => {
      const forged = [await forge(claims(), { kid: 'forged-1' }), await forge(claims(), { kid: 'forged-2' })];
      const reads = vi.spyOn(store, 'listSigningKeys');
      for (const token of forged) await expectCode(token, 'invalid_token');
      expect(reads).toHaveBeenCalledTimes(1);
    });

    it('invalidate(signingKey) reloads the keys without waiting for a token', async () => {
      const [current] = await store.listSigningKeys();
      if (current === undefined) throw new Error('no signing key');
      await store.addSigningKey({ ...current, kid: 'kid-announced', createdAt: new Date(START_MS + 1) });
      tokens.invalidate({ kind: 'signingKey', kid: 'kid-announced' });
      await vi.waitFor(() => expect(tokens.jwks().keys).toHaveLength(2), { timeout: 2000 });
    });

    it('publishes the public key only, with kid, alg and use', async () => {
      const [record] = await store.listSigningKeys();
      const { keys: published } = tokens.jwks();
      expect(published).toHaveLength(1);
      const [jwk] = published;
      expect(jwk).toStrictEqual({
        kty: 'OKP',
        crv: 'Ed25519',
        x: expect.any(String) as unknown,
        kid: record?.kid,
        alg: 'EdDSA',
        use: 'sig',
      });
      expect(jwk).not.toHaveProperty('d');
      // The published key verifies issued tokens on its own (what a resource server would do).
      const publicKey = await importJWK(jwk as JWK, 'EdDSA');
      const { token } = await tokens.issue(clientId, ['search:read']);
      await expect(jwtVerify(token, publicKey, { currentDate: now() })).resolves.toBeDefined();
    });
  });
});
