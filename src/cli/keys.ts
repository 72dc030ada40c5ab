/**
 * `sitegate keys …` and `sitegate audit`: the operator's door to credentials (SPEC.md §1: issued
 * by the operator on request, no self-service signup).
 */
import { existsSync } from 'node:fs';
import type { Config } from '../config/config.js';
import { loadSettings } from '../config/config-file.js';
import { openStore } from '../context.js';
import { createKeyService, keyStatus, type KeyService } from '../auth/keys.js';
import { isScope, SCOPES } from '../auth/scopes.js';
import type { Scope } from '../errors.js';
import type { ApiKeyRecord, Store } from '../store/store.js';
import type { NewCredential } from '../auth/api-keys.js';
import { parseDuration } from './durations.js';
import { CommandError, UsageError } from './output.js';
import { rotateSigningKey } from '../auth/access-tokens.js';
import type { Log } from '../log.js';

/** Flags every store command takes. */
export interface StoreFlags {
  dataDir?: string;
  /** The settings file (`--config`, else `SITEGATE_CONFIG`, else `./sitegate.json`). */
  config?: string;
  /** `postgres://…`: manage the keys of replicas sharing PostgreSQL (also `DATABASE_URL`). */
  databaseUrl?: string;
  /** File holding the secret that seals signing keys, as `serve --secret-file` (also `SITEGATE_SECRET`). */
  secretFile?: string;
}

/** Lines about the store (modes tightened, keys sealed) go to stderr: stdout may be JSON. */
const STDERR_LOG: Log = {
  info: (_detail, message) => process.stderr.write(`sitegate: ${message}\n`),
  warn: (_detail, message) => process.stderr.write(`sitegate: ${message}\n`),
  error: (_detail, message) => process.stderr.write(`sitegate: ${message}\n`),
};

/**
 * Opens the store with the server's config resolution (flags, environment, sitegate.json, the data
 * folder of config/data-dir.ts), the secret included. Says which data folder is used unless a flag
 * named it. Read commands (`create: false`) refuse a data folder that does not exist rather than
 * make an empty one: an empty list would read as lost keys.
 * @throws {UsageError} when `create` is false and the SQLite data folder does not exist
 */
export async function withKeys<T>(
  flags: StoreFlags & { tokenTtl?: string },
  run: (keys: KeyService, store: Store, config: Config) => Promise<T>,
  { create = false }: { create?: boolean } = {},
): Promise<T> {
  const config = loadSettings({
    config: flags.config,
    dataDir: flags.dataDir,
    databaseUrl: flags.databaseUrl,
    secretFile: flags.secretFile,
    tokenTtl: flags.tokenTtl,
  });
  if (config.databaseUrl === null) {
    if (!create) refuseMissingDataDir(config);
    noteDataDir(config);
  }
  const store = await openStore(config, undefined, STDERR_LOG);
  try {
    return await run(createKeyService(store), store, config);
  } finally {
    await store.close();
  }
}

/**
 * Refuses a SQLite data folder that does not exist, rather than make an empty one: an empty list
 * would read as lost keys.
 * @throws {UsageError} naming the folder, why it was chosen and how to name another
 */
export function refuseMissingDataDir(config: Config): void {
  if (!existsSync(config.dataDir))
    throw new UsageError(
      `no data folder at ${config.dataDir} (${config.dataDirReason}); run this where the site's sitegate.json is, or give --config, --data-dir or SITEGATE_DATA_DIR`,
    );
}

/** Tells the operator on stderr which data folder is used (unless a flag named it) and its warning, if any. */
export function noteDataDir(config: Config): void {
  if (!config.dataDirReason.startsWith('from --'))
    process.stderr.write(`sitegate: data folder ${config.dataDir} (${config.dataDirReason})\n`);
  if (config.dataDirWarning !== null) process.stderr.write(`sitegate: warning: ${config.dataDirWarning}\n`);
}

const print = (text: string): void => {
  process.stdout.write(`${text}\n`);
};
/** Prints rows (the header first) as columns two spaces apart, each as wide as its widest cell. */
export function printTable(rows: readonly (readonly string[])[]): void {
  const widths = (rows[0] ?? []).map((_, column) => Math.max(...rows.map((row) => (row[column] ?? '').length)));
  for (const row of rows)
    print(
      row
        .map((cell, column) => cell.padEnd(widths[column] ?? 0))
        .join('  ')
        .trimEnd(),
    );
}

const date = (value: Date | null): string => (value === null ? '-' : value.toISOString().replace(/\.\d{3}Z$/, 'Z'));

/**
 * Parses `--scopes a,b` (commas or spaces).
 * @throws {UsageError} for an empty list or an unknown scope
 */
export function parseScopes(value: string): Scope[] {
  const tokens = value.split(/[\s,]+/).filter((token) => token !== '');
  if (tokens.length === 0) throw new UsageError(`--scopes: give at least one of ${SCOPES.join(', ')}`);
  const unknown = tokens.filter((token) => !isScope(token));
  if (unknown.length > 0) throw new UsageError(`--scopes: unknown scope "${unknown.join(', ')}" (known: ${SCOPES.join(', ')})`);
  return tokens.filter(isScope);
}

function keyJson(key: ApiKeyRecord, now: Date): Record<string, unknown> {
  return {
    client_id: key.id,
    name: key.name,
    scopes: key.scopes,
    status: keyStatus(key, now),
    created_at: key.createdAt.toISOString(),
    last_used_at: key.lastUsedAt?.toISOString() ?? null,
    expires_at: key.expiresAt?.toISOString() ?? null,
    revoked_at: key.revokedAt?.toISOString() ?? null,
    previous_secret_expires_at: inGrace(key, now) ? (key.previousSecretExpiresAt?.toISOString() ?? null) : null,
  };
}

/** True while the secret before a rotation still works (`keys rotate --grace`). */
function inGrace(key: ApiKeyRecord, now: Date): boolean {
  return key.revokedAt === null && key.previousSecretExpiresAt !== null && key.previousSecretExpiresAt.getTime() > now.getTime();
}

/** The STATUS cell: the status, and during a rotation's grace when the old secret stops working. */
function statusCell(key: ApiKeyRecord, now: Date): string {
  const status = keyStatus(key, now);
  return inGrace(key, now) && status === 'active' ? `${status}, old secret until ${date(key.previousSecretExpiresAt)}` : status;
}

/**
 * Prints a credential once: one JSON object (`--json`), or the three values between a heading and
 * a closing line.
 */
function printCredential(
  json: boolean,
  credential: NewCredential,
  scopes: readonly Scope[],
  extra: Record<string, string | null>,
  [heading, closing]: [string, string],
): void {
  if (json) {
    print(
      JSON.stringify({
        client_id: credential.clientId,
        client_secret: credential.clientSecret,
        api_key: credential.apiKey,
        scopes,
        ...extra,
      }),
    );
    return;
  }
  print(`${heading}\n`);
  print(`  client_id:      ${credential.clientId}`);
  print(`  client_secret:  ${credential.clientSecret}`);
  print(`  X-API-Key:      ${credential.apiKey}\n`);
  print(closing);
}

/** `keys create`: prints the client_id, client_secret and X-API-Key once. */
export async function createKeyCommand(
  flags: StoreFlags & { name: string; scopes: string; expires?: string; json?: boolean },
): Promise<void> {
  const name = flags.name.trim();
  if (name === '' || name.length > 200) throw new UsageError('--name: give a name of 1 to 200 characters');
  const scopes = parseScopes(flags.scopes);
  const expiresMs = flags.expires === undefined ? undefined : parseDuration('--expires', flags.expires);
  await withKeys(
    flags,
    async (keys) => {
      const expiresAt = expiresMs === undefined ? null : new Date(Date.now() + expiresMs);
      const { key, credential } = await keys.create({ name, scopes, expiresAt });
      printCredential(flags.json === true, credential, key.scopes, { expires_at: key.expiresAt?.toISOString() ?? null }, [
        `Created key ${key.id} "${key.name}" (scopes: ${key.scopes.join(' ')}; expires: ${date(key.expiresAt)})`,
        'The secret is shown only now: sitegate keeps only its hash. Hand it to the client over a safe channel.',
      ]);
    },
    { create: true },
  );
}

/** `keys list`: a table (or JSON) of every key. */
export async function listKeysCommand(flags: StoreFlags & { json?: boolean }): Promise<void> {
  await withKeys(flags, async (keys) => {
    const now = new Date();
    const list = await keys.list();
    if (flags.json === true) {
      print(JSON.stringify(list.map((key) => keyJson(key, now))));
      return;
    }
    const header = ['ID', 'NAME', 'SCOPES', 'CREATED', 'LAST USED', 'EXPIRES', 'STATUS'];
    const rows = [
      header,
      ...list.map((key) => [
        key.id,
        key.name,
        key.scopes.join(','),
        date(key.createdAt),
        date(key.lastUsedAt),
        date(key.expiresAt),
        statusCell(key, now),
      ]),
    ];
    printTable(rows);
    if (list.length === 0) print('(no keys yet: sitegate keys create --name NAME --scopes search:read)');
  });
}

async function existingKey(keys: KeyService, id: string): Promise<ApiKeyRecord> {
  const key = await keys.get(id);
  if (key === undefined) throw new CommandError(`no key with id ${id}`);
  return key;
}

/** `keys show ID`. */
export async function showKeyCommand(id: string, flags: StoreFlags & { json?: boolean }): Promise<void> {
  await withKeys(flags, async (keys) => {
    const key = await existingKey(keys, id);
    const json = keyJson(key, new Date());
    if (flags.json === true) print(JSON.stringify(json));
    else
      for (const [field, value] of Object.entries(json))
        print(`${`${field}:`.padEnd(28)}${Array.isArray(value) ? value.join(' ') : typeof value === 'string' ? value : '-'}`);
  });
}

/** `keys revoke ID`: the key and every token issued for it stop working within seconds. */
export async function revokeKeyCommand(id: string, flags: StoreFlags): Promise<void> {
  await withKeys(flags, async (keys) => {
    const key = await existingKey(keys, id);
    if (key.revokedAt !== null) throw new CommandError(`key ${id} is already revoked`);
    await keys.revoke(id);
    print(`Revoked key ${id} "${key.name}". Its API key and access tokens are refused from now on.`);
  });
}

/** `keys rotate ID`: a new secret; the old one keeps working for the grace period. */
export async function rotateKeyCommand(id: string, flags: StoreFlags & { grace?: string; json?: boolean }): Promise<void> {
  const graceMs = parseDuration('--grace', flags.grace ?? '24h');
  await withKeys(flags, async (keys) => {
    const key = await existingKey(keys, id);
    if (key.revokedAt !== null) throw new CommandError(`key ${id} is revoked; create a new one`);
    const credential = await keys.rotate(id, graceMs);
    if (credential === undefined) throw new CommandError(`key ${id} is revoked; create a new one`);
    // The end the store keeps (and list shows), not a second clock reading.
    const graceEnds = (await keys.get(id))?.previousSecretExpiresAt ?? new Date(Date.now() + graceMs);
    printCredential(flags.json === true, credential, key.scopes, { previous_secret_expires_at: graceEnds.toISOString() }, [
      `Rotated key ${id}. The old secret works until ${date(graceEnds)}.`,
      'The new secret is shown only now.',
    ]);
  });
}

/**
 * `keys rotate-signing`: a new signing key signs from now on; the old one stays published and
 * accepted until its last token can have expired (see {@link rotateSigningKey}). Running servers
 * pick it up at once on PostgreSQL (NOTIFY), within a minute on SQLite.
 */
export async function rotateSigningKeyCommand(flags: StoreFlags & { tokenTtl?: string; json?: boolean }): Promise<void> {
  await withKeys(
    flags,
    async (_keys, store, config) => {
      const ttlSec = config.tokenTtlSec;
      const rotation = await rotateSigningKey(store, { ttlSec });
      if (flags.json === true) print(JSON.stringify({ kid: rotation.kid, previous_keys_until: rotation.retiredUntil.toISOString() }));
      else
        print(
          `New signing key ${rotation.kid} signs tokens from now on. The previous key stays in /.well-known/jwks.json and keeps verifying until ${date(rotation.retiredUntil)} (token lifetime ${ttlSec} s + 60 s), then is dropped.`,
        );
    },
    { create: true },
  );
}

/** `audit`: events of the last period, oldest first. */
export async function auditCommand(flags: StoreFlags & { since?: string; limit?: string; json?: boolean }): Promise<void> {
  const sinceMs = parseDuration('--since', flags.since ?? '24h');
  const limit = flags.limit === undefined ? 1000 : Number(flags.limit);
  if (!Number.isInteger(limit) || limit < 1 || limit > 100_000)
    throw new UsageError(`--limit: "${flags.limit ?? ''}" is not an integer from 1 to 100000`);
  await withKeys(flags, async (_keys, store) => {
    const events = await store.listAudit(new Date(Date.now() - sinceMs), limit);
    if (flags.json === true) {
      print(
        JSON.stringify(
          events.map((event) => ({
            at: event.at.toISOString(),
            type: event.type,
            client_id: event.clientId,
            address: event.address,
            detail: event.detail,
          })),
        ),
      );
      return;
    }
    const rows = [
      ['AT', 'EVENT', 'CLIENT_ID', 'ADDRESS', 'DETAIL'],
      ...events.map((event) => [date(event.at), event.type, event.clientId ?? '-', event.address ?? '-', event.detail ?? '']),
    ];
    printTable(rows);
    if (events.length === 0) print('(no events in this period)');
  });
}
