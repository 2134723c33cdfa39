import { chmod, mkdir, mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createDatabase, type Database } from '../../server/src/db/client.js';
import { findFreePort, startEmbeddedPostgres } from '../../server/src/db/embedded.js';
import { ensureDatabaseExists } from '../../server/src/db/ensure-database.js';
import { runMigrations } from '../../server/src/db/migrate.js';

export interface BenchCluster {
  url: string;
  database: Database;
  /** The data directory (kept between runs when BENCH_DIR is set). */
  dir: string;
  stop: () => Promise<void>;
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
  const pg = await startEmbeddedPostgres({ dir, port });
  await ensureDatabaseExists(pg.url('postgres'), 'bench');
  const url = pg.url('bench');
  const database = createDatabase(url, 4);
  const client = await database.pool.connect();
  try {
    await runMigrations(client);
  } finally {
    client.release();
  }
  return {
    url,
    database,
    dir: parent,
    stop: async () => {
      await database.close();
      await pg.stop();
    },
  };
}
