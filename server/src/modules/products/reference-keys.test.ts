import { drizzle } from 'drizzle-orm/node-postgres';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { createCompany, createFiscalRule, createGlobalProduct, generateGtin14 } from '../../db/factories.js';
import { upsertProducts } from './matching/upsert-products.js';
import { seedProductActors, uploadProductFile } from './products.fixtures.js';

// Decision 011: audit items and rule-history rows keep only the keys that matter; these tests hold
// what the dropped keys used to guarantee (tenant of every row, cascades) and the stricter rule key.
let ctx: TestContext;
let s: Awaited<ReturnType<typeof seedProductActors>>;

beforeAll(async () => {
  ctx = await createTestApp();
  s = await seedProductActors(ctx.db);
});

const q = async (text: string, params: unknown[] = []) => (await ctx.database.pool.query(text, params)).rows;

async function importCsv(companyId: string, csv: string) {
  const res = await uploadProductFile(
    ctx.app,
    companyId,
    { name: 'p.csv', content: csv },
    { headers: s.headers.ownerA },
  );
  expect(res.statusCode).toBe(200);
  return res.json();
}

const ufs = ['MG', 'PR', 'RS', 'BA', 'GO'];
async function seedImportedCompany() {
  const uf = ufs.shift()!;
  const company = await createCompany(ctx.db, { partnerId: s.partnerA.id, uf });
  const rule = await createFiscalRule(ctx.db, { ncm: '09012100', cest: null, uf });
  const gtin = generateGtin14();
  const g = await createGlobalProduct(ctx.db, { gtin, ncm: '09012100', cest: null });
  const result = await importCsv(
    company.id,
    `CodigoInterno;DescricaoProduto;GTIN/EAN\r\nK1;CAFÉ TORRADO;${gtin}\r\nK2;AÇÚCAR;\r\n`,
  );
  expect(result).toMatchObject({ created: 2, classified: 1 });
  // K1 moves to another rule: its first link ends in the history (decision 013).
  const next = await createFiscalRule(ctx.db, { ncm: '09012100', cest: null, uf, description: `Café ${uf}` });
  const [k1] = await q(`SELECT id FROM products WHERE company_id = $1 AND internal_code = 'K1'`, [company.id]);
  const relink = await ctx.app.inject({
    method: 'PUT',
    url: '/v1/public/fiscal-rules/products/link',
    headers: s.headers.ownerA,
    payload: { fiscalRuleId: next.id, uf, productsId: [k1.id] },
  });
  expect(relink.statusCode).toBe(200);
  return { company, rule, next, g };
}

describe('audit items and rule history after an import', () => {
  it('every audit item and history row carries the company of its product', async () => {
    const { company, rule } = await seedImportedCompany();
    const audits = await q(
      `SELECT a.company_id = p.company_id AS same, a.user_name FROM product_audits a JOIN products p ON p.id = a.product_id
       WHERE p.company_id = $1`,
      [company.id],
    );
    expect(audits).toHaveLength(2);
    expect(audits.every((a) => a.same)).toBe(true);
    const history = await q(
      `SELECT h.company_id = p.company_id AS same, h.fiscal_rule_id FROM product_rule_history h
       JOIN products p ON p.id = h.product_id WHERE p.company_id = $1`,
      [company.id],
    );
    expect(history).toEqual([{ same: true, fiscal_rule_id: rule.id }]);
  });

  it('a history row pointing at a rule that does not exist is refused', async () => {
    const { company } = await seedImportedCompany();
    const [row] = await q(`SELECT h.product_id FROM product_rule_history h WHERE h.company_id = $1`, [company.id]);
    await expect(
      q(
        `INSERT INTO product_rule_history (company_id, product_id, fiscal_rule_id, valid_from, valid_to)
         VALUES ($1, $2, '00000000-0000-4000-8000-000000000003', now(), now())`,
        [company.id, row.product_id],
      ),
    ).rejects.toMatchObject({ code: '23503', constraint: 'product_rule_history_fiscal_rule_id_fkey' });
  });

  it('deleting a company removes its products with their audit items and history', async () => {
    const { company } = await seedImportedCompany();
    await q('DELETE FROM companies WHERE id = $1', [company.id]);
    const [left] = await q(
      `SELECT (SELECT count(*) FROM product_audits WHERE company_id = $1)::int AS audits,
              (SELECT count(*) FROM product_rule_history WHERE company_id = $1)::int AS history`,
      [company.id],
    );
    expect(left).toEqual({ audits: 0, history: 0 });
  });

  it('deleting a rule removes its ended links and ends the open ones', async () => {
    const { company, rule, next } = await seedImportedCompany();
    await q('DELETE FROM fiscal_rules WHERE id = $1', [rule.id]);
    expect(await q('SELECT 1 FROM product_rule_history WHERE company_id = $1', [company.id])).toHaveLength(0);
    await q('DELETE FROM fiscal_rules WHERE id = $1', [next.id]);
    // The product stays, unlinked from the deleted rule.
    const [p] = await q(
      `SELECT fiscal_rule_id, fiscal_rule_since FROM products WHERE company_id = $1 AND internal_code = 'K1'`,
      [company.id],
    );
    expect(p).toEqual({ fiscal_rule_id: null, fiscal_rule_since: null });
  });
});

describe('keys enforced per statement (0480_product_reference_keys.sql)', () => {
  it('refuses an audit item or history row of a product that does not exist', async () => {
    const ghost = '00000000-0000-4000-8000-000000000001';
    await expect(
      q(`INSERT INTO product_audits (company_id, product_id, description) VALUES ($1, $2, 'x')`, [
        s.companySP.id,
        ghost,
      ]),
    ).rejects.toMatchObject({ code: '23503', constraint: 'product_audits_product_id_fkey' });
    const rule = await createFiscalRule(ctx.db, { ncm: '22021000', cest: null, uf: 'AM' });
    await expect(
      q(
        `INSERT INTO product_rule_history (company_id, product_id, fiscal_rule_id, valid_from, valid_to)
         VALUES ($1, $2, $3, now(), now())`,
        [s.companySP.id, ghost, rule.id],
      ),
    ).rejects.toMatchObject({ code: '23503', constraint: 'product_rule_history_product_id_fkey' });
  });

  it('refuses a product pointing at a rule that does not exist, on insert and on update', async () => {
    const ghost = '00000000-0000-4000-8000-000000000002';
    await expect(
      q(
        `INSERT INTO products (company_id, internal_code, description, fiscal_rule_id, fiscal_rule_since)
         VALUES ($1, 'G1', 'X', $2, now())`,
        [s.companySP.id, ghost],
      ),
    ).rejects.toMatchObject({ code: '23503', constraint: 'products_fiscal_rule_id_fkey' });
    await q(`INSERT INTO products (company_id, internal_code, description) VALUES ($1, 'G2', 'X')`, [s.companySP.id]);
    await expect(
      q(
        `UPDATE products SET fiscal_rule_id = $2, fiscal_rule_since = now() WHERE company_id = $1 AND internal_code = 'G2'`,
        [s.companySP.id, ghost],
      ),
    ).rejects.toMatchObject({ code: '23503', constraint: 'products_fiscal_rule_id_fkey' });
  });

  it('deleting a product removes its audit items and history', async () => {
    const { company } = await seedImportedCompany();
    await q(`DELETE FROM products WHERE company_id = $1 AND internal_code = 'K1'`, [company.id]);
    const [left] = await q(
      `SELECT (SELECT count(*) FROM product_audits a WHERE a.company_id = $1
                 AND NOT EXISTS (SELECT 1 FROM products p WHERE p.id = a.product_id))::int AS orphan_audits,
              (SELECT count(*) FROM product_rule_history WHERE company_id = $1)::int AS history,
              (SELECT count(*) FROM product_audits WHERE company_id = $1)::int AS audits`,
      [company.id],
    );
    expect(left).toEqual({ orphan_audits: 0, history: 0, audits: 1 });
  });

  it('a rule deleted by a concurrent transaction cannot be linked: the link waits, then fails', async () => {
    const rule = await createFiscalRule(ctx.db, { ncm: '22021000', cest: null, uf: 'AC' });
    await q(`INSERT INTO products (company_id, internal_code, description) VALUES ($1, 'C1', 'X')`, [s.companySP.id]);
    const deleter = await ctx.database.pool.connect();
    const linker = await ctx.database.pool.connect();
    try {
      await deleter.query('BEGIN');
      await deleter.query('DELETE FROM fiscal_rules WHERE id = $1', [rule.id]);
      const link = linker.query(
        `UPDATE products SET fiscal_rule_id = $2, fiscal_rule_since = now() WHERE company_id = $1 AND internal_code = 'C1'`,
        [s.companySP.id, rule.id],
      );
      const outcome = link.then(
        () => 'linked',
        (err: { code?: string }) => err.code,
      );
      // The link is blocked on the deleted row's lock until the delete commits.
      expect(await Promise.race([outcome, new Promise((r) => setTimeout(() => r('waiting'), 300))])).toBe('waiting');
      await deleter.query('COMMIT');
      expect(await outcome).toBe('23503');
    } finally {
      deleter.release();
      linker.release();
    }
  });

  it('the keys that others refer to cannot change', async () => {
    await q(`INSERT INTO products (company_id, internal_code, description) VALUES ($1, 'I1', 'X')`, [s.companySP.id]);
    await expect(
      q(`UPDATE products SET id = gen_random_uuid() WHERE company_id = $1 AND internal_code = 'I1'`, [s.companySP.id]),
    ).rejects.toMatchObject({ code: '23503' });
  });
});

describe('product writes of a company are serialised (upsertProducts lock)', () => {
  it('a creation while an import batch is uncommitted waits, then updates the imported code', async () => {
    const importer = await ctx.database.pool.connect();
    try {
      await importer.query('BEGIN');
      await upsertProducts(
        drizzle(importer),
        { companyId: s.companySP.id, companyUf: 'SP', actor: { id: s.member.id, name: 'Importação' }, via: '' },
        [{ line: 2, internalCode: 'LOCK-1', description: 'IMPORTADO', gtin: null }],
      );
      const creation = ctx.app.inject({
        method: 'POST',
        url: '/v1/public/products',
        headers: s.headers.member,
        payload: { companyId: s.companySP.id, products: [{ internalCode: 'LOCK-1', description: 'CRIADO' }] },
      });
      const state = creation.then((r) => r.json().products[0].creationState as string);
      expect(await Promise.race([state, new Promise((r) => setTimeout(() => r('waiting'), 300))])).toBe('waiting');
      await importer.query('COMMIT');
      // No unique-key failure: the creation saw the committed code and updated it.
      expect(await state).toBe('Updated');
      const rows = await q(`SELECT description FROM products WHERE company_id = $1 AND internal_code = 'LOCK-1'`, [
        s.companySP.id,
      ]);
      expect(rows).toEqual([{ description: 'CRIADO' }]);
    } finally {
      importer.release();
    }
  });
});
