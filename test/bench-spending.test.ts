/**
 * The bench's spending rows (issue 30, bench/spending.ts): each request spends a code or refresh
 * token minted beforehand. Against the real oidc-provider baseline (its child process, as the
 * bench starts it): minted values are accepted once, with a rotated refresh token, and refused
 * the second time, so every request of a round needs its own; the rows are judged on CPU per
 * request against oidc-provider. sitegate's side spends through the grants of the token endpoint
 * and is run by `npm run bench -- --only "authorization code,refresh"`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { killAll, startOidcProvider, stopServer, type ServerProcess } from '../bench/children.js';
import { sendRequest } from '../bench/http-client.js';
import { BENCH_SCOPE, checkAgentTokenReply, SCENARIOS, TOKEN_PATH } from '../bench/scenarios.js';
import { BENCH_CODE_VERIFIER, mintBodies, spendingBody } from '../bench/spending.js';

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const credential = { clientId: 'bench-key', clientSecret: 'bench-secret', apiKey: 'unused' };

let oidc: ServerProcess;

beforeAll(async () => {
  oidc = await startOidcProvider(credential, BENCH_SCOPE, TOKEN_PATH);
});

afterAll(async () => {
  await stopServer(oidc);
  killAll();
});

describe('the spending rows', () => {
  it.each([
    ['token, authorization code', 'authorization_code'],
    ['token, refresh', 'refresh_token'],
  ])('%s: a form POST to the token endpoint against oidc-provider, judged on CPU per request', (name, spends) => {
    expect(SCENARIOS.find((row) => row.name === name)).toMatchObject({
      method: 'POST',
      path: TOKEN_PATH,
      headers: FORM,
      spends,
      baseline: 'oidc-provider',
      expectedStatus: 200,
      judgedBy: 'cpu',
    });
  });

  it('sends the bodies an MCP client sends', () => {
    expect(spendingBody('authorization_code', 'c0de')).toBe(
      `grant_type=authorization_code&code=c0de&redirect_uri=http%3A%2F%2F127.0.0.1%2Fcallback&client_id=bench-agent&code_verifier=${BENCH_CODE_VERIFIER}`,
    );
    expect(spendingBody('refresh_token', 'r3fresh')).toBe('grant_type=refresh_token&refresh_token=r3fresh&client_id=bench-agent');
  });
});

describe.each(['authorization_code', 'refresh_token'] as const)("oidc-provider's minted %s", (kind) => {
  it('is spent once: a token with a rotated refresh token, then invalid_grant', async () => {
    const bodies = await mintBodies('oidc-provider', oidc, kind, 3);
    expect(new Set(bodies).size).toBe(3);
    for (const body of bodies) {
      const reply = await sendRequest(oidc.baseUrl + TOKEN_PATH, { method: 'POST', headers: FORM, body });
      expect(reply.status, reply.body.toString('utf8')).toBe(200);
      expect(() => checkAgentTokenReply(reply)).not.toThrow();
    }
    const again = await sendRequest(oidc.baseUrl + TOKEN_PATH, { method: 'POST', headers: FORM, body: bodies[0] });
    expect(again.status).toBe(400);
    expect(JSON.parse(again.body.toString('utf8'))).toMatchObject({ error: 'invalid_grant' });
  });
});
