import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createRelyingParty,
  DISCOVERY_RETRY_MS,
  isLoopbackHost,
  isProviderUnavailable,
  ProviderUnavailableError,
} from './relying-party.js';
import type { OidcSettings } from './settings.js';

/** A discovery endpoint that fails (503) or answers, counting its requests. */
async function metadataServer(): Promise<{
  issuer: string;
  requests: () => number;
  up: (on: boolean) => void;
  close: () => Promise<void>;
}> {
  let count = 0;
  let healthy = false;
  const server = http.createServer((_request, response) => {
    count += 1;
    if (!healthy) return void response.writeHead(503).end();
    response.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        issuer,
        authorization_endpoint: `${issuer}/authorize`,
        token_endpoint: `${issuer}/token`,
        jwks_uri: `${issuer}/jwks`,
        response_types_supported: ['code'],
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    issuer,
    requests: () => count,
    up: (on) => (healthy = on),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const settings = (issuer: string): OidcSettings => ({ issuer, clientId: 'docs', clientSecret: 'secret', scopes: ['openid'] });

describe('createRelyingParty', () => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await close?.();
    close = undefined;
  });

  it('discovers nothing until asked, then once; the configuration is kept', async () => {
    const server = await metadataServer();
    close = server.close;
    server.up(true);
    const rp = createRelyingParty(settings(server.issuer));
    expect(server.requests()).toBe(0);
    const [a, b] = await Promise.all([rp.configuration(), rp.configuration()]);
    expect(a).toBe(b);
    expect(await rp.configuration()).toBe(a);
    expect(server.requests()).toBe(1);
    expect(a.serverMetadata().token_endpoint).toBe(`${server.issuer}/token`);
  });

  it('after a failure, retries no sooner than 30 s later', async () => {
    const server = await metadataServer();
    close = server.close;
    let now = 1_000_000;
    const rp = createRelyingParty(settings(server.issuer), { nowMs: () => now });
    await expect(rp.configuration()).rejects.toBeInstanceOf(ProviderUnavailableError);
    expect(server.requests()).toBe(1);
    server.up(true);
    now += DISCOVERY_RETRY_MS - 1;
    await expect(rp.configuration()).rejects.toThrow(`the identity provider's metadata could not be read from ${server.issuer}`);
    expect(server.requests()).toBe(1);
    now += 1;
    expect((await rp.configuration()).serverMetadata().issuer).toBe(server.issuer);
    expect(server.requests()).toBe(2);
  });

  it('refuses an http issuer that is not on a loopback address', () => {
    expect(() => createRelyingParty(settings('http://login.example.com'))).toThrow(
      'auth.oidc.issuer must be https (or http on a loopback address): http://login.example.com',
    );
    expect(() => createRelyingParty(settings('ftp://127.0.0.1'))).toThrow('auth.oidc.issuer must be https');
    expect(() => createRelyingParty(settings('https://login.example.com'))).not.toThrow();
    expect(() => createRelyingParty(settings('http://[::1]:8080'))).not.toThrow();
  });
});

describe('isLoopbackHost', () => {
  it('is true for localhost, 127.0.0.0/8 and ::1 only', () => {
    for (const host of ['localhost', '127.0.0.1', '127.1.2.3', '::1', '[::1]']) expect(isLoopbackHost(host), host).toBe(true);
    for (const host of ['localhost.example.com', '10.0.0.1', '127.0.0.1.nip.io', '0.0.0.0', '::ffff:127.0.0.1'])
      expect(isLoopbackHost(host), host).toBe(false);
  });
});

describe('isProviderUnavailable', () => {
  it('is true for a network failure and a ProviderUnavailableError, false for other errors', () => {
    expect(isProviderUnavailable(new TypeError('fetch failed'))).toBe(true);
    expect(isProviderUnavailable(new ProviderUnavailableError('x'))).toBe(true);
    expect(isProviderUnavailable(new TypeError('other'))).toBe(false);
    expect(isProviderUnavailable(new Error('x'))).toBe(false);
  });
});
