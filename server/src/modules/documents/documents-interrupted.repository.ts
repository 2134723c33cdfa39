import { rm } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import type { Pool } from 'pg';
import type { Db } from '../../db/client.js';

type Rows<T> = T & Record<string, unknown>;

/**
 * Takes a connection of its own for the import's run and writes its backend (pid and start, as the product import
 * does, migration 0510) on the import: while that connection lives the import is running; once gone, the server that
 * ran it died. Returns the release, called when the run ends whatever happened.
 */
export async function holdRunnerConnection(db: Db, importId: string): Promise<() => void> {
  const client = await (db as Db & { $client: Pool }).$client.connect();
  // Idle and checked out, the connection's loss (PostgreSQL restarted) would be an unhandled 'error': it is noted,
  // and the connection is then discarded instead of going back to the pool.
  let lost = false;
  const onError = () => {
    lost = true;
  };
  client.on('error', onError);
  try {
    await client.query(
      `UPDATE document_imports SET runner_pid = pg_backend_pid(),
         runner_start = (SELECT backend_start FROM pg_stat_activity WHERE pid = pg_backend_pid())
       WHERE id = $1`,
      [importId],
    );
  } catch (err) {
    client.removeListener('error', onError);
    client.release();
    throw err;
  }
  let released = false;
  return () => {
    if (released) return;
    released = true;
    client.removeListener('error', onError);
    client.release(lost);
  };
}

export const INTERRUPTED_MESSAGE =
  'A importação foi interrompida porque o servidor parou; nenhum documento dela foi mantido. Envie os arquivos de novo.';

/**
 * At a server's start (issue 35): the imports left Running by a server that died — their runner connection is gone —
 * end Interrupted, with none of their documents kept (their findings go with them) and their upload folders
 * removed. An import another live server runs still has its connection and is left alone. The products they added
 * stay Pending in the catalogue, with their own history. Returns how many were ended.
 */
export async function endInterruptedImports(db: Db): Promise<number> {
  // One statement: the rows end Interrupted and their documents go (findings by cascade), or nothing changes.
  const res = await db.execute<Rows<{ id: string; upload_dir: string }>>(sql`
    WITH ended AS (
      UPDATE document_imports i SET status = 'Interrupted', message = ${INTERRUPTED_MESSAGE}, finished_at = now(),
        documents = 0, items = 0, duplicates = 0, findings = 0
      WHERE i.status = 'Running' AND NOT EXISTS (
        SELECT 1 FROM pg_stat_activity a WHERE a.pid = i.runner_pid AND a.backend_start = i.runner_start)
      RETURNING i.id, i.upload_dir),
    removed AS (DELETE FROM company_documents d USING ended e WHERE d.import_id = e.id)
    SELECT id, upload_dir FROM ended`);
  const ended = res.rows;
  for (const r of ended) await rm(r.upload_dir, { recursive: true, force: true });
  return ended.length;
}
