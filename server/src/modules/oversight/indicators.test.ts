import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { createGlobalProduct, createProduct } from '../../db/factories.js';
import { seedProductActors, uploadProductFile } from '../products/products.fixtures.js';

let ctx: TestContext;
let s: Awaited<ReturnType<typeof seedProductActors>>;

beforeAll(async () => {
  ctx = await createTestApp();
  s = await seedProductActors(ctx.db);
});

const indicators = (companyId: string, headers: Record<string, string>) =>
  ctx.app.inject({ method: 'GET', url: `/v1/public/companies/indicators/common?companyId=${companyId}`, headers });

async function countedByStatus(companyId: string) {
  const res = await ctx.database.pool.query(
    `SELECT count(*) FILTER (WHERE status = 'P')::int AS pending, count(*) FILTER (WHERE status = 'F')::int AS classified,
       count(*) FILTER (WHERE status = 'D')::int AS returned, count(*) FILTER (WHERE status = 'A')::int AS "inAudit",
       count(*) FILTER (WHERE status = 'E')::int AS errors,
       count(*)::int AS amount
     FROM products WHERE company_id = $1`,
    [companyId],
  );
  return res.rows[0];
}

describe('GET /companies/indicators/common', () => {
  it('equals the catalogue after creations, imports and deletions, with the batches history', async () => {
    await createGlobalProduct(ctx.db, { gtin: '07894900011517', ncm: '22021000' });
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/v1/public/products',
      headers: s.headers.member,
      payload: {
        companyId: s.companySP.id,
        products: [
          { description: 'Água', internalCode: 'A-1', gtin: '7894900011517' },
          { description: 'Outro', internalCode: 'O-1' },
        ],
      },
    });
    expect(created.statusCode).toBe(200);
    const csv = 'CodigoInterno;DescricaoProduto;GTIN/EAN\r\nI-1;UM;\r\nI-2;DOIS;\r\nI-3;TRES;7894900011517\r\n';
    const imported = await uploadProductFile(
      ctx.app,
      s.companySP.id,
      { name: 'x.csv', content: csv },
      {
        headers: s.headers.member,
      },
    );
    expect(imported.statusCode).toBeLessThan(300);
    await createProduct(ctx.db, { companyId: s.companySP.id, status: 'A' });
    await createProduct(ctx.db, { companyId: s.companySP.id, status: 'D' });
    const del = await ctx.app.inject({
      method: 'DELETE',
      url: `/v1/public/products/${created.json().products[1].id}`,
      headers: s.headers.member,
    });
    expect(del.statusCode).toBe(200);

    const res = await indicators(s.companySP.id, s.headers.ownerA);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.productsIndicators).toEqual(await countedByStatus(s.companySP.id));
    expect(body.productsIndicators).toMatchObject({ classified: 2, pending: 2, inAudit: 1, returned: 1, amount: 6 });
    expect(body.companyIndicators).toMatchObject({
      document: s.companySP.document,
      nomeFantasia: 'MERCADO SÃO JOÃO',
      uf: 'SP',
      regimeEspecial: 'N',
    });
    const hist = body.classifyProductsHistIndicators;
    expect(hist.map((h: { sent: number; classified: number }) => [h.sent, h.classified]).sort()).toEqual([
      [2, 1],
      [3, 1],
    ]);
    expect(body.consultProductsChangesHistIndicators).toEqual([]);
  });

  it("lists the change check's runs (GET /products/fiscalservice/consult) in its history, newest first", async () => {
    const consult = () =>
      ctx.app.inject({
        method: 'GET',
        url: `/v1/public/products/fiscalservice/consult?company=${s.companySP.id}`,
        headers: s.headers.ownerA,
      });
    const first = await consult();
    expect(first.statusCode).toBe(200);
    const second = await consult();
    expect(second.statusCode).toBe(200);
    const body = (await indicators(s.companySP.id, s.headers.ownerA)).json();
    const hist = body.consultProductsChangesHistIndicators;
    expect(hist).toHaveLength(2);
    const { amount, missing, changed, finished } = second.json();
    expect(hist[0]).toMatchObject({ amount, missing, changed, finished });
    expect(amount).toBeGreaterThan(0); // the GTIN-linked products of the first test
    expect(Date.parse(hist[0].createdAt)).toBeGreaterThanOrEqual(Date.parse(hist[1].createdAt));
    expect((await indicators(s.companySP.id, s.headers.member)).json().consultProductsChangesHistIndicators).toEqual(
      [],
    );
  });

  it('a Member sees neither products in audit nor the histories', async () => {
    const res = await indicators(s.companySP.id, s.headers.member);
    expect(res.statusCode).toBe(200);
    const counted = await countedByStatus(s.companySP.id);
    expect(res.json().productsIndicators).toEqual({ ...counted, inAudit: 0, amount: counted.amount - counted.inAudit });
    expect(res.json().classifyProductsHistIndicators).toEqual([]);
  });

  it('another company answers 404 (Member not linked, other partner) and a blocked one 403 to Members', async () => {
    expect((await indicators(s.companyRJ.id, s.headers.member)).statusCode).toBe(404);
    expect((await indicators(s.companyB.id, s.headers.member)).statusCode).toBe(404);
    expect((await indicators(s.companySP.id, s.headers.ownerB)).statusCode).toBe(404);
    expect((await indicators(s.companySP.id, s.headers.unlinked)).statusCode).toBe(404);
    const blocked = await indicators(s.blocked.id, s.headers.member);
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().code).toBe('COMPANY_BLOCKED');
    expect((await indicators(s.blocked.id, s.headers.ownerA)).statusCode).toBe(200);
    expect((await indicators(s.companyB.id, s.headers.admin)).statusCode).toBe(200);
    const bad = await indicators('nao-e-um-id', s.headers.ownerA);
    expect(bad.statusCode).toBe(400);
  });
});
