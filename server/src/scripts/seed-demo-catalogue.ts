import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { companies, globalProducts, users } from '../db/schema/index.js';
import type { Actor } from '../lib/actor.js';
import { createProducts } from '../modules/products/products.service.js';

const GLOBAL_COUNT = 5000;
const PER_COMPANY = 150;
const BRANDS = [
  'BOA SAFRA',
  'SOL NASCENTE',
  'VALE VERDE',
  'PRIMOR',
  'ESTRELA',
  'IGUAÇU',
  'CANTAREIRA',
  'PAMPA',
  'LITORAL',
  'SERRANA',
];
const SIZES = ['100G', '200G', '500G', '1KG', '350ML', '600ML', '1L', '2L', 'UN', 'CX 12UN'];

/** EAN-13 "789…" (Brazil) with its check digit, padded to the stored 14-digit form. */
function gtinFor(n: number): string {
  const body = `789${String(n).padStart(9, '0')}`;
  let sum = 0;
  for (let i = 0; i < body.length; i++) sum += (body.charCodeAt(body.length - 1 - i) - 48) * (i % 2 === 0 ? 3 : 1);
  return `0${body}${(10 - (sum % 10)) % 10}`;
}

/** A readable product name from the NCM's own description ("- Cervejas de malte" → "CERVEJAS DE MALTE"). */
function nameFrom(description: string): string {
  const clean = description
    .replace(/^[-\s]+/, '')
    .replace(/[:.;]+$/, '')
    .replace(/<[^>]+>/g, '');
  const short = clean.split(/[,;(]/)[0]!.trim();
  return (short.length > 3 ? short : clean).slice(0, 120).toLocaleUpperCase('pt-BR');
}

/**
 * Global base of several thousand products (valid GTINs, NCMs of the demo rules so they classify) and the demo
 * companies' catalogues in every status. Products enter through the real creation service, so the GTIN matching
 * classifies them exactly as it does for users; InAudit/Returned/Error then come from a staff review.
 */
export async function seedDemoCatalogue(db: Db): Promise<void> {
  const [{ n } = { n: 0 }] = (await db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM global_products`))
    .rows;
  if (n < GLOBAL_COUNT) {
    const ncms = (
      await db.execute<{ ncm: string; cest: string | null; description: string }>(sql`
        SELECT DISTINCT ON (r.ncm) r.ncm, r.cest, n.description
          FROM fiscal_rules r JOIN ref_ncm n ON n.code = r.ncm
         WHERE NOT r.is_named ORDER BY r.ncm`)
    ).rows;
    if (!ncms.length) return;
    const rows = Array.from({ length: GLOBAL_COUNT }, (_, i) => {
      const ncm = ncms[i % ncms.length]!;
      return {
        code: `GP${String(i + 1).padStart(6, '0')}`,
        description: `${nameFrom(ncm.description)} ${BRANDS[i % BRANDS.length]} ${SIZES[(i * 7) % SIZES.length]}`,
        gtin: gtinFor(100000 + i),
        ncm: ncm.ncm,
        cest: ncm.cest,
      };
    });
    for (let i = 0; i < rows.length; i += 1000) {
      await db
        .insert(globalProducts)
        .values(rows.slice(i, i + 1000))
        .onConflictDoNothing();
    }
  }

  const globals = (
    await db.execute<{ description: string }>(sql`SELECT description FROM global_products ORDER BY code`)
  ).rows.map((r) => r.description);
  const demoCompanies = await db.select().from(companies).where(sql`${companies.status} <> 'Blocked'`);
  for (const [ci, company] of demoCompanies.entries()) {
    const has = await db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM products WHERE company_id = ${company.id}`,
    );
    if ((has.rows[0]?.n ?? 0) > 0) continue;
    const [owner] = await db
      .select()
      .from(users)
      .where(and(eq(users.partnerId, company.partnerId), eq(users.role, 'PartnerOwner')))
      .limit(1);
    if (!owner) continue;
    const actor: Actor = { ...owner, sessionId: 'seed', permissions: owner.permissions };
    const items = Array.from({ length: PER_COMPANY }, (_, i) => {
      // Two in three carry a GTIN of the global base (classified on arrival); the rest stay pending.
      const matched = i % 3 !== 2;
      const g = (ci * 397 + i * 13) % GLOBAL_COUNT;
      return {
        internalCode: `${String(1000 + i)}`,
        // Companies name products their own way; the GTIN is what links them to the global base.
        description: matched ? (globals[g] ?? `PRODUTO ${g + 1}`).replace(/ (\S+)$/, ' - $1') : `ITEM LOCAL ${i + 1}`,
        gtin: matched ? gtinFor(100000 + g).slice(1) : i % 2 === 0 ? gtinFor(900000 + ci * 1000 + i).slice(1) : '',
      };
    });
    await createProducts(db, actor, { companyId: company.id, products: items });
    // A staff review put some pending products in audit, returned others and flagged a few errors.
    await db.execute(sql`
      WITH pending AS (
        SELECT id, row_number() OVER (ORDER BY internal_code) AS rn FROM products
         WHERE company_id = ${company.id} AND status = 'P')
      UPDATE products p SET status = CASE WHEN pending.rn % 5 = 0 THEN 'A' WHEN pending.rn % 5 = 1 THEN 'D' ELSE 'E' END,
             updated_at = now()
        FROM pending WHERE p.id = pending.id AND pending.rn % 5 IN (0, 1, 2) AND pending.rn <= 30`);
    await db.execute(sql`
      INSERT INTO product_audits (company_id, product_id, description, user_id)
      SELECT company_id, id, CASE status WHEN 'A' THEN 'Produto enviado para auditoria'
                                         WHEN 'D' THEN 'Produto devolvido: GTIN não confere com a descrição'
                                         ELSE 'Erro na integração: NCM inexistente' END, ${owner.id}
        FROM products WHERE company_id = ${company.id} AND status IN ('A', 'D', 'E')`);
  }
}
