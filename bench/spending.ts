/**
 * The token rows whose every request spends something (issue 30): an authorization code (RFC 6749
 * §4.1.3, single use) or a refresh token (rotated: RFC 9700 §4.14.2). Each request needs a fresh
 * one, so they are minted in bulk before the load, outside the measured time: in sitegate's store
 * as the authorize endpoint and a code exchange leave them (only hashes stored), and in
 * oidc-provider's own store through its models (oidc-provider-server.ts, over IPC). Both servers
 * know the same public client ({@link BENCH_AGENT}); every request is the form body an MCP client
 * sends (the MCP SDK's `exchangeAuthorization` / `refreshAuthorization`).
 */
import { createHash, randomBytes } from 'node:crypto';
import { hashSecret } from '../src/auth/api-keys.js';
import { openSqliteStore } from '../src/store/sqlite.js';
import type { Scope } from '../src/auth/scopes.js';
import type { ServerProcess, SitegateProcess } from './children.js';
import type { OidcProviderMinted, OidcProviderMint } from './oidc-provider-server.js';

/** What a row spends per request. */
export type SpentGrant = 'authorization_code' | 'refresh_token';

/** The public agent client both servers know: PKCE, no secret (OAuth 2.1 §2.1). */
export const BENCH_AGENT = {
  clientId: 'bench-agent',
  name: 'Bench Agent',
  /** A loopback redirect URI, as Claude Code and the MCP SDK use (RFC 8252 §7.3). */
  redirectUri: 'http://127.0.0.1/callback',
} as const;

/** The PKCE verifier of every minted code (RFC 7636 §4.1); each code's challenge is its S256. */
export const BENCH_CODE_VERIFIER = 'bench-verifier-0123456789-abcdefghijklmnopqrstuvwxyz';

/** S256 of {@link BENCH_CODE_VERIFIER} (RFC 7636 §4.2). */
export const BENCH_CODE_CHALLENGE = createHash('sha256').update(BENCH_CODE_VERIFIER).digest('base64url');

/** The scope of every minted code and grant: the token rows' scope. */
const SPENT_SCOPES: Scope[] = ['search:read'];

/** A minted code's and grant's lifetime, ms: longer than any bench run, so none expires under load. */
const MINTED_TTL_MS = 24 * 60 * 60 * 1000;

/** The form body (RFC 6749 §4.1.3, §6) that spends `value`. */
export function spendingBody(kind: SpentGrant, value: string): string {
  const params: Record<string, string> =
    kind === 'authorization_code'
      ? {
          grant_type: 'authorization_code',
          code: value,
          redirect_uri: BENCH_AGENT.redirectUri,
          client_id: BENCH_AGENT.clientId,
          code_verifier: BENCH_CODE_VERIFIER,
        }
      : { grant_type: 'refresh_token', refresh_token: value, client_id: BENCH_AGENT.clientId };
  return new URLSearchParams(params).toString();
}

/**
 * Writes `count` codes (and for refresh, a grant with its first refresh token for each) into the
 * store of a running agent sitegate, as the authorize endpoint and a first code exchange leave
 * them: a second connection to its SQLite database (WAL), before the load.
 * @returns the codes or refresh tokens, in clear
 * @throws when the sitegate was not started with agents (no session) or the store refuses a row
 */
async function mintInSitegate(sitegate: SitegateProcess, kind: SpentGrant, count: number): Promise<string[]> {
  const { session } = sitegate;
  if (session === undefined) throw new Error('the spending rows run on a sitegate started with agents (a session to consent in)');
  const store = await openSqliteStore(sitegate.dataDir);
  const minted: string[] = [];
  try {
    const now = new Date();
    const expiresAt = new Date(now.getTime() + MINTED_TTL_MS);
    for (let i = 0; i < count; i++) {
      const code = randomBytes(32).toString('base64url');
      const codeHash = hashSecret(code);
      await store.createAuthorizationCode({
        codeHash,
        clientId: BENCH_AGENT.clientId,
        redirectUri: BENCH_AGENT.redirectUri,
        codeChallenge: BENCH_CODE_CHALLENGE,
        scopes: SPENT_SCOPES,
        resource: `${sitegate.baseUrl}/mcp`,
        subject: session.subject,
        name: session.name,
        sessionId: session.id,
        createdAt: now,
        expiresAt,
        consumedAt: null,
        grantId: null,
      });
      if (kind === 'authorization_code') {
        minted.push(code);
        continue;
      }
      // The grant a first exchange of the code makes (oauth/code-grant.ts createGrant), its refresh token.
      const refreshToken = `sgr_${randomBytes(32).toString('base64url')}`;
      const grant = {
        id: `sga_${randomBytes(16).toString('base64url').slice(0, 22)}`,
        subject: session.subject,
        name: session.name,
        clientId: BENCH_AGENT.clientId,
        clientName: BENCH_AGENT.name,
        scopes: SPENT_SCOPES,
        resource: `${sitegate.baseUrl}/mcp`,
        sessionId: session.id,
        createdAt: now,
        lastUsedAt: now,
        expiresAt,
        revokedAt: null,
      };
      await store.consumeAuthorizationCode(codeHash, now);
      await store.createAgentGrant(grant, hashSecret(refreshToken), codeHash);
      minted.push(refreshToken);
    }
  } finally {
    await store.close();
  }
  return minted;
}

/**
 * Asks the oidc-provider child (oidc-provider-server.ts) to mint `count` codes or refresh tokens
 * of {@link BENCH_AGENT} in its store.
 * @throws when the child exits or answers anything else
 */
function mintInOidcProvider(server: ServerProcess, kind: SpentGrant, count: number): Promise<string[]> {
  const { child } = server;
  return new Promise((resolve, reject) => {
    const onExit = (): void => reject(new Error('oidc-provider exited while minting'));
    child.once('exit', onExit);
    child.once('message', (message: OidcProviderMinted) => {
      child.off('exit', onExit);
      const got = Array.isArray(message.minted) ? message.minted.length : 0;
      if (got !== count) reject(new Error(`oidc-provider minted ${got} of ${count} ${kind}s`));
      else resolve(message.minted);
    });
    const request: OidcProviderMint = { mint: kind, count };
    child.send(request);
  });
}

/**
 * `count` request bodies for one side of a spending row, each spending its own code or refresh
 * token.
 * @param side `sitegate` (an agent sitegate: children.ts `startSitegate` with `agents`) or the
 *   oidc-provider baseline
 */
export async function mintBodies(
  side: 'sitegate' | 'oidc-provider',
  server: ServerProcess,
  kind: SpentGrant,
  count: number,
): Promise<string[]> {
  const values =
    side === 'sitegate' ? await mintInSitegate(server as SitegateProcess, kind, count) : await mintInOidcProvider(server, kind, count);
  return values.map((value) => spendingBody(kind, value));
}
