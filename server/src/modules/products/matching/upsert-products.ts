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
}

/**
 * Creates or updates a batch of products of one company in one statement, classifying on arrival
 * (server-design "Products and the classification lifecycle", steps 1–2):
 *  - the internal code is the key: an existing code is updated (description; GTIN when one is sent);
 *  - a GTIN found in the global base links the product (integration code = the global code), copies
 *    NCM/CEST and takes the fiscal rule of the company's UF (the global product's own rule for the UF,
 *    else the base rule of its NCM/CEST there): status Classified, link Unchecked, a rule-history row —
 *    the same effects as the fiscal-rules area's linkProductsToRule, done set-wise because one import
 *    batch touches up to a thousand products and as many rules;
 *  - only new, Pending or Returned products are classified; Classified/InAudit ones keep their link;
 *  - every product gets an audit item.
 * The codes in `rows` must be distinct (callers count repeats as duplicated).
 */
export async function upsertProducts(db: DbOrTx, ctx: UpsertContext, rows: IncomingProduct[]) {
  if (rows.length === 0) return [];
  const res = await db.execute<UpsertedProduct & Record<string, unknown>>(sql`
    WITH input AS (
      SELECT * FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
        AS t(line int, "internalCode" text, description text, gtin text)
    ),
    hit AS (
      SELECT i.line, g.code, g.ncm, g.cest,
        coalesce(gr.fiscal_rule_id, (
          SELECT f.id FROM fiscal_rules f
          WHERE NOT f.is_named AND f.ncm = g.ncm AND f.cest IS NOT DISTINCT FROM g.cest AND f.uf = ${ctx.companyUf}
          LIMIT 1)) AS rule_id
      FROM input i
      -- char(14) like the column: compared as text, the GTIN index could not be used (a full scan per batch).
      JOIN global_products g ON g.gtin = i.gtin::char(14)
      LEFT JOIN global_product_rules gr ON gr.global_product_id = g.id AND gr.uf = ${ctx.companyUf}
    ),
    incoming AS (
      SELECT i.line, i."internalCode" AS internal_code, i.description, i.gtin,
        e.id AS existing_id, h.code, h.ncm, h.cest, h.rule_id,
        (h.code IS NOT NULL AND (e.id IS NULL OR e.status IN ('P', 'D'))) AS classify
      FROM input i
      LEFT JOIN products e ON e.company_id = ${ctx.companyId} AND e.internal_code = i."internalCode"
      LEFT JOIN hit h ON h.line = i.line
    ),
    up AS (
      INSERT INTO products AS p (company_id, internal_code, description, gtin, ncm, cest, status,
        fiscal_service_reference_code, fiscal_rule_id, fiscal_rule_status)
      SELECT ${ctx.companyId}::uuid, internal_code, description, gtin,
        CASE WHEN classify THEN ncm END, CASE WHEN classify THEN cest END,
        CASE WHEN classify THEN 'F' ELSE 'P' END,
        CASE WHEN classify THEN code END,
        CASE WHEN classify THEN rule_id END,
        CASE WHEN classify AND rule_id IS NOT NULL THEN 'Unchecked' END
      FROM incoming
      ON CONFLICT (company_id, internal_code) DO UPDATE SET
        description = EXCLUDED.description,
        gtin = coalesce(EXCLUDED.gtin, p.gtin),
        status = CASE WHEN EXCLUDED.status = 'F' THEN 'F' ELSE p.status END,
        ncm = CASE WHEN EXCLUDED.status = 'F' THEN EXCLUDED.ncm ELSE p.ncm END,
        cest = CASE WHEN EXCLUDED.status = 'F' THEN EXCLUDED.cest ELSE p.cest END,
        fiscal_service_reference_code = CASE WHEN EXCLUDED.status = 'F'
          THEN EXCLUDED.fiscal_service_reference_code ELSE p.fiscal_service_reference_code END,
        fiscal_rule_id = CASE WHEN EXCLUDED.status = 'F' THEN EXCLUDED.fiscal_rule_id ELSE p.fiscal_rule_id END,
        fiscal_rule_status = CASE WHEN EXCLUDED.status = 'F'
          THEN EXCLUDED.fiscal_rule_status ELSE p.fiscal_rule_status END,
        updated_at = now()
      RETURNING p.id, p.internal_code
    ),
    result AS (
      SELECT i.line, up.id, i.existing_id IS NULL AS inserted, i.classify, i.code, i.rule_id
      FROM up JOIN incoming i ON i.internal_code = up.internal_code
    ),
    closed AS (
      UPDATE product_rule_history h SET valid_to = now()
      FROM result r WHERE r.classify AND h.product_id = r.id AND h.valid_to IS NULL
    ),
    history AS (
      INSERT INTO product_rule_history (company_id, product_id, fiscal_rule_id, version_id, valid_from)
      SELECT ${ctx.companyId}::uuid, r.id, f.id, f.current_version_id, now()
      FROM result r JOIN fiscal_rules f ON f.id = r.rule_id WHERE r.classify
    ),
    audits AS (
      INSERT INTO product_audits (company_id, product_id, description, user_id, user_name)
      SELECT ${ctx.companyId}::uuid, r.id,
        CASE WHEN r.inserted THEN 'Produto cadastrado' ELSE 'Produto alterado' END || ${ctx.via}::text
          || CASE WHEN r.classify THEN ' e classificado pelo GTIN (produto global ' || r.code || ')' ELSE '' END,
        ${ctx.actor.id}::uuid, ${ctx.actor.name}::text
      FROM result r
    )
    SELECT line, id, inserted, classify AS classified FROM result ORDER BY line`);
  return res.rows.map((r) => ({ line: r.line, id: r.id, inserted: r.inserted, classified: r.classified }));
}

export async function recordClassificationBatch(
  db: DbOrTx,
  input: { companyId: string; userId: string; source: 'Create' | 'Import'; sent: number; classified: number },
) {
  await db.execute(sql`
    INSERT INTO classification_batches (company_id, user_id, source, sent, classified)
    VALUES (${input.companyId}, ${input.userId}, ${input.source}, ${input.sent}, ${input.classified})`);
}
