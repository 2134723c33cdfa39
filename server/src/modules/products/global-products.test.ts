import { Readable } from 'node:stream';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { createFiscalRule, createGlobalProduct, createProduct } from '../../db/factories.js';
import { loadGlobalProducts } from './global/load-global-products.js';
import { seedProductActors } from './products.fixtures.js';

let ctx: TestContext;
let s: Awaited<ReturnType<typeof seedProductActors>>;
let agua: Awaited<ReturnType<typeof createGlobalProduct>>;
let ruleSP: Awaited<ReturnType<typeof createFiscalRule>>;

beforeAll(async () => {
  ctx = await createTestApp();
  s = await seedProductActors(ctx.db);
  ruleSP = await createFiscalRule(ctx.db, {
    ncm: '22021000',
    uf: 'SP',
    version: {
      aliqIcms: '18.0000',
      redBcIcms: '10.0000',
      cstIcms: '00',
      cstCsosn: '102',
      pisCstSaida: '01',
      nri: '001',
    },
  });
  agua = await createGlobalProduct(ctx.db, {
    description: 'ÁGUA MINERAL SEM GÁS 500ML',
    gtin: '07894900011517',
    ncm: '22021000',
  });
  await createGlobalProduct(ctx.db, { description: 'AGUA TONICA LATA', gtin: '00036000291452', ncm: '22021000' });
  await createGlobalProduct(ctx.db, { description: 'REFRIGERANTE DE GUARANÁ', gtin: null, ncm: '22029900' });
  await createGlobalProduct(ctx.db, { description: 'CERVEJA PILSEN', ncm: '22030000' });
  await createProduct(ctx.db, {
    companyId: s.companySP.id,
    internalCode: 'MY',
    description: 'minha água',
    status: 'F',
    fiscalServiceReferenceCode: agua.code,
  });
});

const search = (query: string, headers = s.headers.member) =>
  ctx.app.inject({ method: 'GET', url: `/v1/public/products/global?${query}`, headers });
const descriptions = async (query: string, headers = s.headers.member) => {
  const res = await search(query, headers);
  expect(res.statusCode).toBe(200);
  return (res.json().objects as { description: string }[]).map((o) => o.description);
};

describe('GET /products/global', () => {
  it('answers the required-field and digits-only messages', async () => {
    const noUf = await search('field=GTIN&text=789', s.headers.ownerA);
    expect(noUf.statusCode).toBe(400);
    expect(noUf.json().detail).toBe('Selecione uma UF!');
    const noText = await search('uf=SP&field=GTIN&text=', s.headers.ownerA);
    expect(noText.json().detail).toBe('Preencha o campo de texto da pesquisa!');
    const letters = await search('uf=SP&field=NCM&text=22a', s.headers.ownerA);
    expect(letters.statusCode).toBe(400);
    expect(letters.json().detail).toBe('Preencha o campo de pesquisa somente com números!');
  });

  it('Descrição patterns are accent- and case-insensitive; numeric codes accepted', async () => {
    const base = 'uf=SP&field=Descri%C3%A7%C3%A3o&text=';
    expect((await descriptions(`${base}agua&searchPattern=INICIA%20COM`, s.headers.ownerA)).sort()).toEqual([
      'AGUA TONICA LATA',
      'ÁGUA MINERAL SEM GÁS 500ML',
    ]);
    expect(await descriptions(`${base}agua%20tonica%20lata&searchPattern=IGUAL`, s.headers.ownerA)).toEqual([
      'AGUA TONICA LATA',
    ]);
    expect(await descriptions(`${base}guarana&searchPattern=TERMINA%20COM`, s.headers.ownerA)).toEqual([
      'REFRIGERANTE DE GUARANÁ',
    ]);
    expect(await descriptions('uf=SP&field=2&text=cerveja&searchPattern=2', s.headers.ownerA)).toEqual([
      'CERVEJA PILSEN',
    ]);
  });

  it('SIMILAR ranks by trigram similarity, tolerating typos', async () => {
    const found = await descriptions(
      'uf=SP&field=Descrição&text=agua mineral sem gas&searchPattern=SIMILAR',
      s.headers.ownerA,
    );
    expect(found[0]).toBe('ÁGUA MINERAL SEM GÁS 500ML');
    const typo = await descriptions(
      'uf=SP&field=Descrição&text=refrigerante guarama&searchPattern=SIMILAR',
      s.headers.ownerA,
    );
    expect(typo[0]).toBe('REFRIGERANTE DE GUARANÁ');
  });

  it('SIMILAR shows the best 250 matches at most (10 pages), closest first', async () => {
    // 300 near matches ("MARIANA" is not quite "maria"), one exact match, one unrelated product.
    await ctx.database.pool.query(`INSERT INTO global_products (code, description, ncm)
      SELECT 'BM' || n, 'BOLACHA MARIANA ' || lpad(n::text, 3, '0'), '19053100' FROM generate_series(1, 300) n`);
    await createGlobalProduct(ctx.db, { description: 'BOLACHA MARIA 200G', ncm: '19053100' });
    await createGlobalProduct(ctx.db, { description: 'PARAFUSO SEXTAVADO', ncm: '73181500' });
    const query = (page: number) =>
      search(`uf=SP&field=Descrição&text=bolacha maria&searchPattern=SIMILAR&page=${page}`, s.headers.ownerA);
    const first = (await query(1)).json();
    expect(first.pages).toBe(10);
    expect(first.objects).toHaveLength(25);
    expect(first.objects[0].description).toBe('BOLACHA MARIA 200G');
    expect(first.objects[1].description).toMatch(/^BOLACHA MARIANA \d{3}$/);
    const last = (await query(10)).json();
    expect(last).toMatchObject({ currentPage: 10, pages: 10 });
    expect(last.objects).toHaveLength(25);
    const seen = new Set<string>();
    for (let p = 1; p <= 10; p++) for (const o of (await query(p)).json().objects) seen.add(o.id);
    expect(seen.size).toBe(250);
    expect((await query(11)).json().objects).toEqual([]);
  });

  it('GTIN and NCM search by prefix (INICIA COM forced), GTIN typed without padding', async () => {
    expect(await descriptions('uf=SP&field=GTIN&text=7894900&searchPattern=SIMILAR', s.headers.ownerA)).toEqual([
      'ÁGUA MINERAL SEM GÁS 500ML',
    ]);
    expect(await descriptions('uf=SP&field=NCM&text=2202.99', s.headers.ownerA)).toEqual(['REFRIGERANTE DE GUARANÁ']);
  });

  it('rule columns for the UF, the my flag for the member company, paging', async () => {
    const res = await search(`companyId=${s.companySP.id}&uf=RJ&field=GTIN&text=7894900011517`);
    const page = res.json();
    expect(page).toMatchObject({ currentPage: 1, pages: 1 });
    // Member side: the company's UF (SP) applies; the company is Simples Nacional → CSOSN.
    expect(page.objects[0]).toMatchObject({
      id: agua.id,
      code: agua.code,
      gtin: '07894900011517',
      ncm: '22021000',
      piscofins: '01',
      nri: '001',
      csticmscsosn: '102',
      icms: '18.0000',
      redICMS: '10.0000',
      my: true,
      fiscalRuleId: ruleSP.id,
    });
    const partner = await search('uf=RJ&field=GTIN&text=7894900011517', s.headers.ownerA);
    expect(partner.json().objects[0]).toMatchObject({ my: false, fiscalRuleId: null, icms: null });
    const foreign = await search(`companyId=${s.companyB.id}&uf=SP&field=GTIN&text=789`);
    expect(foreign.statusCode).toBe(404);
  });
});

describe('global base loader', () => {
  it('loads a CSV by code, normalising GTINs and skipping invalid lines; a reload updates', async () => {
    const csv =
      'Codigo;Descricao;GTIN;NCM;CEST\nL1;LEITE INTEGRAL;7891000100103;0401.10.10;\nL2;RUIM;7891000100104;04011010;\nL3;SEM NCM;;;\n';
    const r = await loadGlobalProducts(ctx.db, Readable.from([Buffer.from(csv)]));
    expect(r).toMatchObject({ received: 3, saved: 1 });
    expect(r.invalid).toEqual([
      { line: 3, reason: 'GTIN inválido: dígito verificador incorreto.' },
      { line: 4, reason: 'NCM inválido.' },
    ]);
    await loadGlobalProducts(
      ctx.db,
      Readable.from([Buffer.from('Codigo;Descricao;GTIN;NCM\nL1;LEITE UHT;7891000100103;04011010\n')]),
    );
    const row = await ctx.database.pool.query("SELECT description, gtin, ncm FROM global_products WHERE code = 'L1'");
    expect(row.rows).toEqual([{ description: 'LEITE UHT', gtin: '07891000100103', ncm: '04011010' }]);
  });
});

describe('OpenAPI', () => {
  it('documents every products call with its schemas', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = res.json().paths;
    expect(paths['/v1/public/products']?.get?.parameters?.length).toBeGreaterThan(5);
    expect(paths['/v1/public/products']?.post?.requestBody).toBeTruthy();
    for (const p of [
      '/v1/public/products/global',
      '/v1/public/products/export',
      '/v1/public/products/importhistory',
      '/v1/public/products/import/{importId}/errors',
      '/v1/public/products/{id}/audits',
      '/v1/public/products/audits',
    ]) {
      expect(paths[p]?.get, p).toBeTruthy();
    }
    expect(paths['/v1/public/products/import']?.post).toBeTruthy();
    expect(paths['/v1/public/products/binding']?.post?.requestBody).toBeTruthy();
    expect(paths['/v1/public/products/binding']?.delete).toBeTruthy();
    expect(paths['/v1/public/products/{id}']?.delete).toBeTruthy();
  });
});
