/**
 * MCP answers like HTTP (issue 30; MCP 2025-11-25 Authorization, "Scope Challenge Handling"), in
 * both protocol eras: a `tools/call` that needs a scope the request lacks answers HTTP 401 with the
 * RFC 6750 / RFC 9728 challenge when no credential was sent, 403 `insufficient_scope` naming the
 * scope when one was; an internal page answers the same whether or not it exists (no existence
 * oracle). Checked with every credential kind /mcp reads (none, an API key, a client-credentials
 * bearer token) over the wire, and with the principal of an agent's bearer token (`agentGrant`)
 * through the answer itself: answers never branch on the scheme. Answers to a principal with
 * `internal:read` are `private, no-store` and vary with the credential.
 */
import { describe, expect, it } from 'vitest';
import { mcpAnswer } from '../src/answers/mcp.js';
import type { RequestFacts } from '../src/answers/answer.js';
import type { Principal } from '../src/auth/principal.js';
import { ApiError, type Scope } from '../src/errors.js';
import { buildTestApp, EXAMPLE_SITE, issueKey, TEST_BASE_URL, type TestApp } from './helpers.js';
import { errorBody, JSON_TYPE } from './http-expect.js';

const ALL: Scope[] = ['search:read', 'content:read', 'internal:read'];
const PUBLIC: Scope[] = ['search:read', 'content:read'];
const RUNBOOK = '/internal/runbook';
const MISSING_INTERNAL = '/internal/no-such-page';
const PRM = `${TEST_BASE_URL}/.well-known/oauth-protected-resource/mcp`;
const PRIVATE_FIELDS = { 'cache-control': 'private, no-store', vary: 'Authorization, X-API-Key' };
const INTERNAL_MESSAGE = 'This page is internal: authorize with the internal:read scope to fetch it.';

type Era = 'legacy' | 'modern';
/** How a credential kind is sent: no header, X-API-Key, or a bearer token got with the key. */
type Kind = 'none' | 'apiKey' | 'bearer';

/** A `tools/call` message in an era: on 2026-07-28 with its `_meta` envelope and SEP-2243 headers. */
function toolCall(era: Era, name: string, args: Record<string, unknown>): { body: unknown; headers: Record<string, string> } {
  const base = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
  if (era === 'legacy') return { body: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } }, headers: base };
  const meta = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} };
  return {
    body: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { _meta: meta, name, arguments: args } },
    headers: { ...base, 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/call', 'mcp-name': name },
  };
}

/** The credential header of `kind` for a new key with `scopes`. */
async function credentialHeader(t: TestApp, kind: Kind, scopes: Scope[]): Promise<Record<string, string>> {
  if (kind === 'none') return {};
  const { apiKey, clientId, clientSecret } = await issueKey(t.context, scopes);
  if (kind === 'apiKey') return { 'x-api-key': apiKey };
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/oauth/token',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret }),
  });
  expect(res.statusCode).toBe(200);
  return { authorization: `Bearer ${res.json<{ access_token: string }>().access_token}` };
}

async function call(t: TestApp, era: Era, credential: Record<string, string>, name: string, args: Record<string, unknown>) {
  const { body, headers } = toolCall(era, name, args);
  const res = await t.app.inject({ method: 'POST', url: '/mcp', headers: { ...headers, ...credential }, payload: JSON.stringify(body) });
  return { status: res.statusCode, headers: res.headers, json: res.json<unknown>() };
}

/** The text of a tool result, checking it is one text item; `isError` as sent. */
function toolText(json: unknown): { text: string; isError: boolean } {
  const { result } = json as { result: { content: { type: string; text: string }[]; isError?: boolean } };
  expect(result.content).toHaveLength(1);
  return { text: result.content[0]?.text ?? '', isError: result.isError ?? false };
}

describe.each(['legacy', 'modern'] as const)('protocol era %s', (era) => {
  it.each([RUNBOOK, MISSING_INTERNAL])(
    'an anonymous fetch of %s is HTTP 401 with the challenge naming what an agent needs to search and read internal pages',
    async (id) => {
      const t = await buildTestApp(EXAMPLE_SITE);
      try {
        const answer = await call(t, era, {}, 'fetch', { id });
        expect(answer.status).toBe(401);
        expect(answer.headers['content-type']).toBe(JSON_TYPE);
        expect(answer.headers['www-authenticate']).toBe(
          `Bearer realm="sitegate", scope="search:read content:read internal:read", resource_metadata="${PRM}"`,
        );
        expect(answer.json).toStrictEqual({
          ...errorBody('credential_required', INTERNAL_MESSAGE),
          scopes: ['search:read', 'content:read', 'internal:read'],
        });
      } finally {
        await t.app.close();
      }
    },
  );

  describe.each(['apiKey', 'bearer'] as const)('with a credential (%s)', (kind) => {
    /** The 403 of a credential without `scope`, as every protected HTTP answer gives it. */
    function expectStepUp(answer: Awaited<ReturnType<typeof call>>, scope: Scope): void {
      const message = `This resource needs the scope ${scope}.`;
      expect(answer.status).toBe(403);
      expect(answer.headers['www-authenticate']).toBe(
        `Bearer realm="sitegate", error="insufficient_scope", error_description="${message}", scope="${scope}", resource_metadata="${PRM}"`,
      );
      expect(answer.json).toStrictEqual({ ...errorBody('insufficient_scope', message), scopes: [scope] });
    }

    it('without internal:read, fetch of an internal page, existing or not, is 403 insufficient_scope (step-up)', async () => {
      const t = await buildTestApp(EXAMPLE_SITE);
      try {
        const credential = await credentialHeader(t, kind, PUBLIC);
        for (const id of [RUNBOOK, MISSING_INTERNAL]) expectStepUp(await call(t, era, credential, 'fetch', { id }), 'internal:read');
        const publicPage = await call(t, era, credential, 'fetch', { id: '/guides/getting-started' });
        expect(publicPage.status).toBe(200);
        expect(publicPage.headers['cache-control']).toBeUndefined();
      } finally {
        await t.app.close();
      }
    });

    it('without search:read, search is 403; without content:read, fetch is 403', async () => {
      const t = await buildTestApp(EXAMPLE_SITE);
      try {
        expectStepUp(await call(t, era, await credentialHeader(t, kind, ['content:read']), 'search', { query: 'install' }), 'search:read');
        expectStepUp(
          await call(t, era, await credentialHeader(t, kind, ['search:read']), 'fetch', { id: '/guides/getting-started' }),
          'content:read',
        );
      } finally {
        await t.app.close();
      }
    });

    it('with internal:read, reads the runbook and searches, answered private, no-store and varying with the credential', async () => {
      const t = await buildTestApp(EXAMPLE_SITE);
      try {
        const credential = await credentialHeader(t, kind, ALL);
        const runbook = await call(t, era, credential, 'fetch', { id: RUNBOOK });
        expect(runbook.status).toBe(200);
        expect(runbook.headers).toMatchObject(PRIVATE_FIELDS);
        expect((JSON.parse(toolText(runbook.json).text) as { id: string }).id).toBe(RUNBOOK);
        const missing = await call(t, era, credential, 'fetch', { id: MISSING_INTERNAL });
        expect(toolText(missing.json)).toStrictEqual({
          text: `No page ${MISSING_INTERNAL} on ${TEST_BASE_URL}. Use search to find pages.`,
          isError: true,
        });
        const found = await call(t, era, credential, 'search', { query: 'runbook' });
        expect(found.headers).toMatchObject(PRIVATE_FIELDS);
        const { results } = JSON.parse(toolText(found.json).text) as { results: { id: string }[] };
        expect(results.map((hit) => hit.id)).toContain(RUNBOOK);
      } finally {
        await t.app.close();
      }
    });
  });
});

describe("an agent's bearer token (principal with agentGrant)", () => {
  /** The principal the bearer scheme makes of a token an agent got for alice (auth/principal.ts). */
  const agent = (scopes: Scope[]): Principal => ({
    scheme: 'bearer',
    clientId: 'https://agent.example/client-metadata.json',
    scopes,
    agentGrant: { subject: 'alice', grantId: 'sga_AAAAAAAAAAAAAAAAAAAAAA' },
  });

  function facts(body: unknown, headers: Record<string, string>): RequestFacts {
    return { method: 'POST', path: '/mcp', search: '', headers, address: '127.0.0.1', query: {}, body, requestId: () => 'test' };
  }

  it.each(['legacy', 'modern'] as const)('%s: is refused 403 without internal:read, and answered privately with it', async (era) => {
    const t = await buildTestApp(EXAMPLE_SITE);
    try {
      const answer = mcpAnswer(t.context);
      const { body, headers } = toolCall(era, 'fetch', { id: RUNBOOK });
      const refused: unknown = await Promise.resolve(answer(facts(body, headers), t.context.snapshot(), agent(PUBLIC))).catch(
        (e: unknown) => e,
      );
      expect(refused).toBeInstanceOf(ApiError);
      expect(refused).toMatchObject({ code: 'insufficient_scope', status: 403, scopes: ['internal:read'] });
      const searchCall = toolCall(era, 'search', { query: 'install' });
      const noSearch: unknown = await Promise.resolve(
        answer(facts(searchCall.body, searchCall.headers), t.context.snapshot(), agent(['content:read'])),
      ).catch((e: unknown) => e);
      expect(noSearch).toMatchObject({ code: 'insufficient_scope', scopes: ['search:read'] });
      const served = await answer(facts(body, headers), t.context.snapshot(), agent(ALL));
      expect(served).toMatchObject({ kind: 'plain', status: 200, headers: PRIVATE_FIELDS });
    } finally {
      await t.app.close();
    }
  });
});
