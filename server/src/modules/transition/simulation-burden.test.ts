import type { TSimulation, TSimulationProductsPage, TSimulationProductYears } from '@app/contract';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, createSessionToken } from '../../../test/auth-helpers.js';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { createCompany, createPartner, createUser, linkMemberToCompany } from '../../db/factories.js';
import { SIMULATION_JOB } from './simulation.codes.js';
import { seedSimulationCatalogue } from './simulation.fixtures.js';

/**
 * What a supermarket in the Simples Nacional bears (decision 061): the catalogue of the screen's fixture —
 * beer and soft drink with ST retained before (CST 60 / CSOSN 500, 18 %), bread, shampoo with a cClassTrib the
 * engine refuses, a phone with 15 % IPI — sold inside SP to a reseller, R$ 1.000,00 each.
 */
let ctx: TestContext;
let auth: Record<string, string>;
let company: string;
const base = () => `/v1/public/companies/${company}/transition-simulations`;
const get = (url: string) => ctx.app.inject({ method: 'GET', url: `/v1/public${url}`, headers: auth });
const cents = (v: number) => Math.round(v * 100);

async function simulate(body: object): Promise<TSimulation> {
  const res = await ctx.app.inject({ method: 'POST', url: base(), headers: auth, payload: body });
  expect(res.statusCode, res.body).toBe(202);
  await ctx.app.jobs.drain(SIMULATION_JOB);
  return (await get(`/transition-simulations/${res.json<TSimulation>().id}`)).json<TSimulation>();
}

beforeAll(async () => {
  ctx = await createTestApp();
  const partner = await createPartner(ctx.db);
  // CNAE 4711-3/02: retail supermarket — commerce, not an IPI taxpayer (RIPI, Decreto 7.212/2010, art. 24).
  const c = await createCompany(ctx.db, { partnerId: partner.id, uf: 'SP', crt: 'SimplesNacional', cnae: '4711302' });
  company = c.id;
  const member = await createUser(ctx.db, { role: 'Member', partnerId: partner.id });
  await linkMemberToCompany(ctx.db, member.id, c.id);
  auth = bearer(await createSessionToken(ctx.db, member.id));
  await seedSimulationCatalogue(ctx.db, c.id, 'burden');
});

const start = { ufDestino: 'SP', comprador: 'contribuinte', selecao: 'todos' };

describe('the simulated burden of a Simples Nacional supermarket', () => {
  it('a Simples company must give its RBT12; nothing is queued without it', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: base(), headers: auth, payload: start });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].field).toBe('rbt12');
    // The field in words, as the form labels it (issue 38: no raw field ids on screen).
    expect(res.json().errors[0].message).toBe(
      'RBT12: a empresa é do Simples Nacional; informe a receita bruta dos últimos 12 meses.',
    );
    expect((await get(`/companies/${company}/transition-simulations`)).json()).toHaveLength(0);
  });

  it('DAS shares, ICMS retained before phased out, no IPI nor PIS/COFINS apart, to the cent', async () => {
    const sim = await simulate({ ...start, rbt12: '1500000.00' });
    expect(sim).toMatchObject({ status: 'Done', produtos: 7, produtosRecusados: 1, faixaSimples: 4 });
    expect(sim.contribuinteIpi).toBe(false);
    const t = Object.fromEntries((sim.totais ?? []).map((r) => [r.ano, r]));
    // ST goods (two beers, a soft drink): 1000.00 × 18 % = 180.00 each charged before the sale (NT 2016.002
    // vICMSEfet), 540.00; 9/10 in 2029 = 486.00, 6/10 in 2032 = 324.00, none in 2033 (EC 132/2023, ADCT arts. 128–129).
    expect([2026, 2029, 2032, 2033].map((a) => t[a]!.vICMSAnterior)).toEqual([540, 486, 324, 0]);
    // DAS of the 4th bracket of LC 123/2006 Anexo I: effective 9,20 %. ICMS share 33,50 % = 30.82 for each of
    // the two breads and the phone (ST goods leave it, art. 18 §4º-A I): 92.46. PIS 2,76 % = 2.54 and COFINS
    // 12,74 % = 11.72 for the same three (beer and soda: monophasic CST 04, out of the share): 7.62 and 35.16.
    expect(t[2026]).toMatchObject({ vDASICMS: 92.46, vDASPIS: 7.62, vDASCOFINS: 35.16 });
    // The retailer pays no IPI (phone 15 %, beer 3,9 % on the rule) and no PIS/COFINS or 2026 CBS/IBS apart.
    for (const r of sim.totais ?? []) expect([r.vIPI, r.vPIS, r.vCOFINS], `${r.ano}`).toEqual([0, 0, 0]);
    expect(t[2026]!.vNaoDevido).toBeGreaterThanOrEqual(150);
    expect([t[2026]!.vCBS, t[2026]!.vIBSUF, t[2026]!.vCBSIBSCompensado]).toEqual([0, 0, 0]);
    // 2026 total: 540.00 + 92.46 + 7.62 + 35.16 = 675.24 over 6 computed items of 1000.00 = 11,254 %.
    expect(t[2026]).toMatchObject({ vTotal: 675.24, pCarga: 11.254, vTotalRegular: null });
    // From 2027 (LC 214/2025, art. 41): CBS in the DAS = 15,50 % of 92.00 × 6 = 85.56; the regular path beside it.
    expect(t[2027]!.vDASCBS).toBe(85.56);
    for (const r of (sim.totais ?? []).filter((x) => x.ano >= 2027)) expect(r.pCargaRegular, `${r.ano}`).not.toBeNull();
  });

  it("each product's years with the memória agree with the catalogue and name the sources", async () => {
    const [sim] = (await get(`/companies/${company}/transition-simulations`)).json<TSimulation[]>();
    const page = (await get(`/transition-simulations/${sim!.id}/products?pageSize=50`)).json<TSimulationProductsPage>();
    const beer = page.items.find((p) => p.internalCode === 'SIM-001')!;
    const years = (
      await get(`/transition-simulations/${sim!.id}/products/${beer.productId}`)
    ).json<TSimulationProductYears>();
    expect(years.item?.empresa).toEqual({ rbt12: '1500000.00', contribuinteIpi: false });
    expect(years.anos.map((a) => a.vICMSAnterior)).toEqual([180, 180, 180, 162, 144, 126, 108, 0]);
    const memoria = years.anos[0]!.memoria;
    expect(memoria.find((m) => m.campo === 'vICMSAnterior')?.baseLegal).toContain('art. 8º, §5º');
    expect(memoria.find((m) => m.campo === 'vIPI' && m.baseLegal.includes('RIPI'))).toBeDefined();
    // The catalogue's ST figure is the sum of its three ST products (two beers and the soda, same figures).
    expect(cents(sim!.totais![0]!.vICMSAnterior)).toBe(3 * cents(years.anos[0]!.vICMSAnterior));
    // A Simples seller's sale to a reseller states the buyer's credit: 9,20 % × 33,50 % = 3,082 % (LC 123 art. 23).
    const bread = page.items.find((p) => p.internalCode === 'SIM-003')!;
    const breadYears = (
      await get(`/transition-simulations/${sim!.id}/products/${bread.productId}`)
    ).json<TSimulationProductYears>();
    expect(breadYears.item?.item.icms).toMatchObject({ csosn: '101', pCredSN: 3.082 });
  });

  it('"recusados pelo motor": only the refused products, each with the reason', async () => {
    const [sim] = (await get(`/companies/${company}/transition-simulations`)).json<TSimulation[]>();
    const refused = (
      await get(`/transition-simulations/${sim!.id}/products?recusados=true`)
    ).json<TSimulationProductsPage>();
    expect(refused.total).toBe(1);
    expect(refused.items).toHaveLength(1);
    expect(refused.items[0]).toMatchObject({ internalCode: 'SIM-005', variacao: null });
    expect(refused.items[0]!.erro).toContain('cClassTrib');
    const bad = await get(`/transition-simulations/${sim!.id}/products?recusados=talvez`);
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('recusados');
  });

  it('the XLSX years carry the screen labels and the regular path', async () => {
    const [sim] = (await get(`/companies/${company}/transition-simulations`)).json<TSimulation[]>();
    const res = await get(`/transition-simulations/${sim!.id}/export`);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.getWorksheet('Anos')!;
    expect(String(sheet.getRow(1).getCell(1).value)).toContain(
      'Simples Nacional, faixa 4 do Anexo I (RBT12 R$ 1.500.000,00)',
    );
    const headers = (sheet.getRow(2).values as unknown[]).filter(Boolean).map(String);
    expect(headers).toContain('ICMS cobrado antes (ST) (R$)');
    expect(headers).toContain('DAS: ICMS (R$)');
    expect(headers).toContain('Carga com IBS/CBS no regime regular (%)');
    expect(headers).not.toContain('IPI (R$)');
    expect(headers.some((h) => h.startsWith('v'))).toBe(false);
  });
});
