import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { companies, globalProducts, users } from '../db/schema/index.js';
import type { Actor } from '../lib/actor.js';
import { createProducts } from '../modules/products/products.service.js';
import { DEMO_BRANDS, demoTrades, type Trade, tradeOf } from './seed-demo-trades.js';

const PER_COMPANY = 60;

/** EAN-13 "789…" (Brazil) with its check digit, padded to the stored 14-digit form. */
function gtinFor(n: number): string {
  const body = `789${String(n).padStart(9, '0')}`;
  let sum = 0;
  for (let i = 0; i < body.length; i++) sum += (body.charCodeAt(body.length - 1 - i) - 48) * (i % 2 === 0 ? 3 : 1);
  return `0${body}${(10 - (sum % 10)) % 10}`;
}

interface GlobalItem {
  /** The item and pack without the brand ("DIPIRONA SODICA 500MG 10 COMPRIMIDOS"): how a shop names its own. */
  plain: string;
  brand: string;
  code: string;
  description: string;
  gtin: string;
  ncm: string;
  cest: string | null;
  trade: Trade;
}

/** Every item of every trade in each demo brand and size: the shared base products are classified from. */
function buildGlobalBase(): GlobalItem[] {
  const rows: GlobalItem[] = [];
  for (const [trade, items] of Object.entries(demoTrades) as [Trade, (typeof demoTrades)[Trade]][]) {
    for (const it of items) {
      for (const brand of DEMO_BRANDS) {
        for (const size of it.sizes) {
          const n = rows.length;
          rows.push({
            plain: `${it.name} ${size}`,
            brand,
            code: `GP${String(n + 1).padStart(6, '0')}`,
            description: `${it.name} ${brand} ${size}`,
            gtin: gtinFor(100000 + n),
            ncm: it.ncm,
            cest: it.cest,
            trade,
          });
        }
      }
    }
  }
  return rows;
}

/**
 * The global base (every trade's items in every demo brand, valid GTINs, the NCM/CEST of their rules) and each
 * demo company's catalogue from its own trade (issue 13): a supermarket's groceries, beverages and cleaning
 * products, a drugstore's medicines and hygiene, auto parts, building materials. Products enter through the real
 * creation service, so GTIN matching classifies them as it does for users; a staff review then puts some in
 * audit, returns some and flags a few errors.
 */
export async function seedDemoCatalogue(db: Db): Promise<void> {
  const base = buildGlobalBase();
  for (let i = 0; i < base.length; i += 1000) {
    await db
      .insert(globalProducts)
      .values(base.slice(i, i + 1000).map(({ trade: _t, plain: _p, brand: _b, ...row }) => row))
      .onConflictDoNothing();
  }

  const demoCompanies = await db.select().from(companies);
  for (const [ci, company] of demoCompanies.entries()) {
    const has = await db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM products WHERE company_id = ${company.id}`,
    );
    if ((has.rows[0]?.n ?? 0) > 0) continue;
    // A company no user has access to yet has not sent a catalogue either.
    const linked = await db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM user_companies WHERE company_id = ${company.id}`,
    );
    if ((linked.rows[0]?.n ?? 0) === 0) continue;
    const [owner] = await db
      .select()
      .from(users)
      .where(and(eq(users.partnerId, company.partnerId), eq(users.role, 'PartnerOwner')))
      .limit(1);
    if (!owner) continue;
    const actor: Actor = { ...owner, sessionId: 'seed', permissions: owner.permissions };
    const trade = tradeOf(company.nomeFantasia);
    const offer = base.filter((g) => g.trade === trade);
    const count = Math.min(PER_COMPANY, offer.length);
    const items = Array.from({ length: count }, (_, i) => {
      const g = offer[(ci * 7 + i * 5) % offer.length]!;
      // Two in three carry the manufacturer's GTIN (classified on arrival); the rest are the shop's own
      // packs (own GTIN or none), pending classification.
      const matched = i % 3 !== 2;
      return {
        internalCode: String(1000 + i),
        // Shops write the pack before the brand; their own packs (bulk, own label) carry no brand at all —
        // and no made-up suffix: a repeated own pack is dropped below, as a shop registers an item once.
        description: matched ? `${g.plain} ${g.brand}` : g.plain,
        gtin: matched ? g.gtin.slice(1) : i % 2 === 0 ? gtinFor(900000 + ci * 1000 + i).slice(1) : '',
      };
    });
    const seen = new Set<string>();
    const unique = items.filter((p) => !seen.has(p.description) && seen.add(p.description));
    await createProducts(db, actor, { companyId: company.id, products: unique });
    await db.execute(sql`
      WITH pending AS (
        SELECT id, row_number() OVER (ORDER BY internal_code) AS rn FROM products
         WHERE company_id = ${company.id} AND status = 'P')
      UPDATE products p SET status = CASE WHEN pending.rn % 5 = 0 THEN 'A' WHEN pending.rn % 5 = 1 THEN 'D' ELSE 'E' END,
             updated_at = now()
        FROM pending WHERE p.id = pending.id AND pending.rn % 5 IN (0, 1, 2) AND pending.rn <= 12`);
    // A catalogue kept over the last three months, not typed in today.
    await db.execute(sql`
      UPDATE products SET updated_at = now() - make_interval(days => abs(hashtext(internal_code)) % 90,
                                                             mins => abs(hashtext(description)) % 600)
       WHERE company_id = ${company.id}`);
    await db.execute(sql`
      INSERT INTO product_audits (company_id, product_id, description, user_id)
      SELECT company_id, id, CASE status WHEN 'A' THEN 'Produto enviado para auditoria: conferir o NCM com o fornecedor'
                                         WHEN 'D' THEN 'Produto devolvido: GTIN não confere com a descrição'
                                         ELSE 'Erro na integração: produto sem NCM no cadastro do ERP' END, ${owner.id}
        FROM products WHERE company_id = ${company.id} AND status IN ('A', 'D', 'E')`);
  }
}
