import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';

export interface ImportRow {
  id: string;
  companyId: string;
  userId: string | null;
  userName: string;
  fileName: string;
  uploadDir: string;
  status: 'Queued' | 'Running' | 'Done' | 'Failed' | 'Interrupted';
  documents: number;
  items: number;
  productsCreated: number;
  productsUpdated: number;
  duplicates: number;
  errors: number;
  findings: number;
  message: string | null;
  createdAt: Date;
  finishedAt: Date | null;
  documentsRead: number;
  documentsTotal: number | null;
  itemsAudited: number;
}

/** Progress inside a run (0883): documents read of about how many the upload holds, items through the audit. */
export type ImportProgress = Pick<ImportRow, 'documentsRead' | 'documentsTotal' | 'itemsAudited'>;

export type ImportCounts = Pick<
  ImportRow,
  'documents' | 'items' | 'productsCreated' | 'productsUpdated' | 'duplicates' | 'errors' | 'findings'
>;

const importColumns = sql`id, company_id AS "companyId", user_id AS "userId", user_name AS "userName",
  file_name AS "fileName", upload_dir AS "uploadDir", status, documents, items, products_created AS "productsCreated",
  products_updated AS "productsUpdated", duplicates, errors, findings, message, created_at AS "createdAt",
  finished_at AS "finishedAt", documents_read AS "documentsRead", documents_total AS "documentsTotal",
  items_audited AS "itemsAudited"`;

type Rows<T> = T & Record<string, unknown>;

/** A text[] parameter from any strings (codes may hold commas, quotes or braces): passed as one JSON value. */
const jsonTextArray = (values: string[]) =>
  sql`ARRAY(SELECT jsonb_array_elements_text(${JSON.stringify(values)}::jsonb))`;

export async function insertImport(
  db: DbOrTx,
  v: { companyId: string; userId: string; userName: string; fileName: string; uploadDir: string; files: number },
): Promise<string> {
  const res = await db.execute<Rows<{ id: string }>>(sql`
    INSERT INTO document_imports (company_id, user_id, user_name, file_name, upload_dir, files)
    VALUES (${v.companyId}, ${v.userId}, ${v.userName}, ${v.fileName}, ${v.uploadDir}, ${v.files}) RETURNING id`);
  return res.rows[0]!.id;
}

export async function findImport(db: DbOrTx, id: string): Promise<ImportRow | undefined> {
  const res = await db.execute<Rows<ImportRow>>(sql`SELECT ${importColumns} FROM document_imports WHERE id = ${id}`);
  return res.rows[0] ? withDates(res.rows[0]) : undefined;
}

export async function listImports(db: DbOrTx, companyId: string, limit: number): Promise<ImportRow[]> {
  const res = await db.execute<Rows<ImportRow>>(sql`
    SELECT ${importColumns} FROM document_imports WHERE company_id = ${companyId}
    ORDER BY created_at DESC, id DESC LIMIT ${limit}`);
  return res.rows.map(withDates);
}

function withDates(r: ImportRow): ImportRow {
  return { ...r, createdAt: new Date(r.createdAt), finishedAt: r.finishedAt ? new Date(r.finishedAt) : null };
}

/** A retried run starts over: what an interrupted one committed is removed (documents cascade to findings). */
export async function startRun(db: DbOrTx, id: string) {
  await db.execute(sql`DELETE FROM company_documents WHERE import_id = ${id}`);
  await db.execute(sql`DELETE FROM document_import_problems WHERE import_id = ${id}`);
  await db.execute(sql`UPDATE document_imports SET status = 'Running', started_at = now(), documents = 0, items = 0,
    products_created = 0, products_updated = 0, duplicates = 0, errors = 0, findings = 0, documents_read = 0,
    documents_total = NULL, items_audited = 0 WHERE id = ${id}`);
}

export async function saveCounts(db: DbOrTx, id: string, c: ImportCounts, p?: ImportProgress) {
  const progress = p
    ? sql`, documents_read = ${p.documentsRead}, documents_total = ${p.documentsTotal},
      items_audited = ${p.itemsAudited}`
    : sql``;
  await db.execute(sql`UPDATE document_imports SET documents = ${c.documents}, items = ${c.items},
    products_created = ${c.productsCreated}, products_updated = ${c.productsUpdated}, duplicates = ${c.duplicates},
    errors = ${c.errors}, findings = ${c.findings}${progress} WHERE id = ${id}`);
}

export async function finishImport(db: DbOrTx, id: string, status: 'Done' | 'Failed', message: string | null) {
  await db.execute(
    sql`UPDATE document_imports SET status = ${status}, message = ${message}, finished_at = now() WHERE id = ${id}`,
  );
}

export async function insertProblems(
  db: DbOrTx,
  importId: string,
  rows: { fileName: string; line: number | null; message: string }[],
) {
  if (rows.length === 0) return;
  await db.execute(sql`
    INSERT INTO document_import_problems (import_id, file_name, line, message)
    SELECT ${importId}::uuid, t."fileName", t.line, t.message
    FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS t("fileName" text, line int, message text)`);
}

export async function listProblems(db: DbOrTx, importId: string, limit: number) {
  const res = await db.execute<Rows<{ fileName: string; line: number | null; message: string }>>(sql`
    SELECT file_name AS "fileName", line, message FROM document_import_problems
    WHERE import_id = ${importId} ORDER BY id LIMIT ${limit}`);
  return res.rows;
}

export interface NewDocument {
  importId: string;
  companyId: string;
  key: string;
  chave: string | null;
  source: 'xml' | 'efd';
  direction: 'sale' | 'purchase';
  model: string;
  number: string;
  issuedOn: string | null;
  counterpart: string | null;
  ufOrigin: string | null;
  ufDestination: string | null;
  fileName: string;
  items: number;
  total: string | null;
  /** What the audit reads besides the columns (documentHead), kept to audit the import again (decision 059). */
  head?: unknown;
}

/**
 * The documents' rows in one statement (keys distinct), in the given order: key → id of each one inserted; a key
 * the company already has is missing from the answer (a duplicate, nothing written for it).
 */
export async function insertDocuments(
  db: DbOrTx,
  head: { importId: string; companyId: string },
  docs: Omit<NewDocument, 'importId' | 'companyId'>[],
): Promise<Map<string, string>> {
  if (docs.length === 0) return new Map();
  const res = await db.execute<Rows<{ id: string; key: string }>>(sql`
    INSERT INTO company_documents (company_id, import_id, doc_key, chave, source, direction, model, number, issued_on,
      counterpart, uf_origin, uf_destination, file_name, items, total, head)
    SELECT ${head.companyId}::uuid, ${head.importId}::uuid, t.key, t.chave, t.source, t.direction, t.model, t.number,
      t."issuedOn", t.counterpart, t."ufOrigin", t."ufDestination", t."fileName", t.items, t.total, t.head
    FROM ROWS FROM (jsonb_to_recordset(${JSON.stringify(docs)}::jsonb)
      AS (key text, chave text, source text, direction text, model text, number text, "issuedOn" date,
        counterpart text, "ufOrigin" text, "ufDestination" text, "fileName" text, items int, total numeric,
        head jsonb))
      WITH ORDINALITY AS t
    ORDER BY t.ordinality
    ON CONFLICT (company_id, doc_key) DO NOTHING RETURNING id, doc_key AS key`);
  return new Map(res.rows.map((r) => [r.key, r.id]));
}

export interface CatalogueProduct {
  id: string;
  internalCode: string;
  gtin: string | null;
  ncm: string | null;
  cest: string | null;
  status: string;
  fiscalRuleId: string | null;
}

export async function findProductsByCodes(db: DbOrTx, companyId: string, codes: string[]): Promise<CatalogueProduct[]> {
  if (codes.length === 0) return [];
  const res = await db.execute<Rows<CatalogueProduct>>(sql`
    SELECT id, internal_code AS "internalCode", gtin, ncm, cest, status, fiscal_rule_id AS "fiscalRuleId"
    FROM products WHERE company_id = ${companyId} AND internal_code = ANY(${jsonTextArray(codes)})`);
  return res.rows;
}

/**
 * Fills what a product still lacks from the document — NCM, CEST, GTIN of a Pending product — never replacing a
 * value it has (a difference is a finding, not an update), with an audit item for each product completed.
 */
export async function completeProducts(
  db: DbOrTx,
  ctx: { companyId: string; userId: string | null; userName: string },
  rows: { id: string; ncm: string | null; cest: string | null; gtin: string | null }[],
): Promise<string[]> {
  if (rows.length === 0) return [];
  const res = await db.execute<Rows<{ id: string }>>(sql`
    WITH input AS (
      SELECT * FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS t(id uuid, ncm text, cest text, gtin text)
    ),
    upd AS (
      UPDATE products p SET ncm = coalesce(p.ncm, i.ncm), cest = coalesce(p.cest, i.cest),
        gtin = coalesce(p.gtin, i.gtin), updated_at = now()
      FROM input i
      WHERE p.id = i.id AND p.company_id = ${ctx.companyId} AND p.status = 'P'
        AND ((p.ncm IS NULL AND i.ncm IS NOT NULL) OR (p.cest IS NULL AND i.cest IS NOT NULL AND p.ncm IS NULL)
          OR (p.gtin IS NULL AND i.gtin IS NOT NULL))
      RETURNING p.id
    ),
    audits AS (
      INSERT INTO product_audits (company_id, product_id, description, user_id, user_name)
      SELECT ${ctx.companyId}::uuid, id, 'Produto completado por documento fiscal', ${ctx.userId}::uuid, ${ctx.userName}::text
      FROM upd
    )
    SELECT id FROM upd`);
  return res.rows.map((r) => r.id);
}

export interface FindingRow {
  productId: string | null;
  internalCode: string;
  nItem: number;
  kind: string;
  field: string;
  expected: string | null;
  found: string | null;
  difference: string | null;
  rejection: string | null;
  /** Decision 058: `rejeicao`, `risco` (tax due differs) or `informativo`. */
  severity: 'rejeicao' | 'risco' | 'informativo';
  /** The rejection code or the audit's check id behind the finding. */
  ruleCode: string | null;
  /** The item's description, NCM and CFOP as read (the worklist shows and filters by them; decision 059). */
  description?: string | null;
  ncm?: string | null;
  cfop?: string | null;
}

/** Findings of many documents in one statement, inserted in the given order (the list pages by id). */
export async function insertFindings(
  db: DbOrTx,
  head: { importId: string; companyId: string },
  rows: (FindingRow & { documentId: string; chave: string | null })[],
) {
  if (rows.length === 0) return;
  await db.execute(sql`
    INSERT INTO document_findings (import_id, document_id, company_id, product_id, internal_code, chave, n_item, kind,
      field, expected, found, difference, rejection, severity, rule_code, description, ncm, cfop)
    SELECT ${head.importId}::uuid, t."documentId", ${head.companyId}::uuid, t."productId", t."internalCode",
      t.chave, t."nItem", t.kind, t.field, t.expected, t.found, t.difference::numeric, t.rejection, t.severity,
      t."ruleCode", t.description, t.ncm, t.cfop
    FROM ROWS FROM (jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
      AS ("documentId" uuid, chave text, "productId" uuid, "internalCode" text, "nItem" int, kind text, field text,
        expected text, found text, difference text, rejection text, severity text, "ruleCode" text,
        description text, ncm text, cfop text))
      WITH ORDINALITY AS t
    ORDER BY t.ordinality`);
}

/** The periods in force of NCMs of 8 digits (NCM table, Siscomex): a code absent on a date would be rejected (778). */
export async function findNcmValidity(
  db: DbOrTx,
  ncms: string[],
): Promise<Map<string, { start: string; end: string | null }[]>> {
  const out = new Map<string, { start: string; end: string | null }[]>();
  if (ncms.length === 0) return out;
  const res = await db.execute<Rows<{ code: string; start: string; end: string | null }>>(sql`
    SELECT code, start_date::text AS start, end_date::text AS "end" FROM ref_ncm
    WHERE code = ANY(${jsonTextArray(ncms)}) AND level = 8`);
  for (const r of res.rows) {
    const list = out.get(r.code) ?? [];
    list.push({ start: r.start, end: r.end });
    out.set(r.code, list);
  }
  return out;
}

/** CEST → NCM prefixes it covers (Convênio ICMS 142/2018): a small table read once per import. */
export async function loadCestPrefixes(db: DbOrTx): Promise<Map<string, string[]>> {
  const res = await db.execute<Rows<{ code: string; prefixes: string[] }>>(
    sql`SELECT code, ncm_prefixes AS prefixes FROM ref_cest WHERE active`,
  );
  return new Map(res.rows.map((r) => [r.code, r.prefixes]));
}

/** A product that joined the catalogue from a document and was not classified by its GTIN keeps the document's NCM/CEST. */
export async function fillNewProducts(
  db: DbOrTx,
  companyId: string,
  rows: { id: string; ncm: string | null; cest: string | null }[],
) {
  const wanted = rows.filter((r) => r.ncm || r.cest);
  if (wanted.length === 0) return;
  await db.execute(sql`
    UPDATE products p SET ncm = i.ncm, cest = i.cest
    FROM jsonb_to_recordset(${JSON.stringify(wanted)}::jsonb) AS i(id uuid, ncm text, cest text)
    WHERE p.id = i.id AND p.company_id = ${companyId} AND p.status = 'P'`);
}
