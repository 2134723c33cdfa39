import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../../test/test-app.js';
import { createFiscalRule, createGlobalProduct, createProduct } from '../../../db/factories.js';
import { seedProductActors } from '../../products/products.fixtures.js';

let ctx: TestContext;
let s: Awaited<ReturnType<typeof seedProductActors>>;

beforeAll(async () => {
  ctx = await createTestApp();
  s = await seedProductActors(ctx.db);
});

const consult = (company: string, headers: Record<string, string>) =>
  ctx.app.inject({ method: 'GET', url: `/v1/public/products/fiscalservice/consult?company=${company}`, headers });
const query = (text: string, values: unknown[] = []) => ctx.database.pool.query(text, values).then((r) => r.rows);

describe('GET /products/fiscalservice/consult', () => {
  it('counts missing and changed products, applies the current data with audit items and records the run', async () => {
    const oldRule = await createFiscalRule(ctx.db, { ncm: '22021000', uf: 'SP' });
    const newRule = await createFiscalRule(ctx.db, { ncm: '22029900', uf: 'SP' });
    const same = await createGlobalProduct(ctx.db, { code: 'SAME', ncm: '22021000' });
    const moved = await createGlobalProduct(ctx.db, { code: 'MOVED', ncm: '22021000' });
    const link = (internalCode: string, ref: string) =>
      createProduct(ctx.db, {
        companyId: s.companySP.id,
        internalCode,
        fiscalRuleId: oldRule.id,
        fiscalServiceReferenceCode: ref,
      });
    const unchanged = await link('CC-1', same.code);
    const changed = await link('CC-2', moved.code);
    const gone = await link('CC-3', 'NO-LONGER-THERE');
    await createProduct(ctx.db, { companyId: s.companySP.id, internalCode: 'CC-4' }); // Pending: not compared
    // Staff edit the global product: nothing in the catalogue changes until the check.
    await query("UPDATE global_products SET ncm = '22029900' WHERE id = $1", [moved.id]);

    const res = await consult(s.companySP.id, s.headers.member);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ amount: 3, missing: 1, changed: 1, finished: 1 });
    expect(res.json().message).toBe(
      'Consulta concluída: 3 produtos verificados; 1 sem referência na base global; 1 alterado; 1 atualizado.',
    );
    const rows = await query('SELECT internal_code, ncm, fiscal_rule_id FROM products WHERE id = ANY($1) ORDER BY 1', [
      [unchanged.id, changed.id, gone.id],
    ]);
    expect(rows).toEqual([
      { internal_code: 'CC-1', ncm: '22021000', fiscal_rule_id: oldRule.id },
      { internal_code: 'CC-2', ncm: '22029900', fiscal_rule_id: newRule.id },
      { internal_code: 'CC-3', ncm: '22021000', fiscal_rule_id: oldRule.id },
    ]);
    const items = await query('SELECT description FROM product_audits WHERE product_id = $1', [changed.id]);
    expect(items[0].description).toContain('NCM 22021000 → 22029900');
    const ended = await query('SELECT fiscal_rule_id FROM product_rule_history WHERE product_id = $1', [changed.id]);
    expect(ended).toEqual([{ fiscal_rule_id: oldRule.id }]);
    const runs = await query('SELECT amount, missing, changed, finished, user_id FROM product_change_checks');
    expect(runs).toEqual([{ amount: 3, missing: 1, changed: 1, finished: 1, user_id: s.member.id }]);

    // A second run finds nothing left to change.
    expect((await consult(s.companySP.id, s.headers.ownerA)).json()).toMatchObject({
      amount: 3,
      missing: 1,
      changed: 0,
    });
  });

  it('keeps callers to their companies: foreign 404, blocked 403 for Members, staff of another partner 404', async () => {
    expect((await consult(s.companyB.id, s.headers.member)).statusCode).toBe(404);
    expect((await consult(s.companySP.id, s.headers.ownerB)).statusCode).toBe(404);
    const blocked = await consult(s.blocked.id, s.headers.member);
    expect([blocked.statusCode, blocked.json().code]).toEqual([403, 'COMPANY_BLOCKED']);
    expect((await consult(s.companyB.id, s.headers.admin)).statusCode).toBe(200);
    expect((await consult('x', s.headers.admin)).statusCode).toBe(400);
  });
});
