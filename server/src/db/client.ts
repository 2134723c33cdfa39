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
}

export function createDatabase(url: string, max = 10): Database {
  const pool = new pg.Pool({ connectionString: url, max });
  // An idle connection the server closes (a restart, an administrator, the embedded cluster stopping
  // at shutdown) is an 'error' event on the pool: without a listener Node would crash the process.
  // The pool drops that connection and opens another on the next query; a query in flight still fails.
  pool.on('error', (err) => {
    console.error(`Conexão ociosa com o PostgreSQL encerrada: ${err.message}`);
  });
  const db = drizzle(pool, { schema });
  return { pool, db, close: () => pool.end() };
}
