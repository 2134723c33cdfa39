import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { createFiscalRule, createProduct } from '../../db/factories.js';
import { namedRulePayload, seedActors, seedReferenceCodes } from './fiscal-rules.fixtures.js';
import { findFiscalRule } from './fiscal-rules.service.js';

let ctx: TestContext;
let s: Awaited<ReturnType<typeof seedActors>>;

beforeAll(async () => {
  ctx = await createTestApp();
  await seedReferenceCodes(ctx.db);
  s = await seedActors(ctx.db);
});

const url = '/v1/public/fiscal-rules';
const days = (n: number) => new Date(Date.now() - n * 24 * 60 * 60 * 1000);
/** The edit payload of a base rule (no name) with its identity unchanged. */
const basePayload = (over: Record<string, unknown>) =>
  namedRulePayload({ description: undefined, ncm: '22021000', cest: '0300700', uf: 'SP', ...over });

describe('rule versions', () => {
  it('keeps one dated version per edit and answers details as of a past date', async () => {
    const start = days(10);
    const rule = await createFiscalRule(ctx.db, { ncm: '22021000', cest: '0300700', uf: 'SP', validFrom: start });
    const product = await createProduct(ctx.db, { companyId: s.companySP.id, fiscalRuleId: rule.id, linkedAt: start });
    for (const aliqICMS of ['12', '7']) {
      const edit = await ctx.app.inject({
        method: 'PUT',
        url: `${url}/${rule.id}`,
        headers: s.headers.ownerA,
        payload: basePayload({ aliqICMS }),
      });
      expect(edit.statusCode).toBe(200);
      expect(edit.json().message).toBe('Regra fiscal alterada com sucesso!');
    }
    const versions = await ctx.database.pool.query(
      'SELECT aliq_icms::text AS aliq, valid_from, valid_to FROM fiscal_rule_versions WHERE fiscal_rule_id = $1 ORDER BY valid_from',
      [rule.id],
    );
    expect(versions.rows.map((v) => v.aliq)).toEqual(['18.0000', '12.0000', '7.0000']);
    expect(versions.rows[0].valid_to).toEqual(versions.rows[1].valid_from);
    expect(versions.rows[1].valid_to).toEqual(versions.rows[2].valid_from);
    expect(versions.rows[2].valid_to).toBeNull();

    const historic = await ctx.app.inject({
      method: 'GET',
      url: `${url}/products/${product.id}/historic`,
      headers: s.headers.member,
    });
    expect(historic.statusCode).toBe(200);
    const items = historic.json() as { fiscalRuleId: string; date: string }[];
    expect(items).toHaveLength(3);
    expect(items.every((i) => i.fiscalRuleId === rule.id)).toBe(true);
    expect(items.map((i) => i.date)).toEqual(versions.rows.map((v) => v.valid_from.toISOString()).reverse());

    const details = (validity?: string) =>
      ctx.app.inject({
        method: 'GET',
        url: `${url}/${rule.id}/details?productId=${product.id}${validity ? `&validity=${encodeURIComponent(validity)}` : ''}`,
        headers: s.headers.member,
      });
    const current = await details();
    expect(current.statusCode).toBe(200);
    expect(current.json().stateRulesGroup.aliqICMSInterna).toBe('7.0000');
    expect(current.json().dates).toHaveLength(3);
    expect(current.json()).toMatchObject({ productId: product.id, fiscalRuleId: rule.id, validityIn: items[0]!.date });
    const fiveDaysAgo = await details(days(5).toISOString());
    expect(fiveDaysAgo.json().stateRulesGroup.aliqICMSInterna).toBe('18.0000');
    expect(fiveDaysAgo.json().validityIn).toBe(items[2]!.date);
    const middle = await details(items[1]!.date);
    expect(middle.json().stateRulesGroup.aliqICMSInterna).toBe('12.0000');

    // The same lookup other modules (operations) use.
    expect((await findFiscalRule(ctx.db, rule.id, days(5)))?.stateRule.aliqICMS).toBe('18.0000');
    expect((await findFiscalRule(ctx.db, rule.id))?.stateRule.aliqICMS).toBe('7.0000');

    const audit = await ctx.database.pool.query(
      "SELECT before->>'aliqIcms' AS before, after->>'aliqIcms' AS after FROM audit_events WHERE code = 3072 AND entity_id = $1 ORDER BY id",
      [rule.id],
    );
    expect(audit.rows).toEqual([
      { before: '18.0000', after: '12' },
      { before: '12.0000', after: '7' },
    ]);
  });

  it('refuses to change the identity of a rule and keeps named rules named', async () => {
    const base = await createFiscalRule(ctx.db, { ncm: '22029900', cest: '0300800', uf: 'SP' });
    const moved = await ctx.app.inject({
      method: 'PUT',
      url: `${url}/${base.id}`,
      headers: s.headers.admin,
      payload: basePayload({ ncm: '22029900', cest: '0300800', uf: 'RJ' }),
    });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().code).toBe('FISCAL_RULE_IDENTITY_LOCKED');
    const named = await createFiscalRule(ctx.db, { ncm: '22030000', uf: 'SP', description: 'Cerveja regra nomeada' });
    const noName = await ctx.app.inject({
      method: 'PUT',
      url: `${url}/${named.id}`,
      headers: s.headers.admin,
      payload: namedRulePayload({ description: undefined, ncm: '22030000', cest: '', uf: 'SP' }),
    });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().detail).toBe('É necessário informar um nome válido para regra fiscal!');
    const renamed = await ctx.app.inject({
      method: 'PUT',
      url: `${url}/${named.id}`,
      headers: s.headers.admin,
      payload: namedRulePayload({ description: 'Cerveja regra renomeada', ncm: '22030000', cest: '', uf: 'SP' }),
    });
    expect(renamed.statusCode).toBe(200);
    const list = await ctx.app.inject({ method: 'GET', url: `${url}?description=cerveja`, headers: s.headers.admin });
    expect(list.json().map((r: { description: string }) => r.description)).toEqual(['Cerveja regra renomeada']);
  });
});

describe('rule details access', () => {
  it('lets Members read details of their own products only', async () => {
    const rule = await createFiscalRule(ctx.db, { ncm: '22021000', cest: '0300700', uf: 'RJ' });
    const own = await createProduct(ctx.db, { companyId: s.companySP.id, fiscalRuleId: rule.id });
    const other = await createProduct(ctx.db, { companyId: s.companyRJ.id, fiscalRuleId: rule.id });
    const get = (q: string, headers = s.headers.member) =>
      ctx.app.inject({ method: 'GET', url: `${url}/${rule.id}/details${q}`, headers });
    expect((await get(`?productId=${own.id}`)).statusCode).toBe(200);
    expect((await get(`?productId=${other.id}`)).statusCode).toBe(404);
    expect((await get('')).statusCode).toBe(404);
    expect((await get(`?productId=${other.id}`, s.headers.ownerA)).statusCode).toBe(200);
    expect((await get(`?productId=${other.id}`, s.headers.contributorB)).statusCode).toBe(404);
    const plain = await get('', s.headers.contributorB);
    expect(plain.statusCode).toBe(200);
    expect(plain.json()).toMatchObject({ productId: null, dates: [], rule: { id: rule.id, isNamed: false } });
    const otherHistory = await ctx.app.inject({
      method: 'GET',
      url: `${url}/products/${other.id}/historic`,
      headers: s.headers.member,
    });
    expect(otherHistory.statusCode).toBe(404);
  });

  it('answers "Produto não está classificado" for a product without rule', async () => {
    const rule = await createFiscalRule(ctx.db, { ncm: '22030000', uf: 'RJ' });
    const pending = await createProduct(ctx.db, { companyId: s.companySP.id });
    const res = await ctx.app.inject({
      method: 'GET',
      url: `${url}/${rule.id}/details?productId=${pending.id}`,
      headers: s.headers.member,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe('Produto não está classificado');
  });

  it('shapes product details with federal, state, protocol and tax-reform groups', async () => {
    const rule = await createFiscalRule(ctx.db, {
      ncm: '22029900',
      cest: '0300800',
      uf: 'MG',
      version: {
        cstIcms: '60',
        iva: '40.0000',
        cbsCst: '000',
        cbsAliq: '0.9000',
        ibsAliqUf: '0.1000',
        protocol: {
          name: 'Protocolo ICMS 11/91',
          description: 'Bebidas',
          exempted: false,
          subsTrib: true,
          respTrib: 'Remetente',
          aliqIcmsInterestadual: '12.0000',
          redBcInterestadual: null,
          aliqEfetiva: null,
          iva: '40.0000',
          validityIn: '1991-05-01',
          endOfValidityIn: null,
        },
      },
    });
    const res = await ctx.app.inject({ method: 'GET', url: `${url}/${rule.id}/details`, headers: s.headers.admin });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.federalRulesGroup).toMatchObject({
      ncm: '22029900',
      cest: '0300800',
      cbs: { cst: '000', aliq: '0.9000' },
    });
    expect(body.federalRulesGroup.piscofins).toMatchObject({ cstEntrada: '50', cstSaida: '01', aliqPIS: '1.6500' });
    expect(body.stateRulesGroup).toMatchObject({
      uf: 'MG',
      cst: '60',
      cfop: '5102',
      aliqICMSInterestadual: '12.0000',
      protocol: { protName: 'Protocolo ICMS 11/91', subsTrib: true, respTrib: 'Remetente' },
      agreement: null,
      ibs: { aliqUF: '0.1000' },
    });
  });
});
