/**
 * The token endpoint's baseline: oidc-provider (the certified OpenID Provider for Node) issuing
 * client-credentials access tokens as EdDSA-signed JWTs (RFC 9068, through a Resource Indicator,
 * RFC 8707), as sitegate does. Two clients: the one the bench created in sitegate, so both servers
 * check the same credentials, and the public agent client of the spending rows (spending.ts
 * BENCH_AGENT: authorization code with PKCE and rotated refresh tokens, as sitegate's agents). An
 * in-memory store without eviction (oidc-provider's default keeps 1,000 entries, fewer than the
 * codes a spending row mints). Run as a child process (see children.ts): it receives its settings
 * over IPC, answers with its port, mints codes or refresh tokens when asked ({@link OidcProviderMint}),
 * and exits when the parent goes away.
 */
import { generateKeyPairSync } from 'node:crypto';
import http from 'node:http';
import Provider, { type Adapter, type AdapterPayload } from 'oidc-provider';
import { BENCH_AGENT, BENCH_CODE_CHALLENGE, type SpentGrant } from './spending.js';

/** Message from the bench to this process. */
export interface OidcProviderRequest {
  clientId: string;
  clientSecret: string;
  /** The scope the client may request, space-delimited. */
  scope: string;
  /** Where the token endpoint listens: sitegate's path, so both rows send the same request target. */
  tokenPath: string;
  /** Keep-Alive timeout, ms, as sitegate's. */
  keepAliveTimeoutMs: number;
}

/** Message from this process to the bench. */
export interface OidcProviderReady {
  port: number;
}

/** Message from the bench once listening: mint `count` codes or refresh tokens of the agent client. */
export interface OidcProviderMint {
  mint: SpentGrant;
  count: number;
}

/** Answer to {@link OidcProviderMint}: the values, in clear. */
export interface OidcProviderMinted {
  minted: string[];
}

/** The person every minted code and refresh token is for. */
const BENCH_ACCOUNT = 'bench-reader';
/** A minted code's and refresh token's lifetime, s: longer than any bench run. */
const MINTED_TTL_SEC = 24 * 60 * 60;

/** Every stored entity, by model and id: no eviction, expiry unchecked (nothing outlives a bench run). */
const storage = new Map<string, AdapterPayload>();

/** oidc-provider's adapter interface over {@link storage}. */
class BenchAdapter implements Adapter {
  constructor(private readonly model: string) {}
  private key(id: string): string {
    return `${this.model}:${id}`;
  }
  upsert(id: string, payload: AdapterPayload): Promise<void> {
    storage.set(this.key(id), payload);
    return Promise.resolve();
  }
  find(id: string): Promise<AdapterPayload | undefined> {
    return Promise.resolve(storage.get(this.key(id)));
  }
  findByUid(): Promise<AdapterPayload | undefined> {
    return Promise.resolve(undefined);
  }
  findByUserCode(): Promise<AdapterPayload | undefined> {
    return Promise.resolve(undefined);
  }
  consume(id: string): Promise<void> {
    const payload = storage.get(this.key(id));
    if (payload !== undefined) payload.consumed = Math.floor(Date.now() / 1000);
    return Promise.resolve();
  }
  destroy(id: string): Promise<void> {
    storage.delete(this.key(id));
    return Promise.resolve();
  }
  revokeByGrantId(grantId: string): Promise<void> {
    for (const [key, payload] of storage) if (payload.grantId === grantId) storage.delete(key);
    return Promise.resolve();
  }
}

/** `iss` of the tokens; the server is reached at 127.0.0.1 whatever this says. */
const ISSUER = 'http://oidc-provider.bench.invalid';
/** The one resource server (RFC 8707): tokens for it are JWTs, `aud` this URL. */
const RESOURCE = 'http://sitegate.bench.invalid/';
/** Access-token lifetime, s: sitegate's default. */
const ACCESS_TOKEN_TTL_SEC = 3600;

function createProvider(request: OidcProviderRequest): Provider {
  // A fresh Ed25519 signing key, as sitegate generates its own on first start.
  const signingKey = generateKeyPairSync('ed25519').privateKey.export({ format: 'jwk' });
  return new Provider(ISSUER, {
    clients: [
      {
        client_id: request.clientId,
        client_secret: request.clientSecret,
        grant_types: ['client_credentials'],
        response_types: [],
        redirect_uris: [],
        token_endpoint_auth_method: 'client_secret_post',
        // Unused by this grant, but validated: the default RS256 has no key here.
        id_token_signed_response_alg: 'EdDSA',
        scope: request.scope,
      },
      {
        client_id: BENCH_AGENT.clientId,
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: [BENCH_AGENT.redirectUri],
        token_endpoint_auth_method: 'none',
        id_token_signed_response_alg: 'EdDSA',
        scope: request.scope,
      },
    ],
    adapter: BenchAdapter,
    // As sitegate: every code exchange gives a refresh token, every refresh rotates it.
    issueRefreshToken: () => Promise.resolve(true),
    rotateRefreshToken: () => true,
    findAccount: (_ctx: unknown, sub: string) => Promise.resolve({ accountId: sub, claims: () => Promise.resolve({ sub }) }),
    jwks: { keys: [{ ...signingKey, kid: 'bench-ed25519', use: 'sig' }] },
    scopes: request.scope.split(' '),
    routes: { token: request.tokenPath },
    // Minted codes and refresh tokens set their own lifetime; these are what the exchanges issue.
    ttl: {
      ClientCredentials: ACCESS_TOKEN_TTL_SEC,
      AccessToken: ACCESS_TOKEN_TTL_SEC,
      RefreshToken: MINTED_TTL_SEC,
      Grant: MINTED_TTL_SEC,
      AuthorizationCode: MINTED_TTL_SEC,
    },
    features: {
      devInteractions: { enabled: false },
      clientCredentials: { enabled: true },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => RESOURCE,
        useGrantedResource: () => true,
        getResourceServerInfo: () => ({
          scope: request.scope,
          audience: RESOURCE,
          accessTokenTTL: ACCESS_TOKEN_TTL_SEC,
          accessTokenFormat: 'jwt',
          jwt: { sign: { alg: 'EdDSA' } },
        }),
      },
    },
  });
}

/**
 * Mints codes (with PKCE S256 of the bench's verifier) or refresh tokens of the agent client for
 * the bench's person, on one grant of the row's scope for the resource, as an authorization (and
 * for refresh a first code exchange) would leave them.
 * @returns the values, in clear
 */
async function mint(provider: Provider, request: OidcProviderRequest, kind: SpentGrant, count: number): Promise<string[]> {
  const client = await provider.Client.find(BENCH_AGENT.clientId);
  if (client === undefined) throw new Error('oidc-provider: the agent client is missing');
  const grant = new provider.Grant({ accountId: BENCH_ACCOUNT, clientId: BENCH_AGENT.clientId });
  grant.addResourceScope(RESOURCE, request.scope);
  const grantId = await grant.save(MINTED_TTL_SEC);
  const minted: string[] = [];
  for (let i = 0; i < count; i++) {
    const common = { accountId: BENCH_ACCOUNT, client, grantId, scope: request.scope, resource: RESOURCE };
    const token =
      kind === 'authorization_code'
        ? new provider.AuthorizationCode({
            ...common,
            redirectUri: BENCH_AGENT.redirectUri,
            codeChallenge: BENCH_CODE_CHALLENGE,
            codeChallengeMethod: 'S256',
          })
        : new provider.RefreshToken({ ...common, gty: 'authorization_code', rotations: 0 });
    token.expiresIn = MINTED_TTL_SEC;
    minted.push(await token.save());
  }
  return minted;
}

function listen(request: OidcProviderRequest): void {
  const provider = createProvider(request);
  process.on('message', (message: OidcProviderMint) => {
    mint(provider, request, message.mint, message.count).then(
      (minted) => process.send?.({ minted } satisfies OidcProviderMinted),
      (error: unknown) => {
        process.stderr.write(`oidc-provider: minting failed: ${String(error)}\n`);
        process.send?.({ minted: [] } satisfies OidcProviderMinted);
      },
    );
  });
  // A 500 fails the bench through its status check; the cause is worth seeing too.
  provider.on('server_error', (_ctx, error) => process.stderr.write(`oidc-provider: server_error: ${String(error)}\n`));
  const server = http.createServer(provider.callback());
  server.keepAliveTimeout = request.keepAliveTimeoutMs;
  server.listen(0, '127.0.0.1', () => {
    const address = server.address();
    if (address === null || typeof address === 'string') throw new Error('oidc-provider: no TCP address');
    const ready: OidcProviderReady = { port: address.port };
    process.send?.(ready);
  });
}

process.once('message', (message: OidcProviderRequest) => listen(message));
process.once('disconnect', () => process.exit(0));
