import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { createFiscalRule, createProduct } from '../../db/factories.js';
import { namedRulePayload, seedActors, seedReferenceCodes } from './fiscal-rules.fixtures.js';

let ctx: TestContext;
let s: Awaited<ReturnType<typeof seedActors>>;

beforeAll(async () => {
  ctx = await createTestApp();
  await seedReferenceCodes(ctx.db);
  s = await seedActors(ctx.db);
});

const url = '/v1/public/fiscal-rules';

describe('named rules', () => {
  it('creates a Checked named rule with dots removed, decimal rates and adjusted MVA', async () => {
    const res = await ctx.app.inject({ method: 'POST', url, headers: s.headers.ownerA, payload: namedRulePayload() });
    expect(res.statusCode).toBe(200);
    const { id } = res.json();
    const details = await ctx.app.inject({ method: 'GET', url: `${url}/${id}/details`, headers: s.headers.ownerA });
    expect(details.statusCode).toBe(200);
    const rule = details.json().rule;
    expect(rule).toMatchObject({ id, description: 'Água mineral SP conferida', isNamed: true, status: 'Checked' });
    expect(rule.federalRule).toMatchObject({ ncm: '22021000', cest: '0300700', codANP: null });
    expect(rule.federalRule.piscofins).toMatchObject({ aliqPIS: '1.6500', aliqCOFINS: '7.6000', nri: null });
    // MVA_aj = [(1 + 0.40) × (1 − 0.12) / (1 − 0.18)] − 1 = 50.24 %; with 4 %: 63.90 %
    expect(rule.stateRule).toMatchObject({ aliqICMS: '18.0000', iva: '40.0000', mvaAjustado12: '50.2400' });
    expect(rule.stateRule.mvaAjustado4).toBe('63.9000');
    const audit = await ctx.database.pool.query('SELECT code, module, after FROM audit_events WHERE entity_id = $1', [
      id,
    ]);
    expect(audit.rows).toEqual([expect.objectContaining({ code: 3071, module: 'Products' })]);
  });

  it('answers the spec messages for name and NCM', async () => {
    const post = (payload: object) => ctx.app.inject({ method: 'POST', url, headers: s.headers.admin, payload });
    const noName = await post(namedRulePayload({ description: '' }));
    expect(noName.statusCode).toBe(400);
    expect(noName.json().detail).toBe('É necessário informar um nome válido para regra fiscal!');
    const short = await post(namedRulePayload({ description: 'Curto' }));
    expect(short.json().detail).toBe(
      'O nome da regra fiscal precisa ter no mínimo 5 caracteres e no máximo 300 caracteres!',
    );
    expect((await post(namedRulePayload({ description: 'x'.repeat(300) }))).statusCode).toBe(400);
    expect((await post(namedRulePayload({ description: 'x'.repeat(299), uf: 'RJ' }))).statusCode).toBe(200);
    const noNcm = await post(namedRulePayload({ ncm: undefined }));
    expect(noNcm.json().detail).toBe('É necessário informar um NCM para regra fiscal!');
  });

  it('checks NCM and CEST against the official tables', async () => {
    const post = (payload: object) => ctx.app.inject({ method: 'POST', url, headers: s.headers.admin, payload });
    const unknownNcm = await post(namedRulePayload({ ncm: '9999.99.99', cest: '' }));
    expect(unknownNcm.statusCode).toBe(400);
    expect(unknownNcm.json().code).toBe('NCM_NOT_IN_TABLE');
    const mismatch = await post(namedRulePayload({ ncm: '2203.00.00', cest: '0300700' }));
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().code).toBe('CEST_NCM_MISMATCH');
  });

  it('lists named rules by description, for staff and members', async () => {
    await createFiscalRule(ctx.db, { ncm: '22029900', uf: 'SP', description: 'Refrigerante lata especial' });
    const list = await ctx.app.inject({
      method: 'GET',
      url: `${url}?description=REFRIGERANTE`,
      headers: s.headers.member,
    });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([
      expect.objectContaining({
        description: 'Refrigerante lata especial',
        uf: 'SP',
        ncm: '22029900',
        aliqICMS: '18.0000',
      }),
    ]);
  });

  it('refuses rule writes to Members (403) and anonymous callers (401)', async () => {
    const rule = await createFiscalRule(ctx.db, {});
    const asMember = await ctx.app.inject({
      method: 'POST',
      url,
      headers: s.headers.member,
      payload: namedRulePayload(),
    });
    expect(asMember.statusCode).toBe(403);
    for (const path of [
      `${url}/${rule.id}/check`,
      `${url}/${rule.id}/uncheck`,
      `${url}/${rule.id}/products/check-all`,
    ]) {
      expect((await ctx.app.inject({ method: 'PUT', url: path, headers: s.headers.member })).statusCode).toBe(403);
    }
    const edit = await ctx.app.inject({
      method: 'PUT',
      url: `${url}/${rule.id}`,
      headers: s.headers.member,
      payload: namedRulePayload({ description: undefined }),
    });
    expect(edit.statusCode).toBe(403);
    expect(
      (await ctx.app.inject({ method: 'GET', url: `${url}/groupings`, headers: s.headers.member })).statusCode,
    ).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: `${url}/groupings` })).statusCode).toBe(401);
  });
});

describe('rule status', () => {
  it('checks and unchecks a rule, for staff of any partner', async () => {
    const rule = await createFiscalRule(ctx.db, { ncm: '22030000', uf: 'MG' });
    const check = await ctx.app.inject({
      method: 'PUT',
      url: `${url}/${rule.id}/check`,
      headers: s.headers.contributorB,
    });
    expect(check.statusCode).toBe(200);
    expect(check.json().message).toBe('Regra fiscal marcada como conferida!');
    const group = await ctx.app.inject({
      method: 'GET',
      url: `${url}/details?ncm=2203.00.00`,
      headers: s.headers.ownerA,
    });
    expect(group.json().rules.find((r: { id: string }) => r.id === rule.id).status).toBe('Checked');
    const uncheck = await ctx.app.inject({
      method: 'PUT',
      url: `${url}/${rule.id}/uncheck`,
      headers: s.headers.ownerA,
    });
    expect(uncheck.json().message).toBe('Regra fiscal desmarcada como conferida!');
    const audit = await ctx.database.pool.query(
      'SELECT code, before, after FROM audit_events WHERE entity_id = $1 ORDER BY id',
      [rule.id],
    );
    expect(audit.rows.map((r) => [r.code, r.before.status, r.after.status])).toEqual([
      [3073, 'Unchecked', 'Checked'],
      [3074, 'Checked', 'Unchecked'],
    ]);
  });

  it('answers 404 for an unknown rule and 400 for a malformed id', async () => {
    const unknown = await ctx.app.inject({
      method: 'PUT',
      url: `${url}/00000000-0000-4000-8000-000000000000/check`,
      headers: s.headers.admin,
    });
    expect(unknown.statusCode).toBe(404);
    expect(
      (await ctx.app.inject({ method: 'PUT', url: `${url}/abc/check`, headers: s.headers.admin })).statusCode,
    ).toBe(400);
  });
});

describe('rule products', () => {
  it('lists found and not-found products in the caller scope, checks them all and exports them', async () => {
    const rule = await createFiscalRule(ctx.db, { ncm: '22029900', cest: '0300800', uf: 'SP' });
    const linked = await createProduct(ctx.db, {
      companyId: s.companySP.id,
      fiscalRuleId: rule.id,
      description: '=HYPERLINK("x")',
    });
    const candidate = await createProduct(ctx.db, {
      companyId: s.companySP.id,
      ncm: '22029900',
      cest: '0300800',
      description: '@CANDIDATO',
    });
    await createProduct(ctx.db, { companyId: s.companyRJ.id, ncm: '22029900', cest: '0300800' }); // other UF
    const foreign = await createProduct(ctx.db, { companyId: s.companyB.id, fiscalRuleId: rule.id });

    const asOwner = await ctx.app.inject({
      method: 'GET',
      url: `${url}/${rule.id}/products`,
      headers: s.headers.ownerA,
    });
    expect(asOwner.statusCode).toBe(200);
    expect(asOwner.json().found.map((p: { id: string }) => p.id)).toEqual([linked.id]);
    expect(asOwner.json().notFound.map((p: { id: string }) => p.id)).toEqual([candidate.id]);
    expect(asOwner.json().found[0]).toMatchObject({
      internalCode: linked.internalCode,
      fiscalRuleId: rule.id,
      fiscalRuleStatus: 'Unchecked',
    });
    const asAdmin = await ctx.app.inject({
      method: 'GET',
      url: `${url}/${rule.id}/products`,
      headers: s.headers.admin,
    });
    expect(asAdmin.json().found).toHaveLength(2);
    const searched = await ctx.app.inject({
      method: 'GET',
      url: `${url}/${rule.id}/products?search=candidato`,
      headers: s.headers.ownerA,
    });
    expect(searched.json()).toMatchObject({ found: [], notFound: [{ id: candidate.id }] });

    // check-all needs the rule Checked
    const early = await ctx.app.inject({
      method: 'PUT',
      url: `${url}/${rule.id}/products/check-all`,
      headers: s.headers.ownerA,
    });
    expect(early.statusCode).toBe(400);
    await ctx.app.inject({ method: 'PUT', url: `${url}/${rule.id}/check`, headers: s.headers.ownerA });
    const all = await ctx.app.inject({
      method: 'PUT',
      url: `${url}/${rule.id}/products/check-all`,
      headers: s.headers.ownerA,
    });
    expect(all.json().message).toBe('1 produto marcado como conferido!');
    const status = await ctx.database.pool.query('SELECT id, fiscal_rule_status FROM products WHERE id = ANY($1)', [
      [linked.id, foreign.id],
    ]);
    const byId = Object.fromEntries(status.rows.map((r) => [r.id, r.fiscal_rule_status]));
    expect(byId).toEqual({ [linked.id]: 'Checked', [foreign.id]: 'Unchecked' }); // partner B's product untouched
    const none = await ctx.app.inject({
      method: 'PUT',
      url: `${url}/${rule.id}/products/uncheck-all`,
      headers: s.headers.admin,
    });
    expect(none.json().message).toBe('1 produto desmarcado como conferido!');

    const file = await ctx.app.inject({
      method: 'GET',
      url: `${url}/${rule.id}/products/export`,
      headers: s.headers.ownerA,
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('spreadsheetml');
    expect(file.headers['content-disposition']).toContain('regra_22029900_0300800_SP.xlsx');
    const ExcelJS = (await import('exceljs')).default;
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const rows = book.getWorksheet('Produtos')!.getSheetValues().slice(1) as unknown[][];
    expect(rows.map((r) => r.slice(1))).toEqual([
      ['Situação', 'Cod', 'GTIN', 'Descrição', 'Conferência'],
      ['Encontrado', linked.internalCode, '', `'=HYPERLINK("x")`, 'Não Verificado'],
      ['Não Encontrado', candidate.internalCode, '', "'@CANDIDATO", ''],
    ]);
  });

  it('checks, unchecks and unbinds one product link', async () => {
    const rule = await createFiscalRule(ctx.db, { ncm: '22021000', cest: '0300700', uf: 'SP' });
    const product = await createProduct(ctx.db, { companyId: s.companySP.id, fiscalRuleId: rule.id });
    const put = (path: string, headers = s.headers.ownerA) =>
      ctx.app.inject({ method: 'PUT', url: `${url}/products/${product.id}/${path}`, headers });
    expect((await put('check')).statusCode).toBe(400); // rule still Unchecked
    await ctx.app.inject({ method: 'PUT', url: `${url}/${rule.id}/check`, headers: s.headers.admin });
    expect((await put('check')).json().message).toBe('Produto marcado como conferido!');
    expect((await put('check', s.headers.contributorB)).statusCode).toBe(404); // another partner's product
    expect((await put('uncheck')).json().message).toBe('Produto desmarcado como conferido!');
    expect((await put('unbind', s.headers.member)).statusCode).toBe(403);
    expect((await put('unbind')).json().message).toBe('Produto desvinculado com sucesso!');
    const [row] = (
      await ctx.database.pool.query(
        'SELECT status, fiscal_rule_id, fiscal_rule_status, ncm FROM products WHERE id = $1',
        [product.id],
      )
    ).rows;
    expect(row).toEqual({ status: 'P', fiscal_rule_id: null, fiscal_rule_status: 'Detached', ncm: '22021000' });
    const lists = await ctx.app.inject({ method: 'GET', url: `${url}/${rule.id}/products`, headers: s.headers.ownerA });
    expect(lists.json().found).toEqual([]);
    expect(lists.json().notFound.map((p: { id: string }) => p.id)).toContain(product.id);
    expect((await put('unbind')).statusCode).toBe(400); // nothing left to unbind
  });
});

describe('OpenAPI', () => {
  it('documents every fiscal-rules call', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths).filter((p) => p.includes('fiscal-rules'));
    expect(paths).toEqual(
      expect.arrayContaining([
        '/v1/public/fiscal-rules/groupings',
        '/v1/public/fiscal-rules/details',
        '/v1/public/fiscal-rules',
        '/v1/public/fiscal-rules/{id}',
        '/v1/public/fiscal-rules/{id}/details',
        '/v1/public/fiscal-rules/{id}/products',
        '/v1/public/fiscal-rules/{id}/products/export',
        '/v1/public/fiscal-rules/{id}/check',
        '/v1/public/fiscal-rules/{id}/products/check-all',
        '/v1/public/fiscal-rules/products/link',
        '/v1/public/fiscal-rules/products/{id}/unbind',
        '/v1/public/fiscal-rules/products/{productId}/historic',
      ]),
    );
  });
});
