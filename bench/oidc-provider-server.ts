/**
 * The token endpoint's baseline: oidc-provider (the certified OpenID Provider for Node) issuing
 * client-credentials access tokens as EdDSA-signed JWTs (RFC 9068, through a Resource Indicator,
 * RFC 8707), as sitegate does. One client, the one the bench created in sitegate, so both servers
 * check the same credentials; oidc-provider's default in-memory adapter. Run as a child process
 * (see children.ts): it receives its settings over IPC, answers with its port, and exits when the
 * parent goes away.
 */
import { generateKeyPairSync } from 'node:crypto';
import http from 'node:http';
import Provider from 'oidc-provider';

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
    ],
    jwks: { keys: [{ ...signingKey, kid: 'bench-ed25519', use: 'sig' }] },
    scopes: request.scope.split(' '),
    routes: { token: request.tokenPath },
    ttl: { ClientCredentials: ACCESS_TOKEN_TTL_SEC },
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

function listen(request: OidcProviderRequest): void {
  const provider = createProvider(request);
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
