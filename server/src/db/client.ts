import { EventEmitter } from 'node:events';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema/index.js';

// NUMERIC comes back as string (decimal-safe); bigint counts as number (they stay far below 2^53).
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));

export type Db = NodePgDatabase<typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  pool: pg.Pool;
  db: Db;
  close: () => Promise<void>;
  /** Emits 'session-change' (payload: a user id, or '*') for every notification on SESSION_CHANGES_CHANNEL. */
  notifications: EventEmitter;
}

/** Notified by the sessions/users triggers (migration 0610) when what the session lookup returns changes. */
export const SESSION_CHANGES_CHANNEL = 'session_changes';

/**
 * A pool connection that LISTENs on SESSION_CHANGES_CHANNEL before the pool hands it out. PostgreSQL
 * delivers a session's own transaction's notifications before the COMMIT's answer, so a sign-out or a
 * block this process writes has evicted its cached sessions before the write returns (decision 031).
 * Other processes' changes arrive on the auth plugin's dedicated listener.
 */
function listeningClient(notifications: EventEmitter) {
  return class ListeningClient extends pg.Client {
    constructor(config?: pg.ClientConfig) {
      super(config);
      this.on('notification', (n) => {
        if (n.channel === SESSION_CHANGES_CHANNEL) notifications.emit('session-change', n.payload ?? '*');
      });
    }

    // pg-pool calls connect(callback); a connection that cannot LISTEN fails its connect like any other.
    override connect(): Promise<pg.Client>;
    override connect(callback: ((err: Error) => void) | ((err: null, c: pg.Client) => void)): void;
    override connect(
      callback?: ((err: Error) => void) | ((err: null, c: pg.Client) => void),
    ): Promise<pg.Client> | undefined {
      const ready = super.connect().then(async () => {
        await this.query(`LISTEN ${SESSION_CHANGES_CHANNEL}`);
        return this as pg.Client;
      });
      if (!callback) return ready;
      ready.then(
        (c) => (callback as (err: null, c: pg.Client) => void)(null, c),
        (err: Error) => (callback as (err: Error) => void)(err),
      );
      return undefined;
    }
  };
}

export function createDatabase(url: string, max = 10): Database {
  const notifications = new EventEmitter();
  // biome-ignore lint/suspicious/noExplicitAny: pg's Pool types take the Client constructor loosely.
  const pool = new pg.Pool({ connectionString: url, max, Client: listeningClient(notifications) as any });
  // An idle connection the server closes (a restart, an administrator, the embedded cluster stopping
  // at shutdown) is an 'error' event on the pool: without a listener Node would crash the process.
  // The pool drops that connection and opens another on the next query; a query in flight still fails.
  pool.on('error', (err) => {
    console.error(`Conexão ociosa com o PostgreSQL encerrada: ${err.message}`);
  });
  const db = drizzle(pool, { schema });
  return { pool, db, close: () => pool.end(), notifications };
}
