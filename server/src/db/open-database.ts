import path from 'node:path';
import pg from 'pg';
import type { AppConfig } from '../config.js';
import { createDatabase, type Database } from './client.js';
import { type EmbeddedDatabase, StartupError, startEmbeddedPostgres } from './embedded.js';
import { ensureDatabaseExists } from './ensure-database.js';
import { runMigrations } from './migrate.js';

export const EMBEDDED_DB_NAME = 'fiscal';

export interface OpenedDatabase {
  database: Database;
  /** Stops what this process started (the pool, and the embedded cluster when we own it). */
  close: () => Promise<void>;
}

/**
 * DATABASE_URL when set; otherwise the embedded cluster in DATA_DIR/postgres. When `allowRunning` and the embedded
 * port is taken (the server is already up), connect to that cluster instead of starting a second one — the demo
 * seed uses this. Migrations are applied either way.
 */
export async function openDatabase(
  config: AppConfig,
  opts: { allowRunning?: boolean; log?: (m: string) => void } = {},
): Promise<OpenedDatabase> {
  const log = opts.log ?? (() => {});
  let embedded: EmbeddedDatabase | undefined;
  let url = config.databaseUrl;
  if (!url) {
    const dir = path.join(config.dataDir, 'postgres');
    const runningUrl = `postgres://postgres:postgres@127.0.0.1:${config.embeddedPgPort}/${EMBEDDED_DB_NAME}`;
    if (opts.allowRunning && (await canConnect(runningUrl))) {
      url = runningUrl;
    } else {
      log(`Iniciando PostgreSQL embutido em ${dir} (porta ${config.embeddedPgPort})...`);
      embedded = await startEmbeddedPostgres({ dir, port: config.embeddedPgPort, notice: log });
      await ensureDatabaseExists(embedded.url('postgres'), EMBEDDED_DB_NAME);
      url = embedded.url(EMBEDDED_DB_NAME);
    }
  }
  const database = createDatabase(url);
  try {
    const client = await database.pool.connect();
    try {
      await runMigrations(client, log);
    } finally {
      client.release();
    }
  } catch (err) {
    await database.close().catch(() => undefined);
    await embedded?.stop().catch(() => undefined);
    if (err instanceof StartupError) throw err;
    throw new StartupError(`Não foi possível preparar o banco de dados: ${(err as Error).message}`);
  }
  return {
    database,
    close: async () => {
      await database.close().catch(() => undefined);
      await embedded?.stop().catch(() => undefined);
    },
  };
}

async function canConnect(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1500 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}
