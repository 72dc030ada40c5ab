/**
 * An in-memory stand-in for the store's session methods (store/store.ts; the real ones are the
 * SQLite and PostgreSQL stores', tested by the store's contract suite), counting reads and
 * recording writes: the unit tests of auth/sessions.ts and the listener tests use it.
 */
import type { AuditEvent, SessionRecord } from '../src/store/store.js';
import type { SessionStore } from '../src/auth/sessions.js';

/** The session methods of a store, in memory. */
export class FakeSessionStore implements SessionStore {
  readonly sessions = new Map<string, SessionRecord>();
  readonly audits: AuditEvent[] = [];
  readonly touches: { id: string; at: Date }[] = [];
  reads = 0;
  failTouch = false;

  createSession(record: SessionRecord, audit?: AuditEvent): Promise<void> {
    this.sessions.set(record.id, { ...record });
    if (audit !== undefined) this.audits.push(audit);
    return Promise.resolve();
  }

  getSessionBySecretHash(secretHash: string): Promise<SessionRecord | undefined> {
    this.reads++;
    const found = [...this.sessions.values()].find((record) => record.secretHash === secretHash);
    return Promise.resolve(found === undefined ? undefined : { ...found });
  }

  touchSession(id: string, at: Date): Promise<void> {
    this.touches.push({ id, at });
    if (this.failTouch) return Promise.reject(new Error('database down'));
    const record = this.sessions.get(id);
    if (record !== undefined) record.lastSeenAt = at;
    return Promise.resolve();
  }

  revokeSessions(which: { id: string } | { subject: string } | 'all', at: Date, audit?: AuditEvent): Promise<SessionRecord[]> {
    const revoked: SessionRecord[] = [];
    for (const record of this.sessions.values()) {
      const named = which === 'all' || ('id' in which ? record.id === which.id : record.subject === which.subject);
      if (!named || record.revokedAt !== null || record.expiresAt.getTime() <= at.getTime()) continue;
      record.revokedAt = at;
      revoked.push({ ...record });
    }
    if (revoked.length > 0 && audit !== undefined) this.audits.push(audit);
    return Promise.resolve(revoked);
  }
}
