/**
 * What the people sign-in tests share (issue 29, done-when 1 and 3): a small site with public and
 * internal pages, the `auth` block of its sitegate.json pointing at the test OpenID Provider
 * (test/oidc-provider.ts), a way to
 * reach a sitegate whose public URL is https while it listens on plain HTTP on loopback, and
 * readers of every row of a SQLite data folder.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import type { ConfigInput } from '../src/config/config.js';
import { SQLITE_FILE, SQLITE_FILES } from '../src/store/sqlite.js';
import { TEST_CLIENT_ID, TEST_CLIENT_SECRET, TEST_GRANTS, TEST_OIDC_SCOPES } from './oidc-provider.js';

/** The internal page the tests ask for first. */
export const HANDBOOK_PATH = '/internal/handbook';
/** A word only the handbook holds, for the search tests. */
export const HANDBOOK_WORD = 'heliotrope';

/**
 * The site of the sign-in tests (relative path → markdown): a public home and guide, and two
 * internal pages in the internal zone (`internal/…`, DESIGN.md "Pages and paths").
 */
export const SIGNIN_SITE: Readonly<Record<string, string>> = {
  'index.md': '# Acme docs\n\nThe public documentation of Acme.\n',
  'guides/install.md': '# Install\n\nRun the installer and follow its questions.\n',
  'internal/handbook.md': `# Staff handbook\n\nHow the support rota works in a ${HANDBOOK_WORD} week: one engineer answers the pager.\n`,
  'internal/on-call.md': '# On-call\n\nWho answers pages at night, and how to hand over.\n',
};

/** Options of {@link signInSettings}. */
export interface SignInSettingsOptions {
  /** `analytics.enabled` (default: not set, as sitegate's default). */
  analytics?: boolean;
}

/**
 * The settings of a sitegate that people sign in to, shaped as sitegate.json (config/config.ts
 * `loadConfig`'s `file`): `auth.oidc` at the test provider's `issuer` with its confidential client
 * (`docs`, `client_secret_basic`) and scopes, the test grants (the issue's `staff`/`docs-admins` →
 * search:read content:read internal:read, and `sales` → search:read content:read), the default
 * session lifetime written out (28,800 s).
 * @param issuer the provider's issuer, `http://127.0.0.1:PORT` (RunningOidcProvider `issuer`)
 */
export function signInSettings(issuer: string, options: SignInSettingsOptions = {}): ConfigInput {
  const settings: Record<string, unknown> = {
    auth: {
      oidc: { issuer, clientId: TEST_CLIENT_ID, clientSecret: TEST_CLIENT_SECRET, scopes: TEST_OIDC_SCOPES },
      grants: TEST_GRANTS,
      sessionTtl: 28_800,
    },
  };
  if (options.analytics !== undefined) settings.analytics = { enabled: options.analytics, flushSec: 1 };
  return settings;
}

/** The symbol under which undici (Node's `fetch`) keeps its global dispatcher. */
const GLOBAL_DISPATCHER = Symbol.for('undici.globalDispatcher.1');

/** The part of undici's Dispatcher that Node's `fetch` calls. */
interface Dispatcher {
  dispatch(options: { origin?: string | URL; headers?: unknown }, handler: unknown): boolean;
}

/**
 * Makes this process's `fetch` send requests for `publicOrigin` (`https://docs.example.test`) as
 * plain HTTP to `listenOrigin` (`http://127.0.0.1:PORT`), with `Host` still the public host: what
 * a TLS-terminating proxy in front of sitegate does, without certificates. Every other origin is
 * untouched. Node's `fetch` must have run once before (it creates the dispatcher lazily).
 * @returns a function that restores the dispatcher
 * @throws {Error} when `fetch` has not created its dispatcher yet
 */
export function routeOrigin(publicOrigin: string, listenOrigin: string): () => void {
  const slot = globalThis as unknown as Record<symbol, Dispatcher | undefined>;
  const original = slot[GLOBAL_DISPATCHER];
  if (original === undefined) throw new Error('routeOrigin: fetch has no dispatcher yet; fetch something first');
  const host = new URL(publicOrigin).host;
  slot[GLOBAL_DISPATCHER] = {
    dispatch(options, handler) {
      if (String(options.origin) !== publicOrigin) return original.dispatch(options, handler);
      const headers = Array.isArray(options.headers)
        ? [...(options.headers as unknown[]), 'host', host]
        : { ...(options.headers as Record<string, string> | undefined), host };
      return original.dispatch({ ...options, origin: listenOrigin, headers }, handler);
    },
  };
  return () => {
    slot[GLOBAL_DISPATCHER] = original;
  };
}

/** SHA-256 of a string, lowercase hex (what the store keeps of a session cookie's secret). */
export function sha256Hex(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/**
 * Every row of every table of the SQLite store in `dataDir`, each as one JSON line (Dates as
 * stored), by table name; read through a read-only connection.
 */
export function sqliteRows(dataDir: string): Record<string, string[]> {
  const db = new SqliteDatabase(path.join(dataDir, SQLITE_FILE), { readonly: true, fileMustExist: true });
  try {
    const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as { name: string }[];
    const rows: Record<string, string[]> = {};
    for (const { name } of tables) {
      rows[name] = db
        .prepare(`SELECT * FROM "${name.replaceAll('"', '""')}"`)
        .all()
        .map((row) => JSON.stringify(row, (_key, value: unknown) => (Buffer.isBuffer(value) ? value.toString('hex') : value)));
    }
    return rows;
  } finally {
    db.close();
  }
}

/** The bytes of the SQLite files in `dataDir` (database, write-ahead log, shared memory) that exist, as latin1 text. */
export function sqliteFileText(dataDir: string): string {
  return SQLITE_FILES.map((file) => {
    try {
      return readFileSync(path.join(dataDir, file)).toString('latin1');
    } catch {
      return '';
    }
  }).join('\n');
}
