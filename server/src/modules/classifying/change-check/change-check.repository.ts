import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import { globalRuleLateral } from '../../products/global/global-products.repository.js';

export interface ChangeCounts {
  amount: number;
  missing: number;
  changed: number;
  finished: number;
}

/**
 * The change check of one company in one statement (server-design step 7): its Classified products
 * linked to a global product (amount) are compared with the global base as it is now — the code gone
 * (missing: reported, left as it is), or NCM, CEST or the rule of the company's UF different (changed).
 * The changed ones take the current data (finished): NCM/CEST copied, the rule link moved (the ended
 * link goes to the history, the new one starts Unchecked), one audit item each. A product staff linked
 * to a named rule keeps that rule (a deliberate choice, not a stale one); its NCM/CEST still follow.
 */
export async function applyGlobalChanges(
  db: DbOrTx,
  input: { companyId: string; uf: string; actor: { id: string; name: string } },
): Promise<ChangeCounts> {
  const res = await db.execute<ChangeCounts & Record<string, unknown>>(sql`
    WITH cur AS MATERIALIZED (
      SELECT p.id, p.ncm, p.cest, p.fiscal_rule_id AS old_rule, p.fiscal_rule_since AS old_since,
        g.id AS gid, g.code, g.ncm AS new_ncm, g.cest AS new_cest,
        CASE WHEN fr.is_named THEN p.fiscal_rule_id ELSE r.rule_id END AS new_rule
      FROM products p
      -- A lookup by code per product (lateral: a nested loop on global_products_code_key). As a plain join the
      -- planner hashed the whole 1M-row base for 60k products (3.1 s of a 5.1 s check: bench/fanout-explain.ts).
      LEFT JOIN LATERAL (
        SELECT g.id, g.code, g.ncm, g.cest FROM global_products g WHERE g.code = p.fiscal_service_reference_code
      ) g ON true
      ${globalRuleLateral(input.uf)}
      LEFT JOIN fiscal_rules fr ON fr.id = p.fiscal_rule_id
      WHERE p.company_id = ${input.companyId} AND p.status = 'F' AND p.fiscal_service_reference_code IS NOT NULL
    ),
    changed AS MATERIALIZED (
      SELECT * FROM cur
      WHERE gid IS NOT NULL AND (ncm IS DISTINCT FROM new_ncm::char(8) OR cest IS DISTINCT FROM new_cest::char(7)
        OR old_rule IS DISTINCT FROM new_rule)
    ),
    closed AS (
      INSERT INTO product_rule_history (company_id, product_id, fiscal_rule_id, valid_from, valid_to)
      SELECT ${input.companyId}::uuid, c.id, c.old_rule, c.old_since, greatest(c.old_since, now())
      FROM changed c WHERE c.old_rule IS NOT NULL AND c.old_rule IS DISTINCT FROM c.new_rule
    ),
    upd AS (
      UPDATE products p SET ncm = c.new_ncm, cest = c.new_cest, fiscal_rule_id = c.new_rule,
        fiscal_rule_since = CASE WHEN c.new_rule IS NULL THEN NULL
          WHEN c.new_rule = c.old_rule THEN p.fiscal_rule_since ELSE now() END,
        fiscal_rule_status = CASE WHEN c.new_rule IS NOT DISTINCT FROM c.old_rule THEN p.fiscal_rule_status
          WHEN c.new_rule IS NOT NULL THEN 'Unchecked' END,
        updated_at = now()
      FROM changed c
      -- The ids as an array: read by primary key, not a hash join over a sequential scan of every product.
      WHERE p.id = c.id AND p.id = ANY (ARRAY(SELECT id FROM changed)) AND p.status = 'F'
      RETURNING p.id, c.code, c.ncm, c.cest, c.new_ncm, c.new_cest, c.old_rule IS DISTINCT FROM c.new_rule AS rule_moved
    ),
    audits AS (
      INSERT INTO product_audits (company_id, product_id, description, user_id, user_name)
      SELECT ${input.companyId}::uuid, u.id,
        'Produto atualizado pela consulta de alterações (produto global ' || u.code || '): '
          || concat_ws(', ',
            CASE WHEN u.ncm IS DISTINCT FROM u.new_ncm::char(8)
              THEN 'NCM ' || coalesce(u.ncm, '-') || ' → ' || u.new_ncm END,
            CASE WHEN u.cest IS DISTINCT FROM u.new_cest::char(7)
              THEN 'CEST ' || coalesce(u.cest, '-') || ' → ' || coalesce(u.new_cest, '-') END,
            CASE WHEN u.rule_moved THEN 'regra fiscal atualizada' END),
        ${input.actor.id}::uuid, ${input.actor.name}::text
      FROM upd u
    )
    SELECT (SELECT count(*)::int FROM cur) AS amount,
      (SELECT count(*)::int FROM cur WHERE gid IS NULL) AS missing,
      (SELECT count(*)::int FROM changed) AS changed,
      (SELECT count(*)::int FROM upd) AS finished`);
  return res.rows[0]!;
}

export async function insertChangeCheck(db: DbOrTx, input: ChangeCounts & { companyId: string; userId: string }) {
  await db.execute(sql`
    INSERT INTO product_change_checks (company_id, amount, missing, changed, finished, user_id)
    VALUES (${input.companyId}, ${input.amount}, ${input.missing}, ${input.changed}, ${input.finished}, ${input.userId})`);
}
