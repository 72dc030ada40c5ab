/**
 * Issuing an authorization code (RFC 6749 §4.1.2) once the person allowed the agent, now or
 * before ({@link rememberedGrant}). The code is 256 random bits (RFC 6749 §10.10; RFC 9700 §4.5)
 * sent to the client once; the store keeps only its SHA-256 with what the token endpoint must
 * check (client, redirect URI, PKCE challenge) and grant (scopes, resource, the person). It lives
 * {@link AUTHORIZATION_CODE_TTL_SEC} seconds. The audit log names the person and the scopes, never the code.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Scope } from '../../auth/scopes.js';
import type { AgentGrantRecord, AuditEvent } from '../../store/store.js';
import type { AgentStore } from '../context.js';
import { AUTHORIZATION_CODE_TTL_SEC } from '../settings.js';
import { auditSubject } from '../../auth/audit-subject.js';

/** Random bytes of an authorization code (sent base64url: 43 characters). */
const CODE_BYTES = 32;

/** The person who authorized, as their browser session names them (Principal `person`). */
export interface AuthorizingPerson {
  /** The identity provider's `sub`. */
  subject: string;
  /** The name the session shows. */
  name: string;
  /** The session's public id (`sgs_…`). */
  sessionId: string;
}

/** What a code grants, and to whom. */
export interface CodeGrant {
  clientId: string;
  redirectUri: string;
  /** PKCE S256 `code_challenge`. */
  codeChallenge: string;
  /** At most the person's scopes. */
  scopes: Scope[];
  /** RFC 8707 resource, the token's `aud`. */
  resource: string;
  person: AuthorizingPerson;
}

/**
 * A live grant of the same person and client that covers the scopes and the resource asked for:
 * the person consented before (issue 30: consent "remembered per person and client").
 * @param now the clock's time
 * @returns the newest such grant, or undefined
 */
export async function rememberedGrant(
  store: Pick<AgentStore, 'listAgentGrants'>,
  now: Date,
  grant: Pick<CodeGrant, 'clientId' | 'scopes' | 'resource'> & { subject: string },
): Promise<AgentGrantRecord | undefined> {
  const live = await store.listAgentGrants(now, { subject: grant.subject, clientId: grant.clientId });
  return live.find((one) => one.resource === grant.resource && grant.scopes.every((scope) => one.scopes.includes(scope)));
}

/** SHA-256 of a secret, hex: what the store keeps of codes. */
export function sha256Hex(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/**
 * Issues a code: stores its hash and what it grants, and audits `agent_authorized` (`clientId` the
 * agent, `detail` `sub=… scope=…`).
 * @param now the clock's time: `createdAt`, and `expiresAt` {@link AUTHORIZATION_CODE_TTL_SEC} later
 * @param audit appends an audit event (auth/authenticate.ts `AuthServices.audit`)
 * @param address the client address of the person's request
 * @returns the code, to send to the client once
 * @throws (rejects) when the store fails
 */
export async function issueAuthorizationCode(
  store: Pick<AgentStore, 'createAuthorizationCode'>,
  grant: CodeGrant,
  now: Date,
  audit: (event: Omit<AuditEvent, 'at'>) => void,
  address: string,
): Promise<string> {
  const code = randomBytes(CODE_BYTES).toString('base64url');
  await store.createAuthorizationCode({
    codeHash: sha256Hex(code),
    clientId: grant.clientId,
    redirectUri: grant.redirectUri,
    codeChallenge: grant.codeChallenge,
    scopes: grant.scopes,
    resource: grant.resource,
    subject: grant.person.subject,
    name: grant.person.name,
    sessionId: grant.person.sessionId,
    createdAt: now,
    expiresAt: new Date(now.getTime() + AUTHORIZATION_CODE_TTL_SEC * 1000),
    consumedAt: null,
    grantId: null,
  });
  audit({
    type: 'agent_authorized',
    clientId: grant.clientId,
    address,
    detail: `sub=${auditSubject(grant.person.subject)} scope=${grant.scopes.join(' ')}`,
  });
  return code;
}
