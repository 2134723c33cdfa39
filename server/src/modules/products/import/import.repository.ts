import type { TImportHistoryRow, TImportInvalidLine } from '@app/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';

export interface ImportCounts {
  received: number;
  created: number;
  updated: number;
  duplicated: number;
  invalid: number;
  classified: number;
}

/** The connection running `tx`: the history row names it so that its death reads as "interrupted". */
export async function findBackend(tx: DbOrTx): Promise<{ pid: number; start: string }> {
  const res = await tx.execute<{ pid: number; start: string }>(sql`
    SELECT pid, backend_start::text AS start FROM pg_stat_activity WHERE pid = pg_backend_pid()`);
  return res.rows[0]!;
}

/** Committed on its own connection (not in the file's transaction): see migration 0510. */
export async function insertRunningImport(
  db: DbOrTx,
  input: { companyId: string; userId: string; userName: string; fileName: string | null },
  backend: { pid: number; start: string },
): Promise<string> {
  const res = await db.execute<{ id: string }>(sql`
    INSERT INTO import_history (company_id, user_id, user_name, file_name, finished, backend_pid, backend_start)
    VALUES (${input.companyId}, ${input.userId}, ${input.userName}, ${input.fileName}, false,
      ${backend.pid}, ${backend.start}::timestamptz) RETURNING id`);
  return res.rows[0]!.id;
}

/** A refused or failed file leaves no history row (its transaction wrote nothing). */
export async function deleteUnfinishedImport(db: DbOrTx, id: string) {
  await db.execute(sql`DELETE FROM import_history WHERE id = ${id} AND NOT finished`);
}

export async function finishImport(db: DbOrTx, id: string, c: ImportCounts) {
  await db.execute(sql`
    UPDATE import_history SET received = ${c.received}, created = ${c.created}, updated = ${c.updated},
      duplicated = ${c.duplicated}, invalid = ${c.invalid}, classified = ${c.classified}, finished = true
    WHERE id = ${id}`);
}

export async function insertInvalidLines(db: DbOrTx, importId: string, lines: TImportInvalidLine[]) {
  if (lines.length === 0) return;
  await db.execute(sql`
    INSERT INTO import_invalid_lines (import_id, line, internal_code, reason)
    SELECT ${importId}::uuid, t.line, t."internalCode", t.reason
    FROM jsonb_to_recordset(${JSON.stringify(lines)}::jsonb) AS t(line int, "internalCode" text, reason text)`);
}

export async function findImportHistory(db: DbOrTx, companyId: string, limit: number): Promise<TImportHistoryRow[]> {
  const res = await db.execute<TImportHistoryRow & Record<string, unknown>>(sql`
    SELECT id AS "Id", user_name AS "UserName", received AS "Received", created AS "Added", updated AS "Updated",
      invalid AS "Invalid", duplicated AS "Duplicated", created_at AS "CreatedAt",
      CASE WHEN finished THEN 'Finished'
        WHEN EXISTS (SELECT 1 FROM pg_stat_activity a WHERE a.pid = h.backend_pid AND a.backend_start = h.backend_start)
          THEN 'Running'
        ELSE 'Interrupted' END AS "Status"
    FROM import_history h WHERE company_id = ${companyId}
    ORDER BY created_at DESC, id LIMIT ${limit}`);
  return res.rows.map((r) => ({ ...r, CreatedAt: new Date(r.CreatedAt).toISOString() }));
}

export async function findImport(db: DbOrTx, id: string) {
  const res = await db.execute<{ id: string; companyId: string }>(
    sql`SELECT id, company_id AS "companyId" FROM import_history WHERE id = ${id}`,
  );
  return res.rows[0];
}

/** One page of an import's report, by line (keyset). */
export async function findInvalidLines(db: DbOrTx, importId: string, afterLine: number, limit: number) {
  const res = await db.execute<TImportInvalidLine & Record<string, unknown>>(sql`
    SELECT line, internal_code AS "internalCode", reason FROM import_invalid_lines
    WHERE import_id = ${importId} AND line > ${afterLine} ORDER BY line LIMIT ${limit}`);
  return res.rows;
}
