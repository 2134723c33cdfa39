import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../../test/test-app.js';
import { createCompany } from '../../../db/factories.js';
import { seedProductActors } from '../../products/products.fixtures.js';

/**
 * Partner-wide SIMILAR reads a per-partner list of Pending descriptions (0590, decision 029) instead of
 * every Pending row. Whatever writes the products, its answer must stay the one of the definition: the
 * partner's Pending products with word similarity ≥ 0.4, best first, then newest, at most 250 — compared
 * here with that definition computed straight over the products table.
 */
let ctx: TestContext;
let s: Awaited<ReturnType<typeof seedProductActors>>;
let third: { id: string };

const TEXT = 'cafe torardo';

beforeAll(async () => {
  ctx = await createTestApp();
  s = await seedProductActors(ctx.db);
  third = await createCompany(ctx.db, { partnerId: s.partnerA.id, uf: 'MG' });
  // 3 companies of partner A and one of partner B; the same descriptions repeated across companies, ties on
  // the score broken by the creation date, Classified rows, and more than 250 matches in all.
  await ctx.db.execute(sql`
    INSERT INTO products (company_id, internal_code, description, status, created_at)
    SELECT c.id, 'S' || n, (ARRAY['CAFÉ TORRADO TRADICIONAL 500G', 'CAFE TORRADO EXTRA FORTE', 'Café torrado e moído 250g',
        'CAFE SOLUVEL', 'CAFETEIRA ELETRICA', 'TORRADA INTEGRAL', 'CHA MATE TORRADO', 'AÇÚCAR REFINADO'])[1 + n % 8],
      CASE WHEN n % 7 = 0 THEN 'F' ELSE 'P' END, timestamptz '2026-01-01' + (n * 37 % 500) * interval '1 hour'
    FROM (VALUES (${s.companySP.id}::uuid), (${s.companyRJ.id}::uuid), (${third.id}::uuid), (${s.companyB.id}::uuid)) c(id),
      generate_series(1, 300) n`);
});

const page = async (headers: Record<string, string>, n: number, companyId?: string) => {
  const q = new URLSearchParams({ field: '2', searchPattern: '4', text: TEXT, page: String(n) });
  if (companyId) q.set('companyId', companyId);
  const res = await ctx.app.inject({ method: 'GET', url: `/v1/public/products/globalpending?${q}`, headers });
  expect(res.statusCode).toBe(200);
  return res.json() as { count: number; pages: number; objects: { idProduct: string }[] };
};

/** Every page of the answer, in order. */
async function answer(headers: Record<string, string>) {
  const first = await page(headers, 1);
  const ids = first.objects.map((o) => o.idProduct);
  for (let n = 2; n <= first.pages; n++) ids.push(...(await page(headers, n)).objects.map((o) => o.idProduct));
  return { count: first.count, ids };
}

/** The definition over the products table: word similarity ≥ 0.4, best first, newest next, 250 at most. */
async function definition(partnerId: string) {
  const res = await ctx.db.execute<{ id: string }>(sql`
    SELECT p.id FROM products p JOIN companies c ON c.id = p.company_id
    WHERE c.partner_id = ${partnerId} AND p.status = 'P'
      AND word_similarity(f_unaccent(lower(${TEXT}::text)), p.description_search) >= 0.4
    ORDER BY word_similarity(f_unaccent(lower(${TEXT}::text)), p.description_search) DESC, p.created_at DESC, p.id
    LIMIT 250`);
  return res.rows.map((r) => r.id);
}

const prune = (partnerId: string) =>
  ctx.db.execute<{ n: number | null }>(sql`SELECT prune_pending_descriptions(${partnerId}::uuid) AS n`);

describe('partner-wide SIMILAR', () => {
  it('answers the best 250 by word similarity, then newest, as the definition over the products', async () => {
    const expected = await definition(s.partnerA.id);
    expect(expected).toHaveLength(250); // more matches than that: the cap and the tie order both matter
    const got = await answer(s.headers.ownerA);
    expect(got.count).toBe(250);
    expect(got.ids).toEqual(expected);
    // Partner B's own answer holds none of partner A's products.
    const b = await answer(s.headers.ownerB);
    expect(b.ids).toEqual(await definition(s.partnerB.id));
    expect(b.ids.some((id) => got.ids.includes(id))).toBe(false);
  });

  it('follows every write that makes a product Pending or changes its description', async () => {
    const newest = '2027-01-01T00:00:00Z'; // after every seeded date
    // A Classified product back to Pending, a Pending one renamed to a better match, a new Pending product
    // with a description no other product has, a Pending one classified: each moves the answer.
    await ctx.db.execute(sql`
      UPDATE products SET status = 'P', created_at = ${newest}::timestamptz
      WHERE id = (SELECT id FROM products WHERE company_id = ${third.id} AND status = 'F' ORDER BY internal_code LIMIT 1)`);
    await ctx.db.execute(sql`
      UPDATE products SET description = 'CAFE TORARDO ESPECIAL', created_at = ${newest}::timestamptz - interval '1 minute'
      WHERE id = (SELECT id FROM products WHERE company_id = ${s.companyRJ.id} AND description = 'AÇÚCAR REFINADO'
        AND status = 'P' ORDER BY internal_code LIMIT 1)`);
    await ctx.db.execute(sql`
      INSERT INTO products (company_id, internal_code, description, status, created_at)
      VALUES (${s.companySP.id}, 'NOVO-1', 'CAFE TORRADINHO GOURMET', 'P', ${newest}::timestamptz - interval '2 minutes')`);
    await ctx.db.execute(sql`
      UPDATE products SET status = 'F' WHERE id = (SELECT id FROM products WHERE company_id = ${s.companySP.id}
        AND status = 'P' AND description = 'CAFE TORRADO EXTRA FORTE' ORDER BY created_at DESC LIMIT 1)`);
    const expected = await definition(s.partnerA.id);
    const got = await answer(s.headers.ownerA);
    expect(got.ids).toEqual(expected);
    expect(got.ids[0]).toBeDefined();
    const renamed = await ctx.db.execute<{ id: string }>(
      sql`SELECT id FROM products WHERE description = 'CAFE TORARDO ESPECIAL'`,
    );
    expect(got.ids[0]).toBe(renamed.rows[0]!.id); // the exact words score 1: first
  });

  it('keeps what a Pending product needs when pruned, and drops what none needs', async () => {
    // Every Pending "CAFETEIRA ELETRICA" of partner A classified: its entry is now extra.
    await ctx.db.execute(sql`
      UPDATE products SET status = 'F' WHERE description = 'CAFETEIRA ELETRICA'
        AND company_id IN (${s.companySP.id}, ${s.companyRJ.id}, ${third.id})`);
    const entries = async () =>
      (
        await ctx.db.execute<{ d: string }>(
          sql`SELECT description_search AS d FROM pending_descriptions WHERE partner_id = ${s.partnerA.id} ORDER BY 1`,
        )
      ).rows.map((r) => r.d);
    expect(await entries()).toContain('cafeteira eletrica');
    expect((await prune(s.partnerA.id)).rows[0]!.n).toBeGreaterThan(0);
    const left = await entries();
    expect(left).not.toContain('cafeteira eletrica');
    expect(left).toContain('cafe torrado extra forte');
    expect(new Set(left).size).toBe(left.length);
    // Partner B's entries are untouched, and the answers are still the definition's.
    expect((await answer(s.headers.ownerB)).ids).toEqual(await definition(s.partnerB.id));
    expect((await answer(s.headers.ownerA)).ids).toEqual(await definition(s.partnerA.id));
  });

  it('a partner-wide search that meets many unused entries queues the prune, which removes them', async () => {
    // 250 distinct descriptions become Pending and then Classified: their entries are now unused.
    await ctx.db.execute(sql`
      INSERT INTO products (company_id, internal_code, description, status)
      SELECT ${third.id}, 'LOTE-' || n, 'CAFE TORRADO LOTE ' || n, 'P' FROM generate_series(1, 250) n`);
    await ctx.db.execute(sql`UPDATE products SET status = 'F' WHERE internal_code LIKE 'LOTE-%'`);
    const unused = async () =>
      Number(
        (
          await ctx.db.execute<{ n: number }>(sql`
            SELECT count(*)::int AS n FROM pending_descriptions
            WHERE partner_id = ${s.partnerA.id} AND description_search LIKE 'cafe torrado lote %'`)
        ).rows[0]!.n,
      );
    expect(await unused()).toBe(250);
    expect((await answer(s.headers.ownerA)).ids).toEqual(await definition(s.partnerA.id));
    expect(await ctx.app.jobs.drain('prune-pending-descriptions')).toBe(1);
    expect(await unused()).toBe(0);
    expect((await answer(s.headers.ownerA)).ids).toEqual(await definition(s.partnerA.id));
  });

  it('a company moved to another partner takes its Pending descriptions along', async () => {
    await ctx.db.execute(sql`UPDATE companies SET partner_id = ${s.partnerB.id} WHERE id = ${third.id}`);
    await prune(s.partnerA.id);
    expect((await answer(s.headers.ownerB)).ids).toEqual(await definition(s.partnerB.id));
    expect((await answer(s.headers.ownerA)).ids).toEqual(await definition(s.partnerA.id));
    await ctx.db.execute(sql`UPDATE companies SET partner_id = ${s.partnerA.id} WHERE id = ${third.id}`);
  });

  it('does not prune while a writer of the partner has not committed', async () => {
    const client = await ctx.database.pool.connect();
    try {
      await client.query('BEGIN');
      await client.query(
        `INSERT INTO products (company_id, internal_code, description, status) VALUES ($1, 'EM-VOO', 'CAFE EM VOO', 'P')`,
        [s.companySP.id],
      );
      expect((await prune(s.partnerA.id)).rows[0]!.n).toBeNull();
      expect((await prune(s.partnerB.id)).rows[0]!.n).not.toBeNull();
      await client.query('COMMIT');
    } finally {
      client.release();
    }
    await prune(s.partnerA.id);
    expect((await answer(s.headers.ownerA)).ids).toEqual(await definition(s.partnerA.id));
  });
});
