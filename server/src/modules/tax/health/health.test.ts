import { healthFindingKinds, type THealthReport } from '@app/contract';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, createSessionToken } from '../../../../test/auth-helpers.js';
import { createTestApp, type TestContext } from '../../../../test/test-app.js';
import { createCompany, createPartner, createUser, linkMemberToCompany } from '../../../db/factories.js';
import { auditEvents, companies } from '../../../db/schema/index.js';
import { HEALTH_CHECK_JOB } from './health.codes.js';
import { seedCleanCatalogue, seedDirtyCatalogue, seedStateCbenefCatalogue } from './health.fixtures.js';

let ctx: TestContext;
let h: Record<'member' | 'stranger', Record<string, string>>;
const ids = {} as {
  dirty: string;
  clean: string;
  blocked: string;
  states: string;
  stateCases: Awaited<ReturnType<typeof seedStateCbenefCatalogue>>;
  expected: Awaited<ReturnType<typeof seedDirtyCatalogue>>;
};

const url = (companyId: string, rest = '') => `/v1/public/companies/${companyId}/health${rest}`;

async function runCheck(companyId: string, headers = h.member) {
  const start = await ctx.app.inject({ method: 'POST', url: url(companyId), headers });
  expect(start.statusCode).toBe(202);
  await ctx.app.jobs.drain(HEALTH_CHECK_JOB);
  const res = await ctx.app.inject({ method: 'GET', url: url(companyId, '?pageSize=200'), headers });
  return res.json<THealthReport>();
}

beforeAll(async () => {
  ctx = await createTestApp();
  const partner = await createPartner(ctx.db);
  const other = await createPartner(ctx.db);
  const dirty = await createCompany(ctx.db, { partnerId: partner.id, uf: 'SP' });
  const clean = await createCompany(ctx.db, { partnerId: partner.id, uf: 'SP' });
  const blocked = await createCompany(ctx.db, { partnerId: partner.id, uf: 'SP' });
  const states = await createCompany(ctx.db, { partnerId: partner.id, uf: 'PR' });
  await ctx.db.update(companies).set({ status: 'Blocked' }).where(eq(companies.id, blocked.id));
  const member = await createUser(ctx.db, { role: 'Member', partnerId: partner.id });
  for (const c of [dirty, clean, blocked, states]) await linkMemberToCompany(ctx.db, member.id, c.id);
  const stranger = await createUser(ctx.db, { role: 'PartnerOwner', partnerId: other.id });
  h = {
    member: bearer(await createSessionToken(ctx.db, member.id)),
    stranger: bearer(await createSessionToken(ctx.db, stranger.id)),
  };
  ids.expected = await seedDirtyCatalogue(ctx.db, dirty.id);
  await seedCleanCatalogue(ctx.db, clean.id);
  ids.stateCases = await seedStateCbenefCatalogue(ctx.db, states.id);
  Object.assign(ids, { dirty: dirty.id, clean: clean.id, blocked: blocked.id, states: states.id });
});

describe('catalogue health check', () => {
  it('finds each kind of problem on the product seeded with it, and nothing else', async () => {
    const report = await runCheck(ids.dirty);
    expect(report.check).toMatchObject({ status: 'Done', products: 12, findings: 12 });
    const found = Object.fromEntries(report.items.map((f) => [f.kind, f.productId]));
    expect(found).toEqual(ids.expected);
    // IBSCBS_CST_INVALID (UB13-10) never comes alone (the cClassTrib is then refused too): health-rule-book.test.ts.
    for (const kind of healthFindingKinds)
      expect(report.counts.find((c) => c.kind === kind)?.count, kind).toBe(kind === 'IBSCBS_CST_INVALID' ? 0 : 1);
    expect(report.productsWithFindings).toBe(12);
    const cbenef = report.items.find((f) => f.kind === 'CBENEF_INVALID');
    expect(cbenef).toMatchObject({ rejection: '946', detail: 'cBenef SP010360 (UF SP, CST 20)' });
    expect(report.items.find((f) => f.kind === 'NCM_NOT_IN_FORCE')).toMatchObject({ rejection: '778 · I05-20' });
    expect(report.items.find((f) => f.kind === 'CBENEF_MISSING')?.fix).toContain('cBenef');
  });

  it('finds nothing on a clean catalogue (a GO cBenef, whose table is not loaded, is not reported)', async () => {
    const report = await runCheck(ids.clean);
    expect(report.check).toMatchObject({ status: 'Done', products: 4, findings: 0 });
    expect(report.items).toEqual([]);
  });

  it("reports 'cBenef inválido' and a missing cBenef against each loaded state's table (PR, RJ, RS, SC)", async () => {
    const report = await runCheck(ids.states);
    const expected = ids.stateCases.filter((c) => c.kind);
    expect(report.check).toMatchObject({ status: 'Done', products: 19, findings: expected.length });
    const found = report.items.map((f) => ({ productId: f.productId, kind: f.kind, detail: f.detail }));
    expect(found).toEqual(expect.arrayContaining(expected));
    expect(found).toHaveLength(expected.length);
    expect(report.items.find((f) => f.kind === 'CBENEF_MISSING')).toMatchObject({ rejection: '930' });
  });

  it('pages and filters findings by kind', async () => {
    const page = await ctx.app.inject({ method: 'GET', url: url(ids.dirty, '?pageSize=4&page=3'), headers: h.member });
    expect(page.json()).toMatchObject({ total: 12, page: 3, pageSize: 4 });
    expect(page.json().items).toHaveLength(4);
    const gtin = await ctx.app.inject({ method: 'GET', url: url(ids.dirty, '?kind=GTIN_INVALID'), headers: h.member });
    expect(gtin.json().items.map((f: { productId: string }) => f.productId)).toEqual([ids.expected.GTIN_INVALID]);
    const bad = await ctx.app.inject({ method: 'GET', url: url(ids.dirty, '?kind=XYZ'), headers: h.member });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toBe('Tipo de achado inválido.');
  });

  it('filters the products list by finding', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/v1/public/products?companyId=${ids.dirty}&healthFinding=CST_CFOP_MISMATCH`,
      headers: h.member,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ count: 1, objects: [{ id: ids.expected.CST_CFOP_MISMATCH }] });
  });

  it("keeps the finding filter to the caller's company: another partner gets 404, another company's findings stay out", async () => {
    const list = (companyId: string, headers: Record<string, string>) =>
      ctx.app.inject({
        method: 'GET',
        url: `/v1/public/products?companyId=${companyId}&healthFinding=CST_CFOP_MISMATCH`,
        headers,
      });
    expect((await list(ids.dirty, h.stranger)).statusCode).toBe(404);
    await runCheck(ids.clean);
    const clean = await list(ids.clean, h.member);
    expect(clean.statusCode).toBe(200);
    expect(clean.json()).toMatchObject({ count: 0, objects: [] });
  });

  it('exports the findings as XLSX', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: url(ids.dirty, '/export'), headers: h.member });
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.getWorksheet('Saúde fiscal')!;
    expect(ws.getRow(1).values).toContain('Rejeição evitada');
    expect(ws.rowCount).toBe(13);
  });

  it('records an audit event when a check starts', async () => {
    const events = await ctx.db.select().from(auditEvents).where(eq(auditEvents.code, 3070));
    expect(events.length).toBeGreaterThanOrEqual(2);
    expect(events[0]?.description).toBe('Verificação de saúde fiscal do catálogo iniciada');
  });

  it('answers 404 for a foreign company and 403 COMPANY_BLOCKED for a Member of a blocked one', async () => {
    const foreign = await ctx.app.inject({ method: 'GET', url: url(ids.dirty), headers: h.stranger });
    expect(foreign.statusCode).toBe(404);
    const start = await ctx.app.inject({ method: 'POST', url: url(ids.dirty), headers: h.stranger });
    expect(start.statusCode).toBe(404);
    const blocked = await ctx.app.inject({ method: 'GET', url: url(ids.blocked), headers: h.member });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().code).toBe('COMPANY_BLOCKED');
  });

  it('refuses a second check while one is queued', async () => {
    const first = await ctx.app.inject({ method: 'POST', url: url(ids.clean), headers: h.member });
    expect(first.statusCode).toBe(202);
    const second = await ctx.app.inject({ method: 'POST', url: url(ids.clean), headers: h.member });
    expect(second.statusCode).toBe(409);
    await ctx.app.jobs.drain(HEALTH_CHECK_JOB);
  });
});
