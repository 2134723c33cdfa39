import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { createProduct } from '../../db/factories.js';
import { seedProductActors } from './products.fixtures.js';

// Issue 13: the products list is ordered by code, description or last update, and Error products can be listed.
let ctx: TestContext;
let s: Awaited<ReturnType<typeof seedProductActors>>;

beforeAll(async () => {
  ctx = await createTestApp();
  s = await seedProductActors(ctx.db);
  const c = s.companySP.id;
  const at = (day: number) => new Date(`2025-03-${String(day).padStart(2, '0')}T12:00:00-03:00`);
  await createProduct(ctx.db, { companyId: c, internalCode: 'B-2', description: 'CAFE', updatedAt: at(3) });
  await createProduct(ctx.db, { companyId: c, internalCode: 'A-1', description: 'FEIJAO', updatedAt: at(1) });
  await createProduct(ctx.db, { companyId: c, internalCode: 'C-3', description: 'ARROZ', updatedAt: at(2) });
  await createProduct(ctx.db, {
    companyId: c,
    internalCode: 'E-1',
    description: 'SEM NCM',
    status: 'E',
    updatedAt: at(4),
  });
});

const codes = async (query: string) => {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/v1/public/products?companyId=${s.companySP.id}&${query}`,
    headers: s.headers.member,
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().objects as { internalCode: string }[]).map((o) => o.internalCode);
};

describe('GET /products order and Error filter', () => {
  it('orders by last update, newest first, by default', async () => {
    expect(await codes('')).toEqual(['E-1', 'B-2', 'C-3', 'A-1']);
    expect(await codes('sort=updatedAt&order=asc')).toEqual(['A-1', 'C-3', 'B-2', 'E-1']);
  });

  it('orders by code and by description, ascending unless asked otherwise', async () => {
    expect(await codes('sort=internalCode')).toEqual(['A-1', 'B-2', 'C-3', 'E-1']);
    expect(await codes('sort=internalCode&order=desc')).toEqual(['E-1', 'C-3', 'B-2', 'A-1']);
    expect(await codes('sort=description')).toEqual(['C-3', 'B-2', 'A-1', 'E-1']);
  });

  it('lists Error products alone or with other statuses, and counts them', async () => {
    expect(await codes('error=true')).toEqual(['E-1']);
    expect(await codes('error=true&pending=true&sort=internalCode')).toEqual(['A-1', 'B-2', 'C-3', 'E-1']);
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/v1/public/products?companyId=${s.companySP.id}&error=true`,
      headers: s.headers.member,
    });
    expect(res.json().count).toBe(1);
  });

  it('refuses an unknown order column with a Portuguese message', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/v1/public/products?companyId=${s.companySP.id}&sort=gtin;drop`,
      headers: s.headers.member,
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('Ordenação inválida.');
  });
});
