import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';

export interface IncomingProduct {
  /** Line of the file (import) or index of the payload item (creation). */
  line: number;
  internalCode: string;
  description: string;
  /** 14-digit GTIN or null. */
  gtin: string | null;
}

export interface UpsertedProduct {
  line: number;
  id: string;
  inserted: boolean;
  classified: boolean;
}

export interface UpsertContext {
  companyId: string;
  companyUf: string;
  actor: { id: string; name: string };
  /** Appended to the audit item ("por importação"). */
  via: string;
  /** The caller took lockCompanyProductWrites in this transaction already (the import, per file). */
  writeLockHeld?: boolean;
}

/** What the global base says of a product's GTIN in the company's UF (server-design step 2). */
export interface GlobalMatch {
  line: number;
  /** The global product's code: the linked product's integration code. */
  code: string;
  ncm: string;
  cest: string | null;
  /** Its rule in the UF: the global product's own, else the base rule of its NCM/CEST there (may be absent). */
  ruleId: string | null;
}

/**
 * The GTIN hits of a batch in the global base. Read-only and independent of the company's products,
 * so the import runs it on another connection, outside its transaction, while the previous batch is
 * being written: the global base read a moment earlier is as current as one read inside (each
 * statement of a READ COMMITTED transaction sees the latest commits anyway).
 */
export async function matchGlobalProducts(db: DbOrTx, uf: string, rows: IncomingProduct[]): Promise<GlobalMatch[]> {
  const wanted = rows.filter((r) => r.gtin).map((r) => ({ line: r.line, gtin: r.gtin }));
  if (wanted.length === 0) return [];
  const res = await db.execute<GlobalMatch & Record<string, unknown>>(sql`
    WITH input AS (
      SELECT * FROM jsonb_to_recordset(${JSON.stringify(wanted)}::jsonb) AS t(line int, gtin text)
    ),
    found AS (
      SELECT i.line, g.id, g.code, g.ncm, g.cest
      FROM input i
      -- char(14) like the column: compared as text, the GTIN index could not be used (a full scan per batch).
      JOIN global_products g ON g.gtin = i.gtin::char(14)
    ),
    -- The base rule of each NCM/CEST the batch meets, looked up once per pair (a few hundred per
    -- 1,000 rows) instead of once per product.
    base AS (
      SELECT k.ncm, k.cest, (
          SELECT f.id FROM fiscal_rules f
          WHERE NOT f.is_named AND f.ncm = k.ncm AND f.cest IS NOT DISTINCT FROM k.cest AND f.uf = ${uf}
          LIMIT 1) AS rule_id
      FROM (SELECT DISTINCT fd.ncm, fd.cest FROM found fd) k
    )
    SELECT fd.line, fd.code, fd.ncm, fd.cest, coalesce(gr.fiscal_rule_id, b.rule_id) AS "ruleId"
    FROM found fd
    JOIN base b ON b.ncm = fd.ncm AND coalesce(b.cest, '') = coalesce(fd.cest, '')
    LEFT JOIN global_product_rules gr ON gr.global_product_id = fd.id AND gr.uf = ${uf}`);
  return res.rows.map((r) => ({ line: r.line, code: r.code, ncm: r.ncm, cest: r.cest, ruleId: r.ruleId }));
}

/**
 * Product rows of a company are created only by upsertProducts, and only under this lock (held to the
 * end of the transaction; taking it again only costs a round trip, which the import saves per batch
 * with `writeLockHeld`): no other transaction can insert one of the
 * company's codes between a statement's lookup and its INSERT, so the INSERT needs no ON CONFLICT
 * guard (speculative insertion cost ≈10% of the rows' insert: bench/README.md). An import takes it
 * before its first line, so two files of a company never interleave and a creation meanwhile waits
 * for the import to commit.
 */
export async function lockCompanyProductWrites(db: DbOrTx, companyId: string) {
  await db.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`products-write:${companyId}`}, 0))`);
}

/**
 * Creates or updates a batch of products of one company in one statement, classifying on arrival
 * (server-design "Products and the classification lifecycle", steps 1–2):
 *  - the internal code is the key: an existing code is updated (description; GTIN when one is sent);
 *  - a GTIN found in the global base (`matches` from matchGlobalProducts, looked up here when not
 *    given) links the product (integration code = the global code), copies NCM/CEST and takes the
 *    fiscal rule of the company's UF: status Classified, link Unchecked, linked since now — the same
 *    effects as the fiscal-rules area's linkProductsToRule, done set-wise because one import batch
 *    touches up to a thousand products and as many rules;
 *  - only new, Pending or Returned products are classified; Classified/InAudit ones keep their link;
 *  - every product created or changed gets an audit item; a code sent again with the same data is
 *    left as it is (reported as updated, nothing written).
 * The codes in `rows` must be distinct (callers count repeats as duplicated).
 */
export async function upsertProducts(
  db: DbOrTx,
  ctx: UpsertContext,
  rows: IncomingProduct[],
  matches?: GlobalMatch[],
): Promise<UpsertedProduct[]> {
  if (rows.length === 0) return [];
  // A round trip saved per batch: an import's batches wait on it between statements.
  if (!ctx.writeLockHeld) await lockCompanyProductWrites(db, ctx.companyId);
  const hits = new Map((matches ?? (await matchGlobalProducts(db, ctx.companyUf, rows))).map((m) => [m.line, m]));
  const input: MatchedRow[] = rows.map((r) => {
    const h = hits.get(r.line);
    return h ? { ...r, code: h.code, ncm: h.ncm, cest: h.cest, ruleId: h.ruleId } : r;
  });
  // The statement decides insert vs update from its snapshot. A product another transaction deleted
  // meanwhile (the update finds nothing) is missing from the answer: those rows go again in a new
  // statement, whose snapshot sees the delete and inserts them. (No savepoint: one per batch would
  // overflow the subtransaction cache of a 100-batch file for every reader.)
  const saved = await writeBatch(db, ctx, input);
  if (saved.length === rows.length) return saved;
  const done = new Set(saved.map((s) => s.line));
  const again = await writeBatch(
    db,
    ctx,
    input.filter((r) => !done.has(r.line)),
  );
  return [...saved, ...again].sort((x, y) => x.line - y.line);
}

type MatchedRow = IncomingProduct & Partial<Omit<GlobalMatch, 'line'>>;

async function writeBatch(db: DbOrTx, ctx: UpsertContext, rows: MatchedRow[]): Promise<UpsertedProduct[]> {
  const res = await db.execute<UpsertedProduct & Record<string, unknown>>(sql`
    WITH input AS (
      SELECT * FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
        AS t(line int, "internalCode" text, description text, gtin text, code text, ncm text, cest text, "ruleId" uuid)
    ),
    incoming AS (
      SELECT i.line, i."internalCode" AS internal_code, i.description, i.gtin,
        e.id AS existing_id, e.fiscal_rule_id AS existing_rule_id, e.fiscal_rule_since AS existing_since,
        i.code, i.ncm, i.cest, i."ruleId" AS rule_id,
        (i.code IS NOT NULL AND (e.id IS NULL OR e.status IN ('P', 'D'))) AS classify,
        -- The same data again (a catalogue imported every week): nothing is written, so neither the
        -- product's update date nor its audit items say it changed.
        (e.id IS NOT NULL AND e.description = i.description AND (i.gtin IS NULL OR e.gtin = i.gtin)
          AND NOT (i.code IS NOT NULL AND e.status IN ('P', 'D'))) AS unchanged
      FROM input i
      LEFT JOIN products e ON e.company_id = ${ctx.companyId} AND e.internal_code = i."internalCode"
    ),
    -- Codes not found above are inserted and the found ones updated by id, instead of
    -- INSERT … ON CONFLICT DO UPDATE for every row (the write lock above keeps other creators out).
    -- Time-ordered ids (new_row_id(): uuidv7 on PostgreSQL 18, migration 0450): the primary key,
    -- (company, updated_at, id) and the audit/history foreign-key lookups touch the right edge of their indexes instead of random pages.
    ins AS (
      INSERT INTO products (id, company_id, internal_code, description, gtin, ncm, cest, status,
        fiscal_service_reference_code, fiscal_rule_id, fiscal_rule_since, fiscal_rule_status)
      SELECT new_row_id(), ${ctx.companyId}::uuid, internal_code, description, gtin,
        CASE WHEN classify THEN ncm END, CASE WHEN classify THEN cest END,
        CASE WHEN classify THEN 'F' ELSE 'P' END,
        CASE WHEN classify THEN code END,
        CASE WHEN classify THEN rule_id END,
        CASE WHEN classify AND rule_id IS NOT NULL THEN now() END,
        CASE WHEN classify AND rule_id IS NOT NULL THEN 'Unchecked' END
      FROM incoming WHERE existing_id IS NULL
      RETURNING id, internal_code
    ),
    upd AS (
      UPDATE products p SET
        description = i.description,
        gtin = coalesce(i.gtin, p.gtin),
        status = CASE WHEN i.classify THEN 'F' ELSE p.status END,
        ncm = CASE WHEN i.classify THEN i.ncm ELSE p.ncm END,
        cest = CASE WHEN i.classify THEN i.cest ELSE p.cest END,
        fiscal_service_reference_code = CASE WHEN i.classify THEN i.code ELSE p.fiscal_service_reference_code END,
        fiscal_rule_id = CASE WHEN i.classify THEN i.rule_id ELSE p.fiscal_rule_id END,
        -- A link to the same rule goes on; a new one starts now (the ended one: "closed" below).
        fiscal_rule_since = CASE WHEN NOT i.classify OR i.rule_id = p.fiscal_rule_id THEN p.fiscal_rule_since
          WHEN i.rule_id IS NOT NULL THEN now() END,
        fiscal_rule_status = CASE WHEN i.classify
          THEN CASE WHEN i.rule_id IS NOT NULL THEN 'Unchecked' END ELSE p.fiscal_rule_status END,
        updated_at = now()
      FROM incoming i WHERE p.id = i.existing_id AND NOT i.unchanged
      RETURNING p.id, p.internal_code
    ),
    up AS (
      SELECT * FROM ins UNION ALL SELECT * FROM upd
      UNION ALL SELECT existing_id, internal_code FROM incoming WHERE unchanged
    ),
    result AS (
      SELECT i.line, up.id, i.existing_id IS NULL AS inserted, i.classify, i.unchanged, i.code, i.rule_id,
        i.existing_rule_id, i.existing_since
      FROM up JOIN incoming i ON i.internal_code = up.internal_code
    ),
    -- A classified product that was linked to another rule ends that link (decision 013: the open link
    -- is on the product; classifying writes no history row of its own).
    closed AS (
      INSERT INTO product_rule_history (company_id, product_id, fiscal_rule_id, valid_from, valid_to)
      SELECT ${ctx.companyId}::uuid, r.id, r.existing_rule_id, r.existing_since, greatest(r.existing_since, now())
      FROM result r
      WHERE r.classify AND NOT r.inserted AND r.existing_rule_id IS NOT NULL AND r.rule_id IS DISTINCT FROM r.existing_rule_id
    ),
    audits AS (
      INSERT INTO product_audits (company_id, product_id, description, user_id, user_name)
      SELECT ${ctx.companyId}::uuid, r.id,
        CASE WHEN r.inserted THEN 'Produto cadastrado' ELSE 'Produto alterado' END || ${ctx.via}::text
          || CASE WHEN r.classify THEN ' e classificado pelo GTIN (produto global ' || r.code || ')' ELSE '' END,
        ${ctx.actor.id}::uuid, ${ctx.actor.name}::text
      FROM result r WHERE NOT r.unchanged
    )
    SELECT line, id, inserted, classify AS classified FROM result ORDER BY line`);
  return res.rows.map((r) => ({ line: r.line, id: r.id, inserted: r.inserted, classified: r.classified }));
}

export async function recordClassificationBatch(
  db: DbOrTx,
  input: {
    companyId: string;
    userId: string;
    source: 'Create' | 'Import' | 'Global';
    sent: number;
    classified: number;
  },
) {
  await db.execute(sql`
    INSERT INTO classification_batches (company_id, user_id, source, sent, classified)
    VALUES (${input.companyId}, ${input.userId}, ${input.source}, ${input.sent}, ${input.classified})`);
}
