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

export function createDatabase(url: string, max = 10): Database {
  const pool = new pg.Pool({ connectionString: url, max });
  // An idle connection the server closes (a restart, an administrator, the embedded cluster stopping
  // at shutdown) is an 'error' event on the pool: without a listener Node would crash the process.
  // The pool drops that connection and opens another on the next query; a query in flight still fails.
  pool.on('error', (err) => {
    console.error(`Conexão ociosa com o PostgreSQL encerrada: ${err.message}`);
  });
  // Every pool connection LISTENs too: PostgreSQL hands a session its own transaction's notifications
  // before the COMMIT's answer, so a sign-out or a block this process writes has evicted the cached session
  // before the write returns (decision 031). Other processes' changes arrive on the auth plugin's listener.
  const notifications = new EventEmitter();
  pool.on('connect', (client) => {
    client.on('notification', (n) => {
      if (n.channel === SESSION_CHANGES_CHANNEL) notifications.emit('session-change', n.payload ?? '*');
    });
    client.query(`LISTEN ${SESSION_CHANGES_CHANNEL}`).catch(() => {
      // A connection that cannot LISTEN is broken; its next query fails and the pool replaces it.
    });
  });
  const db = drizzle(pool, { schema });
  return { pool, db, close: () => pool.end(), notifications };
}
