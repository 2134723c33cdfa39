import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../../test/test-app.js';
import { createGlobalProduct, createProduct } from '../../../db/factories.js';
import { seedProductActors } from '../products.fixtures.js';

/**
 * Issue 24: the bind candidates put "FILTRO DE OLEO" first for "OLEO DE SOJA". After the exact GTIN, the
 * descriptions holding the typed words in their order come first.
 */
let ctx: TestContext;
let s: Awaited<ReturnType<typeof seedProductActors>>;

beforeAll(async () => {
  ctx = await createTestApp();
  s = await seedProductActors(ctx.db);
});

describe('GET /products/fiscalservice ranking', () => {
  it('exact GTIN first, then the words in order, then the rest', async () => {
    const filter = await createGlobalProduct(ctx.db, { description: 'FILTRO DE OLEO', ncm: '84212300' });
    const filterCar = await createGlobalProduct(ctx.db, { description: 'FILTRO DE OLEO MOTOR', ncm: '84212300' });
    const soy = await createGlobalProduct(ctx.db, { description: 'OLEO DE SOJA REFINADO 900ML', ncm: '15079011' });
    const twin = await createGlobalProduct(ctx.db, { description: 'AZEITE EXTRA VIRGEM 500ML', ncm: '15091000' });
    const product = await createProduct(ctx.db, {
      companyId: s.companySP.id,
      description: 'OLEO DE SOJA 900',
      gtin: twin.gtin,
    });
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/v1/public/products/fiscalservice?productId=${product.id}&productDescription=${encodeURIComponent('OLEO DE SOJA')}`,
      headers: s.headers.member,
    });
    expect(res.statusCode).toBe(200);
    const codes = (res.json().products as { code: string }[]).map((p) => p.code);
    expect(codes.slice(0, 2)).toEqual([twin.code, soy.code]);
    const filters = [codes.indexOf(filter.code), codes.indexOf(filterCar.code)].filter((i) => i >= 0);
    for (const at of filters) expect(at).toBeGreaterThan(1);
  });
});

describe("GET /products/fiscalservice with the modal's first two words", () => {
  // The bind-code modal searches the first two words of the product's description (firstWords in web):
  // "OLEO DE" holds as many words of "FILTRO DE OLEO" as of "OLEO DE SOJA 900ML", and the shorter text
  // has the higher trigram similarity, so the filter came first. The words in the typed order decide.
  it('puts the exact GTIN first, then the descriptions starting with the words, then the words out of order', async () => {
    const filter = await createGlobalProduct(ctx.db, { description: 'FILTRO DE OLEO', ncm: '84212300' });
    const soy = await createGlobalProduct(ctx.db, { description: 'OLEO DE SOJA 900ML', ncm: '15079011' });
    const twin = await createGlobalProduct(ctx.db, { description: 'AZEITE DE OLIVA 500ML', ncm: '15091000' });
    const product = await createProduct(ctx.db, {
      companyId: s.companySP.id,
      description: 'OLEO DE SOJA 900ML',
      gtin: twin.gtin,
    });
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/v1/public/products/fiscalservice?productId=${product.id}&productDescription=${encodeURIComponent('OLEO DE')}`,
      headers: s.headers.member,
    });
    expect(res.statusCode).toBe(200);
    const codes = (res.json().products as { code: string }[]).map((p) => p.code);
    expect(codes[0]).toBe(twin.code);
    expect(codes.indexOf(soy.code)).toBeGreaterThan(0);
    expect(codes.indexOf(filter.code)).toBeGreaterThan(codes.indexOf(soy.code));
  });
});

describe('a Member binding to a global product of another GTIN', () => {
  it('is told the product went to the partner audit and leaves their list until the decision', async () => {
    const other = await createGlobalProduct(ctx.db, { description: 'OLEO DE MILHO 900ML', ncm: '15152100' });
    const product = await createProduct(ctx.db, { companyId: s.companySP.id, description: 'OLEO MILHO' });
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/v1/public/products/binding',
      headers: s.headers.member,
      payload: { productId: product.id, fiscalServiceProduct: other.code },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ linked: true, finalized: false });
    expect(res.json().message).toMatch(/auditoria do parceiro/);
    expect(res.json().message).toMatch(/não aparece na sua lista/);
  });
});
