/**
 * Request-driven audit events: a token issued and failed authentications are recorded (written in
 * batches, so after the app closes at the latest), with the client and address, and no secret.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openSqliteStore } from '../src/store/sqlite.js';
import { buildTestApp, EXAMPLE_SITE, issueKey } from './helpers.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('audit of requests', () => {
  it('records token_issued and auth_failed with client and address, never a secret', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'sitegate-audit-'));
    dirs.push(dataDir);
    const { app, context } = await buildTestApp(EXAMPLE_SITE, { dataDir });
    const { clientId, clientSecret, apiKey } = await issueKey(context, ['search:read']);
    const issued = await app.inject({
      method: 'POST',
      url: '/api/v1/oauth/token',
      remoteAddress: '192.0.2.7',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret }),
    });
    expect(issued.statusCode).toBe(200);
    const token = issued.json<{ access_token: string }>().access_token;
    const refused = await app.inject({
      method: 'POST',
      url: '/api/v1/oauth/token',
      remoteAddress: '192.0.2.8',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ grant_type: 'client_credentials', client_id: clientId, client_secret: 'wrong-secret-value' }),
    });
    expect(refused.statusCode).toBe(401);
    const badKey = await app.inject({ url: '/api/v1/whoami', remoteAddress: '192.0.2.9', headers: { 'x-api-key': `${apiKey}x` } });
    expect(badKey.statusCode).toBe(401);
    await app.close();

    const store = await openSqliteStore(dataDir);
    try {
      const events = (await store.listAudit(new Date(0), 100)).map(({ type, clientId: client, address, detail }) => ({
        type,
        client,
        address,
        detail,
      }));
      expect(events).toStrictEqual([
        { type: 'key_created', client: clientId, address: null, detail: 'name=test scopes=search:read' },
        { type: 'token_issued', client: clientId, address: '192.0.2.7', detail: 'scope=search:read method=client_secret_post' },
        { type: 'auth_failed', client: clientId, address: '192.0.2.8', detail: 'invalid_client' },
        { type: 'auth_failed', client: null, address: '192.0.2.9', detail: 'invalid_api_key' },
      ]);
      const text = JSON.stringify(events);
      for (const secret of [clientSecret, apiKey, token, 'wrong-secret-value']) expect(text).not.toContain(secret);
    } finally {
      await store.close();
    }
  });
});
