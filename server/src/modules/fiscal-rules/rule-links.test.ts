import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { createFiscalRule, createProduct } from '../../db/factories.js';
import { seedActors, seedReferenceCodes } from './fiscal-rules.fixtures.js';

let ctx: TestContext;
let s: Awaited<ReturnType<typeof seedActors>>;

beforeAll(async () => {
  ctx = await createTestApp();
  await seedReferenceCodes(ctx.db);
  s = await seedActors(ctx.db);
});

const link = (payload: object, headers: Record<string, string>) =>
  ctx.app.inject({ method: 'PUT', url: '/v1/public/fiscal-rules/products/link', headers, payload });
const productRow = async (id: string) =>
  (
    await ctx.database.pool.query(
      'SELECT status, ncm, cest, fiscal_rule_id, fiscal_rule_status FROM products WHERE id = $1',
      [id],
    )
  ).rows[0];

describe('binding products to a named rule', () => {
  it('refuses products of a company in another UF (partner message) and links none', async () => {
    const rule = await createFiscalRule(ctx.db, {
      ncm: '22021000',
      cest: '0300700',
      uf: 'SP',
      description: 'Água SP nomeada',
    });
    const sp = await createProduct(ctx.db, { companyId: s.companySP.id });
    const rj = await createProduct(ctx.db, { companyId: s.companyRJ.id });
    const res = await link({ fiscalRuleId: rule.id, uf: 'SP', productsId: [sp.id, rj.id] }, s.headers.ownerA);
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe(
      'Um ou mais produtos selecionados pertencem a empresas com a UF diferente da Regra Fiscal selecionada, verifique!',
    );
    expect(await productRow(sp.id)).toMatchObject({ status: 'P', fiscal_rule_id: null });
    const wrongUf = await link({ fiscalRuleId: rule.id, uf: 'RJ', productsId: [rj.id] }, s.headers.ownerA);
    expect(wrongUf.statusCode).toBe(400);
  });

  it('links products: Classified, NCM/CEST of the rule, link Unchecked, history and audit', async () => {
    const rule = await createFiscalRule(ctx.db, {
      ncm: '22021000',
      cest: '0300700',
      uf: 'SP',
      description: 'Água SP vinculação',
    });
    const a = await createProduct(ctx.db, { companyId: s.companySP.id });
    const b = await createProduct(ctx.db, { companyId: s.companySP.id });
    const res = await link({ fiscalRuleId: rule.id, uf: 'SP', productsId: [a.id, b.id] }, s.headers.ownerA);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Produtos vinculados com sucesso!');
    expect(await productRow(a.id)).toEqual({
      status: 'F',
      ncm: '22021000',
      cest: '0300700',
      fiscal_rule_id: rule.id,
      fiscal_rule_status: 'Unchecked',
    });
    const products = await ctx.app.inject({
      method: 'GET',
      url: `/v1/public/fiscal-rules/${rule.id}/products`,
      headers: s.headers.ownerA,
    });
    expect(
      products
        .json()
        .found.map((p: { id: string }) => p.id)
        .sort(),
    ).toEqual([a.id, b.id].sort());
    const audit = await ctx.database.pool.query('SELECT code, company_id FROM audit_events WHERE entity_id = $1', [
      a.id,
    ]);
    expect(audit.rows).toEqual([{ code: 3080, company_id: s.companySP.id }]);

    // Re-linking to another rule closes the first period.
    const other = await createFiscalRule(ctx.db, { ncm: '22029900', uf: 'SP', description: 'Outra regra SP' });
    expect((await link({ fiscalRuleId: other.id, uf: 'SP', productsId: [a.id] }, s.headers.admin)).statusCode).toBe(
      200,
    );
    const history = await ctx.app.inject({
      method: 'GET',
      url: `/v1/public/fiscal-rules/products/${a.id}/historic`,
      headers: s.headers.ownerA,
    });
    expect(history.json().map((h: { fiscalRuleId: string }) => h.fiscalRuleId)).toEqual([other.id, rule.id]);
    // The open link is on the product; the ended one is a history row (decision 013).
    const links = await ctx.database.pool.query(
      `SELECT p.fiscal_rule_id AS open, h.fiscal_rule_id AS ended, h.valid_to = p.fiscal_rule_since AS contiguous
       FROM products p JOIN product_rule_history h ON h.product_id = p.id WHERE p.id = $1`,
      [a.id],
    );
    expect(links.rows).toEqual([{ open: other.id, ended: rule.id, contiguous: true }]);
  });

  it('lets Members bind their own products, with the member UF message', async () => {
    const spRule = await createFiscalRule(ctx.db, { ncm: '22030000', uf: 'SP', description: 'Cerveja SP membro' });
    const rjRule = await createFiscalRule(ctx.db, { ncm: '22030000', uf: 'RJ', description: 'Cerveja RJ membro' });
    const own = await createProduct(ctx.db, { companyId: s.companySP.id });
    const notLinked = await createProduct(ctx.db, { companyId: s.companyRJ.id });
    const mismatch = await link({ fiscalRuleId: rjRule.id, uf: 'SP', productsId: [own.id] }, s.headers.member);
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().detail).toBe('A Regra selecionada não pode ser de uma UF diferente da UF da empresa');
    expect((await link({ fiscalRuleId: spRule.id, uf: 'SP', productsId: [own.id] }, s.headers.member)).statusCode).toBe(
      200,
    );
    const foreign = await link({ fiscalRuleId: rjRule.id, uf: 'RJ', productsId: [notLinked.id] }, s.headers.member);
    expect(foreign.statusCode).toBe(404);
    const otherPartner = await link(
      { fiscalRuleId: spRule.id, uf: 'SP', productsId: [own.id] },
      s.headers.contributorB,
    );
    expect(otherPartner.statusCode).toBe(404);
  });

  it('validates the payload', async () => {
    const noRule = await link({ uf: 'SP', productsId: ['00000000-0000-4000-8000-000000000000'] }, s.headers.admin);
    expect(noRule.statusCode).toBe(400);
    expect(noRule.json().detail).toBe('Selecione uma regra!');
    const noProducts = await link(
      { fiscalRuleId: '00000000-0000-4000-8000-000000000000', uf: 'SP', productsId: [] },
      s.headers.admin,
    );
    expect(noProducts.json().detail).toBe('É preciso marcar ao menos um produto para realizar a vinculação!');
    const unknownRule = await link(
      { fiscalRuleId: '00000000-0000-4000-8000-000000000000', uf: 'SP', productsId: [s.companySP.id] },
      s.headers.admin,
    );
    expect(unknownRule.statusCode).toBe(404);
  });
});
