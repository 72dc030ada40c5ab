/** The settings of the authorization server for agents (issue 30): defaults, sources, each refusal's message. */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, type ConfigInput } from './config.js';
import type { Env } from './env.js';
import { readEnv } from './env.js';
import { DEFAULT_AGENT_AUTH, type AgentAuthSettings } from '../oauth/settings.js';

const CWD = path.resolve('/srv/site');
const OIDC = { issuer: 'https://login.example.com', clientId: 'docs' };
const GRANTS = [{ claim: 'groups', anyOf: ['staff'], scopes: ['content:read'] }];
const CLIENT = { clientId: 'acme-cli', name: 'Acme CLI', redirectUris: ['http://127.0.0.1/callback'] };

/** The agent settings loaded from the environment and a sitegate.json `auth` object (with sign-in on). */
function agents(env: Env, fileAuth: Record<string, unknown> = {}, signIn = true): AgentAuthSettings {
  const file = { auth: { ...(signIn ? { oidc: OIDC, grants: GRANTS } : {}), ...fileAuth } } as ConfigInput;
  return loadConfig({}, env, file, CWD).auth.agents;
}

/** The ConfigError message of these settings (fails when none is thrown). */
function refusal(env: Env, fileAuth: Record<string, unknown> = {}, signIn = true): string {
  try {
    agents(env, fileAuth, signIn);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).message;
  }
  throw new Error('loadConfig accepted the settings');
}

describe('agent settings: values', () => {
  it('has the defaults: metadata documents from public addresses, no registration, no clients, 30 days', () => {
    expect(agents({})).toStrictEqual(DEFAULT_AGENT_AUTH);
    expect(agents({}, {}, false)).toStrictEqual(DEFAULT_AGENT_AUTH);
    expect(DEFAULT_AGENT_AUTH).toStrictEqual({
      clientIdMetadataDocuments: { enabled: true, allowPrivateAddresses: false },
      dynamicClientRegistration: false,
      clients: [],
      refreshTokenTtlSec: 2_592_000,
    });
  });

  it('reads sitegate.json', () => {
    const fileAuth = {
      clientIdMetadataDocuments: { enabled: false, allowPrivateAddresses: true },
      dynamicClientRegistration: true,
      clients: [
        { $comment: 'our CLI', ...CLIENT, name: ' Acme CLI ' },
        { clientId: 'com.acme.app', name: 'Acme', redirectUris: ['com.acme.app:/cb'] },
      ],
      refreshTokenTtl: 3600,
    };
    expect(agents({}, fileAuth)).toStrictEqual({
      clientIdMetadataDocuments: { enabled: false, allowPrivateAddresses: true },
      dynamicClientRegistration: true,
      clients: [CLIENT, { clientId: 'com.acme.app', name: 'Acme', redirectUris: ['com.acme.app:/cb'] }],
      refreshTokenTtlSec: 3600,
    } satisfies AgentAuthSettings);
  });

  it('reads the SITEGATE_* variables, which win over sitegate.json', () => {
    const env = readEnv({
      SITEGATE_CLIENT_ID_METADATA_DOCUMENTS: 'no',
      SITEGATE_CLIENT_ID_METADATA_DOCUMENTS_ALLOW_PRIVATE_ADDRESSES: 'true',
      SITEGATE_DYNAMIC_CLIENT_REGISTRATION: '1',
      SITEGATE_REFRESH_TOKEN_TTL: '31536000',
    });
    const fileAuth = { dynamicClientRegistration: false, refreshTokenTtl: 7200, clientIdMetadataDocuments: { enabled: true } };
    expect(agents(env, fileAuth)).toStrictEqual({
      clientIdMetadataDocuments: { enabled: false, allowPrivateAddresses: true },
      dynamicClientRegistration: true,
      clients: [],
      refreshTokenTtlSec: 31_536_000,
    });
  });
});

describe('agent settings: refusals name the setting', () => {
  it.each([
    [{ SITEGATE_REFRESH_TOKEN_TTL: '3599' }, {}, 'SITEGATE_REFRESH_TOKEN_TTL: must be an integer from 3600 to 31536000, got "3599"'],
    [{}, { refreshTokenTtl: 31_536_001 }, 'sitegate.json: auth.refreshTokenTtl: must be an integer from 3600 to 31536000, got 31536001'],
    [{ SITEGATE_DYNAMIC_CLIENT_REGISTRATION: 'maybe' }, {}, 'SITEGATE_DYNAMIC_CLIENT_REGISTRATION: must be true or false, got "maybe"'],
    [
      {},
      { clientIdMetadataDocuments: { enabled: 'yes' } },
      'sitegate.json: auth.clientIdMetadataDocuments.enabled: must be true or false, got "yes"',
    ],
    [
      {},
      { clientIdMetadataDocuments: { allowPrivate: true } },
      'sitegate.json: auth.clientIdMetadataDocuments.allowPrivate: unknown key (did you mean "auth.clientIdMetadataDocuments.allowPrivateAddresses"?)',
    ],
  ] as [Record<string, string>, Record<string, unknown>, string][])('%j %j', (variables, fileAuth, message) => {
    expect(refusal(readEnv(variables), fileAuth)).toBe(message);
  });

  it.each([
    [
      { redirectUris: ['http://agent.example/cb'] },
      'auth.clients[0].redirectUris[0]: must use https, or http on a loopback host only (127.0.0.1, [::1], localhost: RFC 8252 §7.3), got "http://agent.example/cb"',
    ],
    [
      { redirectUris: ['http://127.0.0.1/cb', 'https://agent.example/cb#x'] },
      'auth.clients[0].redirectUris[1]: must not contain a fragment (RFC 6749 §3.1.2), got "https://agent.example/cb#x"',
    ],
    [
      { redirectUris: ['javascript:alert(1)'] },
      'auth.clients[0].redirectUris[0]: must not use the javascript: scheme, got "javascript:alert(1)"',
    ],
    [{ redirectUris: [] }, 'auth.clients[0].redirectUris: must be a non-empty list of redirect URIs, got []'],
    [{ redirectUris: [7] }, 'auth.clients[0].redirectUris[0]: must be a string, got 7'],
    [{ clientId: 'sgc_abc' }, 'auth.clients[0].clientId: must not start with sgc_ (the ids of registered clients), got "sgc_abc"'],
    [
      { clientId: 'https://agent.example/client.json' },
      'auth.clients[0].clientId: must not be a URL (URLs name Client ID Metadata Documents), got "https://agent.example/client.json"',
    ],
    [{ clientId: 'has space' }, 'auth.clients[0].clientId: must be 1 to 255 of A-Z a-z 0-9 . _ : / -, got "has space"'],
    [{ name: '' }, 'auth.clients[0].name: must be one line of 1 to 100 characters, got ""'],
    [{ name: 'a\nb' }, 'auth.clients[0].name: must be one line of 1 to 100 characters, got "a\\nb"'],
    [{ secret: 'x' }, 'auth.clients[0]: unknown key "secret" (known: clientId, name, redirectUris)'],
  ] as [Record<string, unknown>, string][])('auth.clients: %j', (change, message) => {
    expect(refusal({}, { clients: [{ ...CLIENT, ...change }] })).toBe(`sitegate.json: ${message}`);
  });

  it('refuses a client_id listed twice, and a list that is not one', () => {
    expect(refusal({}, { clients: [CLIENT, { ...CLIENT, name: 'Again' }] })).toBe(
      'sitegate.json: auth.clients[1].clientId: must be unique; "acme-cli" is listed before',
    );
    expect(refusal({}, { clients: { acme: CLIENT } })).toBe(
      'sitegate.json: auth.clients: must be a list of clients like {"clientId": "my-agent", "name": "My Agent", "redirectUris": ["http://127.0.0.1/callback"]}, got {"acme":{"clientId":"acme-cli","name":"Acme CLI","redirectUris":["http://127.0.0.1/callback"]}}',
    );
  });

  it('refuses clients and registration without sign-in: agents act for a person', () => {
    expect(refusal({}, { clients: [CLIENT] }, false)).toBe(
      'sitegate.json: auth.clients: auth.clients needs auth.oidc (agents act for a person who signs in)',
    );
    expect(refusal(readEnv({ SITEGATE_DYNAMIC_CLIENT_REGISTRATION: 'true' }), {}, false)).toBe(
      'SITEGATE_DYNAMIC_CLIENT_REGISTRATION: auth.dynamicClientRegistration needs auth.oidc (agents act for a person who signs in)',
    );
    // Turning registration off, or metadata documents either way, needs no sign-in.
    expect(
      agents(readEnv({ SITEGATE_DYNAMIC_CLIENT_REGISTRATION: 'false', SITEGATE_CLIENT_ID_METADATA_DOCUMENTS: 'false' }), {}, false),
    ).toStrictEqual({ ...DEFAULT_AGENT_AUTH, clientIdMetadataDocuments: { enabled: false, allowPrivateAddresses: false } });
  });
});
