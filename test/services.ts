/**
 * The PostgreSQL and Redis that run beside the tests (127.0.0.1:5432, user postgres, trust auth;
 * 127.0.0.1:6379). Each test run gets databases and key prefixes of its own and removes them.
 */
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import pg from 'pg';

/** The server's maintenance database, from which test databases are created and dropped. */
export const POSTGRES_ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
export const REDIS_URL = 'redis://127.0.0.1:6379';

/** A database made for one test run. */
export interface TestDatabase {
  name: string;
  /** `postgres://…` URL of the database. */
  url: string;
  /** Drops the database, ending any connection still open on it. */
  drop(): Promise<void>;
}

async function admin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** A unique name, e.g. `sitegate_test_3f9a0c1d2e4b`, safe to use unquoted in SQL. */
export function uniqueName(prefix = 'sitegate_test'): string {
  return `${prefix}_${randomBytes(6).toString('hex')}`;
}

/** Creates a new, empty database on the local PostgreSQL. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const name = uniqueName();
  await admin((client) => client.query(`CREATE DATABASE ${name}`));
  return {
    name,
    url: `postgres://postgres@127.0.0.1:5432/${name}`,
    drop: () => admin((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => undefined),
  };
}

/** Deletes every Redis key under `prefix` (SCAN, so a busy server is not blocked). */
export async function deleteRedisKeys(prefix: string): Promise<void> {
  const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await redis.connect();
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
      cursor = next;
      if (keys.length > 0) await redis.del(...keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}
