import type { TFanout } from '@app/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';

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

/**
 * The product write locks of several companies (the key lockCompanyProductWrites takes), in id order and
 * in one round trip.
 */
export async function lockCompaniesProductWrites(db: DbOrTx, companyIds: string[]) {
  await db.execute(sql`
    SELECT pg_advisory_xact_lock(hashtextextended('products-write:' || s.id::text, 0))
    FROM (SELECT id FROM unnest(${`{${companyIds.join(',')}}`}::uuid[]) AS id ORDER BY id) s`);
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
 * Classifies the Pending products of a job's (company, GTINs) steps in one statement, as a product
 * arriving with the GTIN would be (upsert-products.ts): integration code = the global code, NCM/CEST
 * copied, the global product's rule in the company's UF (its own, else the base rule of its NCM/CEST),
 * status Classified, link Unchecked since now; a link the product still had ends in the history; one
 * audit item per product; per company a classification-history row (source Global) and an audit event.
 * Answers the count per company. The caller holds the companies' product write locks.
 */
export async function classifyPendingByGtin(
  db: DbOrTx,
  input: {
    steps: { companyId: string; gtins: string[] }[];
    actor: { id: string; name: string };
    fanoutId: string;
    audit: { code: number; description: string };
  },
): Promise<{ companyId: string; classified: number }[]> {
  const gtins = [...new Set(input.steps.flatMap((s) => s.gtins))];
  const companyIds = [...new Set(input.steps.map((s) => s.companyId))];
  const res = await db.execute<{ companyId: string; classified: number }>(sql`
    WITH input AS (
      SELECT DISTINCT t."companyId"::uuid AS company_id, x.gtin
      FROM jsonb_to_recordset(${JSON.stringify(input.steps)}::jsonb) AS t("companyId" text, gtins jsonb)
      CROSS JOIN LATERAL jsonb_array_elements_text(t.gtins) AS x(gtin)
    ),
    hits AS MATERIALIZED (
      SELECT p.id, p.company_id, g.code, g.ncm, g.cest, p.fiscal_rule_id AS old_rule, p.fiscal_rule_since AS old_since,
        coalesce(
          (SELECT gr.fiscal_rule_id FROM global_product_rules gr WHERE gr.global_product_id = g.id AND gr.uf = c.uf),
          (SELECT f.id FROM fiscal_rules f WHERE NOT f.is_named AND f.ncm = g.ncm
             AND f.cest IS NOT DISTINCT FROM g.cest AND f.uf = c.uf LIMIT 1)) AS rule_id
      FROM products p
      JOIN input i ON i.company_id = p.company_id AND i.gtin = p.gtin
      JOIN companies c ON c.id = p.company_id
      -- char(14) like the column: compared as text, the GTIN index could not be used.
      JOIN global_products g ON g.gtin = p.gtin::char(14)
      -- The GTINs as an array the planner can estimate: products are found through products_gtin_idx. Joined
      -- only to the JSON input (estimated blind), the plan read every Pending product of every company
      -- (440k rows, 0.9 s of a 2.1 s statement at 10,000 products: bench/fanout-explain.ts).
      WHERE p.gtin = ANY(${textArray(gtins)}::varchar[]) AND p.status = 'P'
        AND p.company_id = ANY(${textArray(companyIds)}::uuid[])
      FOR UPDATE OF p
    ),
    closed AS (
      INSERT INTO product_rule_history (company_id, product_id, fiscal_rule_id, valid_from, valid_to)
      SELECT h.company_id, h.id, h.old_rule, h.old_since, greatest(h.old_since, now())
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
      RETURNING p.id, p.company_id, h.code
    ),
    items AS (
      INSERT INTO product_audits (company_id, product_id, description, user_id, user_name)
      SELECT u.company_id, u.id,
        'Produto classificado pelo GTIN: produto global ' || u.code || ' cadastrado na base compartilhada',
        ${input.actor.id}::uuid, ${input.actor.name}::text
      FROM upd u
    ),
    counts AS MATERIALIZED (SELECT company_id, count(*)::int AS n FROM upd GROUP BY company_id),
    batches AS (
      INSERT INTO classification_batches (company_id, user_id, source, sent, classified)
      SELECT company_id, ${input.actor.id}::uuid, 'Global', n, n FROM counts
    ),
    events AS (
      INSERT INTO audit_events (code, module, description, actor_id, actor_name, partner_id, company_id, entity_id, after)
      SELECT ${input.audit.code}, 'Products', ${input.audit.description}, ${input.actor.id}::uuid, ${input.actor.name},
        c.partner_id, k.company_id, ${input.fanoutId}::text, jsonb_build_object('classified', k.n)
      FROM counts k JOIN companies c ON c.id = k.company_id
    ),
    progress AS (
      UPDATE global_fanouts SET classified = classified + (SELECT coalesce(sum(n), 0) FROM counts)
      WHERE id = ${input.fanoutId}
    )
    SELECT company_id AS "companyId", n AS classified FROM counts`);
  return res.rows;
}
