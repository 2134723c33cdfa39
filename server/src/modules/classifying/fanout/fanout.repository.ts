import type { TFanout } from '@app/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import { globalRuleLateral } from '../../products/global/global-products.repository.js';

/** One array parameter (a JS array would expand to a list of parameters). */
const textArray = (values: string[]) => `{${values.join(',')}}`;

export interface PendingTwins {
  companyId: string;
  gtins: string[];
  products: number;
}

/** The companies with Pending products of these GTINs (any partner), their GTINs and product count. */
export async function findPendingTwins(db: DbOrTx, gtins: string[]): Promise<PendingTwins[]> {
  if (gtins.length === 0) return [];
  const res = await db.execute<PendingTwins & Record<string, unknown>>(sql`
    SELECT p.company_id AS "companyId", array_agg(DISTINCT p.gtin) AS gtins, count(*)::int AS products
    FROM products p
    WHERE p.gtin = ANY(${textArray(gtins)}::varchar[]) AND p.status = 'P'
    GROUP BY p.company_id`);
  return res.rows;
}

export async function insertFanout(
  db: DbOrTx,
  input: { source: 'Create' | 'Update' | 'Import'; userId: string; companies: number; products: number; jobs: number },
): Promise<string> {
  const res = await db.execute<{ id: string }>(sql`
    INSERT INTO global_fanouts (source, user_id, companies, products, jobs, finished_at)
    VALUES (${input.source}, ${input.userId}, ${input.companies}, ${input.products}, ${input.jobs},
      CASE WHEN ${input.jobs}::int = 0 THEN now() END)
    RETURNING id`);
  return res.rows[0]!.id;
}

/** A company's classified products, committed with them. */
export async function addFanoutClassified(db: DbOrTx, fanoutId: string, classified: number) {
  await db.execute(sql`UPDATE global_fanouts SET classified = classified + ${classified} WHERE id = ${fanoutId}`);
}

/** A job is done; the last one marks the run finished. */
export async function markFanoutJobDone(db: DbOrTx, fanoutId: string) {
  await db.execute(sql`
    UPDATE global_fanouts SET jobs_done = jobs_done + 1,
      finished_at = CASE WHEN jobs_done + 1 >= jobs THEN now() END
    WHERE id = ${fanoutId}`);
}

export async function findFanout(db: DbOrTx, id: string): Promise<TFanout | undefined> {
  const res = await db.execute<TFanout & Record<string, unknown>>(sql`
    SELECT id, companies, products, classified, finished_at IS NOT NULL AS finished
    FROM global_fanouts WHERE id = ${id}`);
  return res.rows[0];
}

/**
 * Classifies the company's Pending products of these GTINs in one statement, as a product arriving
 * with the GTIN would be (upsert-products.ts): integration code = the global code, NCM/CEST copied,
 * the global product's rule in the company's UF (its own, else the base rule of its NCM/CEST),
 * status Classified, link Unchecked since now; a link the product still had ends in the history;
 * one audit item per product. Answers the ids classified.
 */
export async function classifyPendingByGtin(
  db: DbOrTx,
  input: { companyId: string; uf: string; gtins: string[]; actor: { id: string; name: string } },
): Promise<string[]> {
  const res = await db.execute<{ id: string }>(sql`
    WITH hits AS MATERIALIZED (
      SELECT p.id, g.code, g.ncm, g.cest, r.rule_id, p.fiscal_rule_id AS old_rule, p.fiscal_rule_since AS old_since
      FROM products p
      -- char(14) like the column: compared as text, the GTIN index could not be used.
      JOIN global_products g ON g.gtin = p.gtin::char(14)
      ${globalRuleLateral(input.uf)}
      WHERE p.company_id = ${input.companyId} AND p.status = 'P'
        AND p.gtin = ANY(${textArray(input.gtins)}::varchar[])
      FOR UPDATE OF p
    ),
    closed AS (
      INSERT INTO product_rule_history (company_id, product_id, fiscal_rule_id, valid_from, valid_to)
      SELECT ${input.companyId}::uuid, h.id, h.old_rule, h.old_since, greatest(h.old_since, now())
      FROM hits h WHERE h.old_rule IS NOT NULL AND h.old_rule IS DISTINCT FROM h.rule_id
    ),
    upd AS (
      UPDATE products p SET status = 'F', ncm = h.ncm, cest = h.cest, fiscal_service_reference_code = h.code,
        fiscal_rule_id = h.rule_id,
        fiscal_rule_since = CASE WHEN h.rule_id IS NULL THEN NULL
          WHEN h.rule_id = h.old_rule THEN p.fiscal_rule_since ELSE now() END,
        fiscal_rule_status = CASE WHEN h.rule_id IS NOT NULL THEN 'Unchecked' END,
        updated_at = now()
      FROM hits h WHERE p.id = h.id
      RETURNING p.id, h.code
    ),
    audits AS (
      INSERT INTO product_audits (company_id, product_id, description, user_id, user_name)
      SELECT ${input.companyId}::uuid, u.id,
        'Produto classificado pelo GTIN: produto global ' || u.code || ' cadastrado na base compartilhada',
        ${input.actor.id}::uuid, ${input.actor.name}::text
      FROM upd u
    )
    SELECT id FROM upd`);
  return res.rows.map((r) => r.id);
}
