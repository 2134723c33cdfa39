import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createSessionToken } from '../../../test/auth-helpers.js';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { createCompany, createGlobalProduct, createPartner, createUser } from '../../db/factories.js';
import { seedDemoOversight } from '../../scripts/seed-demo-oversight.js';

// 'Produtos Finalizados' (spec 01 §3, decision 067): products finalized per period — each Classified
// product once, on the day it last became Classified; a product that is no longer Classified (unbound,
// deleted) does not count, and one never Classified never did.
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await restoreToday();
});

const q = (text: string, params: unknown[] = []) => ctx.database.pool.query(text, params);
const today = `SELECT (now() AT TIME ZONE 'America/Sao_Paulo')::date`;
/** Moves the database's calendar day back, so writes are dated as if made `days` ago (0550's oversight_today). */
const backdate = (days: number) =>
  q(`CREATE OR REPLACE FUNCTION oversight_today() RETURNS date LANGUAGE sql STABLE AS $$ ${today} - ${days} $$`);
const restoreToday = () =>
  q(`CREATE OR REPLACE FUNCTION oversight_today() RETURNS date LANGUAGE sql STABLE AS $$ ${today} $$`);

describe("the dashboard's 'Produtos Finalizados' series", () => {
  // First in the file: the seed runs only on a database without history before today.
  it("the demo's history is its own products spread back in time, adding up to the catalogue", async () => {
    const partner = await createPartner(ctx.db);
    const company = await createCompany(ctx.db, { partnerId: partner.id, uf: 'RJ' });
    const owner = await createUser(ctx.db, { role: 'PartnerOwner', partnerId: partner.id });
    const headers = bearer(await createSessionToken(ctx.db, owner.id));
    const globals = await Promise.all(Array.from({ length: 6 }, () => createGlobalProduct(ctx.db)));
    const products = [
      ...globals.map((g, i) => ({ internalCode: `C-${i}`, description: `CLASSIFICADO ${i}`, gtin: g.gtin!.slice(1) })),
      ...[1, 2, 3, 4].map((i) => ({ internalCode: `P-${i}`, description: `PENDENTE ${i}` })),
    ];
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/v1/public/products',
      headers,
      payload: { companyId: company.id, products },
    });
    expect(created.statusCode).toBe(200);
    await seedDemoOversight(ctx.db);
    const body = (await ctx.app.inject({ method: 'GET', url: '/v1/public/users/partners/dashboard', headers })).json();
    const sum = (xs: { amount: number }[]) => xs.reduce((a, d) => a + d.amount, 0);
    // Twelve months hold the four months the products were spread over.
    expect(sum(body.newProducts.month)).toBe(10);
    expect(sum(body.classification.finishedsByMonth)).toBe(6);
    expect(body.products.classified).toBe(6);
    const spread = await q(
      `SELECT count(DISTINCT (created_at AT TIME ZONE 'America/Sao_Paulo')::date)::int AS days,
         bool_and(created_at <= updated_at) AS ordered FROM products WHERE company_id = $1`,
      [company.id],
    );
    expect(spread.rows[0].days).toBeGreaterThan(1);
    expect(spread.rows[0].ordered).toBe(true);
    // Each finalized on or after its arrival.
    const late = await q(
      `SELECT count(*)::int AS n FROM product_finalizations f JOIN products p ON p.id = f.product_id
       WHERE f.day < (p.created_at AT TIME ZONE 'America/Sao_Paulo')::date OR f.day > oversight_today()`,
    );
    expect(late.rows[0].n).toBe(0);
  });

  it('counts a product finalized twice once, on its last day, and none that is not Classified now', async () => {
    const partner = await createPartner(ctx.db);
    const company = await createCompany(ctx.db, { partnerId: partner.id, uf: 'SP' });
    const owner = await createUser(ctx.db, { role: 'PartnerOwner', partnerId: partner.id });
    const headers = bearer(await createSessionToken(ctx.db, owner.id));
    const globals = await Promise.all([1, 2, 3].map(() => createGlobalProduct(ctx.db)));
    const gtin = (i: number) => globals[i]!.gtin!.slice(1);

    // Three days ago: three products finalized on arrival (same GTIN as a global product), one left pending.
    await backdate(3);
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/v1/public/products',
      headers,
      payload: {
        companyId: company.id,
        products: [
          { internalCode: 'REFEITO', description: 'FINALIZADO, REABERTO E FINALIZADO', gtin: gtin(0) },
          { internalCode: 'REABERTO', description: 'FINALIZADO E REABERTO', gtin: gtin(1) },
          { internalCode: 'APAGADO', description: 'FINALIZADO E EXCLUIDO', gtin: gtin(2) },
          { internalCode: 'PENDENTE', description: 'NUNCA FINALIZADO' },
        ],
      },
    });
    expect(created.statusCode).toBe(200);
    await restoreToday();
    const [redone, reopened, deleted] = created.json().products;
    const statuses = await q('SELECT internal_code, status FROM products WHERE company_id = $1 ORDER BY 1', [
      company.id,
    ]);
    expect(statuses.rows.map((r) => r.status)).toEqual(['F', 'P', 'F', 'F']);

    // Today: REFEITO unbound and bound again (finalized twice), REABERTO unbound, APAGADO deleted.
    const unbind = (id: string) =>
      ctx.app.inject({ method: 'DELETE', url: `/v1/public/products/binding?productId=${id}`, headers });
    expect((await unbind(redone.id)).statusCode).toBe(200);
    expect((await unbind(reopened.id)).statusCode).toBe(200);
    const bound = await ctx.app.inject({
      method: 'POST',
      url: '/v1/public/products/binding',
      headers,
      payload: { productId: redone.id, fiscalServiceProduct: globals[0]!.code },
    });
    expect(bound.statusCode).toBe(200);
    const del = await ctx.app.inject({ method: 'DELETE', url: `/v1/public/products/${deleted.id}`, headers });
    expect(del.statusCode).toBe(200);

    const res = await ctx.app.inject({ method: 'GET', url: '/v1/public/users/partners/dashboard', headers });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const days: { amount: number }[] = body.classification.finishedsByDay;
    // REFEITO once, today; nothing left three days ago (REABERTO is pending, APAGADO gone, REFEITO moved).
    expect(days.at(-1)!.amount).toBe(1);
    expect(days.at(-4)!.amount).toBe(0);
    expect(days.reduce((a, d) => a + d.amount, 0)).toBe(1);
    // Never more finalized in the window than Classified products in the catalogue.
    expect(body.products.classified).toBe(1);
    // Arrivals stay history: four arrived three days ago, the deleted one included.
    expect(body.newProducts.day.at(-4).amount).toBe(4);
    expect(body.newProducts.day.at(-1).amount).toBe(0);
  });
});
