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

const similar = (text: string) =>
  descriptions(`uf=SP&field=Descrição&searchPattern=SIMILAR&text=${encodeURIComponent(text)}`, s.headers.ownerA);

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

describe('SIMILAR word correction (docs/decisions/010-similar-word-correction.md)', () => {
  beforeAll(async () => {
    for (const description of [
      'QUEIJO MUÇARELA FATIADO 150G',
      'QUEIJO MUÇARELA PEÇA 1KG',
      'QUEIJO PRATO FATIADO 150G',
      'MUSSE DE MARACUJÁ',
      'CAFÉ TORRADO E MOÍDO 500G',
      'CAFÉ SOLÚVEL 200G',
      'TORRADA INTEGRAL 160G',
    ]) {
      await createGlobalProduct(ctx.db, { description, ncm: '04061010' });
    }
  });

  it('a typo’d word is replaced by the closest word of the base', async () => {
    const found = await similar('queijo mussarela');
    expect(found.slice(0, 2).sort()).toEqual(['QUEIJO MUÇARELA FATIADO 150G', 'QUEIJO MUÇARELA PEÇA 1KG']);
    // Rows holding only one of the words come after the ones holding both.
    expect(found).toContain('QUEIJO PRATO FATIADO 150G');
    expect(found).not.toContain('MUSSE DE MARACUJÁ');
    expect((await similar('mussarela')).sort()).toEqual(['QUEIJO MUÇARELA FATIADO 150G', 'QUEIJO MUÇARELA PEÇA 1KG']);
    expect((await similar('cafe torado'))[0]).toBe('CAFÉ TORRADO E MOÍDO 500G');
  });

  it('an unknown word is ignored; nothing known left → no rows', async () => {
    expect(await similar('cafe torrado qwxz')).toEqual(await similar('cafe torrado'));
    const none = await search('uf=SP&field=Descrição&searchPattern=SIMILAR&text=qwxz%20zzkj', s.headers.ownerA);
    expect(none.json()).toMatchObject({ currentPage: 1, pages: 1, objects: [] });
  });

  it('exact words rank first and a known word is never corrected to a more common one', async () => {
    const found = await similar('cafe torrado');
    expect(found[0]).toBe('CAFÉ TORRADO E MOÍDO 500G');
    expect(found.slice(1).sort()).toEqual(['CAFÉ SOLÚVEL 200G']);
    // "torrada" is in the base: it stays, it does not become "torrado".
    expect(await similar('torrada')).toEqual(['TORRADA INTEGRAL 160G']);
  });

  it('short words and words with digits are kept only when the base has them', async () => {
    // "5000ml" would be corrected to "500ml" (similarity 0.57) and "qx" to nothing close: both dropped.
    expect((await similar('agua 500ml'))[0]).toBe('ÁGUA MINERAL SEM GÁS 500ML');
    expect(await similar('agua 5000ml')).toEqual(await similar('agua'));
    expect(await similar('queijo prato qx')).toEqual(await similar('queijo prato'));
  });

  it('other patterns do not correct words', async () => {
    const base = 'uf=SP&field=Descri%C3%A7%C3%A3o&text=';
    expect(await descriptions(`${base}queijo%20mussarela&searchPattern=INICIA%20COM`, s.headers.ownerA)).toEqual([]);
    expect(await descriptions(`${base}queijo%20mu%C3%A7arela&searchPattern=INICIA%20COM`, s.headers.ownerA)).toEqual([
      'QUEIJO MUÇARELA FATIADO 150G',
      'QUEIJO MUÇARELA PEÇA 1KG',
    ]);
    expect(
      await descriptions(`${base}mussarela%20pe%C3%A7a%201kg&searchPattern=TERMINA%20COM`, s.headers.ownerA),
    ).toEqual([]);
    expect(await descriptions(`${base}musse%20de%20maracuja&searchPattern=IGUAL`, s.headers.ownerA)).toEqual([
      'MUSSE DE MARACUJÁ',
    ]);
  });
});

describe('word dictionary of the global base', () => {
  const counts = async (...words: string[]) => {
    const res = await ctx.database.pool.query<{ word: string; products: number }>(
      'SELECT word, products FROM global_product_words WHERE word = ANY($1) ORDER BY word',
      [words],
    );
    return Object.fromEntries(res.rows.map((r) => [r.word, r.products]));
  };
  /** Words whose count differs from a recount of the whole base (either side). */
  const drift = async () =>
    (
      await ctx.database.pool.query(`
        WITH recount AS (
          SELECT w.word, count(*)::int AS products FROM global_products g
          CROSS JOIN LATERAL (SELECT DISTINCT unnest(description_words(g.description)) AS word) w GROUP BY w.word)
        (SELECT * FROM recount EXCEPT SELECT * FROM global_product_words)
        UNION ALL (SELECT * FROM global_product_words EXCEPT SELECT * FROM recount)`)
    ).rows;
  const load = (csv: string) => loadGlobalProducts(ctx.db, Readable.from([Buffer.from(csv)]));

  it('follows the loader: new words, renamed descriptions, counts once per product', async () => {
    const before = await counts('queijo');
    await load(
      'Codigo;Descricao;GTIN;NCM\nW1;QUEIJO COALHO ESPETO ESPETO;;04069000\nW2;QUEIJO COALHO BARRA;;04069000\n',
    );
    expect(await counts('queijo', 'coalho', 'espeto', 'barra')).toEqual({
      queijo: (before.queijo ?? 0) + 2,
      coalho: 2,
      espeto: 1,
      barra: 1,
    });
    expect(await similar('coalio')).toEqual(['QUEIJO COALHO BARRA', 'QUEIJO COALHO ESPETO ESPETO']);
    // A reload renames W1: its old words go (espeto had no other product), the new ones come.
    await load('Codigo;Descricao;GTIN;NCM\nW1;QUEIJO MINAS FRESCAL;;04069000\nW2;QUEIJO COALHO BARRA;;04069000\n');
    expect(await counts('queijo', 'coalho', 'espeto', 'barra', 'minas', 'frescal')).toEqual({
      queijo: (before.queijo ?? 0) + 2,
      coalho: 1,
      barra: 1,
      minas: 1,
      frescal: 1,
    });
    expect(await similar('espetu')).toEqual([]);
    expect(await drift()).toEqual([]);
  });

  it('follows direct SQL inserts, updates and deletes', async () => {
    const { pool } = ctx.database;
    await pool.query(`INSERT INTO global_products (code, description, ncm)
      SELECT 'WS' || n, 'PIPOCA DOCE ' || n, '19041000' FROM generate_series(1, 3) n`);
    expect(await counts('pipoca', 'doce')).toEqual({ pipoca: 3, doce: 3 });
    await pool.query(`UPDATE global_products SET description = 'PIPOCA SALGADA' WHERE code = 'WS1'`);
    // Columns other than the description leave the dictionary as it is.
    await pool.query(`UPDATE global_products SET ncm = '19041010' WHERE code LIKE 'WS%'`);
    expect(await counts('pipoca', 'doce', 'salgada')).toEqual({ pipoca: 3, doce: 2, salgada: 1 });
    await pool.query(`DELETE FROM global_products WHERE code IN ('WS2', 'WS3')`);
    expect(await counts('pipoca', 'doce', 'salgada', '2', '3')).toEqual({ pipoca: 1, salgada: 1 });
    expect(await similar('pipoka doce')).toEqual(['PIPOCA SALGADA']);
    expect(await drift()).toEqual([]);
  });

  it('is emptied by a TRUNCATE of the base', async () => {
    const client = await ctx.database.pool.connect();
    try {
      await client.query('BEGIN');
      await client.query('TRUNCATE global_products CASCADE');
      const left = await client.query('SELECT count(*)::int AS n FROM global_product_words');
      expect(left.rows[0].n).toBe(0);
    } finally {
      await client.query('ROLLBACK');
      client.release();
    }
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
