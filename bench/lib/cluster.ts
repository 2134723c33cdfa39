import { chmod, mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createDatabase, type Database } from '../../server/src/db/client.js';
import { findFreePort, startEmbeddedPostgres } from '../../server/src/db/embedded.js';
import { ensureDatabaseExists } from '../../server/src/db/ensure-database.js';
import { runMigrations } from '../../server/src/db/migrate.js';

export interface BenchCluster {
  url: string;
  database: Database;
  /** The data directory: BENCH_DIR, kept between runs; else a temp dir, removed by stop(). */
  dir: string;
  stop: () => Promise<void>;
  /**
   * A throw-away copy of the bench database (`CREATE DATABASE … TEMPLATE bench`, a file copy): a run that
   * writes a million rows measures in the copy and drops it, so the kept database never has to delete
   * them again. PostgreSQL copies a template only while nobody is connected to it: stop the server first;
   * this pool's idle connections are closed here (it reconnects on its next query).
   */
  copyDatabase: (name: string) => Promise<{ url: string; database: Database; drop: () => Promise<void> }>;
}

/**
 * An embedded PostgreSQL of its own: in BENCH_DIR when set (kept, so a second run skips the seed),
 * else in a fresh temp dir. The parent is world-readable because the server runs as the postgres
 * OS user when we are root, and server-side COPY reads the benchmark CSV from /tmp.
 */
export async function startBenchCluster(): Promise<BenchCluster> {
  const parent = process.env.BENCH_DIR ?? (await mkdtemp(path.join(os.tmpdir(), 'products-bench-')));
  await mkdir(parent, { recursive: true });
  await chmod(parent, 0o755);
  const dir = path.join(parent, 'pg');
  const port = await findFreePort();
  const embedded = await startEmbeddedPostgres({ dir, port });
  await ensureDatabaseExists(embedded.url('postgres'), 'bench');
  const url = embedded.url('bench');
  const database = createDatabase(url, 4);
  const client = await database.pool.connect();
  try {
    await runMigrations(client);
  } finally {
    client.release();
  }
  const admin = async <T>(fn: (c: pg.Client) => Promise<T>) => {
    const c = new pg.Client({ connectionString: embedded.url('postgres') });
    await c.connect();
    try {
      return await fn(c);
    } finally {
      await c.end();
    }
  };
  return {
    url,
    database,
    dir: parent,
    stop: async () => {
      await database.close();
      await embedded.stop();
      // A temp dir of its own is removed: each run's data (up to 1.5 GB) otherwise stays behind until /tmp is full.
      if (!process.env.BENCH_DIR) await rm(parent, { recursive: true, force: true });
    },
    copyDatabase: async (name) => {
      await admin(async (c) => {
        await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
        await c.query(
          `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = 'bench' AND pid <> pg_backend_pid()`,
        );
        await c.query(`CREATE DATABASE "${name}" TEMPLATE bench STRATEGY FILE_COPY`);
      });
      const copyUrl = embedded.url(name);
      const copy = createDatabase(copyUrl, 4);
      return {
        url: copyUrl,
        database: copy,
        drop: async () => {
          await copy.close();
          await admin((c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
        },
      };
    },
  };
}
