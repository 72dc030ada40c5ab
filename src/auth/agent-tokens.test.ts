/**
 * Agent access tokens (issue 30; RFC 9068 §2.2): what `issue` signs for an agent grant, and how
 * verification holds them to their grant (createAgentGrantService: cached about a second, dropped
 * on `agentGrant` changes) instead of an API key. Real store (SQLite), injected clock.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SignJWT, decodeJwt, importJWK, type CryptoKey, type JWK } from 'jose';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openSqliteStore } from '../store/sqlite.js';
import type { AgentGrantRecord, Store } from '../store/store.js';
import { createTokenService, TOKEN_ALG, type TokenService } from './access-tokens.js';
import {
  AGENT_GRANT_CACHE_TTL_MS,
  createAgentGrantService,
  newAgentGrantId,
  newRefreshToken,
  type AgentGrantService,
} from './agent-grants.js';
import { createKeyService } from './keys.js';

const START_MS = Date.parse('2030-01-01T00:00:00.000Z');
const BASE_URL = 'http://sitegate.test';
const MCP = `${BASE_URL}/mcp`;
const TTL_SEC = 600;

describe('agent access tokens', () => {
  let dir: string;
  let store: Store;
  let nowMs: number;
  let grants: AgentGrantService;
  let tokens: TokenService;
  let grant: AgentGrantRecord;
  const now = (): Date => new Date(nowMs);

  beforeEach(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'sitegate-agent-tokens-'));
    store = await openSqliteStore(dir);
    nowMs = START_MS;
    grants = createAgentGrantService(store, { now });
    const keys = createKeyService(store, { now });
    tokens = await createTokenService(store, keys, {
      issuer: BASE_URL,
      audience: BASE_URL,
      audiences: [BASE_URL, MCP],
      grants,
      ttlSec: TTL_SEC,
      now,
    });
    grant = {
      id: newAgentGrantId(),
      subject: 'alice',
      name: 'Alice',
      clientId: 'https://agent.example/client.json',
      clientName: 'Agent',
      scopes: ['search:read', 'internal:read'],
      resource: MCP,
      sessionId: 'sgs_AAAAAAAAAAAAAAAAAAAAAA',
      createdAt: now(),
      lastUsedAt: now(),
      expiresAt: new Date(START_MS + 3_600_000),
      revokedAt: null,
    };
    await store.createAgentGrant(grant, 'a'.repeat(64), 'b'.repeat(64));
  });
  afterEach(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const issue = async (): Promise<string> =>
    (await tokens.issue(grant.clientId, grant.scopes, { subject: 'alice', grantId: grant.id, audience: grant.resource })).token;

  it('ids and refresh tokens have their documented shapes', () => {
    expect(newAgentGrantId()).toMatch(/^sga_[A-Za-z0-9_-]{22}$/);
    expect(newRefreshToken()).toMatch(/^sgr_[A-Za-z0-9_-]{43}$/);
  });

  it('signs sub the person, client_id the agent, aud the resource, grant_id the grant; verifies to a principal acting for alice', async () => {
    const token = await issue();
    const iat = Math.floor(START_MS / 1000);
    expect(decodeJwt(token)).toStrictEqual({
      client_id: grant.clientId,
      scope: 'search:read internal:read',
      iss: BASE_URL,
      sub: 'alice',
      aud: MCP,
      iat,
      exp: iat + TTL_SEC,
      jti: expect.any(String) as unknown,
      grant_id: grant.id,
    });
    const principal = {
      scheme: 'bearer',
      clientId: grant.clientId,
      scopes: grant.scopes,
      agentGrant: { subject: 'alice', grantId: grant.id },
    };
    expect(await tokens.verify(token)).toStrictEqual(principal);
    expect(tokens.cachedPrincipal(token)).toStrictEqual(principal);
    expect(await tokens.inspect(token)).toMatchObject({ clientId: grant.clientId, subject: 'alice', audience: MCP, grantId: grant.id });
  });

  it('refuses the token once its grant is revoked: at once on invalidate, else when the cached answer lapses', async () => {
    const token = await issue();
    await tokens.verify(token);
    await store.revokeAgentGrants({ id: grant.id }, now());
    // Another process revoked it and nobody told this one: the answer of a moment ago stands, for at most the TTL.
    expect(tokens.cachedPrincipal(token)).toBeDefined();
    nowMs += AGENT_GRANT_CACHE_TTL_MS;
    expect(tokens.cachedPrincipal(token)).toBeUndefined();
    await expect(tokens.verify(token)).rejects.toMatchObject({
      code: 'invalid_token',
      message: 'The authorization behind this token was revoked or has expired.',
    });
  });

  it('invalidate drops the cached answer of that grant only', async () => {
    const token = await issue();
    await tokens.verify(token);
    await store.revokeAgentGrants({ id: grant.id }, now());
    grants.invalidate({ kind: 'agentGrant', id: 'sga_other' });
    expect(grants.cachedActive(grant.id, nowMs)).toBe(true);
    grants.invalidate({ kind: 'agentGrant', id: grant.id });
    expect(tokens.cachedPrincipal(token)).toBeUndefined();
    expect(await grants.isActive(grant.id)).toBe(false);
    // A refusal is final: it stays cached past the TTL and through a resync.
    grants.invalidate({ kind: 'resync' });
    expect(grants.cachedActive(grant.id, nowMs + 10 * AGENT_GRANT_CACHE_TTL_MS)).toBe(false);
  });

  it('a grant past its end is inactive, and its cached answer never outlives that end', async () => {
    const token = await issue();
    nowMs = grant.expiresAt.getTime() - 10;
    expect(await grants.isActive(grant.id)).toBe(true);
    expect(grants.cachedActive(grant.id, grant.expiresAt.getTime())).toBeUndefined();
    nowMs = grant.expiresAt.getTime();
    expect(await grants.isActive(grant.id)).toBe(false);
    await expect(tokens.verify(token)).rejects.toMatchObject({ code: 'token_expired' });
  });

  it('refuses a grant_id naming no grant, an audience outside the resources, and agent tokens where no grant service exists', async () => {
    const [record] = await store.listSigningKeys();
    if (record === undefined) throw new Error('no signing key');
    const key = (await importJWK(JSON.parse(record.privateJwk) as JWK, record.alg)) as CryptoKey;
    const iat = Math.floor(nowMs / 1000);
    const forge = (claims: Record<string, unknown>): Promise<string> =>
      new SignJWT({
        iss: BASE_URL,
        aud: MCP,
        sub: 'alice',
        client_id: grant.clientId,
        scope: 'internal:read',
        iat,
        exp: iat + TTL_SEC,
        jti: randomUUID(),
        ...claims,
      })
        .setProtectedHeader({ alg: TOKEN_ALG, typ: 'at+jwt', kid: record.kid })
        .sign(key);
    await expect(tokens.verify(await forge({ grant_id: 'sga_AAAAAAAAAAAAAAAAAAAAAA' }))).rejects.toMatchObject({ code: 'invalid_token' });
    await expect(tokens.verify(await forge({ grant_id: grant.id, aud: 'http://elsewhere.test/mcp' }))).rejects.toMatchObject({
      code: 'invalid_token',
    });
    await expect(tokens.verify(await forge({ grant_id: 42 }))).rejects.toMatchObject({ code: 'invalid_token' });
    expect(await tokens.verify(await forge({ grant_id: grant.id }))).toMatchObject({ agentGrant: { subject: 'alice', grantId: grant.id } });
    const keys = createKeyService(store, { now });
    const without = await createTokenService(store, keys, {
      issuer: BASE_URL,
      audience: BASE_URL,
      audiences: [BASE_URL, MCP],
      ttlSec: TTL_SEC,
      now,
    });
    await expect(without.verify(await issue())).rejects.toMatchObject({ code: 'invalid_token' });
  });
});
