import { describe, expect, it } from 'vitest';
import type { OAuthClientRecord } from '../../store/store.js';
import { DEFAULT_AGENT_AUTH, type AgentAuthSettings } from '../settings.js';
import { cleanClientName } from './cimd-document.js';
import { ClientRefusedError, createClientRegistry, type ClientRegistry } from './registry.js';

const REGISTERED: OAuthClientRecord = {
  id: 'sgc_AAAAAAAAAAAAAAAAAAAAAA',
  name: 'Registered Agent',
  redirectUris: ['http://127.0.0.1/cb'],
  metadata: JSON.stringify({ client_uri: 'https://agent.example/' }),
  createdAt: new Date(0),
};

/** A registry over one registered client and `settings`; the store records which ids it was asked. */
function registry(settings: Partial<AgentAuthSettings> = {}): { clients: ClientRegistry; asked: string[] } {
  const asked: string[] = [];
  const clients = createClientRegistry({
    settings: { ...DEFAULT_AGENT_AUTH, ...settings },
    store: {
      getOAuthClient(id) {
        asked.push(id);
        return Promise.resolve(id === REGISTERED.id ? REGISTERED : undefined);
      },
    },
  });
  return { clients, asked };
}

async function refusal(clients: ClientRegistry, clientId: string): Promise<[string, string]> {
  const error: unknown = await clients.resolve(clientId).catch((rejected: unknown) => rejected);
  expect(error).toBeInstanceOf(ClientRefusedError);
  return [(error as ClientRefusedError).reason, (error as ClientRefusedError).message];
}

describe('createClientRegistry', () => {
  it('resolves a configured client by its exact client_id', async () => {
    const { clients, asked } = registry({ clients: [{ clientId: 'acme-cli', name: 'Acme CLI', redirectUris: ['com.acme.cli:/cb'] }] });
    expect(await clients.resolve('acme-cli')).toStrictEqual({
      clientId: 'acme-cli',
      kind: 'configured',
      name: 'Acme CLI',
      redirectUris: ['com.acme.cli:/cb'],
    });
    expect(await refusal(clients, 'ACME-cli')).toStrictEqual(['unknown', 'No client "ACME-cli" is known here.']);
    expect(asked).toStrictEqual([]);
  });

  it('resolves an sgc_ client_id from the store only, with its https client_uri', async () => {
    const { clients, asked } = registry({ clients: [{ clientId: 'other', name: 'Other', redirectUris: ['https://a.example/cb'] }] });
    expect(await clients.resolve(REGISTERED.id)).toStrictEqual({
      clientId: REGISTERED.id,
      kind: 'registered',
      name: 'Registered Agent',
      clientUri: 'https://agent.example/',
      redirectUris: ['http://127.0.0.1/cb'],
    });
    expect(await refusal(clients, 'sgc_BBBBBBBBBBBBBBBBBBBBBB')).toStrictEqual([
      'unknown',
      'No client "sgc_BBBBBBBBBBBBBBBBBBBBBB" is known here.',
    ]);
    expect(asked).toStrictEqual([REGISTERED.id, 'sgc_BBBBBBBBBBBBBBBBBBBBBB']);
  });

  it('treats URLs as metadata documents only, never as configured clients or store ids', async () => {
    const { clients, asked } = registry({ clientIdMetadataDocuments: { enabled: false, allowPrivateAddresses: false } });
    expect(await refusal(clients, 'https://agent.example/client.json')).toStrictEqual([
      'unknown',
      'No client "https://agent.example/client.json" is known here.',
    ]);
    expect(asked).toStrictEqual([]);
  });

  it('cuts a long client_id in its message', async () => {
    const { clients } = registry();
    const [, message] = await refusal(clients, `x${'y'.repeat(1000)}`);
    expect(message).toBe(`No client "x${'y'.repeat(299)}" is known here.`);
  });
});

describe('cleanClientName', () => {
  it('removes control and bidirectional characters, trims, and cuts at 100 graphemes', () => {
    expect(cleanClientName('  Claude\u0000 Code\u202e  ')).toBe('Claude Code');
    expect(cleanClientName('👩‍💻'.repeat(101))).toBe('👩‍💻'.repeat(100));
    expect(cleanClientName(' \t\n ')).toBeUndefined();
    expect(cleanClientName(42)).toBeUndefined();
  });
});
