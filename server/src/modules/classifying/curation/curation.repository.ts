import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import type { GlobalProductRow } from '../../../db/schema/index.js';

export interface GlobalLine {
  line: number;
  code: string;
  description: string;
  /** 14-digit form or null. */
  gtin: string | null;
  ncm: string;
  cest: string | null;
}

// Validity dates are Brazilian calendar days: between 21:00 and midnight in São Paulo the UTC day is tomorrow.
const todayInBrazilSql = sql`(now() AT TIME ZONE 'America/Sao_Paulo')::date`;

/** The reason a line's NCM/CEST is refused, or NULL (alias i: ncm, cest). NCM: an 8-digit item in force. */
export function fiscalCodeProblem(ncm: SQL, cest: SQL): SQL {
  return sql`CASE
    WHEN NOT EXISTS (SELECT 1 FROM ref_ncm n WHERE n.code = ${ncm} AND n.level = 8 AND n.active
      AND n.start_date <= ${todayInBrazilSql} AND (n.end_date IS NULL OR n.end_date >= ${todayInBrazilSql}))
      THEN 'NCM inexistente ou fora de vigência.'
    WHEN ${cest} IS NOT NULL AND NOT EXISTS (SELECT 1 FROM ref_cest c WHERE c.code = ${cest} AND c.active
      AND c.ncm_prefixes && ARRAY[left(${ncm}, 2), left(${ncm}, 4), left(${ncm}, 5), left(${ncm}, 6),
        left(${ncm}, 7), ${ncm}]::text[])
      THEN 'O CEST informado não corresponde ao NCM.'
    END`;
}

export async function checkFiscalCodes(db: DbOrTx, ncm: string, cest: string | null): Promise<string | null> {
  const res = await db.execute<{ problem: string | null }>(
    sql`SELECT ${fiscalCodeProblem(sql`${ncm}::text`, sql`${cest}::text`)} AS problem`,
  );
  return res.rows[0]?.problem ?? null;
}

export async function findGlobalById(db: DbOrTx, id: string, forUpdate = false) {
  const res = await db.execute<GlobalProductRow & Record<string, unknown>>(sql`
    SELECT id, code, description, gtin, ncm, cest, created_at AS "createdAt", updated_at AS "updatedAt"
    FROM global_products WHERE id = ${id} ${forUpdate ? sql`FOR UPDATE` : sql``}`);
  return res.rows[0];
}

export async function findGlobalIdBy(db: DbOrTx, column: 'code' | 'gtin', value: string) {
  const where = column === 'code' ? sql`code = ${value}` : sql`gtin = ${value}::char(14)`;
  const res = await db.execute<{ id: string; code: string }>(sql`SELECT id, code FROM global_products WHERE ${where}`);
  return res.rows[0];
}

export async function insertGlobal(db: DbOrTx, l: Omit<GlobalLine, 'line'>): Promise<GlobalProductRow> {
  const res = await db.execute<GlobalProductRow & Record<string, unknown>>(sql`
    INSERT INTO global_products (code, description, gtin, ncm, cest)
    VALUES (${l.code}, ${l.description}, ${l.gtin}, ${l.ncm}, ${l.cest})
    RETURNING id, code, description, gtin, ncm, cest`);
  return res.rows[0]!;
}

export async function updateGlobal(db: DbOrTx, id: string, l: Omit<GlobalLine, 'line' | 'code'>) {
  const res = await db.execute<GlobalProductRow & Record<string, unknown>>(sql`
    UPDATE global_products SET description = ${l.description}, gtin = ${l.gtin}, ncm = ${l.ncm}, cest = ${l.cest},
      updated_at = now()
    WHERE id = ${id} RETURNING id, code, description, gtin, ncm, cest`);
  return res.rows[0]!;
}

export interface BatchOutcome {
  created: number;
  updated: number;
  /** GTINs the base got in this batch (new rows with a GTIN, or a GTIN set/changed). */
  newGtins: string[];
  invalid: { line: number; code: string; reason: string }[];
}

/**
 * Writes one batch of an import in one statement: lines whose NCM is not in force, whose CEST does not
 * fit the NCM or whose GTIN belongs to another global product are refused (kept as invalid lines);
 * new codes are inserted and known ones updated (only when something differs), each update an audit
 * event with before/after. Codes and GTINs are distinct within a batch (the caller flushes on a repeat).
 */
export async function writeGlobalBatch(
  db: DbOrTx,
  ctx: { importId: string; actor: { id: string; name: string }; auditCode: number; auditDescription: string },
  lines: GlobalLine[],
): Promise<BatchOutcome> {
  const res = await db.execute<BatchOutcome & Record<string, unknown>>(sql`
    WITH input AS (
      SELECT * FROM jsonb_to_recordset(${JSON.stringify(lines)}::jsonb)
        AS t(line int, code text, description text, gtin text, ncm text, cest text)
    ),
    checked AS MATERIALIZED (
      SELECT i.*, e.id AS existing_id, e.description AS old_description, e.gtin AS old_gtin, e.ncm AS old_ncm,
        e.cest AS old_cest,
        coalesce(${fiscalCodeProblem(sql`i.ncm`, sql`i.cest`)},
          CASE WHEN o.code IS NOT NULL THEN 'O GTIN já pertence ao produto global ' || o.code || '.' END) AS reason
      FROM input i
      LEFT JOIN global_products e ON e.code = i.code
      LEFT JOIN global_products o ON o.gtin = i.gtin::char(14) AND o.code <> i.code
    ),
    ins AS (
      INSERT INTO global_products (code, description, gtin, ncm, cest)
      SELECT code, description, gtin, ncm, cest FROM checked WHERE reason IS NULL AND existing_id IS NULL
      RETURNING gtin
    ),
    upd AS (
      UPDATE global_products g SET description = c.description, gtin = c.gtin, ncm = c.ncm, cest = c.cest,
        updated_at = now()
      FROM checked c
      WHERE g.id = c.existing_id AND c.reason IS NULL
        AND (g.description, g.gtin, g.ncm, g.cest) IS DISTINCT FROM (c.description, c.gtin::char(14), c.ncm, c.cest)
      RETURNING g.id, g.code, g.gtin, c.old_gtin, c.old_description, c.old_ncm, c.old_cest, c.description, c.ncm, c.cest
    ),
    audit AS (
      INSERT INTO audit_events (code, module, description, actor_id, actor_name, entity_id, before, after)
      SELECT ${ctx.auditCode}, 'Products', ${ctx.auditDescription}, ${ctx.actor.id}::uuid, ${ctx.actor.name}, u.id::text,
        jsonb_build_object('code', u.code, 'description', u.old_description, 'gtin', u.old_gtin, 'ncm', u.old_ncm,
          'cest', u.old_cest, 'importId', ${ctx.importId}::text),
        jsonb_build_object('code', u.code, 'description', u.description, 'gtin', u.gtin, 'ncm', u.ncm,
          'cest', u.cest, 'importId', ${ctx.importId}::text)
      FROM upd u
    ),
    bad AS (
      INSERT INTO global_import_invalid_lines (import_id, line, code, reason)
      SELECT ${ctx.importId}::uuid, line, code, reason FROM checked WHERE reason IS NOT NULL
    )
    SELECT
      (SELECT count(*)::int FROM ins) AS created,
      (SELECT count(*)::int FROM checked WHERE reason IS NULL AND existing_id IS NOT NULL) AS updated,
      array(SELECT gtin FROM ins WHERE gtin IS NOT NULL
        UNION ALL SELECT gtin FROM upd WHERE gtin IS NOT NULL AND gtin IS DISTINCT FROM old_gtin) AS "newGtins",
      coalesce((SELECT jsonb_agg(jsonb_build_object('line', line, 'code', code, 'reason', reason) ORDER BY line)
        FROM checked WHERE reason IS NOT NULL), '[]'::jsonb) AS invalid`);
  const row = res.rows[0]!;
  return { created: row.created, updated: row.updated, newGtins: row.newGtins, invalid: row.invalid };
}

export async function insertGlobalImport(
  db: DbOrTx,
  input: { userId: string; userName: string; fileName: string | null },
) {
  const res = await db.execute<{ id: string }>(sql`
    INSERT INTO global_imports (user_id, user_name, file_name) VALUES (${input.userId}, ${input.userName}, ${input.fileName})
    RETURNING id`);
  return res.rows[0]!.id;
}

export async function insertGlobalInvalidLines(
  db: DbOrTx,
  importId: string,
  lines: { line: number; code: string; reason: string }[],
) {
  if (lines.length === 0) return;
  await db.execute(sql`
    INSERT INTO global_import_invalid_lines (import_id, line, code, reason)
    SELECT ${importId}::uuid, line, code, reason FROM jsonb_to_recordset(${JSON.stringify(lines)}::jsonb)
      AS t(line int, code text, reason text)`);
}

export async function updateGlobalImportCounts(
  db: DbOrTx,
  id: string,
  c: { received: number; created: number; updated: number; invalid: number },
) {
  await db.execute(sql`
    UPDATE global_imports SET received = ${c.received}, created = ${c.created}, updated = ${c.updated}, invalid = ${c.invalid}
    WHERE id = ${id}`);
}

export async function findGlobalImport(db: DbOrTx, id: string) {
  const res = await db.execute<{ id: string; userId: string | null }>(
    sql`SELECT id, user_id AS "userId" FROM global_imports WHERE id = ${id}`,
  );
  return res.rows[0];
}

export async function findGlobalInvalidLines(db: DbOrTx, importId: string, afterLine: number, limit: number) {
  const res = await db.execute<{ line: number; code: string; reason: string }>(sql`
    SELECT line, code, reason FROM global_import_invalid_lines
    WHERE import_id = ${importId} AND line > ${afterLine} ORDER BY line LIMIT ${limit}`);
  return res.rows;
}
