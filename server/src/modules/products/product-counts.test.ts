import { type TProductListFilters, ZProductListQuery } from '@app/contract';
import { drizzle } from 'drizzle-orm/node-postgres';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import {
  createCompany,
  createFiscalRule,
  createGlobalProduct,
  createProduct,
  linkMemberToCompany,
} from '../../db/factories.js';
import { COMPACT_AFTER_ROWS, compactProductCounts, countListedProducts } from './product-counts.repository.js';
import { seedProductActors, uploadProductFile } from './products.fixtures.js';
import { countProducts, listFilter } from './products.repository.js';

let ctx: TestContext;
let s: Awaited<ReturnType<typeof seedProductActors>>;

beforeAll(async () => {
  ctx = await createTestApp();
  s = await seedProductActors(ctx.db);
});

/** Every status/link filter of the page, alone and combined (for Members and for staff). */
const FLAG_SETS: Record<string, string>[] = [
  {},
  { pending: 'true' },
  { classified: 'true' },
  { returned: 'true' },
  { inAudit: 'true' },
  { audit: 'true' },
  { finished: 'true' },
  { finishedByFiscalServiceLink: 'true' },
  { binded: 'true' },
  { pending: 'true', binded: 'true' },
  { classified: 'true', returned: 'true', inAudit: 'true' },
  { returned: 'true', finishedByFiscalServiceLink: 'true' },
  { inAudit: 'true', binded: 'true' },
];

const filtersOf = (companyId: string, flags: Record<string, string>) => ({
  ...(ZProductListQuery.parse({ companyId, ...flags }) as TProductListFilters),
  text: '',
});

/** Per (status, linked): the summed deltas against count(*) of the products (committed). */
async function groups(companyId: string) {
  const q = (text: string) =>
    ctx.database.pool.query(text, [companyId]).then((r) => Object.fromEntries(r.rows.map((x) => [x.k, Number(x.n)])));
  return {
    deltas: await q(`SELECT status || linked::text AS k, sum(n) AS n FROM product_count_deltas
                     WHERE company_id = $1 GROUP BY 1 HAVING sum(n) <> 0`),
    products: await q(`SELECT status || (fiscal_service_reference_code IS NOT NULL)::text AS k, count(*) AS n
                       FROM products WHERE company_id = $1 GROUP BY 1`),
  };
}

/** The counts of every filter equal count(*) over the products, through the repository and HTTP. */
async function expectExact(companyId: string) {
  const g = await groups(companyId);
  expect(g.deltas).toEqual(g.products);
  for (const flags of FLAG_SETS) {
    for (const isMember of [true, false]) {
      const f = filtersOf(companyId, flags);
      const counted = await countProducts(ctx.db, listFilter(companyId, f, isMember));
      expect({ flags, isMember, n: await countListedProducts(ctx.db, companyId, f, isMember) }).toEqual({
        flags,
        isMember,
        n: counted,
      });
    }
  }
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/v1/public/products?companyId=${companyId}&pending=true&classified=true`,
    headers: s.headers.ownerA,
  });
  const f = filtersOf(companyId, { pending: 'true', classified: 'true' });
  expect(res.json().count).toBe(await countProducts(ctx.db, listFilter(companyId, f, false)));
}

const deltaRows = async (companyId: string) =>
  Number(
    (await ctx.database.pool.query('SELECT count(*) AS n FROM product_count_deltas WHERE company_id = $1', [companyId]))
      .rows[0].n,
  );

describe('per-company product counts, pinned by hand', () => {
  it('answer literal counts for a known catalogue (not the status rule re-derived by the test)', async () => {
    const company = await createCompany(ctx.db, { partnerId: s.partnerA.id, uf: 'SP' });
    await linkMemberToCompany(ctx.db, s.member.id, company.id);
    const rows: [string, 'P' | 'F' | 'D' | 'A', string | null][] = [
      ['P1', 'P', null],
      ['P2', 'P', 'G1'],
      ['F1', 'F', 'G2'],
      ['F2', 'F', null],
      ['D1', 'D', null],
      ['A1', 'A', 'G3'],
    ];
    for (const [internalCode, status, code] of rows) {
      await createProduct(ctx.db, { companyId: company.id, internalCode, status, fiscalServiceReferenceCode: code });
    }
    const count = async (query: string, headers: Record<string, string>) =>
      (
        await ctx.app.inject({
          method: 'GET',
          url: `/v1/public/products?companyId=${company.id}${query}`,
          headers,
        })
      ).json().count;
    // [query, staff, member]: Members never see InAudit (A1).
    const expected: [string, number, number][] = [
      ['', 6, 5],
      ['&pending=true', 2, 2],
      ['&classified=true', 2, 2],
      ['&returned=true', 1, 1],
      ['&finishedByFiscalServiceLink=true', 1, 1],
      ['&binded=true', 3, 2],
      ['&pending=true&binded=true', 1, 1],
      ['&classified=true&returned=true', 3, 3],
    ];
    const got = [];
    for (const [q] of expected) got.push([q, await count(q, s.headers.ownerA), await count(q, s.headers.member)]);
    expect(got).toEqual(expected);
  });
});

describe('per-company product counts (product_count_deltas)', () => {
  it('follow creation (classified by GTIN or pending) and an update of the same code', async () => {
    await createFiscalRule(ctx.db, { ncm: '22021000', uf: 'SP' });
    const g = await createGlobalProduct(ctx.db, { ncm: '22021000' });
    const create = (products: object[]) =>
      ctx.app.inject({
        method: 'POST',
        url: '/v1/public/products',
        headers: s.headers.member,
        payload: { companyId: s.companySP.id, products },
      });
    const res = await create([
      { internalCode: 'C-1', description: 'ÁGUA', gtin: g.gtin },
      { internalCode: 'C-2', description: 'PÃO' },
      { internalCode: 'C-3', description: 'LEITE' },
    ]);
    expect(res.json().products.map((p: { status: string }) => p.status)).toEqual(['Classified', 'Pending', 'Pending']);
    await expectExact(s.companySP.id);
    // The same code again, now with the base GTIN: an update from Pending to Classified and linked.
    await create([{ internalCode: 'C-2', description: 'PÃO FRANCÊS', gtin: g.gtin }]);
    await expectExact(s.companySP.id);
  });

  it('follow an import (inserts and updates in batches)', async () => {
    const g = await createGlobalProduct(ctx.db, { ncm: '22021000' });
    const csv = ['CodigoInterno;DescricaoProduto;GTIN/EAN', `I-1;SUCO;${g.gtin}`, 'I-2;CAFÉ;', 'C-3;LEITE B;'];
    const res = await uploadProductFile(
      ctx.app,
      s.companySP.id,
      { name: 'p.csv', content: csv.join('\r\n') },
      { headers: s.headers.member },
    );
    expect(res.json()).toMatchObject({ created: 2, updated: 1 });
    await expectExact(s.companySP.id);
  });

  it('follow status changes, bind, unbind and delete', async () => {
    const pool = ctx.database.pool;
    await pool.query(`UPDATE products SET status = 'D' WHERE company_id = $1 AND internal_code = 'C-3'`, [
      s.companySP.id,
    ]);
    await pool.query(`UPDATE products SET status = 'A' WHERE company_id = $1 AND internal_code = 'I-2'`, [
      s.companySP.id,
    ]);
    await expectExact(s.companySP.id);

    const g = await createGlobalProduct(ctx.db, { ncm: '22021000' });
    const p = await createProduct(ctx.db, { companyId: s.companySP.id, gtin: g.gtin });
    const bound = await ctx.app.inject({
      method: 'POST',
      url: '/v1/public/products/binding',
      headers: s.headers.member,
      payload: { productId: p.id, fiscalServiceProduct: g.code },
    });
    expect(bound.json()).toMatchObject({ linked: true, finalized: true });
    await expectExact(s.companySP.id);

    const unbound = await ctx.app.inject({
      method: 'DELETE',
      url: `/v1/public/products/binding?productId=${p.id}`,
      headers: s.headers.ownerA,
    });
    expect(unbound.statusCode).toBe(200);
    await expectExact(s.companySP.id);

    const deleted = await ctx.app.inject({
      method: 'DELETE',
      url: `/v1/public/products/${p.id}`,
      headers: s.headers.member,
    });
    expect(deleted.statusCode).toBe(200);
    await expectExact(s.companySP.id);
  });

  it('a count inside a transaction sees its own writes; others see them once committed', async () => {
    const companyId = s.companyRJ.id;
    const before = filtersOf(companyId, {});
    const outside = () => countListedProducts(ctx.db, companyId, before, false);
    expect(await outside()).toBe(0);
    await expect(
      ctx.db.transaction(async (tx) => {
        await createProduct(tx as unknown as TestContext['db'], { companyId });
        expect(await countListedProducts(tx, companyId, before, false)).toBe(1);
        expect(await outside()).toBe(0);
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect(await outside()).toBe(0);
    await ctx.db.transaction(async (tx) => {
      await createProduct(tx as unknown as TestContext['db'], { companyId, status: 'F' });
      await createProduct(tx as unknown as TestContext['db'], { companyId });
      expect(await countListedProducts(tx, companyId, filtersOf(companyId, { classified: 'true' }), false)).toBe(1);
      expect(await outside()).toBe(0);
    });
    expect(await outside()).toBe(2);
    await expectExact(companyId);
  });

  it(`a read folds more than ${COMPACT_AFTER_ROWS} rows into one per group, counts unchanged`, async () => {
    const company = await createCompany(ctx.db, { partnerId: s.partnerA.id, uf: 'SP' });
    for (let i = 0; i < COMPACT_AFTER_ROWS + 6; i++) {
      await createProduct(ctx.db, { companyId: company.id, status: i % 3 === 0 ? 'F' : 'P' });
    }
    expect(await deltaRows(company.id)).toBe(COMPACT_AFTER_ROWS + 6);
    await expectExact(company.id);
    expect(await deltaRows(company.id)).toBe(2);
    await expectExact(company.id);
  });

  it("the same read folds the company's dated history to one row per day; the partner's series keeps its sums", async () => {
    const q = async (text: string, params: unknown[]) => (await ctx.database.pool.query(text, params)).rows;
    const company = await createCompany(ctx.db, { partnerId: s.partnerA.id, uf: 'SP' });
    const n = COMPACT_AFTER_ROWS + 6;
    for (let i = 0; i < n; i++) await createProduct(ctx.db, { companyId: company.id, status: i % 3 === 0 ? 'F' : 'P' });
    await q(
      `INSERT INTO product_daily_counts VALUES ($1, oversight_today() - 5, 3, 1), ($1, oversight_today() - 5, 2, 0)`,
      [company.id],
    );
    const history = () =>
      q(
        `SELECT day::text, count(*)::int AS rows, sum(created)::int AS created, sum(classified)::int AS classified
         FROM product_daily_counts WHERE company_id = $1 GROUP BY day ORDER BY day`,
        [company.id],
      );
    const partnerSeries = () =>
      q(
        `SELECT p.day::text, sum(p.created)::int AS created, sum(p.classified)::int AS classified
         FROM partner_daily_counts p WHERE p.partner_id = $1 GROUP BY p.day ORDER BY p.day`,
        [s.partnerA.id],
      );
    const companiesSeries = () =>
      q(
        `SELECT d.day::text, sum(d.created)::int AS created, sum(d.classified)::int AS classified
         FROM product_daily_counts d JOIN companies c ON c.id = d.company_id WHERE c.partner_id = $1
         GROUP BY d.day ORDER BY d.day`,
        [s.partnerA.id],
      );
    const before = await history();
    expect(before.map((d) => d.rows)).toEqual([2, n]);
    await expectExact(company.id);
    const after = await history();
    expect(after).toEqual(before.map((d) => ({ ...d, rows: 1 })));
    expect(after[1]).toMatchObject({ created: n, classified: Math.ceil(n / 3) });
    expect(await partnerSeries()).toEqual(await companiesSeries());
  });

  it('two foldings at once count nothing twice; writers meanwhile are kept', async () => {
    const company = await createCompany(ctx.db, { partnerId: s.partnerA.id, uf: 'SP' });
    for (let i = 0; i < 10; i++) await createProduct(ctx.db, { companyId: company.id, status: i % 2 ? 'F' : 'D' });
    const first = await ctx.database.pool.connect();
    try {
      await first.query('BEGIN');
      await compactProductCounts(drizzle(first), company.id);
      // The second folding waits on the rows the first deleted; a writer does not wait.
      const second = compactProductCounts(ctx.db, company.id);
      await createProduct(ctx.db, { companyId: company.id, status: 'D' });
      await new Promise((r) => setTimeout(r, 100));
      await first.query('COMMIT');
      await second;
    } finally {
      first.release();
    }
    await expectExact(company.id);
    expect(await deltaRows(company.id)).toBeLessThanOrEqual(3);
  });

  it('a deleted company leaves no rows', async () => {
    const company = await createCompany(ctx.db, { partnerId: s.partnerA.id, uf: 'SP' });
    await createProduct(ctx.db, { companyId: company.id });
    await createProduct(ctx.db, { companyId: company.id, status: 'F', fiscalServiceReferenceCode: 'G-1' });
    expect(await deltaRows(company.id)).toBe(2);
    const res = await ctx.app.inject({
      method: 'DELETE',
      url: `/v1/public/companies/${company.id}`,
      headers: s.headers.admin,
    });
    expect(res.statusCode).toBe(200);
    expect(await deltaRows(company.id)).toBe(0);
    await expectExact(s.companySP.id);
  });
});
