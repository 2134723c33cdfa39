import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';

export interface FindingFilter {
  importId: string;
  kind?: string;
  severity?: string;
  productId?: string;
  documentId?: string;
  chave?: string;
  /** Part of the internal code or of the item's description. */
  product?: string;
  /** The document's number or digits of its chave. */
  document?: string;
  cfop?: string;
  /** The other party's UF: a sale's destination, a purchase's origin. */
  uf?: string;
  from?: string;
  to?: string;
  /** One group's key (groupKey below). */
  group?: string;
}

type Rows<T> = T & Record<string, unknown>;

/**
 * A group is one cause: kind, field, product and rule (decision 059). Its key is an md5 of the four, separated by a
 * control character no code contains, so the same cause has the same key after the import is audited again.
 */
export const groupKey = sql`md5(f.kind || chr(31) || f.field || chr(31) || f.internal_code || chr(31)
  || coalesce(f.rule_code, ''))`;

/** Findings with their document (each finding keeps its item's description, NCM and CFOP). */
const from = sql`document_findings f JOIN company_documents d ON d.id = f.document_id`;

const like = (v: string) => `%${v.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function where(f: FindingFilter) {
  const digits = f.document?.replace(/\D/g, '') ?? '';
  return sql`f.import_id = ${f.importId}
    ${f.kind ? sql`AND f.kind = ${f.kind}` : sql``}
    ${f.severity ? sql`AND f.severity = ${f.severity}` : sql``}
    ${f.productId ? sql`AND f.product_id = ${f.productId}` : sql``}
    ${f.documentId ? sql`AND f.document_id = ${f.documentId}` : sql``}
    ${f.chave ? sql`AND f.chave = ${f.chave}` : sql``}
    ${f.product ? sql`AND (f.internal_code ILIKE ${like(f.product)} OR f.description ILIKE ${like(f.product)})` : sql``}
    ${
      f.document
        ? sql`AND (d.number = ${f.document} ${digits.length >= 6 ? sql`OR f.chave LIKE ${like(digits)}` : sql``})`
        : sql``
    }
    ${f.cfop ? sql`AND f.cfop = ${f.cfop}` : sql``}
    ${f.uf ? sql`AND (CASE WHEN d.direction = 'sale' THEN d.uf_destination ELSE d.uf_origin END) = ${f.uf}` : sql``}
    ${f.from ? sql`AND d.issued_on >= ${f.from}::date` : sql``}
    ${f.to ? sql`AND d.issued_on <= ${f.to}::date` : sql``}
    ${f.group ? sql`AND ${groupKey} = ${f.group}` : sql``}`;
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
  description: string | null;
  ncm: string | null;
  cfop: string | null;
  issuedOn: string | null;
}

const columns = sql`f.id::int AS id, f.kind, f.product_id AS "productId", f.internal_code AS "internalCode",
  f.document_id AS "documentId", f.chave, d.number AS "documentNumber", d.direction, f.n_item AS "nItem", f.field,
  f.expected, f.found, f.difference::text AS difference, f.rejection, f.severity, f.rule_code AS "ruleCode",
  f.description, f.ncm, f.cfop, d.issued_on::text AS "issuedOn"`;

export async function findFindingsPage(db: DbOrTx, f: FindingFilter, limit: number, offset: number) {
  const [rows, total] = await Promise.all([
    db.execute<Rows<FindingListRow>>(sql`
      SELECT ${columns} FROM ${from} WHERE ${where(f)} ORDER BY f.id LIMIT ${limit} OFFSET ${offset}`),
    db.execute<Rows<{ n: number }>>(sql`SELECT count(*)::int AS n FROM ${from} WHERE ${where(f)}`),
  ]);
  return { rows: rows.rows, total: total.rows[0]!.n };
}

/** Count and total difference (R$) by kind over the import's findings (filters other than kind apply). */
export async function summarizeFindings(db: DbOrTx, f: FindingFilter) {
  const res = await db.execute<Rows<{ kind: string; count: number; difference: string }>>(sql`
    SELECT f.kind, count(*)::int AS count, coalesce(sum(f.difference), 0)::numeric(15, 2)::text AS difference
    FROM ${from} WHERE ${where({ ...f, kind: undefined })} GROUP BY f.kind`);
  return res.rows;
}

export interface GroupRow {
  key: string;
  kind: string;
  field: string;
  internalCode: string;
  ruleCode: string | null;
  severity: 'rejeicao' | 'risco' | 'informativo';
  productId: string | null;
  description: string | null;
  ncm: string | null;
  items: number;
  documents: number;
  difference: string | null;
  firstDate: string | null;
  lastDate: string | null;
  exampleIds: string[];
  status: 'Aberto' | 'EmAnalise' | 'Corrigido' | 'Ignorado' | null;
  reason: string | null;
  userName: string | null;
  updatedAt: Date | null;
}

const severityRank = sql`CASE f.severity WHEN 'rejeicao' THEN 0 WHEN 'risco' THEN 1 ELSE 2 END`;

/**
 * The findings grouped by cause, most serious first (rejections, then risks by the reais at stake, then
 * informative), each with its status (none: Aberto). A page of groups plus the count of groups and findings.
 */
export async function findGroupsPage(db: DbOrTx, f: FindingFilter, limit: number, offset: number) {
  const grouped = sql`
    SELECT ${groupKey} AS key, f.kind, f.field, f.internal_code AS "internalCode", f.rule_code AS "ruleCode",
      min(${severityRank}) AS rank, count(*)::int AS items, count(DISTINCT f.document_id)::int AS documents,
      sum(f.difference)::numeric(15, 2)::text AS difference, min(d.issued_on)::text AS "firstDate",
      max(d.issued_on)::text AS "lastDate", (array_agg(f.product_id) FILTER (WHERE f.product_id IS NOT NULL))[1]
        AS "productId",
      (array_agg(f.description ORDER BY f.id) FILTER (WHERE f.description IS NOT NULL))[1] AS description,
      (array_agg(f.ncm ORDER BY f.id) FILTER (WHERE f.ncm IS NOT NULL))[1] AS ncm,
      (array_agg(DISTINCT f.document_id))[1:3]::text[] AS "exampleIds"
    FROM ${from} WHERE ${where(f)} GROUP BY 1, 2, 3, 4, 5`;
  const [rows, total] = await Promise.all([
    db.execute<Rows<GroupRow>>(sql`
      SELECT g.key, g.kind, g.field, g."internalCode", g."ruleCode",
        (ARRAY['rejeicao', 'risco', 'informativo'])[g.rank + 1] AS severity, g."productId", g.description, g.ncm,
        g.items, g.documents, g.difference, g."firstDate", g."lastDate", g."exampleIds", s.status, s.reason,
        s.user_name AS "userName", s.updated_at AS "updatedAt"
      FROM (${grouped}) g
      LEFT JOIN document_finding_group_statuses s ON s.import_id = ${f.importId} AND s.group_key = g.key
      ORDER BY g.rank, abs(coalesce(g.difference::numeric, 0)) DESC, g.items DESC, g.key
      LIMIT ${limit} OFFSET ${offset}`),
    db.execute<Rows<{ groups: number; findings: number }>>(sql`
      SELECT count(*)::int AS groups, coalesce(sum(items), 0)::int AS findings FROM (${grouped}) g`),
  ]);
  return { rows: rows.rows, total: total.rows[0]!.groups, findings: total.rows[0]!.findings };
}

/** Every group of the import with its size, unfiltered: what a new audit compares before and after. */
export async function listAllGroups(db: DbOrTx, importId: string) {
  const res = await db.execute<
    Rows<{
      key: string;
      kind: string;
      field: string;
      internalCode: string;
      ruleCode: string | null;
      items: number;
      difference: string | null;
    }>
  >(sql`
    SELECT ${groupKey} AS key, f.kind, f.field, f.internal_code AS "internalCode", f.rule_code AS "ruleCode",
      count(*)::int AS items, sum(f.difference)::numeric(15, 2)::text AS difference
    FROM document_findings f WHERE f.import_id = ${importId} GROUP BY 1, 2, 3, 4, 5`);
  return res.rows;
}

/** Number and chave of the example documents named by the groups of a page. */
export async function findDocumentLabels(db: DbOrTx, ids: string[]) {
  if (ids.length === 0) return new Map<string, { number: string; chave: string | null }>();
  const res = await db.execute<Rows<{ id: string; number: string; chave: string | null }>>(sql`
    SELECT id, number, chave FROM company_documents
    WHERE id = ANY(ARRAY(SELECT jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))::uuid[])`);
  return new Map(res.rows.map((r) => [r.id, { number: r.number, chave: r.chave }]));
}

/** Whether the import has a finding in the group (a status is set only on a group that exists). */
export async function groupExists(db: DbOrTx, importId: string, key: string) {
  const res = await db.execute<Rows<{ found: boolean }>>(sql`
    SELECT EXISTS (SELECT 1 FROM document_findings f WHERE f.import_id = ${importId} AND ${groupKey} = ${key})
      AS found`);
  return res.rows[0]!.found;
}

export async function upsertGroupStatus(
  db: DbOrTx,
  v: { importId: string; key: string; status: string; reason: string | null; userId: string; userName: string },
) {
  const res = await db.execute<Rows<{ status: string | null; reason: string | null }>>(sql`
    WITH old AS (
      SELECT status, reason FROM document_finding_group_statuses WHERE import_id = ${v.importId} AND group_key = ${v.key}
    ), saved AS (
      INSERT INTO document_finding_group_statuses (import_id, group_key, status, reason, user_id, user_name)
      VALUES (${v.importId}, ${v.key}, ${v.status}, ${v.reason}, ${v.userId}, ${v.userName})
      ON CONFLICT (import_id, group_key) DO UPDATE SET status = EXCLUDED.status, reason = EXCLUDED.reason,
        user_id = EXCLUDED.user_id, user_name = EXCLUDED.user_name, updated_at = now()
    )
    SELECT (SELECT status FROM old) AS status, (SELECT reason FROM old) AS reason`);
  return res.rows[0] ?? { status: null, reason: null };
}

/** Keyset pages of the import's findings under the screen's filters (the XLSX export streams them). */
export async function* findAllFindings(
  db: DbOrTx,
  f: FindingFilter,
  pageSize = 2000,
): AsyncGenerator<FindingListRow[]> {
  let after = 0;
  for (;;) {
    const res = await db.execute<Rows<FindingListRow>>(sql`
      SELECT ${columns} FROM ${from} WHERE ${where(f)} AND f.id > ${after} ORDER BY f.id LIMIT ${pageSize}`);
    if (res.rows.length === 0) return;
    yield res.rows;
    after = res.rows[res.rows.length - 1]!.id;
  }
}
