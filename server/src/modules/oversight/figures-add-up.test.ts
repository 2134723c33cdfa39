import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { createProduct } from '../../db/factories.js';
import { seedProductActors } from '../products/products.fixtures.js';

/**
 * Issue 24: products in status Error were in "Total" while no card showed them. Every figure now has its card
 * ("Com erro"): the cards add up to the total on the dashboard, its ranking and the company indicators.
 */
let ctx: TestContext;
let s: Awaited<ReturnType<typeof seedProductActors>>;

beforeAll(async () => {
  ctx = await createTestApp();
  s = await seedProductActors(ctx.db);
  const statuses = ['P', 'P', 'F', 'D', 'A', 'E', 'E', 'E'] as const;
  for (const [i, status] of statuses.entries()) {
    await createProduct(ctx.db, { companyId: s.companySP.id, internalCode: `S-${i}`, status });
  }
});

describe('figures that add up', () => {
  it('dashboard: the status slices and each ranking row add up to the totals', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/v1/public/users/partners/dashboard',
      headers: s.headers.ownerA,
    });
    expect(res.statusCode).toBe(200);
    const d = res.json();
    expect(d.products.errors).toBe(3);
    const { pendings, inAudit, refundeds, classified, errors } = d.products;
    expect(pendings + inAudit + refundeds + classified + errors).toBe(d.totalProducts);
    const row = d.companies.find((c: { companyId: string }) => c.companyId === s.companySP.id);
    expect(row).toMatchObject({ pendings: 2, inAudits: 1, returneds: 1, errors: 3, amount: 8 });
  });

  it('indicators: the cards add up to the total for staff and for a Member (no audit for Members)', async () => {
    for (const [headers, amount] of [
      [s.headers.ownerA, 8],
      [s.headers.member, 7],
    ] as const) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/v1/public/companies/indicators/common?companyId=${s.companySP.id}`,
        headers,
      });
      const p = res.json().productsIndicators;
      expect(p.errors).toBe(3);
      expect(p.amount).toBe(amount);
      expect(p.pending + p.classified + p.returned + p.inAudit + p.errors).toBe(p.amount);
    }
  });
});
