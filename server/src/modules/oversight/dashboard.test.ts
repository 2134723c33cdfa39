import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { createCompany, createFiscalRule, createGlobalProduct, createPartner } from '../../db/factories.js';
import { seedProductActors, uploadProductFile } from '../products/products.fixtures.js';

let ctx: TestContext;
let s: Awaited<ReturnType<typeof seedProductActors>>;

beforeAll(async () => {
  ctx = await createTestApp();
  s = await seedProductActors(ctx.db);
});

const dashboard = (headers: Record<string, string>) =>
  ctx.app.inject({ method: 'GET', url: '/v1/public/users/partners/dashboard', headers });
const create = (companyId: string, items: object[], headers = s.headers.ownerA) =>
  ctx.app.inject({ method: 'POST', url: '/v1/public/products', headers, payload: { companyId, products: items } });

/** The figures counted over the catalogue itself: what the counters must equal. */
async function countedCatalogue(partnerId: string | null) {
  const res = await ctx.database.pool.query(
    `SELECT c.id AS "companyId",
       count(p.*) FILTER (WHERE p.status = 'P')::int AS pendings, count(p.*) FILTER (WHERE p.status = 'A')::int AS "inAudits",
       count(p.*) FILTER (WHERE p.status = 'D')::int AS returneds, count(p.*) FILTER (WHERE p.status = 'F')::int AS classified,
       count(p.*) FILTER (WHERE p.status = 'E')::int AS errors,
       count(p.*)::int AS amount,
       count(p.*) FILTER (WHERE p.fiscal_rule_id IS NOT NULL AND p.fiscal_rule_status = 'Checked')::int AS checked,
       count(p.*) FILTER (WHERE p.fiscal_rule_id IS NOT NULL AND p.fiscal_rule_status IS DISTINCT FROM 'Checked')::int AS unchecked
     FROM companies c LEFT JOIN products p ON p.company_id = c.id
     WHERE $1::uuid IS NULL OR c.partner_id = $1 GROUP BY c.id`,
    [partnerId],
  );
  return res.rows as Record<string, number | string>[];
}

async function expectFiguresEqualCatalogue(headers: Record<string, string>, partnerId: string | null) {
  const res = await dashboard(headers);
  expect(res.statusCode).toBe(200);
  const body = res.json();
  const rows = await countedCatalogue(partnerId);
  const sum = (k: string) => rows.reduce((a, r) => a + Number(r[k]), 0);
  expect(body.totalProducts).toBe(sum('amount'));
  expect(body.products).toEqual({
    pendings: sum('pendings'),
    inAudit: sum('inAudits'),
    refundeds: sum('returneds'),
    classified: sum('classified'),
    errors: sum('errors'),
  });
  expect(body.productFiscalRules).toEqual({ checked: sum('checked'), unchecked: sum('unchecked') });
  const byId = new Map(rows.map((r) => [r.companyId, r]));
  expect(body.companies).toHaveLength(rows.length);
  for (const c of body.companies) {
    const r = byId.get(c.companyId)!;
    expect(c).toMatchObject({ pendings: r.pendings, inAudits: r.inAudits, returneds: r.returneds, amount: r.amount });
  }
  return body;
}

describe('GET /users/partners/dashboard', () => {
  it('equals the catalogue after creations, imports, bindings, rule links and deletions', async () => {
    await createGlobalProduct(ctx.db, { gtin: '07894900011517', ncm: '22021000', cest: '0300700' });
    await createGlobalProduct(ctx.db, { code: 'OTHER-1', gtin: '07891000100103', ncm: '22021000' });
    const created = await create(s.companySP.id, [
      { description: 'Água', internalCode: 'A-1', gtin: '7894900011517' },
      { description: 'Sem par 1', internalCode: 'P-1' },
      { description: 'Sem par 2', internalCode: 'P-2' },
      { description: 'Sem par 3', internalCode: 'P-3' },
    ]);
    expect(created.statusCode).toBe(200);
    const [a1, p1, p2, p3] = created.json().products;
    const csv = 'CodigoInterno;DescricaoProduto;GTIN/EAN\r\nI-1;IMPORTADO UM;7894900011517\r\nI-2;IMPORTADO DOIS;\r\n';
    const imported = await uploadProductFile(
      ctx.app,
      s.companyRJ.id,
      { name: 'a.csv', content: csv },
      {
        headers: s.headers.ownerA,
      },
    );
    expect(imported.statusCode).toBeLessThan(300);
    await create(s.companyB.id, [{ description: 'De B', internalCode: 'B-1' }], s.headers.ownerB);
    await expectFiguresEqualCatalogue(s.headers.ownerA, s.partnerA.id);

    // Binding to a global product of another GTIN: in audit; unbinding a classified product: pending.
    const bind = (productId: string, code: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/v1/public/products/binding',
        headers: s.headers.member,
        payload: { productId, fiscalServiceProduct: code },
      });
    expect((await bind(p1.id, 'OTHER-1')).statusCode).toBe(200);
    const unbind = await ctx.app.inject({
      method: 'DELETE',
      url: `/v1/public/products/binding?productId=${a1.id}`,
      headers: s.headers.ownerA,
    });
    expect(unbind.statusCode).toBe(200);
    const rule = await createFiscalRule(ctx.db, {
      ncm: '22021000',
      cest: '0300700',
      uf: 'SP',
      description: 'Regra SP',
    });
    const link = await ctx.app.inject({
      method: 'PUT',
      url: '/v1/public/fiscal-rules/products/link',
      headers: s.headers.ownerA,
      payload: { fiscalRuleId: rule.id, uf: 'SP', productsId: [p3.id] },
    });
    expect(link.statusCode).toBe(200);
    const del = await ctx.app.inject({
      method: 'DELETE',
      url: `/v1/public/products/${p2.id}`,
      headers: s.headers.member,
    });
    expect(del.statusCode).toBe(200);

    const body = await expectFiguresEqualCatalogue(s.headers.ownerA, s.partnerA.id);
    expect(body.products.inAudit).toBe(1);
    expect(body.productFiscalRules.unchecked).toBeGreaterThan(0);
    // Companies by pendings, descending.
    const pendings = body.companies.map((c: { pendings: number }) => c.pendings);
    expect(pendings).toEqual([...pendings].sort((a, b) => b - a));
    // Today's arrivals and classifications (history: the deleted product still arrived today).
    const today = body.newProducts.day.at(-1);
    expect(today.amount).toBe(6);
    expect(body.newProducts.day).toHaveLength(30);
    expect(body.newProducts.week).toHaveLength(12);
    expect(body.newProducts.month).toHaveLength(12);
    const classifiedToday = body.classification.finishedsByDay.at(-1).amount;
    // I-1 by GTIN at arrival and P-3 linked to a rule; A-1, classified at arrival and then unbound, is not
    // a finalized product any more (decision 067).
    expect(classifiedToday).toBe(2);
    expect(body.classification.finishedsByMonth.at(-1).amount).toBe(2);
    expect(body.tickets).toEqual({ open: 0, pending: 0, closed: 0 });
    const rules = await ctx.database.pool.query(
      `SELECT count(*) FILTER (WHERE status = 'Checked')::int AS checked,
         count(*) FILTER (WHERE status = 'Unchecked')::int AS unchecked FROM fiscal_rules`,
    );
    expect(body.fiscalRules).toEqual(rules.rows[0]);
    expect(body.fiscalRules.checked + body.fiscalRules.unchecked).toBeGreaterThan(0);
  });

  it('partner staff never see another partner; Admin sees every partner', async () => {
    const a = await dashboard(s.headers.ownerA);
    const b = await dashboard(s.headers.ownerB);
    const idsA = a.json().companies.map((c: { companyId: string }) => c.companyId);
    const idsB = b.json().companies.map((c: { companyId: string }) => c.companyId);
    expect(idsA).toContain(s.companySP.id);
    expect(idsA).not.toContain(s.companyB.id);
    expect(idsB).toEqual([s.companyB.id]);
    expect(b.json().totalProducts).toBe(1);
    await expectFiguresEqualCatalogue(s.headers.ownerB, s.partnerB.id);
    const admin = await expectFiguresEqualCatalogue(s.headers.admin, null);
    expect(admin.totalProducts).toBe(a.json().totalProducts + 1);
  });

  it('a Member gets 403', async () => {
    const res = await dashboard(s.headers.member);
    expect(res.statusCode).toBe(403);
  });

  it('stays exact after its counters are folded', async () => {
    const company = await createCompany(ctx.db, { partnerId: s.partnerB.id, uf: 'SP' });
    for (let i = 0; i < 70; i++)
      await create(company.id, [{ description: `Item ${i}`, internalCode: `F-${i}` }], s.headers.ownerB);
    await expectFiguresEqualCatalogue(s.headers.ownerB, s.partnerB.id);
    // the dashboard read the partner's rows (0563) and folded them: one per day
    const folded = await ctx.database.pool.query(
      'SELECT count(*)::int AS n FROM partner_daily_counts WHERE partner_id = $1',
      [s.partnerB.id],
    );
    expect(folded.rows[0].n).toBe(1);
    const again = await expectFiguresEqualCatalogue(s.headers.ownerB, s.partnerB.id);
    expect(again.newProducts.day.at(-1).amount).toBe(71);
  });

  it("the series per partner equals its companies' dated history, also after a company is deleted", async () => {
    const q = (text: string, params: unknown[] = []) => ctx.database.pool.query(text, params);
    const partner = (await createPartner(ctx.db)).id;
    const [one, two] = [
      await createCompany(ctx.db, { partnerId: partner, uf: 'SP' }),
      await createCompany(ctx.db, { partnerId: partner, uf: 'RJ' }),
    ];
    // a dated history written straight into the per-company table, as the demo seed does
    await q(
      `INSERT INTO product_daily_counts (company_id, day, created, classified)
       VALUES ($1, oversight_today() - 3, 5, 2), ($2, oversight_today() - 3, 7, 1), ($2, oversight_today() - 40, 4, 4)`,
      [one.id, two.id],
    );
    const series = async () =>
      (
        await q(
          `SELECT day::text, sum(created)::int AS created, sum(classified)::int AS classified
           FROM partner_daily_counts WHERE partner_id = $1 GROUP BY day HAVING sum(created) <> 0 OR sum(classified) <> 0
           ORDER BY day`,
          [partner],
        )
      ).rows;
    const history = async () =>
      (
        await q(
          `SELECT d.day::text, sum(d.created)::int AS created, sum(d.classified)::int AS classified
           FROM product_daily_counts d JOIN companies c ON c.id = d.company_id WHERE c.partner_id = $1
           GROUP BY d.day ORDER BY d.day`,
          [partner],
        )
      ).rows;
    expect(await series()).toHaveLength(2);
    expect(await series()).toEqual(await history());
    await q('DELETE FROM companies WHERE id = $1', [two.id]);
    expect(await series()).toEqual([
      { day: (await q('SELECT (oversight_today() - 3)::text AS d')).rows[0].d, created: 5, classified: 2 },
    ]);
    expect(await series()).toEqual(await history());
  });
});
