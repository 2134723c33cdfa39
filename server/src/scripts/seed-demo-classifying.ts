import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { type Trade, tradeOf } from './seed-demo-trades.js';

/** GTIN-13 "789…" (Brazil) with its check digit, in the stored 14-digit form. */
function gtin(body12: string): string {
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += (body12.charCodeAt(11 - i) - 48) * (i % 2 === 0 ? 3 : 1);
  return `0${body12}${(10 - (sum % 10)) % 10}`;
}

/**
 * Demo data of the pending queue (issue 10): in every active company, a few products of its own trade arrived
 * Pending with GTINs the global base does not have yet — GTIN twins across the companies of one trade (the
 * supermarkets of both partners), so creating one global product from the pending screen classifies them all —
 * and one earlier run of the change check per company (the indicators screen's history). Idempotent.
 * A drugstore gets medicines, not rice (issue 13).
 */
const TWINS: Record<Trade, { code: string; description: string; gtin: string }[]> = {
  supermarket: [
    { code: 'CAFE-500', description: 'CAFE TORRADO E MOIDO TRADICIONAL 500G', gtin: '07896005800010' },
    { code: 'ARROZ-5', description: 'ARROZ AGULHINHA TIPO 1 5KG', gtin: '07896006711117' },
    { code: 'OLEO-900', description: 'OLEO DE SOJA REFINADO 900ML', gtin: '07891107101621' },
    { code: 'SABAO-1', description: 'SABAO EM PO MULTIACAO 1KG', gtin: '07891150064485' },
  ],
  pharmacy: [
    { code: 'LORAT-10', description: 'LORATADINA 10MG 12 COMPRIMIDOS', gtin: gtin('789835200101') },
    { code: 'OMEP-20', description: 'OMEPRAZOL 20MG 28 CAPSULAS', gtin: gtin('789835200202') },
    { code: 'PROTSOL-50', description: 'PROTETOR SOLAR FPS 50 200ML', gtin: gtin('789835200303') },
  ],
  autoParts: [
    { code: 'DISCO-FR', description: 'DISCO DE FREIO VENTILADO DIANTEIRO PAR', gtin: gtin('789835300101') },
    { code: 'CORREIA-DENT', description: 'CORREIA DENTADA DO MOTOR 1.0', gtin: gtin('789835300202') },
  ],
  building: [
    { code: 'ARG-AC1', description: 'ARGAMASSA COLANTE AC-I 20KG', gtin: gtin('789835400101') },
    { code: 'REJ-1KG', description: 'REJUNTE FLEXIVEL CINZA 1KG', gtin: gtin('789835400202') },
  ],
};

export async function seedDemoClassifying(db: Db): Promise<void> {
  const active = await db.execute<{ id: string; nomeFantasia: string }>(
    sql`SELECT id, nome_fantasia AS "nomeFantasia" FROM companies c
         WHERE status <> 'Blocked' AND EXISTS (SELECT 1 FROM user_companies u WHERE u.company_id = c.id)`,
  );
  for (const company of active.rows) {
    const twins = TWINS[tradeOf(company.nomeFantasia)];
    await db.execute(sql`
      INSERT INTO products (company_id, internal_code, description, gtin, status)
      SELECT ${company.id}, 'PEND-' || t.code, t.description, t.gtin, 'P'
        FROM jsonb_to_recordset(${JSON.stringify(twins)}::jsonb) AS t(code text, description text, gtin text)
       WHERE NOT EXISTS (SELECT 1 FROM global_products g WHERE g.gtin = t.gtin::char(14))
      ON CONFLICT (company_id, internal_code) DO NOTHING`);
  }
  await db.execute(sql`
    INSERT INTO product_change_checks (company_id, amount, missing, changed, finished, created_at)
    SELECT c.id, n.classified, 0, least(3, n.classified), least(3, n.classified), now() - interval '7 days'
      FROM companies c
      CROSS JOIN LATERAL (SELECT count(*)::int AS classified FROM products p
                           WHERE p.company_id = c.id AND p.status = 'F') n
     WHERE NOT EXISTS (SELECT 1 FROM product_change_checks k WHERE k.company_id = c.id)`);
}
