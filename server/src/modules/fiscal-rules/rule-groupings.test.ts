import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { createFiscalRule, createProduct } from '../../db/factories.js';
import { seedActors, seedReferenceCodes } from './fiscal-rules.fixtures.js';

let ctx: TestContext;
let s: Awaited<ReturnType<typeof seedActors>>;
let ids: Record<'waterRJ' | 'waterSP' | 'waterNamed' | 'soda' | 'beer', string>;

beforeAll(async () => {
  ctx = await createTestApp();
  await seedReferenceCodes(ctx.db);
  s = await seedActors(ctx.db);
  const water = { ncm: '22021000', cest: '0300700' };
  const waterSP = await createFiscalRule(ctx.db, { ...water, uf: 'SP', version: { cfopSaida: '5405' } });
  const waterRJ = await createFiscalRule(ctx.db, { ...water, uf: 'RJ', version: { aliqIcms: '12.0000' } });
  const waterNamed = await createFiscalRule(ctx.db, { ...water, uf: 'SP', description: 'Água com gás especial' });
  const soda = await createFiscalRule(ctx.db, { ncm: '22029900', uf: 'SP' });
  const beer = await createFiscalRule(ctx.db, { ncm: '22030000', uf: 'MG' });
  ids = { waterRJ: waterRJ.id, waterSP: waterSP.id, waterNamed: waterNamed.id, soda: soda.id, beer: beer.id };
  await createProduct(ctx.db, {
    companyId: s.companySP.id,
    fiscalRuleId: soda.id,
    gtin: '7891000100103',
    description: 'Refrigerante guaraná 2L',
  });
});

const get = async (query: string, headers = s.headers.ownerA) => {
  const res = await ctx.app.inject({ method: 'GET', url: `/v1/public/fiscal-rules/groupings${query}`, headers });
  expect(res.statusCode).toBe(200);
  return res.json();
};
const ruleIds = (page: { objects: { products: { id: string }[] }[] }) =>
  page.objects.flatMap((g) => g.products.map((p) => p.id));

describe('fiscal rule groupings', () => {
  it('groups rules by NCM/CEST and paginates on groups', async () => {
    const first = await get('?amountPerPage=2&page=1');
    expect(first).toMatchObject({ currentPage: 1, pages: 2, count: 3 });
    expect(first.objects.map((g: { ncm: string; cest: string | null }) => [g.ncm, g.cest])).toEqual([
      ['22021000', '0300700'],
      ['22029900', null],
    ]);
    const water = first.objects[0];
    expect(water.ncmDescription).toEqual(expect.any(String));
    expect(water.products.map((p: { id: string; uf: string; isNamed: boolean }) => [p.id, p.uf, p.isNamed])).toEqual([
      [ids.waterRJ, 'RJ', false],
      [ids.waterSP, 'SP', false],
      [ids.waterNamed, 'SP', true],
    ]);
    expect(water.products[2]).toMatchObject({ description: 'Água com gás especial', status: 'Checked' });
    expect(water.products[1]).toMatchObject({
      cfopEntrada: '1102',
      cfopSaida: '5405',
      cstICMS: '00',
      aliqICMS: '18.0000',
      pisCstSaida: '01',
      aliqPIS: '1.6500',
      aliqCOFINS: '7.6000',
      ipiCstSaida: '53',
    });
    const second = await get('?amountPerPage=2&page=2');
    expect(ruleIds(second)).toEqual([ids.beer]);
    const beyond = await get('?amountPerPage=2&page=9');
    expect(beyond).toMatchObject({ currentPage: 9, pages: 2, count: 3, objects: [] });
    const defaults = await get('');
    expect(defaults).toMatchObject({ currentPage: 1, pages: 1, count: 3 });
  });

  it('filters by rule fields', async () => {
    expect(ruleIds(await get('?uf=MG'))).toEqual([ids.beer]);
    expect(ruleIds(await get('?ncm=2202.10'))).toEqual([ids.waterRJ, ids.waterSP, ids.waterNamed]);
    expect(ruleIds(await get('?cest=03.007.00&uf=SP'))).toEqual([ids.waterSP, ids.waterNamed]);
    expect(ruleIds(await get('?cfopSaida=5405'))).toEqual([ids.waterSP]);
    expect(ruleIds(await get('?cfopEntrada=1102&uf=RJ'))).toEqual([ids.waterRJ]);
    expect(ruleIds(await get('?aliqICMS=12,00'))).toEqual([ids.waterRJ]);
    expect(ruleIds(await get('?status=Checked'))).toEqual([ids.waterNamed]);
    expect((await get('?status=Unchecked')).count).toBe(3);
    expect((await get('?status=all')).count).toBe(3);
    // accent- and case-insensitive, on the named rule's name or a linked product's description
    expect(ruleIds(await get('?productDescription=GAS ESPECIAL'))).toEqual([ids.waterNamed]);
    expect(ruleIds(await get('?productDescription=sem gás'))).toEqual([]);
    const none = await get('?ncm=9999');
    expect(none).toMatchObject({ currentPage: 1, pages: 1, count: 0, objects: [] });
  });

  it('filters by linked products only within the caller scope', async () => {
    expect(ruleIds(await get('?gtin=07891000100103'))).toEqual([ids.soda]);
    expect(ruleIds(await get('?productDescription=GUARANA'))).toEqual([ids.soda]);
    expect(ruleIds(await get('?gtin=7891000100103', s.headers.contributorB))).toEqual([]);
    expect(ruleIds(await get('?gtin=7891000100103', s.headers.admin))).toEqual([ids.soda]);
  });

  it('validates paging input', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/v1/public/fiscal-rules/groupings?page=0',
      headers: s.headers.admin,
    });
    expect(res.statusCode).toBe(400);
  });
});
