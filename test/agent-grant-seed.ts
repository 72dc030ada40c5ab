/**
 * Puts an agent grant straight into a store, as the token endpoint makes one (issue 30): the
 * store makes a grant only from an unexchanged authorization code, in a live browser session
 * (store.ts `createAgentGrant`), so this issues the code first. The session `grant.sessionId`
 * must exist and be live at `grant.createdAt`; {@link seedSession} makes one.
 */
import { createHash } from 'node:crypto';
import type { AgentGrantRecord, SessionRecord, Store } from '../src/store/store.js';

/**
 * Inserts the browser session `grant.sessionId` of `grant.subject`, live from `grant.createdAt`
 * until `grant.expiresAt`.
 */
export async function seedSession(store: Store, grant: AgentGrantRecord): Promise<void> {
  const session: SessionRecord = {
    id: grant.sessionId,
    secretHash: createHash('sha256').update(`session ${grant.sessionId}`).digest('hex'),
    subject: grant.subject,
    name: grant.name,
    email: null,
    scopes: grant.scopes,
    createdAt: grant.createdAt,
    lastSeenAt: grant.createdAt,
    expiresAt: grant.expiresAt,
    revokedAt: null,
  };
  await store.createSession(session);
}

/**
 * Issues an authorization code for `grant` (hash: SHA-256 of `code <grant.id>`) and makes the
 * grant from it with its first refresh token.
 * @throws {Error} when the store refuses (the session is not live, or the grant exists)
 */
export async function seedAgentGrant(store: Store, grant: AgentGrantRecord, refreshTokenHash: string): Promise<void> {
  const codeHash = createHash('sha256').update(`code ${grant.id}`).digest('hex');
  await store.createAuthorizationCode({
    codeHash,
    clientId: grant.clientId,
    redirectUri: 'http://127.0.0.1/callback',
    codeChallenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    scopes: grant.scopes,
    resource: grant.resource,
    subject: grant.subject,
    name: grant.name,
    sessionId: grant.sessionId,
    createdAt: grant.createdAt,
    expiresAt: new Date(grant.createdAt.getTime() + 60_000),
    consumedAt: grant.createdAt,
    grantId: null,
  });
  if (!(await store.createAgentGrant(grant, refreshTokenHash, codeHash)))
    throw new Error(`the store refused grant ${grant.id}: is session ${grant.sessionId} live?`);
}
