import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { prune, PRUNE_INTERVAL_MS, startRetention } from './retention.js';
import { openSqliteStore } from './sqlite.js';
import type { AuditEvent, SessionRecord, Store } from './store.js';

const NOW = new Date('2030-04-01T00:00:00.000Z');
const DAY_MS = 24 * 60 * 60 * 1000;

const event = (at: Date, detail: string): AuditEvent => ({ at, type: 'token_issued', clientId: 'sgc_x', address: null, detail });

describe('retention', () => {
  let dir: string;
  let store: Store;

  beforeEach(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'sitegate-retention-'));
    store = await openSqliteStore(dir);
    await store.appendAudit([
      event(new Date(NOW.getTime() - 90 * DAY_MS - 1), 'older than 90 days'),
      event(new Date(NOW.getTime() - 90 * DAY_MS), '90 days old'),
      event(NOW, 'now'),
    ]);
    const revocation = { clientId: 'sgc_x', revokedAt: new Date(NOW.getTime() - DAY_MS) };
    await store.revokeToken({ ...revocation, jti: 'expired', expiresAt: new Date(NOW.getTime() - 1) });
    await store.revokeToken({ ...revocation, jti: 'live', expiresAt: new Date(NOW.getTime() + 1) });
  });
  afterEach(async () => {
    vi.useRealTimers();
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('prune deletes audit events past the retention period and revocations of expired tokens, nothing else', async () => {
    expect(await prune(store, { auditRetentionDays: 90, analyticsRetentionDays: 90, now: () => NOW })).toStrictEqual({
      auditEvents: 1,
      revokedTokens: 1,
      signingKeys: 0,
      sessions: 0,
      agentGrants: 0,
      analyticsRows: 0,
    });
    expect((await store.listAudit(new Date(0), 10)).map((each) => each.detail)).toStrictEqual(['90 days old', 'now']);
    expect([await store.isTokenRevoked('expired'), await store.isTokenRevoked('live')]).toStrictEqual([false, true]);
  });

  it('prune deletes sessions past their absolute end or revoked, and keeps live ones', async () => {
    const session = (id: string, expiresAt: Date, revokedAt: Date | null = null): SessionRecord => ({
      id,
      secretHash: id.padEnd(64, '0').slice(0, 64),
      subject: 'alice',
      name: 'Alice',
      email: null,
      scopes: ['content:read'],
      createdAt: new Date(NOW.getTime() - DAY_MS),
      lastSeenAt: new Date(NOW.getTime() - DAY_MS),
      expiresAt,
      revokedAt,
    });
    await store.createSession(session('expired', NOW));
    await store.createSession(session('revoked', new Date(NOW.getTime() + DAY_MS), new Date(NOW.getTime() - 1)));
    await store.createSession(session('live', new Date(NOW.getTime() + 1)));
    expect(await prune(store, { auditRetentionDays: 90, analyticsRetentionDays: 90, now: () => NOW })).toMatchObject({ sessions: 2 });
    expect((await store.listSessions(new Date(0))).map((each) => each.id)).toStrictEqual(['live']);
    expect(await store.getSessionBySecretHash(session('expired', NOW).secretHash)).toBeUndefined();
  });

  it('prune keeps analytics minutes a day, hours 31 days and days for the analytics retention', async () => {
    const ago = (days: number): Date => new Date(NOW.getTime() - days * DAY_MS);
    const row = (granularity: 'minute' | 'hour' | 'day', days: number) => ({
      granularity,
      bucketStart: ago(days),
      path: '/',
      format: 'html',
      status: 200,
      category: 'browser',
      agent: 'Chrome',
      clientId: null,
      count: 1,
    });
    await store.addAnalytics(
      [row('minute', 2), row('minute', 0.5), row('hour', 40), row('hour', 10), row('day', 100), row('day', 80)],
      [{ bucketStart: ago(40), query: 'old', count: 1 }],
    );
    expect(await prune(store, { auditRetentionDays: 90, analyticsRetentionDays: 90, now: () => NOW })).toMatchObject({ analyticsRows: 4 });
    expect(await store.listAnalytics('minute', new Date(0))).toStrictEqual([row('minute', 0.5)]);
    expect(await store.listAnalytics('hour', new Date(0))).toStrictEqual([row('hour', 10)]);
    expect(await store.listAnalytics('day', new Date(0))).toStrictEqual([row('day', 80)]);
    expect(await store.listZeroResults(new Date(0))).toStrictEqual([]);
  });

  it("startRetention prunes once at start, then every interval on an unref'd timer, and stops", async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const calls = vi.spyOn(store, 'pruneAudit');
    const stop = startRetention(store, {
      auditRetentionDays: 1,
      analyticsRetentionDays: 1,
      now: () => NOW,
      onError: (error) => {
        throw error;
      },
    });
    await vi.waitFor(() => expect(calls).toHaveBeenCalledTimes(1));
    expect(calls).toHaveBeenLastCalledWith(new Date(NOW.getTime() - DAY_MS));
    expect((await store.listAudit(new Date(0), 10)).map((each) => each.detail)).toStrictEqual(['now']);
    vi.advanceTimersByTime(PRUNE_INTERVAL_MS);
    await vi.waitFor(() => expect(calls).toHaveBeenCalledTimes(2));
    await stop();
    vi.advanceTimersByTime(PRUNE_INTERVAL_MS * 3);
    expect(calls).toHaveBeenCalledTimes(2);
  });

  it('startRetention hands a failed pass to onError and keeps going', async () => {
    const failure = new Error('database down');
    vi.spyOn(store, 'pruneAudit').mockRejectedValueOnce(failure);
    const errors: unknown[] = [];
    const stop = startRetention(store, {
      auditRetentionDays: 90,
      analyticsRetentionDays: 90,
      now: () => NOW,
      onError: (error) => errors.push(error),
    });
    await stop();
    expect(errors).toStrictEqual([failure]);
  });
});
