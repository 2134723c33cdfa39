import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';

/**
 * Demo data of issue 9: the InAudit products of the demo catalogue are bound to a global product
 * (a client's own name for it and another GTIN: why a binding waits for the audit), so the audit
 * modal has something to compare and approve; their audit item says so. Idempotent: only InAudit
 * products without an integration code are touched.
 */
export async function seedDemoClassification(db: Db): Promise<void> {
  await db.execute(sql`
    WITH waiting AS (
      SELECT p.id, p.company_id, row_number() OVER (ORDER BY p.company_id, p.internal_code) AS rn
        FROM products p WHERE p.status = 'A' AND p.fiscal_service_reference_code IS NULL
    ), globals AS (
      SELECT g.code, g.description, g.ncm, g.cest, row_number() OVER (ORDER BY g.code) AS rn,
             count(*) OVER () AS total
        FROM global_products g
    ), pick AS (
      SELECT w.id, w.company_id, g.code, g.ncm, g.cest,
             regexp_replace(g.description, ' \\S+$', ' UN') AS description
        FROM waiting w JOIN globals g ON g.rn = 1 + (w.rn * 37) % g.total
    ), bound AS (
      UPDATE products p SET fiscal_service_reference_code = pick.code, ncm = pick.ncm, cest = pick.cest,
             description = left(pick.description, 255), updated_at = now()
        FROM pick WHERE p.id = pick.id
      RETURNING p.id, p.company_id, pick.code
    )
    INSERT INTO product_audits (company_id, product_id, description)
    SELECT company_id, id, 'Produto vinculado ao produto global ' || code || ': em auditoria (GTIN diferente)'
      FROM bound`);
}
