import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';

/**
 * Demo data of issue 9: the InAudit products of the demo catalogue are bound to a global product of the same
 * item (the client's own name for it and another GTIN: why a binding waits for the audit), so the audit modal
 * has something to compare and approve; their audit item says so. The global product is the one whose
 * description starts with the product's first two words ("OLEO DE…" gets an oil, never a brake pad, issue 13);
 * any global product when none does. Idempotent: only InAudit products without an integration code are touched.
 */
export async function seedDemoClassification(db: Db): Promise<void> {
  await db.execute(sql`
    WITH waiting AS (
      SELECT p.id, p.company_id, p.internal_code,
             split_part(p.description, ' ', 1) || ' ' || split_part(p.description, ' ', 2) AS item
        FROM products p WHERE p.status = 'A' AND p.fiscal_service_reference_code IS NULL
    ), pick AS (
      SELECT w.id, w.company_id, g.code, g.ncm, g.cest
        FROM waiting w
        CROSS JOIN LATERAL (
          SELECT g.code, g.ncm, g.cest FROM global_products g
           ORDER BY starts_with(g.description, w.item) DESC, hashtext(g.code || w.internal_code), g.code
           LIMIT 1) g
    ), bound AS (
      UPDATE products p SET fiscal_service_reference_code = pick.code, ncm = pick.ncm, cest = pick.cest,
             updated_at = now()
        FROM pick WHERE p.id = pick.id
      RETURNING p.id, p.company_id, pick.code
    )
    INSERT INTO product_audits (company_id, product_id, description)
    SELECT company_id, id, 'Produto vinculado ao produto global ' || code || ': em auditoria (GTIN diferente)'
      FROM bound`);
}
