import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import {
  createCompany,
  createFiscalRule,
  createGlobalProduct,
  createProduct,
  linkMemberToCompany,
} from '../../db/factories.js';
import { seedProductActors, uploadProductFile } from './products.fixtures.js';

// Tests that each planted bug of issue 15 slipped past: every one here fails with its bug in place.
let ctx: TestContext;
let s: Awaited<ReturnType<typeof seedProductActors>>;

beforeAll(async () => {
  ctx = await createTestApp();
  s = await seedProductActors(ctx.db);
});

const count = async (sqlText: string, params: unknown[]) =>
  (await ctx.database.pool.query(sqlText, params)).rows[0].n as number;

const bind = (productId: string, code: string, headers: Record<string, string>) =>
  ctx.app.inject({
    method: 'POST',
    url: '/v1/public/products/binding',
    headers,
    payload: { productId, fiscalServiceProduct: code },
  });

describe('import atomicity beyond the first batch', () => {
  it('2,500 valid lines then a broken line: 0 products and 0 history rows', async () => {
    const company = await createCompany(ctx.db, { partnerId: s.partnerA.id, uf: 'SP' });
    const lines = ['CodigoInterno;DescricaoProduto;GTIN/EAN'];
    for (let i = 1; i <= 2500; i++) lines.push(`${i};PRODUTO ${i};`);
    // 2,500 lines fill two batches of 1,000 before the unclosed quote is met.
    lines.push('2501;"SEM FIM;');
    const res = await uploadProductFile(
      ctx.app,
      company.id,
      { name: 'quebrado.csv', content: lines.join('\r\n') },
      { headers: s.headers.admin },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toMatch(/^O arquivo CSV está mal formado/);
    expect(await count('SELECT count(*)::int AS n FROM products WHERE company_id = $1', [company.id])).toBe(0);
    expect(await count('SELECT count(*)::int AS n FROM import_history WHERE company_id = $1', [company.id])).toBe(0);
  });
});

describe('invalid-lines report', () => {
  it('neutralises codes and reasons that start like a formula', async () => {
    const csv = ['CodigoInterno;DescricaoProduto;GTIN/EAN', '=1+1;;', '@SUM(A1);X;123', '+5;Y;1'].join('\r\n');
    const res = await uploadProductFile(
      ctx.app,
      s.companySP.id,
      { name: 'f.csv', content: csv },
      { headers: s.headers.member },
    );
    expect(res.statusCode).toBe(200);
    const report = await ctx.app.inject({
      method: 'GET',
      url: `/v1/public/products/import/${res.json().importId}/errors`,
      headers: s.headers.member,
    });
    const rows = report.body.replace('\uFEFF', '').trim().split('\r\n').slice(1);
    expect(rows.map((r) => r.split(';')[1])).toEqual(["'=1+1", "'@SUM(A1)", "'+5"]);
  });
});

describe('binding and product writes of Members', () => {
  it('binding on a Blocked company answers 403 COMPANY_BLOCKED and changes nothing', async () => {
    const g = await createGlobalProduct(ctx.db, { ncm: '04011010' });
    const p = await createProduct(ctx.db, { companyId: s.blocked.id, gtin: g.gtin });
    const res = await bind(p.id, g.code, s.headers.member);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      code: 'COMPANY_BLOCKED',
      detail: 'Empresa bloqueada! Verifique com o suporte.',
    });
    expect(await count("SELECT count(*)::int AS n FROM products WHERE id = $1 AND status = 'P'", [p.id])).toBe(1);
  });

  it('binding and linking to a rule by a Member without Create answer 403 PRODUCT_PERMISSION_DENIED', async () => {
    const rule = await createFiscalRule(ctx.db, { ncm: '04011010', uf: 'SP' });
    const g = await createGlobalProduct(ctx.db, { ncm: '04011010' });
    const p = await createProduct(ctx.db, { companyId: s.companySP.id, gtin: g.gtin });
    const bound = await bind(p.id, g.code, s.headers.without.Create);
    expect(bound.statusCode).toBe(403);
    expect(bound.json().code).toBe('PRODUCT_PERMISSION_DENIED');
    const linked = await ctx.app.inject({
      method: 'PUT',
      url: '/v1/public/fiscal-rules/products/link',
      headers: s.headers.without.Create,
      payload: { fiscalRuleId: rule.id, uf: 'SP', productsId: [p.id] },
    });
    expect(linked.statusCode).toBe(403);
    expect(linked.json().code).toBe('PRODUCT_PERMISSION_DENIED');
    expect(await count("SELECT count(*)::int AS n FROM products WHERE id = $1 AND status = 'P'", [p.id])).toBe(1);
    // The same link by a Member holding Create classifies (P → F).
    const ok = await ctx.app.inject({
      method: 'PUT',
      url: '/v1/public/fiscal-rules/products/link',
      headers: s.headers.member,
      payload: { fiscalRuleId: rule.id, uf: 'SP', productsId: [p.id] },
    });
    expect(ok.statusCode).toBe(200);
    expect(await count("SELECT count(*)::int AS n FROM products WHERE id = $1 AND status = 'F'", [p.id])).toBe(1);
  });

  it('import, export, create and delete on a Blocked company: 403 COMPANY_BLOCKED for Members', async () => {
    const p = await createProduct(ctx.db, { companyId: s.blocked.id });
    const before = await count('SELECT count(*)::int AS n FROM products WHERE company_id = $1', [s.blocked.id]);
    const calls = [
      await uploadProductFile(
        ctx.app,
        s.blocked.id,
        { name: 'a.csv', content: 'CodigoInterno;DescricaoProduto\r\n1;A' },
        { headers: s.headers.member },
      ),
      await ctx.app.inject({
        method: 'GET',
        url: `/v1/public/products/export?companyId=${s.blocked.id}`,
        headers: s.headers.member,
      }),
      await ctx.app.inject({
        method: 'POST',
        url: '/v1/public/products',
        headers: s.headers.member,
        payload: { companyId: s.blocked.id, internalCode: 'N1', description: 'NOVO' },
      }),
      await ctx.app.inject({ method: 'DELETE', url: `/v1/public/products/${p.id}`, headers: s.headers.member }),
    ];
    expect(calls.map((r) => [r.statusCode, r.json().code])).toEqual(Array(4).fill([403, 'COMPANY_BLOCKED']));
    expect(await count('SELECT count(*)::int AS n FROM products WHERE company_id = $1', [s.blocked.id])).toBe(before);
  });
});

describe("a Member's export", () => {
  it('leaves InAudit products out (staff see them)', async () => {
    const company = await createCompany(ctx.db, { partnerId: s.partnerA.id, uf: 'SP' });
    await linkMemberToCompany(ctx.db, s.member.id, company.id);
    await createProduct(ctx.db, { companyId: company.id, internalCode: 'P1', status: 'P' });
    await createProduct(ctx.db, { companyId: company.id, internalCode: 'A1', status: 'A' });
    const codes = async (headers: Record<string, string>, query = '') => {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/v1/public/products/export?companyId=${company.id}&format=CSV${query}`,
        headers,
      });
      expect(res.statusCode).toBe(200);
      return res.body
        .replace('\uFEFF', '')
        .trim()
        .split('\r\n')
        .slice(1)
        .map((l) => l.split(';')[0]);
    };
    expect(await codes(s.headers.member)).toEqual(['P1']);
    expect(await codes(s.headers.member, '&inAudit=true')).not.toContain('A1');
    expect((await codes(s.headers.admin)).sort()).toEqual(['A1', 'P1']);
  });
});
