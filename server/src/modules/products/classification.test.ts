import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, createSessionToken } from '../../../test/auth-helpers.js';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { createFiscalRule, createGlobalProduct, createProduct, createUser } from '../../db/factories.js';
import { seedDemoClassification } from '../../scripts/seed-demo-classification.js';
import { seedProductActors } from './products.fixtures.js';

/** Issue 9: the bind-code search, batch binding, the audit decision, details and the integrator. */
let ctx: TestContext;
let s: Awaited<ReturnType<typeof seedProductActors>>;
type Headers = Record<string, string>;

beforeAll(async () => {
  ctx = await createTestApp();
  s = await seedProductActors(ctx.db);
});

const row = async (id: string) =>
  (
    await ctx.database.pool.query(
      `SELECT status, ncm, cest, fiscal_service_reference_code AS code, fiscal_rule_id FROM products WHERE id = $1`,
      [id],
    )
  ).rows[0];
const events = async (entityId: string) =>
  (
    await ctx.database.pool.query('SELECT code, module, after FROM audit_events WHERE entity_id = $1 ORDER BY id', [
      entityId,
    ])
  ).rows;
const batch = (payload: object, headers: Headers = s.headers.member) =>
  ctx.app.inject({ method: 'POST', url: '/v1/public/products/bindinginbatch', headers, payload });
const decide = (id: string, action: 'approve' | 'return', headers: Headers, payload?: object) =>
  ctx.app.inject({ method: 'POST', url: `/v1/public/products/${id}/audit/${action}`, headers, payload });
const get = (url: string, headers: Headers = s.headers.member) =>
  ctx.app.inject({ method: 'GET', url: `/v1/public${url}`, headers });
const audits = async (id: string, headers: Headers = s.headers.ownerA) =>
  (await get(`/products/${id}/audits`, headers)).json() as { description: string }[];

describe('GET /products/fiscalservice (bind-code modal search)', () => {
  it('lists the same-GTIN global product first, then SIMILAR matches with the UF rule', async () => {
    const rule = await createFiscalRule(ctx.db, { ncm: '22021000', uf: 'SP' });
    const twin = await createGlobalProduct(ctx.db, { description: 'AGUA TONICA ZERO 350ML', ncm: '22021000' });
    const near = await createGlobalProduct(ctx.db, { description: 'REFRIGERANTE GUARANA LATA 350ML', ncm: '22021000' });
    const p = await createProduct(ctx.db, {
      companyId: s.companySP.id,
      description: 'REFRIGERANTE GUARANA 350',
      gtin: twin.gtin,
    });
    const res = await get(`/products/fiscalservice?productId=${p.id}&productDescription=REFRIGERANTE%20GUARANA`);
    expect(res.statusCode).toBe(200);
    const list = res.json().products as { code: string; fiscalRuleId: string }[];
    expect(list[0]?.code).toBe(twin.code);
    expect(list.map((g) => g.code)).toContain(near.code);
    expect(list[0]?.fiscalRuleId).toBe(rule.id);
  });

  it('validates the text and hides other companies’ products', async () => {
    const p = await createProduct(ctx.db, { companyId: s.companySP.id });
    const empty = await get(`/products/fiscalservice?productId=${p.id}&productDescription=%20`);
    expect(empty.statusCode).toBe(400);
    expect(JSON.stringify(empty.json())).toContain('Preencha o campo de texto da pesquisa!');
    const foreign = await createProduct(ctx.db, { companyId: s.companyB.id });
    expect((await get(`/products/fiscalservice?productId=${foreign.id}&productDescription=X`)).statusCode).toBe(404);
    expect(
      (await get(`/products/fiscalservice?productId=${p.id}&productDescription=X`, s.headers.unlinked)).statusCode,
    ).toBe(404);
    const blocked = await createProduct(ctx.db, { companyId: s.blocked.id });
    const res = await get(`/products/fiscalservice?productId=${blocked.id}&productDescription=X`);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('COMPANY_BLOCKED');
  });
});

describe('POST /products/bindinginbatch', () => {
  it('member: same GTIN → Classified with the UF rule, other GTIN → InAudit; audit items and events', async () => {
    const rule = await createFiscalRule(ctx.db, { ncm: '19053100', uf: 'SP' });
    const g = await createGlobalProduct(ctx.db, { ncm: '19053100' });
    const same = await createProduct(ctx.db, { companyId: s.companySP.id, gtin: g.gtin });
    const other = await createProduct(ctx.db, { companyId: s.companySP.id, gtin: '00000096385074' });
    const res = await batch({ classifyProducts: [other.id], productId: same.id, fiscalServiceProduct: g.code });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      linked: true,
      finalized: false,
      message: '2 produtos vinculados: 1 classificado e 1 em auditoria.',
      counts: { linked: 2, finalized: 1, inAudit: 1 },
      bindingId: expect.any(String),
    });
    expect(await row(same.id)).toMatchObject({ status: 'F', code: g.code, fiscal_rule_id: rule.id, ncm: '19053100' });
    expect(await row(other.id)).toMatchObject({ status: 'A', code: g.code, fiscal_rule_id: null });
    expect((await events(same.id)).map((e) => e.code)).toEqual([3007]);
    expect((await events(other.id)).map((e) => e.code)).toEqual([3008]);
    expect((await audits(other.id))[0]?.description).toContain('em auditoria');
  });

  it('refuses bad input with Portuguese messages and changes nothing', async () => {
    const g = await createGlobalProduct(ctx.db);
    const p = await createProduct(ctx.db, { companyId: s.companySP.id });
    const none = await batch({ classifyProducts: [], fiscalServiceProduct: g.code });
    expect(none.statusCode).toBe(400);
    expect(JSON.stringify(none.json())).toContain('É preciso marcar ao menos um produto para prosseguir');
    const ids = Array.from({ length: 301 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
    const many = await batch({ classifyProducts: ids, fiscalServiceProduct: g.code });
    expect(JSON.stringify(many.json())).toContain('Não é permitido marcar mais de 300 produtos');
    const noCode = await batch({ classifyProducts: [p.id], fiscalServiceProduct: ' ' });
    expect(JSON.stringify(noCode.json())).toContain('Selecione um produto da base compartilhada!');
    const unknown = await batch({ classifyProducts: [p.id], fiscalServiceProduct: 'NAO-EXISTE' });
    expect(unknown.statusCode).toBe(404);
    // One foreign product in the batch: 404 and the own product stays Pending.
    const foreign = await createProduct(ctx.db, { companyId: s.companyB.id });
    const mixed = await batch({ classifyProducts: [p.id, foreign.id], fiscalServiceProduct: g.code });
    expect(mixed.statusCode).toBe(404);
    const classified = await createProduct(ctx.db, { companyId: s.companySP.id, status: 'F' });
    const notPending = await batch({ classifyProducts: [p.id, classified.id], fiscalServiceProduct: g.code });
    expect(notPending.statusCode).toBe(400);
    expect(notPending.json().detail).toContain('não estão Pendentes');
    expect(await row(p.id)).toMatchObject({ status: 'P', code: null });
  });

  it('authorization: member scope, blocked company, Create permission, staff across companies', async () => {
    const g = await createGlobalProduct(ctx.db);
    const rj = await createProduct(ctx.db, { companyId: s.companyRJ.id });
    expect((await batch({ classifyProducts: [rj.id], fiscalServiceProduct: g.code })).statusCode).toBe(404);
    const blocked = await createProduct(ctx.db, { companyId: s.blocked.id });
    expect((await batch({ classifyProducts: [blocked.id], fiscalServiceProduct: g.code })).json().code).toBe(
      'COMPANY_BLOCKED',
    );
    const sp = await createProduct(ctx.db, { companyId: s.companySP.id });
    const denied = await batch({ classifyProducts: [sp.id], fiscalServiceProduct: g.code }, s.headers.without.Create);
    expect(denied.statusCode).toBe(403);
    // Partner B's staff cannot reach partner A's products.
    expect(
      (await batch({ classifyProducts: [sp.id], fiscalServiceProduct: g.code }, s.headers.ownerB)).statusCode,
    ).toBe(404);
    // Staff of partner A bind products of two companies (and InAudit ones) at once: finalized.
    const inAudit = await createProduct(ctx.db, { companyId: s.companySP.id, status: 'A' });
    const res = await batch(
      { classifyProducts: [sp.id, rj.id, inAudit.id], fiscalServiceProduct: g.code },
      s.headers.ownerA,
    );
    expect(res.json()).toMatchObject({ linked: true, finalized: true, counts: { finalized: 3, inAudit: 0 } });
    expect(await row(rj.id)).toMatchObject({ status: 'F', code: g.code });
    // The Admin reaches partner B's products too.
    const b = await createProduct(ctx.db, { companyId: s.companyB.id });
    expect((await batch({ classifyProducts: [b.id], fiscalServiceProduct: g.code }, s.headers.admin)).statusCode).toBe(
      200,
    );
  });
});

describe('the audit decision', () => {
  let rule: Awaited<ReturnType<typeof createFiscalRule>>;
  beforeAll(async () => {
    rule = await createFiscalRule(ctx.db, { ncm: '21069090', uf: 'SP' });
  });
  async function productInAudit() {
    const g = await createGlobalProduct(ctx.db, { ncm: '21069090', description: 'SUPLEMENTO PROTEICO' });
    const p = await createProduct(ctx.db, { companyId: s.companySP.id, gtin: '00000096385074' });
    await batch({ classifyProducts: [p.id], fiscalServiceProduct: g.code });
    return { g, p };
  }

  it('shows the product beside its global product and the UF rule', async () => {
    const { g, p } = await productInAudit();
    const res = await get(`/products/${p.id}/audit`, s.headers.ownerA);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      product: { id: p.id, status: 'A', ncm: '21069090' },
      global: { code: g.code, description: 'SUPLEMENTO PROTEICO' },
      uf: 'SP',
      rule: { id: rule.id, cstIcms: '00' },
    });
  });

  it('approve → Classified with the rule; an audit item and event 3020', async () => {
    const { g, p } = await productInAudit();
    const res = await decide(p.id, 'approve', s.headers.ownerA);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Vínculo aprovado! O produto foi classificado.');
    const after = await row(p.id);
    expect(after).toMatchObject({ status: 'F', code: g.code, fiscal_rule_id: rule.id });
    expect((await events(p.id)).map((e) => e.code)).toEqual([3008, 3020]);
    expect((await audits(p.id))[0]?.description).toContain('aprovado na auditoria');
    // Decided once: a second decision is refused.
    expect((await decide(p.id, 'approve', s.headers.ownerA)).statusCode).toBe(400);
  });

  it('return → Returned with the reason kept (audits, event); reason required', async () => {
    const { p } = await productInAudit();
    const empty = await decide(p.id, 'return', s.headers.admin, { reason: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(JSON.stringify(empty.json())).toContain('Informe o motivo da devolução!');
    const long = await decide(p.id, 'return', s.headers.admin, { reason: 'x'.repeat(501) });
    expect(JSON.stringify(long.json())).toContain('O motivo da devolução pode ter no máximo 500 caracteres!');
    expect((await row(p.id)).status).toBe('A');
    const res = await decide(p.id, 'return', s.headers.admin, {
      reason: 'GTIN do produto não confere com a embalagem',
    });
    expect(res.json().message).toBe('Produto devolvido ao cliente.');
    expect(await row(p.id)).toMatchObject({ status: 'D', code: null, ncm: null });
    expect((await audits(p.id, s.headers.member))[0]?.description).toContain(
      'Motivo: GTIN do produto não confere com a embalagem',
    );
    const ev = await events(p.id);
    expect(ev.at(-1)).toMatchObject({ code: 3021, module: 'Products' });
    expect(ev.at(-1).after.reason).toBe('GTIN do produto não confere com a embalagem');
  });

  it('Members never audit; staff of another partner get 404; Pending products are refused', async () => {
    const { p } = await productInAudit();
    expect((await decide(p.id, 'approve', s.headers.member)).statusCode).toBe(403);
    expect((await decide(p.id, 'return', s.headers.member, { reason: 'x' })).statusCode).toBe(403);
    expect((await get(`/products/${p.id}/audit`, s.headers.member)).statusCode).toBe(403);
    expect((await decide(p.id, 'approve', s.headers.ownerB)).statusCode).toBe(404);
    expect((await decide(p.id, 'return', s.headers.ownerB, { reason: 'x' })).statusCode).toBe(404);
    expect((await row(p.id)).status).toBe('A');
    const pending = await createProduct(ctx.db, { companyId: s.companySP.id });
    const res = await decide(pending.id, 'approve', s.headers.ownerA);
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe('Somente produtos Em Auditoria podem ser auditados.');
  });
});

describe('GET /products/details', () => {
  it('the rule of a classified product; "Produto não está classificado" otherwise; scope', async () => {
    const rule = await createFiscalRule(ctx.db, { ncm: '09012100', uf: 'SP' });
    const p = await createProduct(ctx.db, { companyId: s.companySP.id, fiscalRuleId: rule.id, description: 'CAFÉ' });
    const res = await get(
      `/products/details?productId=${p.id}&validity=${encodeURIComponent(new Date().toISOString())}`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ fiscalRuleId: rule.id, productDescription: 'CAFÉ' });
    const pending = await createProduct(ctx.db, { companyId: s.companySP.id });
    const notClassified = await get(`/products/details?productId=${pending.id}`);
    expect(notClassified.statusCode).toBe(400);
    expect(notClassified.json().detail).toBe('Produto não está classificado');
    expect((await get(`/products/details?productId=${p.id}&validity=ontem`)).statusCode).toBe(400);
    expect((await get(`/products/details?productId=${p.id}`, s.headers.ownerB)).statusCode).toBe(404);
  });
});

describe('GET /products/globalintegrator and globalintegratordetails', () => {
  it('searches through the adapter: ruleCode = version in force, exceptionCode = named rule, my = own', async () => {
    const base = await createFiscalRule(ctx.db, { ncm: '04022110', uf: 'SP' });
    const g = await createGlobalProduct(ctx.db, { description: 'LEITE EM PO INTEGRAL 400G', ncm: '04022110' });
    await createProduct(ctx.db, { companyId: s.companySP.id, fiscalServiceReferenceCode: g.code, status: 'F' });
    const q = 'uf=SP&field=2&consultTypeFilter=2&text=leite%20em%20po';
    const res = await get(`/products/globalintegrator?${q}&companyId=${s.companySP.id}`);
    expect(res.statusCode).toBe(200);
    const item = res.json().objects.find((o: { codeIntegrator: string }) => o.codeIntegrator === g.code);
    expect(item).toMatchObject({ ruleCode: base.currentVersionId, exceptionCode: null, my: true });
    const partner = await get(`/products/globalintegrator?${q}`, s.headers.ownerA);
    expect(partner.json().objects.find((o: { my: boolean }) => o.my)).toBeUndefined();
    const details = await get(
      `/products/globalintegratordetails?productCode=${g.code}&ruleCode=${item.ruleCode}&uf=SP`,
      s.headers.ownerA,
    );
    expect(details.statusCode).toBe(200);
    expect(details.json()).toMatchObject({ fiscalRuleId: base.id, productDescription: 'LEITE EM PO INTEGRAL 400G' });
  });

  it('validation and scope', async () => {
    const noText = await get('/products/globalintegrator?uf=SP&text=');
    expect(JSON.stringify(noText.json())).toContain('Preencha o campo de texto da pesquisa!');
    const noUf = await get('/products/globalintegrator?text=LEITE');
    expect(JSON.stringify(noUf.json())).toContain('Selecione uma UF!');
    const letters = await get('/products/globalintegrator?uf=SP&field=1&text=ABC');
    expect(letters.json().detail).toBe('Preencha o campo de pesquisa somente com números!');
    expect((await get(`/products/globalintegrator?uf=SP&text=A&companyId=${s.companyB.id}`)).statusCode).toBe(404);
    expect((await get('/products/globalintegratordetails?productCode=NADA&uf=SP')).statusCode).toBe(404);
  });
});

describe('operations of a global product and the demo seed', () => {
  it('POST /products/fiscalservice/operations answers for a global product the company has no product of', async () => {
    await createFiscalRule(ctx.db, { ncm: '22030000', uf: 'SP' });
    const g = await createGlobalProduct(ctx.db, { ncm: '22030000', description: 'CERVEJA PILSEN LATA 350ML' });
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/v1/public/products/fiscalservice/operations',
      headers: s.headers.member,
      payload: {
        companyId: s.companySP.id,
        productId: '00000000-0000-0000-0000-000000000000',
        CodeIntegrator: g.code,
        uf: 'SP',
        cfop: 'venda',
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()[0]).toMatchObject({ uf: 'SP' });
  });

  it('seedDemoClassification binds InAudit products without a code to a global product', async () => {
    await createGlobalProduct(ctx.db);
    const p = await createProduct(ctx.db, { companyId: s.companyRJ.id, status: 'A' });
    await seedDemoClassification(ctx.db);
    const after = await row(p.id);
    expect(after.status).toBe('A');
    expect(after.code).toMatch(/^G/);
    expect((await audits(p.id))[0]?.description).toContain('em auditoria');
  });
});

describe('authorization matrix: role × own/other partner × linked/unlinked company', () => {
  it('answers each call by role and scope', async () => {
    const contributor = await createUser(ctx.db, { role: 'PartnerContributor', partnerId: s.partnerA.id });
    const headers: Record<string, Headers> = {
      admin: s.headers.admin,
      ownerA: s.headers.ownerA,
      contributorA: bearer(await createSessionToken(ctx.db, contributor.id)),
      ownerB: s.headers.ownerB,
      memberLinked: s.headers.member,
      memberUnlinked: s.headers.unlinked,
    };
    const g = await createGlobalProduct(ctx.db);
    const fresh = async () => {
      const p = await createProduct(ctx.db, {
        companyId: s.companySP.id,
        status: 'A',
        fiscalServiceReferenceCode: g.code,
      });
      return p.id;
    };
    // [fiscalservice, details of a classified product, bind a Pending product, approve an InAudit one]
    const expected: Record<string, [number, number, number, number]> = {
      admin: [200, 200, 200, 200],
      ownerA: [200, 200, 200, 200],
      contributorA: [200, 200, 200, 200],
      ownerB: [404, 404, 404, 404],
      memberLinked: [200, 200, 200, 403],
      memberUnlinked: [404, 404, 404, 403],
    };
    const rule = await createFiscalRule(ctx.db, { ncm: '20098990', uf: 'SP' });
    const classified = await createProduct(ctx.db, { companyId: s.companySP.id, fiscalRuleId: rule.id });
    for (const [who, h] of Object.entries(headers)) {
      const pending = await createProduct(ctx.db, { companyId: s.companySP.id });
      const got = [
        (await get(`/products/fiscalservice?productId=${pending.id}&productDescription=PRODUTO`, h)).statusCode,
        (await get(`/products/details?productId=${classified.id}`, h)).statusCode,
        (await batch({ classifyProducts: [pending.id], fiscalServiceProduct: g.code }, h)).statusCode,
        (await decide(await fresh(), 'approve', h)).statusCode,
      ];
      expect({ who, got }).toEqual({ who, got: expected[who] });
    }
  });
});
