import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';

/**
 * Demo data of the pending queue (issue 10): in every active company, the same few products arrived
 * Pending with GTINs the global base does not have yet — GTIN twins across companies and partners,
 * so creating one global product from the pending screen classifies them all — and one earlier run
 * of the change check per company (the indicators screen's history). Idempotent.
 */
const TWINS = [
  { code: 'CAFE-500', description: 'CAFE TORRADO E MOIDO TRADICIONAL 500G', gtin: '07896005800010' },
  { code: 'ARROZ-5', description: 'ARROZ AGULHINHA TIPO 1 5KG', gtin: '07896006711117' },
  { code: 'OLEO-900', description: 'OLEO DE SOJA REFINADO 900ML', gtin: '07891107101621' },
  { code: 'SABAO-1', description: 'SABAO EM PO MULTIACAO 1KG', gtin: '07891150064485' },
];

export async function seedDemoClassifying(db: Db): Promise<void> {
  await db.execute(sql`
    INSERT INTO products (company_id, internal_code, description, gtin, status)
    SELECT c.id, 'PEND-' || t.code, t.description, t.gtin, 'P'
      FROM companies c CROSS JOIN jsonb_to_recordset(${JSON.stringify(TWINS)}::jsonb) AS t(code text, description text, gtin text)
     WHERE c.status <> 'Blocked'
       AND NOT EXISTS (SELECT 1 FROM global_products g WHERE g.gtin = t.gtin::char(14))
    ON CONFLICT (company_id, internal_code) DO NOTHING`);
  await db.execute(sql`
    INSERT INTO product_change_checks (company_id, amount, missing, changed, finished, created_at)
    SELECT c.id, n.classified, 0, least(3, n.classified), least(3, n.classified), now() - interval '7 days'
      FROM companies c
      CROSS JOIN LATERAL (SELECT count(*)::int AS classified FROM products p
                           WHERE p.company_id = c.id AND p.status = 'F') n
     WHERE NOT EXISTS (SELECT 1 FROM product_change_checks k WHERE k.company_id = c.id)`);
}
