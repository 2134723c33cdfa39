import type { THealthReport } from '@app/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, createSessionToken } from '../../../../test/auth-helpers.js';
import { createTestApp, type TestContext } from '../../../../test/test-app.js';
import {
  createCompany,
  createFiscalRule,
  createPartner,
  createProduct,
  createUser,
  linkMemberToCompany,
} from '../../../db/factories.js';
import { demoTrades } from '../../../scripts/seed-demo-trades.js';
import { HEALTH_CHECK_JOB } from './health.codes.js';
import { HEALTH_RULES } from './health-rule-book.js';

/*
 * The health check's rule-book kinds are decided by the NF-e rule book itself (decision 060, issue 36): NT 2025.002
 * v1.40 rules UB13-10 (1020, CST do IBS/CBS inexistente), UB14-10 (1023, cClassTrib inexistente), UB14-20 (1024,
 * cClassTrib incompatível com o CST) and MOC 7.0 annex I rule I05-20 (778, NCM inexistente). Each finding names its
 * rejection code and rule.
 */
let ctx: TestContext;
let auth: Record<string, string>;
const ids = {} as { dirty: string; demo: string; products: Record<string, string> };

async function runCheck(companyId: string) {
  const url = `/v1/public/companies/${companyId}/health`;
  expect((await ctx.app.inject({ method: 'POST', url, headers: auth })).statusCode).toBe(202);
  await ctx.app.jobs.drain(HEALTH_CHECK_JOB);
  return (await ctx.app.inject({ method: 'GET', url: `${url}?pageSize=200`, headers: auth })).json<THealthReport>();
}

beforeAll(async () => {
  ctx = await createTestApp();
  const partner = await createPartner(ctx.db);
  const dirty = await createCompany(ctx.db, { partnerId: partner.id, uf: 'SP' });
  const demo = await createCompany(ctx.db, { partnerId: partner.id, uf: 'SP' });
  const member = await createUser(ctx.db, { role: 'Member', partnerId: partner.id });
  for (const c of [dirty, demo]) await linkMemberToCompany(ctx.db, member.id, c.id);
  auth = bearer(await createSessionToken(ctx.db, member.id));
  let n = 0;
  const ruled = async (companyId: string, ncm: string, version: Record<string, unknown>) => {
    const rule = await createFiscalRule(ctx.db, { ncm, uf: 'SP', description: `Regra livro ${++n}`, version });
    return (await createProduct(ctx.db, { companyId, ncm, fiscalRuleId: rule.id })).id;
  };
  ids.products = {
    cstInvalid: await ruled(dirty.id, '22021000', { cbsCst: '999', cbsCClassTrib: '999001' }),
    classOfOtherCst: await ruled(dirty.id, '10063021', { cbsCst: '000', cbsCClassTrib: '200003' }),
    // An export (CFOP 7101): I05-20 does not check the NCM of exports (Anexo X.02 codes are not in the table).
    exportNcm: await ruled(dirty.id, '99999999', { cbsCst: '000', cbsCClassTrib: '000001', cfopSaida: '7101' }),
    saleNcm: await ruled(dirty.id, '99999999', { cbsCst: '000', cbsCClassTrib: '000001', cfopSaida: '5102' }),
  };
  // A demo-like catalogue: the demo supermarket's items, basic-basket goods under their annex codes.
  const annex: Record<string, [string, string]> = {
    '10063021': ['200', '200003'],
    '07133319': ['200', '200003'],
    '04012010': ['200', '200003'],
    '09012100': ['200', '200003'],
  };
  for (const it of demoTrades.supermarket) {
    const [cbsCst, cbsCClassTrib] = annex[it.ncm] ?? ['000', '000001'];
    await ruled(demo.id, it.ncm, { cbsCst, cbsCClassTrib, cfopSaida: '5102' });
  }
  Object.assign(ids, { dirty: dirty.id, demo: demo.id });
});

describe('catalogue health check through the NF-e rule book', () => {
  it('flags the product a rule would reject, citing rejection code and rule id', async () => {
    const report = await runCheck(ids.dirty);
    const of = (productId: string) =>
      report.items
        .filter((f) => f.productId === productId)
        .map((f) => ({ kind: f.kind, rejection: f.rejection, detail: f.detail }));
    expect(of(ids.products.cstInvalid!)).toEqual(
      expect.arrayContaining([
        { kind: 'IBSCBS_CST_INVALID', rejection: '1020 · UB13-10', detail: 'CST 999' },
        { kind: 'CCLASSTRIB_NOT_IN_FORCE', rejection: '1023 · UB14-10', detail: 'cClassTrib 999001' },
      ]),
    );
    expect(of(ids.products.classOfOtherCst!)).toContainEqual({
      kind: 'CCLASSTRIB_CST_MISMATCH',
      rejection: '1024 · UB14-20',
      detail: 'cClassTrib 200003 × CST 000',
    });
    expect(of(ids.products.saleNcm!)).toEqual([
      { kind: 'NCM_NOT_IN_FORCE', rejection: '778 · I05-20', detail: 'NCM 99999999' },
    ]);
    expect(of(ids.products.exportNcm!)).toEqual([]);
    const counts = Object.fromEntries(report.counts.map((c) => [c.kind, c.rejection]));
    expect(counts.IBSCBS_CST_INVALID).toBe('1020 · UB13-10');
  });

  it('finds no rule-book rejection on a demo-like catalogue', async () => {
    const report = await runCheck(ids.demo);
    expect(report.check).toMatchObject({ status: 'Done', products: demoTrades.supermarket.length });
    const ruleKinds = new Set(Object.values(HEALTH_RULES));
    expect(report.items.filter((f) => ruleKinds.has(f.kind))).toEqual([]);
  });
});
