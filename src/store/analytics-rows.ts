/**
 * The analytics tables over Kysely (SQLite and PostgreSQL alike): counters added with an upsert
 * (`INSERT … ON CONFLICT (key) DO UPDATE SET count = count + excluded.count`, which both databases
 * take), so replicas flushing at once add up instead of overwriting each other.
 */
import type { Kysely } from 'kysely';
import type { Granularity } from '../analytics/buckets.js';
import type { Database } from './schema.js';
import type { AnalyticsCount, ZeroResultCount } from './store.js';

/** Rows per INSERT: 9 parameters each stays far below SQLite's and PostgreSQL's limits. */
const ROWS_PER_INSERT = 500;

const COUNT_KEY = ['granularity', 'bucket_start', 'path', 'format', 'status', 'category', 'agent', 'client_id'] as const;

function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += ROWS_PER_INSERT) out.push(items.slice(i, i + ROWS_PER_INSERT));
  return out;
}

/**
 * Adds counts in one transaction (store.ts `addAnalytics`). The rows of one call must have
 * distinct keys: PostgreSQL refuses to update a row twice in one statement.
 * @param exclusive the adapter's exclusive transaction (kysely-store.ts): on SQLite a deferred
 *   one would fail at once with SQLITE_BUSY when another connection writes
 */
export async function addAnalytics(
  exclusive: <T>(run: (trx: Kysely<Database>) => Promise<T>) => Promise<T>,
  counts: readonly AnalyticsCount[],
  zeroResults: readonly ZeroResultCount[],
): Promise<void> {
  if (counts.length === 0 && zeroResults.length === 0) return;
  await exclusive(async (trx) => {
    for (const chunk of chunks(counts))
      await trx
        .insertInto('analytics_counts')
        .values(
          chunk.map((row) => ({
            granularity: row.granularity,
            bucket_start: row.bucketStart.toISOString(),
            path: row.path,
            format: row.format,
            status: row.status,
            category: row.category,
            agent: row.agent,
            client_id: row.clientId ?? '',
            count: row.count,
          })),
        )
        .onConflict((conflict) =>
          conflict.columns(COUNT_KEY).doUpdateSet((eb) => ({ count: eb('analytics_counts.count', '+', eb.ref('excluded.count')) })),
        )
        .execute();
    for (const chunk of chunks(zeroResults))
      await trx
        .insertInto('analytics_zero_results')
        .values(chunk.map((row) => ({ bucket_start: row.bucketStart.toISOString(), query: row.query, count: row.count })))
        .onConflict((conflict) =>
          conflict
            .columns(['bucket_start', 'query'])
            .doUpdateSet((eb) => ({ count: eb('analytics_zero_results.count', '+', eb.ref('excluded.count')) })),
        )
        .execute();
  });
}

/** Counter rows of one granularity from `since` on, oldest first (store.ts `listAnalytics`). */
export async function listAnalytics(db: Kysely<Database>, granularity: Granularity, since: Date): Promise<AnalyticsCount[]> {
  const rows = await db
    .selectFrom('analytics_counts')
    .selectAll()
    .where('granularity', '=', granularity)
    .where('bucket_start', '>=', since.toISOString())
    .orderBy('bucket_start')
    .orderBy('path')
    .orderBy('agent')
    .execute();
  return rows.map((row) => ({
    granularity,
    bucketStart: new Date(row.bucket_start),
    path: row.path,
    format: row.format,
    status: row.status,
    category: row.category,
    agent: row.agent,
    clientId: row.client_id === '' ? null : row.client_id,
    count: Number(row.count),
  }));
}

/** Zero-result rows from `since` on, oldest first (store.ts `listZeroResults`). */
export async function listZeroResults(db: Kysely<Database>, since: Date): Promise<ZeroResultCount[]> {
  const rows = await db
    .selectFrom('analytics_zero_results')
    .selectAll()
    .where('bucket_start', '>=', since.toISOString())
    .orderBy('bucket_start')
    .orderBy('query')
    .execute();
  return rows.map((row) => ({ bucketStart: new Date(row.bucket_start), query: row.query, count: Number(row.count) }));
}

/** Deletes rows of one granularity before `before`; zero-result rows go with the hours (store.ts `pruneAnalytics`). */
export async function pruneAnalytics(db: Kysely<Database>, granularity: Granularity, before: Date): Promise<number> {
  const counts = await db
    .deleteFrom('analytics_counts')
    .where('granularity', '=', granularity)
    .where('bucket_start', '<', before.toISOString())
    .executeTakeFirst();
  let deleted = Number(counts.numDeletedRows);
  if (granularity === 'hour') {
    const queries = await db.deleteFrom('analytics_zero_results').where('bucket_start', '<', before.toISOString()).executeTakeFirst();
    deleted += Number(queries.numDeletedRows);
  }
  return deleted;
}
