/**
 * The PostgreSQL change feed: writers `NOTIFY` on one channel inside the transaction that makes a
 * change (delivered when it commits), and every process `LISTEN`s on a connection of its own, so
 * replicas drop stale cache entries within milliseconds instead of waiting out their TTL.
 */
import pg from 'pg';
import type { StoreChange } from './store.js';

/** The LISTEN/NOTIFY channel of store changes. */
export const CHANGES_CHANNEL = 'sitegate_changes';

/** First wait before reconnecting a lost listener (ms); it doubles up to {@link RECONNECT_MAX_MS}. */
const RECONNECT_MIN_MS = 250;
const RECONNECT_MAX_MS = 5000;
/** How long opening the listening connection may take (ms). */
const CONNECT_TIMEOUT_MS = 10_000;

/** The NOTIFY payload of a change: its JSON text (PostgreSQL allows payloads under 8,000 bytes). */
export function changePayload(change: StoreChange): string {
  return JSON.stringify(change);
}

/** Reads a NOTIFY payload back; undefined for anything that is not a change this version knows. */
export function parseChangePayload(payload: string | undefined): StoreChange | undefined {
  if (payload === undefined) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(payload);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const change = value as Record<string, unknown>;
  if (change.kind === 'key' && typeof change.id === 'string') return { kind: 'key', id: change.id };
  if (change.kind === 'token' && typeof change.jti === 'string') return { kind: 'token', jti: change.jti };
  if (change.kind === 'signingKey' && typeof change.kid === 'string') return { kind: 'signingKey', kid: change.kid };
  if (change.kind === 'session' && typeof change.id === 'string') return { kind: 'session', id: change.id };
  if (change.kind === 'agentGrant' && typeof change.id === 'string') return { kind: 'agentGrant', id: change.id };
  if (change.kind === 'resync') return { kind: 'resync' };
  return undefined;
}

/**
 * Listens for store changes on a dedicated connection. When the connection drops it reconnects
 * with backoff and then reports `{ kind: 'resync' }`, since notifications sent meanwhile are lost.
 * @param connectionString a `postgres://` URL
 * @param onChange called with each change, in commit order
 * @param onError called with connection errors after the first connection (never thrown)
 * @returns a function that stops listening and closes the connection
 * @throws when the first connection or `LISTEN` fails
 */
export async function listenForChanges(
  connectionString: string,
  onChange: (change: StoreChange) => void,
  onError: (error: unknown) => void,
): Promise<() => Promise<void>> {
  let closed = false;
  let client: pg.Client | undefined;
  let retryTimer: NodeJS.Timeout | undefined;
  let retryMs = RECONNECT_MIN_MS;

  const connect = async (): Promise<pg.Client> => {
    const next = new pg.Client({ connectionString, keepAlive: true, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
    next.on('notification', (message) => {
      if (message.channel !== CHANGES_CHANNEL) return;
      const change = parseChangePayload(message.payload);
      if (change !== undefined) onChange(change);
    });
    next.on('error', (error) => {
      onError(error);
      lost(next);
    });
    next.on('end', () => lost(next));
    try {
      await next.connect();
      await next.query(`LISTEN ${CHANGES_CHANNEL}`);
    } catch (error) {
      next.removeAllListeners('end');
      await next.end().catch(() => undefined);
      throw error;
    }
    return next;
  };

  const lost = (which: pg.Client): void => {
    if (closed || which !== client) return;
    client = undefined;
    which.end().catch(() => undefined);
    scheduleReconnect();
  };

  const scheduleReconnect = (): void => {
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      connect().then(
        (next) => {
          if (closed) {
            void next.end().catch(() => undefined);
            return;
          }
          client = next;
          retryMs = RECONNECT_MIN_MS;
          onChange({ kind: 'resync' });
        },
        (error: unknown) => {
          onError(error);
          retryMs = Math.min(retryMs * 2, RECONNECT_MAX_MS);
          if (!closed) scheduleReconnect();
        },
      );
    }, retryMs);
  };

  client = await connect();
  return async () => {
    closed = true;
    if (retryTimer !== undefined) clearTimeout(retryTimer);
    const last = client;
    client = undefined;
    await last?.end();
  };
}
