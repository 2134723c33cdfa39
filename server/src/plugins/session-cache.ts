import pg from 'pg';
import { type Database, SESSION_CHANGES_CHANNEL } from '../db/client.js';
import type { Actor } from '../lib/actor.js';

interface Entry {
  actor: Actor;
  /** Served until the earlier of the cache's maximum age and the session's own expiry. */
  until: number;
}

const MAX_ENTRIES = 10_000;
const RECONNECT_MS = 1000;

/**
 * Resolved sessions (token hash → actor) kept for a few seconds, decision 031. PostgreSQL stays the
 * source of truth: an entry is served only while this process is sure it is still valid —
 *  - the triggers of migration 0610 notify every change to a session or its user; this process's own
 *    writes arrive on the pool connection that made them (before the write returns), other processes'
 *    on one dedicated LISTEN connection, and each evicts that user's entries;
 *  - while that connection is down nothing is served nor stored (and the cache is emptied), since
 *    changes made meanwhile would go unseen;
 *  - a lookup that overlapped any notification is not stored (it may have read the row before the change);
 *  - no entry outlives `maxAgeMs` nor its session's `expires_at`.
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  /** Bumped by every notification and listener state change; see `store`. */
  private generation = 0;
  private client: pg.Client | null = null;
  private listening = false;
  private closed = false;
  private retry: NodeJS.Timeout | null = null;
  private readonly onChange = (payload: string) => this.evict(payload);

  constructor(
    private readonly database: Database,
    private readonly maxAgeMs: number,
  ) {}

  get enabled(): boolean {
    return this.maxAgeMs > 0;
  }

  /** True while the dedicated listener is connected and LISTENing: only then is the cache used. */
  get isListening(): boolean {
    return this.listening;
  }

  get size(): number {
    return this.entries.size;
  }

  async start(): Promise<void> {
    if (!this.enabled) return;
    this.database.notifications.on('session-change', this.onChange);
    await this.connect();
  }

  async stop(): Promise<void> {
    this.closed = true;
    this.database.notifications.off('session-change', this.onChange);
    if (this.retry) clearTimeout(this.retry);
    this.markDown();
    await this.client?.end().catch(() => {});
  }

  get(tokenHash: string): Actor | undefined {
    if (!this.listening) return undefined;
    const entry = this.entries.get(tokenHash);
    if (!entry) return undefined;
    if (entry.until <= Date.now()) {
      this.entries.delete(tokenHash);
      return undefined;
    }
    return entry.actor;
  }

  /** The generation to hand back to `store` after reading the session from the database. */
  mark(): number {
    return this.generation;
  }

  store(tokenHash: string, actor: Actor, expiresAt: Date, markedAt: number): void {
    if (!this.listening || markedAt !== this.generation) return;
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(tokenHash, { actor, until: Math.min(Date.now() + this.maxAgeMs, expiresAt.getTime()) });
  }

  private evict(userId: string): void {
    this.generation++;
    if (userId === '*') {
      this.entries.clear();
      return;
    }
    for (const [key, entry] of this.entries) if (entry.actor.id === userId) this.entries.delete(key);
  }

  private markDown(): void {
    this.listening = false;
    this.generation++;
    this.entries.clear();
  }

  private async connect(): Promise<void> {
    if (this.closed) return;
    const client = new pg.Client({ ...this.database.pool.options, application_name: 'session-cache-listener' });
    this.client = client;
    const lost = () => {
      if (this.client !== client) return;
      this.client = null;
      this.markDown();
      client.end().catch(() => {});
      if (!this.closed) {
        this.retry = setTimeout(() => void this.connect(), RECONNECT_MS);
        this.retry.unref();
      }
    };
    client.on('error', lost);
    client.on('end', lost);
    client.on('notification', (n) => {
      if (n.channel === SESSION_CHANGES_CHANNEL) this.evict(n.payload ?? '*');
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${SESSION_CHANGES_CHANNEL}`);
      if (this.client !== client || this.closed) return;
      this.generation++;
      this.listening = true;
    } catch {
      lost();
    }
  }
}
