import type { THealthReport, TSimulationProductsPage } from '@app/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, createSessionToken } from '../../../../test/auth-helpers.js';
import { createTestApp, type TestContext } from '../../../../test/test-app.js';
import { createCompany, createPartner, createUser, linkMemberToCompany } from '../../../db/factories.js';
import { SIMULATION_JOB } from '../../transition/simulation.codes.js';
import { HEALTH_CHECK_JOB } from './health.codes.js';
import { seedAnnexCatalogue } from './health.fixtures.js';
import { findAnnexIgnoredByProduct } from './health.repository.js';

/**
 * Decision 062: a rule taxed in full (CST 000, cClassTrib 000001) on an NCM that an annex of LC 214/2025 covers
 * is flagged, with the cClassTrib the law backs for it. Which NCM each code applies to is Receita's NCM
 * applicability table (reference-data/rtc/ncm-cclasstrib.json, NCM_APLICAVEL of the reference calculator).
 */
let ctx: TestContext;
let headers: Record<string, string>;
let companyId: string;
let seeded: Awaited<ReturnType<typeof seedAnnexCatalogue>>;

beforeAll(async () => {
  ctx = await createTestApp();
  const partner = await createPartner(ctx.db);
  const company = await createCompany(ctx.db, { partnerId: partner.id, uf: 'SP' });
  const member = await createUser(ctx.db, { role: 'Member', partnerId: partner.id });
  await linkMemberToCompany(ctx.db, member.id, company.id);
  headers = bearer(await createSessionToken(ctx.db, member.id));
  companyId = company.id;
  seeded = await seedAnnexCatalogue(ctx.db, company.id);
  const start = await ctx.app.inject({ method: 'POST', url: `/v1/public/companies/${companyId}/health`, headers });
  expect(start.statusCode).toBe(202);
  await ctx.app.jobs.drain(HEALTH_CHECK_JOB);
});

async function annexFindings() {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/v1/public/companies/${companyId}/health?kind=CCLASSTRIB_ANNEX_IGNORED&pageSize=200`,
    headers,
  });
  expect(res.statusCode).toBe(200);
  return res.json<THealthReport>().items;
}

describe('health check: cClassTrib the law backs for the NCM (LC 214/2025 annexes)', () => {
  it('flags exactly the full-rate rules on annex NCMs, proposing the annex codes, most specific first', async () => {
    const items = await annexFindings();
    const got = Object.fromEntries(items.map((f) => [f.productId, f.proposedCClassTrib]));
    const want = Object.fromEntries(
      Object.values(seeded)
        .filter((c) => c.proposed)
        .map((c) => [c.id, c.proposed]),
    );
    expect(got).toEqual(want);
  });

  it('names the annex, its item and the article: rice is cesta básica (LC 214/2025 art. 125, Anexo I, item 1)', async () => {
    const rice = (await annexFindings()).find((f) => f.productId === seeded.rice.id);
    expect(rice?.detail).toContain('NCM 10063021 no Anexo I, item 1 da LC 214/2025 (Art. 125, cClassTrib 200003)');
    expect(rice?.detail).toContain('a regra usa 000001');
    expect(rice?.fix).toMatch(/cClassTrib proposto/);
  });

  it('yogurt takes the 60 % reduction of LC 214/2025 art. 135, Anexo VII, item 2 (cClassTrib 200034)', async () => {
    const yogurt = (await annexFindings()).find((f) => f.productId === seeded.yogurt.id);
    expect(yogurt?.detail).toContain('Anexo VII, item 2 da LC 214/2025 (Art. 135, cClassTrib 200034)');
  });

  it('an NCM the annex row excludes (0207.43.00 out of heading 0207 of Anexo I) is not flagged', async () => {
    const ids = (await annexFindings()).map((f) => f.productId);
    expect(ids).not.toContain(seeded.duckLiver.id);
    expect(ids).toContain(seeded.turkey.id);
  });

  it('exposes the flag per product for the reform simulation (last finished check)', async () => {
    const flags = await findAnnexIgnoredByProduct(ctx.db, companyId, [seeded.rice.id, seeded.water.id]);
    expect([...flags.keys()]).toEqual([seeded.rice.id]);
    expect(flags.get(seeded.rice.id)?.proposed[0]).toBe('200003');
  });

  it('the reform simulation marks the products whose rule ignores the annex, with the proposed code', async () => {
    const start = await ctx.app.inject({
      method: 'POST',
      url: `/v1/public/companies/${companyId}/transition-simulations`,
      headers,
      payload: { ufDestino: 'SP', comprador: 'contribuinte', selecao: 'todos', rbt12: '1500000.00' },
    });
    expect(start.statusCode, start.body).toBe(202);
    await ctx.app.jobs.drain(SIMULATION_JOB);
    const id = start.json<{ id: string }>().id;
    const page = await ctx.app.inject({
      method: 'GET',
      url: `/v1/public/transition-simulations/${id}/products?pageSize=200`,
      headers,
    });
    expect(page.statusCode, page.body).toBe(200);
    const items = page.json<TSimulationProductsPage>().items;
    const rice = items.find((p) => p.productId === seeded.rice.id);
    expect(rice?.anexoIgnorado?.cClassTribProposto[0]).toBe('200003');
    expect(rice?.anexoIgnorado?.detalhe).toContain('Anexo I');
    const water = items.find((p) => p.productId === seeded.water.id);
    expect(water).toBeDefined();
    expect(water?.anexoIgnorado).toBeNull();
  });

  it('the rule editor lists the codes the law gives the NCM first (GET /reference/cclasstrib?ncm=)', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/v1/public/reference/cclasstrib?ncm=10063021', headers });
    expect(res.statusCode).toBe(200);
    const list = res.json<{ code: string; lawAnnex: string | null }[]>();
    expect(list.slice(0, 2).map((c) => c.code)).toEqual(['200003', '200038']);
    expect(list[0]?.lawAnnex).toBe('Anexo I, item 1 da LC 214/2025 (Art. 125)');
    expect(list.filter((c) => c.lawAnnex)).toHaveLength(2);
    const plain = await ctx.app.inject({ method: 'GET', url: '/v1/public/reference/cclasstrib', headers });
    expect(plain.json<{ code: string }[]>()[0]?.code).toBe('000001');
    const bad = await ctx.app.inject({ method: 'GET', url: '/v1/public/reference/cclasstrib?ncm=1006', headers });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toContain('NCM inválido: informe os 8 dígitos.');
  });
});
