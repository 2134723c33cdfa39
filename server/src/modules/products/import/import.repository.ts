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

export async function insertImport(
  db: DbOrTx,
  input: { companyId: string; userId: string; userName: string; fileName: string | null },
): Promise<string> {
  const res = await db.execute<{ id: string }>(sql`
    INSERT INTO import_history (company_id, user_id, user_name, file_name)
    VALUES (${input.companyId}, ${input.userId}, ${input.userName}, ${input.fileName}) RETURNING id`);
  return res.rows[0]!.id;
}

export async function updateImportCounts(db: DbOrTx, id: string, c: ImportCounts) {
  await db.execute(sql`
    UPDATE import_history SET received = ${c.received}, created = ${c.created}, updated = ${c.updated},
      duplicated = ${c.duplicated}, invalid = ${c.invalid}, classified = ${c.classified}
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
      invalid AS "Invalid", duplicated AS "Duplicated", created_at AS "CreatedAt"
    FROM import_history WHERE company_id = ${companyId}
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
