import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';

export interface FindingFilter {
  importId: string;
  kind?: string;
  productId?: string;
  documentId?: string;
  chave?: string;
}

function where(f: FindingFilter) {
  return sql`f.import_id = ${f.importId}
    ${f.kind ? sql`AND f.kind = ${f.kind}` : sql``}
    ${f.productId ? sql`AND f.product_id = ${f.productId}` : sql``}
    ${f.documentId ? sql`AND f.document_id = ${f.documentId}` : sql``}
    ${f.chave ? sql`AND f.chave = ${f.chave}` : sql``}`;
}

export interface FindingListRow {
  id: number;
  kind: string;
  productId: string | null;
  internalCode: string;
  documentId: string;
  chave: string | null;
  documentNumber: string;
  direction: 'sale' | 'purchase';
  nItem: number;
  field: string;
  expected: string | null;
  found: string | null;
  difference: string | null;
  rejection: string | null;
  severity: 'rejeicao' | 'risco' | 'informativo';
  ruleCode: string | null;
}

const columns = sql`f.id::int AS id, f.kind, f.product_id AS "productId", f.internal_code AS "internalCode",
  f.document_id AS "documentId", f.chave, d.number AS "documentNumber", d.direction, f.n_item AS "nItem", f.field,
  f.expected, f.found, f.difference::text AS difference, f.rejection, f.severity, f.rule_code AS "ruleCode"`;

export async function findFindingsPage(db: DbOrTx, f: FindingFilter, limit: number, offset: number) {
  const [rows, total] = await Promise.all([
    db.execute<FindingListRow & Record<string, unknown>>(sql`
      SELECT ${columns} FROM document_findings f JOIN company_documents d ON d.id = f.document_id
      WHERE ${where(f)} ORDER BY f.id LIMIT ${limit} OFFSET ${offset}`),
    db.execute<{ n: number } & Record<string, unknown>>(
      sql`SELECT count(*)::int AS n FROM document_findings f WHERE ${where(f)}`,
    ),
  ]);
  return { rows: rows.rows, total: total.rows[0]!.n };
}

/** Count and total difference (R$) by kind over the import's findings (filters other than kind apply). */
export async function summarizeFindings(db: DbOrTx, f: FindingFilter) {
  const res = await db.execute<{ kind: string; count: number; difference: string } & Record<string, unknown>>(sql`
    SELECT f.kind, count(*)::int AS count, coalesce(sum(f.difference), 0)::numeric(15, 2)::text AS difference
    FROM document_findings f WHERE ${where({ ...f, kind: undefined })} GROUP BY f.kind`);
  return res.rows;
}

/** Keyset pages of every finding of the import (the XLSX export streams them). */
export async function* findAllFindings(
  db: DbOrTx,
  importId: string,
  pageSize = 2000,
): AsyncGenerator<FindingListRow[]> {
  let after = 0;
  for (;;) {
    const res = await db.execute<FindingListRow & Record<string, unknown>>(sql`
      SELECT ${columns} FROM document_findings f JOIN company_documents d ON d.id = f.document_id
      WHERE f.import_id = ${importId} AND f.id > ${after} ORDER BY f.id LIMIT ${pageSize}`);
    if (res.rows.length === 0) return;
    yield res.rows;
    after = res.rows[res.rows.length - 1]!.id;
  }
}
