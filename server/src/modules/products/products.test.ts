import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { createFiscalRule, createGlobalProduct, createProduct } from '../../db/factories.js';
import { seedProductActors } from './products.fixtures.js';

let ctx: TestContext;
let s: Awaited<ReturnType<typeof seedProductActors>>;

beforeAll(async () => {
  ctx = await createTestApp();
  s = await seedProductActors(ctx.db);
});

const create = (companyId: string, items: object[], headers = s.headers.member) =>
  ctx.app.inject({ method: 'POST', url: '/v1/public/products', headers, payload: { companyId, products: items } });
const row = async (id: string) =>
  (
    await ctx.database.pool.query(
      `SELECT status, ncm, cest, gtin, fiscal_service_reference_code AS code, fiscal_rule_id, fiscal_rule_status
       FROM products WHERE id = $1`,
      [id],
    )
  ).rows[0];

describe('POST /products: creation limits and messages', () => {
  it('answers Error with every spec message and saves nothing', async () => {
    const res = await create(s.companySP.id, [
      { description: '', internalCode: '', gtin: '123456789012345' },
      { description: 'x'.repeat(256), internalCode: 'c'.repeat(156), gtin: '7894900011518' },
    ]);
    expect(res.statusCode).toBe(200);
    const [a, b] = res.json().products;
    expect(a.creationState).toBe('Error');
    expect(a.id).toBeNull();
    expect(a.errors.map((e: { message: string }) => e.message)).toEqual([
      'O campo Descrição é obrigatório!',
      'O campo Código Interno é obrigatório!',
      'O campo de GTIN deve possuir no máximo 14 caracteres!',
    ]);
    expect(b.errors.map((e: { message: string }) => e.message)).toEqual([
      'A descrição do produto pode ter no máximo 255 caracteres!',
      'O código pode ter no máximo 155 caracteres!',
      'GTIN inválido: dígito verificador incorreto.',
    ]);
    const count = await ctx.database.pool.query('SELECT count(*)::int AS n FROM products WHERE company_id = $1', [
      s.companySP.id,
    ]);
    expect(count.rows[0].n).toBe(0);
  });

  it('accepts the limits exactly (255 / 155 / 14) and updates an existing internal code', async () => {
    const first = await create(s.companySP.id, [
      { description: 'd'.repeat(255), internalCode: 'L'.repeat(155), gtin: '' },
    ]);
    expect(first.json().products[0]).toMatchObject({ creationState: 'Created', status: 'Pending', errors: [] });
    const again = await create(s.companySP.id, [{ description: 'NOVA DESCRIÇÃO', internalCode: 'L'.repeat(155) }]);
    const p = again.json().products[0];
    expect(p).toMatchObject({
      creationState: 'Updated',
      description: 'NOVA DESCRIÇÃO',
      id: first.json().products[0].id,
    });
  });
});

describe('GTIN matching against the global base', () => {
  it('a hit links the product, copies NCM/CEST, sets the rule of the company UF: Classified', async () => {
    const ruleSP = await createFiscalRule(ctx.db, { ncm: '22021000', cest: '0300700', uf: 'SP' });
    await createFiscalRule(ctx.db, { ncm: '22021000', cest: '0300700', uf: 'RJ' });
    const global = await createGlobalProduct(ctx.db, {
      gtin: '07894900011517',
      ncm: '22021000',
      cest: '0300700',
      description: 'ÁGUA MINERAL 500ML',
    });
    const res = await create(s.companySP.id, [
      { description: 'Água 500', internalCode: 'AG-1', gtin: '789 4900011517' },
      { description: 'Sem par', internalCode: 'SP-1', gtin: '96385074' },
    ]);
    const [hit, miss] = res.json().products;
    expect(hit).toMatchObject({
      creationState: 'Created',
      status: 'Classified',
      gtin: '07894900011517',
      ncm: '22021000',
      cest: '0300700',
      fiscalServiceReferenceCode: global.code,
      fiscalRuleId: ruleSP.id,
      fiscalRuleStatus: 'Unchecked',
    });
    expect(miss).toMatchObject({
      status: 'Pending',
      ncm: null,
      fiscalServiceReferenceCode: null,
      gtin: '00000096385074',
    });
    const history = await ctx.app.inject({
      method: 'GET',
      url: `/v1/public/fiscal-rules/products/${hit.id}/historic`,
      headers: s.headers.member,
    });
    expect(history.json()).toEqual([
      { fiscalRuleId: ruleSP.id, versionId: ruleSP.currentVersionId, date: expect.any(String) },
    ]);
    const batch = await ctx.database.pool.query(
      `SELECT sent, classified, source FROM classification_batches WHERE company_id = $1 ORDER BY created_at DESC LIMIT 1`,
      [s.companySP.id],
    );
    expect(batch.rows[0]).toEqual({ sent: 2, classified: 1, source: 'Create' });
    const audits = await ctx.app.inject({
      method: 'GET',
      url: `/v1/public/products/${hit.id}/audits`,
      headers: s.headers.member,
    });
    expect(audits.json()[0].description).toBe(
      `Produto cadastrado e classificado pelo GTIN (produto global ${global.code})`,
    );
    const events = await ctx.database.pool.query(`SELECT code, module FROM audit_events WHERE entity_id = $1`, [
      hit.id,
    ]);
    expect(events.rows).toEqual([{ code: 3001, module: 'Products' }]);
  });

  it('an RJ company takes the global product own RJ rule when it has one', async () => {
    const named = await createFiscalRule(ctx.db, { ncm: '22029900', uf: 'RJ', description: 'Bebida RJ especial' });
    await createGlobalProduct(ctx.db, { gtin: '00036000291452', ncm: '22029900', rules: { RJ: named.id } });
    const res = await create(
      s.companyRJ.id,
      [{ description: 'Bebida', internalCode: 'B1', gtin: '036000291452' }],
      s.headers.ownerA,
    );
    expect(res.json().products[0]).toMatchObject({ status: 'Classified', fiscalRuleId: named.id, ncm: '22029900' });
  });

  it('a Pending product updated with a matching GTIN becomes Classified; a Classified one keeps its link', async () => {
    const g = await createGlobalProduct(ctx.db, { ncm: '22030000' });
    const pending = await createProduct(ctx.db, { companyId: s.companySP.id, internalCode: 'UPD-1' });
    const res = await create(s.companySP.id, [{ description: 'Cerveja', internalCode: 'UPD-1', gtin: g.gtin }]);
    expect(res.json().products[0]).toMatchObject({ creationState: 'Updated', status: 'Classified', ncm: '22030000' });
    expect((await row(pending.id)).code).toBe(g.code);
  });

  it('a Returned product reclassified by its GTIN ends its old rule link in the history', async () => {
    const old = await createFiscalRule(ctx.db, { ncm: '22030000', uf: 'SP', description: 'Cerveja antiga SP' });
    const base = await createFiscalRule(ctx.db, { ncm: '22030000', cest: null, uf: 'SP' });
    const g = await createGlobalProduct(ctx.db, { ncm: '22030000', cest: null });
    const since = new Date(Date.now() - 86_400_000);
    const returned = await createProduct(ctx.db, {
      companyId: s.companySP.id,
      internalCode: 'RET-1',
      fiscalRuleId: old.id,
      linkedAt: since,
      status: 'D',
    });
    const res = await create(s.companySP.id, [{ description: 'Cerveja', internalCode: 'RET-1', gtin: g.gtin }]);
    expect(res.json().products[0]).toMatchObject({ status: 'Classified', fiscalRuleId: base.id });
    const history = await ctx.app.inject({
      method: 'GET',
      url: `/v1/public/fiscal-rules/products/${returned.id}/historic`,
      headers: s.headers.member,
    });
    const items = history.json() as { fiscalRuleId: string; date: string }[];
    expect(items.map((i) => i.fiscalRuleId)).toEqual([base.id, old.id]);
    const ended = await ctx.database.pool.query(
      `SELECT h.valid_from, h.valid_to = p.fiscal_rule_since AS contiguous
       FROM product_rule_history h JOIN products p ON p.id = h.product_id WHERE h.product_id = $1`,
      [returned.id],
    );
    expect(ended.rows).toEqual([{ valid_from: since, contiguous: true }]);
  });
});

describe('POST /products/binding (member bind to a global product)', () => {
  const bind = (productId: string, fiscalServiceProduct: string, headers = s.headers.member) =>
    ctx.app.inject({
      method: 'POST',
      url: '/v1/public/products/binding',
      headers,
      payload: { productId, fiscalServiceProduct },
    });

  it('same GTIN: Classified (finalized) with the rule of the company UF', async () => {
    const rule = await createFiscalRule(ctx.db, { ncm: '04011010', uf: 'SP' });
    const g = await createGlobalProduct(ctx.db, { ncm: '04011010' });
    const p = await createProduct(ctx.db, { companyId: s.companySP.id, gtin: g.gtin });
    const res = await bind(p.id, g.code);
    expect(res.json()).toEqual({
      linked: true,
      finalized: true,
      message: 'Produto vinculado e classificado com sucesso!',
      bindingId: expect.any(String),
    });
    expect(await row(p.id)).toMatchObject({ status: 'F', ncm: '04011010', code: g.code, fiscal_rule_id: rule.id });
  });

  it('another GTIN: InAudit (linked, not finalized); only Pending products; foreign products 404', async () => {
    const g = await createGlobalProduct(ctx.db, { ncm: '19053100' });
    const p = await createProduct(ctx.db, { companyId: s.companySP.id, gtin: '00000096385074' });
    const res = await bind(p.id, g.code);
    expect(res.json()).toMatchObject({ linked: true, finalized: false });
    expect(await row(p.id)).toMatchObject({ status: 'A', code: g.code });
    expect((await bind(p.id, g.code)).statusCode).toBe(400);
    const other = await createProduct(ctx.db, { companyId: s.companyB.id });
    expect((await bind(other.id, g.code)).statusCode).toBe(404);
    expect((await bind(p.id, g.code, s.headers.ownerA)).json()).toMatchObject({ finalized: true });
  });
});
