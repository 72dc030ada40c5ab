/**
 * The part of oidc-provider 9's API the benchmark uses (bench/oidc-provider-server.ts). The package
 * ships no types and `@types/oidc-provider` is not installed, so the few members used here are
 * declared by hand; the configuration is left loose (its full shape is oidc-provider's docs).
 */
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  /** Provider configuration (oidc-provider docs, "Configuration options"). */
  export type Configuration = Record<string, unknown>;

  /** What an adapter stores of an entity (oidc-provider docs, "adapter"). */
  export interface AdapterPayload {
    grantId?: string;
    consumed?: number;
    [key: string]: unknown;
  }

  /** The storage of one model (oidc-provider's example adapter, `lib/adapters/memory_adapter.js`). */
  export interface Adapter {
    upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void>;
    find(id: string): Promise<AdapterPayload | undefined>;
    findByUid(uid: string): Promise<AdapterPayload | undefined>;
    findByUserCode(userCode: string): Promise<AdapterPayload | undefined>;
    consume(id: string): Promise<void>;
    destroy(id: string): Promise<void>;
    revokeByGrantId(grantId: string): Promise<void>;
  }

  /** A registered client, as the models take it. */
  export interface Client {
    clientId: string;
  }

  /** A stored token or code model: saving returns its value. */
  export interface TokenModel {
    /** Lifetime, s, set before save. */
    expiresIn?: number;
    save(): Promise<string>;
  }

  /** A grant: what an account allowed a client. */
  export interface GrantModel {
    addResourceScope(resource: string, scope: string): void;
    /** @returns the grant's id */
    save(ttlSec?: number): Promise<string>;
  }

  /** A Koa application serving the OpenID Provider's endpoints. */
  export default class Provider {
    constructor(issuer: string, configuration?: Configuration);
    Client: { find(clientId: string): Promise<Client | undefined> };
    Grant: new (fields: { accountId: string; clientId: string }) => GrantModel;
    AuthorizationCode: new (fields: Record<string, unknown>) => TokenModel;
    RefreshToken: new (fields: Record<string, unknown>) => TokenModel;
    /** A `node:http` request listener (Koa's `app.callback()`). */
    callback(): (request: IncomingMessage, response: ServerResponse) => void;
    /** oidc-provider's events, e.g. `server_error` (ctx, error). */
    on(event: string, listener: (...args: unknown[]) => void): this;
  }
}
