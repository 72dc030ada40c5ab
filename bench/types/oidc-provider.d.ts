/**
 * The part of oidc-provider 9's API the benchmark uses (bench/oidc-provider-server.ts). The package
 * ships no types and `@types/oidc-provider` is not installed, so the few members used here are
 * declared by hand; the configuration is left loose (its full shape is oidc-provider's docs).
 */
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  /** Provider configuration (oidc-provider docs, "Configuration options"). */
  export type Configuration = Record<string, unknown>;

  /** A Koa application serving the OpenID Provider's endpoints. */
  export default class Provider {
    constructor(issuer: string, configuration?: Configuration);
    /** A `node:http` request listener (Koa's `app.callback()`). */
    callback(): (request: IncomingMessage, response: ServerResponse) => void;
    /** oidc-provider's events, e.g. `server_error` (ctx, error). */
    on(event: string, listener: (...args: unknown[]) => void): this;
  }
}
