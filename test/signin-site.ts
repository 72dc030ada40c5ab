/**
 * A sitegate site with people sign-in for the sign-in tests (test/signin*.test.ts): real
 * listener on 127.0.0.1, real context (store, session service), `auth.oidc` pointing at a real
 * provider (test/oidc-provider.ts, or any issuer a test runs), and the audit events the sign-in
 * routes and the session service append, as they are appended.
 */
import { DEFAULT_AGENT_AUTH, type AgentAuthSettings } from '../src/oauth/settings.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig, type Config } from '../src/config/config.js';
import { createContext, type ServerContext } from '../src/context.js';
import { buildInjectableApp, type InjectableApp } from './app.js';
import { loadSnapshot, snapshotOptionsOf } from '../src/snapshot/snapshot.js';
import type { AuditEvent } from '../src/store/store.js';
import { DEFAULT_SESSION_IDLE_TTL_SEC, DEFAULT_SESSION_TTL_SEC, type AuthSettings, type GrantRule } from '../src/signin/settings.js';
import { freePort } from './free-port.js';
import { removeDir, writeContent } from './helpers.js';
import { TEST_CLIENT_ID, TEST_CLIENT_SECRET, TEST_GRANTS, TEST_OIDC_SCOPES } from './oidc-provider.js';

/** The site's pages: a public home and guide, an internal guide. */
export const SIGN_IN_SITE_FILES: Record<string, string> = {
  'index.md': '# Home\n\nWelcome.\n',
  'guide.md': '# Public guide\n\nFor everyone.\n',
  'internal/guide.md': '# Staff guide\n\nOnly for staff.\n',
};

/** A running site. */
export interface SignInSite {
  /** `http://127.0.0.1:PORT`, the public base URL, where it listens. */
  baseUrl: string;
  port: number;
  app: InjectableApp;
  context: ServerContext;
  config: Config;
  /** Audit events appended so far (sign-in routes and session service), in order, without `at`. */
  audit: Omit<AuditEvent, 'at'>[];
  close(): Promise<void>;
}

/** Options of {@link startSignInSite}. */
export interface SignInSiteOptions {
  /** The port to listen on (default: a free one); the provider's redirect URI names it. */
  port?: number;
  /** The issuer; null = sign-in off. */
  issuer: string | null;
  clientSecret?: string | null;
  grants?: GrantRule[];
  sessionTtlSec?: number;
  /** Idle session lifetime (default DEFAULT_SESSION_IDLE_TTL_SEC). */
  sessionIdleTtlSec?: number;
  /** The context's clock (default the real one): session lifetimes are measured by it. */
  now?: () => Date;
  /** The authorization server for agents (issue 30); default DEFAULT_AGENT_AUTH. */
  agents?: AgentAuthSettings;
}

/**
 * Starts a site over {@link SIGN_IN_SITE_FILES} with `auth` set as the options say (the settings
 * loader's output shape, signin/settings.ts `AuthSettings`).
 */
export async function startSignInSite(options: SignInSiteOptions): Promise<SignInSite> {
  const port = options.port ?? (await freePort());
  const baseUrl = `http://127.0.0.1:${port}`;
  const contentDir = writeContent(SIGN_IN_SITE_FILES);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sitegate-signin-'));
  const auth: AuthSettings = {
    oidc:
      options.issuer === null
        ? null
        : {
            issuer: options.issuer,
            clientId: TEST_CLIENT_ID,
            clientSecret: options.clientSecret === undefined ? TEST_CLIENT_SECRET : options.clientSecret,
            scopes: TEST_OIDC_SCOPES,
          },
    grants: options.grants ?? TEST_GRANTS,
    sessionTtlSec: options.sessionTtlSec ?? DEFAULT_SESSION_TTL_SEC,
    sessionIdleTtlSec: options.sessionIdleTtlSec ?? DEFAULT_SESSION_IDLE_TTL_SEC,
    autoSignIn: false,
    agents: options.agents ?? DEFAULT_AGENT_AUTH,
  };
  const config: Config = { ...loadConfig({ contentDir, baseUrl, dataDir }, {}, {}), auth };
  const loaded = loadSnapshot(config.contentDir, snapshotOptionsOf(config));
  const context = await createContext(config, loaded.snapshot, options.now === undefined ? {} : { now: options.now });
  const audit: Omit<AuditEvent, 'at'>[] = [];
  const append = context.auth.audit.bind(context.auth);
  context.auth.audit = (event) => {
    audit.push({ type: event.type, clientId: event.clientId, address: event.address, detail: event.detail });
    append(event);
  };
  const app = buildInjectableApp(context);
  app.onClose(async () => {
    await context.close();
    removeDir(contentDir);
    rmSync(dataDir, { recursive: true, force: true });
  });
  await app.listen({ port, host: '127.0.0.1' });
  return { baseUrl, port, app, context, config, audit, close: () => app.close() };
}
