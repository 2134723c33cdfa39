import fs from 'node:fs/promises';
import path from 'node:path';
import type pg from 'pg';
import { repoRoot } from '../config.js';

// From the repository root, not from this module: the production build bundles this file into
// server/dist/server.js, while the SQL files stay where they are committed.
export const migrationsDir = path.join(repoRoot, 'server', 'src', 'db', 'migrations');

/**
 * Applies committed SQL migrations (server/src/db/migrations/NNNN_name.sql) in file-name order,
 * each in its own transaction, once. An advisory lock keeps concurrent starts from racing.
 */
export async function runMigrations(
  client: pg.ClientBase,
  log: (msg: string) => void = () => {},
  /** Stop after this file (tests of a migration's data conversion start from the schema before it). */
  until?: string,
): Promise<string[]> {
  await client.query('SELECT pg_advisory_lock(724100)');
  try {
    await client.query(
      'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    const done = new Set(
      (await client.query<{ name: string }>('SELECT name FROM schema_migrations')).rows.map((r) => r.name),
    );
    const files = (await fs.readdir(migrationsDir)).filter((f) => f.endsWith('.sql') && (!until || f <= until)).sort();
    const applied: string[] = [];
    for (const file of files) {
      if (done.has(file)) continue;
      const sql = await fs.readFile(path.join(migrationsDir, file), 'utf8');
      await client.query('BEGIN');
      try {
        await client.query(sql);
        await client.query('INSERT INTO schema_migrations (name) VALUES ($1)', [file]);
        await client.query('COMMIT');
      } catch (err) {
        await client.query('ROLLBACK');
        throw new Error(`Migração ${file} falhou: ${(err as Error).message}`);
      }
      log(`migração aplicada: ${file}`);
      applied.push(file);
    }
    return applied;
  } finally {
    await client.query('SELECT pg_advisory_unlock(724100)');
  }
}
