import type {
  TSimulation,
  TSimulationProductsPage,
  TSimulationProductYears,
  TTaxTransitionResponse,
} from '@app/contract';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, createSessionToken } from '../../../test/auth-helpers.js';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import {
  createCompany,
  createFiscalRule,
  createPartner,
  createProduct,
  createUser,
  linkMemberToCompany,
} from '../../db/factories.js';
import { companies } from '../../db/schema/index.js';
import { findComputedYears } from './computed-years.js';
import { SIMULATION_JOB } from './simulation.codes.js';

let ctx: TestContext;
let h: Record<'member' | 'staff' | 'stranger', Record<string, string>>;
const ids = {} as { company: string; blocked: string; other: string; beer: string[]; bread: string[]; bad: string };
const years = findComputedYears();
const lastYear = years[years.length - 1]!;
const period = { anoFinal: lastYear };

const base = (companyId: string) => `/v1/public/companies/${companyId}/transition-simulations`;
const get = (url: string, headers = h.member) => ctx.app.inject({ method: 'GET', url: `/v1/public${url}`, headers });

async function start(body: object, headers = h.member, companyId = ids.company) {
  return ctx.app.inject({ method: 'POST', url: base(companyId), headers, payload: { ...period, ...body } });
}

async function simulate(body: object, headers = h.member): Promise<TSimulation> {
  const res = await start(body, headers);
  expect(res.statusCode, res.body).toBe(202);
  await ctx.app.jobs.drain(SIMULATION_JOB);
  return (await get(`/transition-simulations/${res.json<TSimulation>().id}`, headers)).json<TSimulation>();
}

beforeAll(async () => {
  ctx = await createTestApp();
  const partner = await createPartner(ctx.db);
  const otherPartner = await createPartner(ctx.db);
  const company = await createCompany(ctx.db, { partnerId: partner.id, uf: 'SP', crt: 'RegimeNormal' });
  const other = await createCompany(ctx.db, { partnerId: partner.id, uf: 'SP' });
  const blocked = await createCompany(ctx.db, { partnerId: partner.id, uf: 'SP' });
  await ctx.db.update(companies).set({ status: 'Blocked' }).where(eq(companies.id, blocked.id));
  const member = await createUser(ctx.db, { role: 'Member', partnerId: partner.id });
  await linkMemberToCompany(ctx.db, member.id, company.id);
  await linkMemberToCompany(ctx.db, member.id, blocked.id);
  const staff = await createUser(ctx.db, { role: 'PartnerContributor', partnerId: partner.id });
  const stranger = await createUser(ctx.db, { role: 'PartnerOwner', partnerId: otherPartner.id });
  h = {
    member: bearer(await createSessionToken(ctx.db, member.id)),
    staff: bearer(await createSessionToken(ctx.db, staff.id)),
    stranger: bearer(await createSessionToken(ctx.db, stranger.id)),
  };
  const ibs = { cbsCst: '000', cbsCClassTrib: '000001' };
  const beerRule = await createFiscalRule(ctx.db, { ncm: '22030000', uf: 'SP', version: ibs });
  const breadRule = await createFiscalRule(ctx.db, {
    ncm: '19053100',
    uf: 'SP',
    version: { ...ibs, cstIcms: '20', redBcIcms: '33.3300' },
  });
  const badRule = await createFiscalRule(ctx.db, {
    ncm: '33051000',
    uf: 'SP',
    version: { cbsCst: '000', cbsCClassTrib: '000999' },
  });
  const c = company.id;
  ids.beer = [];
  for (let i = 0; i < 3; i++)
    ids.beer.push(
      (await createProduct(ctx.db, { companyId: c, fiscalRuleId: beerRule.id, description: `CERVEJA ${i}` })).id,
    );
  // Finalized through a global product: no own link, the base rule of its NCM in the company's UF applies.
  ids.beer.push(
    (await createProduct(ctx.db, { companyId: c, status: 'F', ncm: '22030000', description: '=CERVEJA GLOBAL' })).id,
  );
  ids.bread = [];
  for (let i = 0; i < 2; i++)
    ids.bread.push(
      (await createProduct(ctx.db, { companyId: c, fiscalRuleId: breadRule.id, description: `PAO ${i}` })).id,
    );
  ids.bad = (await createProduct(ctx.db, { companyId: c, fiscalRuleId: badRule.id, description: 'XAMPU' })).id;
  await createProduct(ctx.db, { companyId: c, description: 'SEM CLASSIFICACAO' });
  Object.assign(ids, { company: c, blocked: blocked.id, other: other.id });
});

const cents = (v: number) => Math.round(v * 100);

describe('catalogue transition simulation', () => {
  it("runs every classified product through the years; totals are the products' item years summed", async () => {
    const sim = await simulate({ ufDestino: 'SP', comprador: 'contribuinte', selecao: 'todos' });
    expect(sim).toMatchObject({
      status: 'Done',
      progresso: 100,
      produtos: 7,
      produtosProcessados: 7,
      produtosRecusados: 1,
    });
    expect(sim.totais?.map((t) => t.ano)).toEqual(years);

    const yearsOf = async (productId: string) =>
      (await get(`/transition-simulations/${sim.id}/products/${productId}`)).json<TSimulationProductYears>();
    const beer = await yearsOf(ids.beer[3]!);
    const bread = await yearsOf(ids.bread[0]!);
    // The item is the operations query's sale SP → SP to a reseller, from the rule's codes and rates.
    expect(beer.item).toMatchObject({
      operacao: { ufOrigem: 'SP', ufDestino: 'SP', contribuinte: true, consumidorFinal: false, crt: 3 },
      item: {
        vProd: '1000.00',
        ncm: '22030000',
        icms: { cst: '00', pICMS: 18 },
        pis: { cst: '01', pPIS: 1.65 },
        cofins: { cst: '01', pCOFINS: 7.6 },
        ibscbs: { cst: '000', cClassTrib: '000001' },
      },
    });
    expect(bread.item?.item.icms).toMatchObject({ cst: '20', pICMS: 18, pRedBC: 33.33 });
    // The product's years are POST /tax/transition's answer for that item.
    for (const p of [beer, bread]) {
      const direct = await ctx.app.inject({
        method: 'POST',
        url: '/v1/public/tax/transition',
        headers: h.member,
        payload: p.item!,
      });
      expect(direct.json<TTaxTransitionResponse>().anos).toEqual(p.anos);
    }
    for (const [i, t] of (sim.totais ?? []).entries()) {
      const b = beer.anos[i]!;
      const r = bread.anos[i]!;
      expect(cents(t.vTotal), `${t.ano}`).toBe(4 * cents(b.vTotal) + 2 * cents(r.vTotal));
      expect(cents(t.vICMS)).toBe(4 * cents(b.vICMS) + 2 * cents(r.vICMS));
      expect(cents(t.vCBS)).toBe(4 * cents(b.vCBS) + 2 * cents(r.vCBS));
      // pCarga of the catalogue: its vTotal over 6 items of 1000.00.
      expect(t.pCarga).toBeCloseTo((t.vTotal / 6000) * 100, 4);
    }
    // Beer is in the IS table from 2027 (imposto-seletivo.json, NCM 22030000, IDs 169–174: 3 % in 2027–2028,
    // 5, 7, 9, 11 % in 2029–2032, 20 % in 2033): the simulation adds the IS group by year, so vIS = 1000.00 × rate;
    // bread has none. The catalogue's vIS is beer's four products.
    const beerIs: Record<number, number> = { 2026: 0, 2027: 30, 2028: 30, 2029: 50, 2030: 70, 2031: 90 };
    Object.assign(beerIs, { 2032: 110, 2033: 200 });
    expect(beer.anos.map((a) => [a.ano, a.vIS])).toEqual(years.map((ano) => [ano, beerIs[ano]]));
    expect(bread.anos.every((a) => a.vIS === 0)).toBe(true);
    for (const t of sim.totais ?? []) expect(cents(t.vIS), `${t.ano}`).toBe(4 * cents(beerIs[t.ano]!));
    // Bread's reduced ICMS base: a lower load than beer's in the first year.
    expect(bread.anos[0]!.pCarga).toBeLessThan(beer.anos[0]!.pCarga);
  });

  it("lists products by the rise of their load, the refused last with the engine's reason", async () => {
    const [latest] = (await get(`/companies/${ids.company}/transition-simulations`)).json<TSimulation[]>();
    const page = (
      await get(`/transition-simulations/${latest!.id}/products?pageSize=50`)
    ).json<TSimulationProductsPage>();
    expect(page.total).toBe(7);
    const rises = page.items.filter((p) => p.variacao !== null).map((p) => p.variacao!);
    expect(rises).toEqual([...rises].sort((a, b) => b - a));
    for (const p of page.items.filter((i) => i.variacao !== null))
      expect(p.variacao).toBeCloseTo(p.pCargaFinal! - p.pCargaInicial!, 4);
    const last = page.items[page.items.length - 1]!;
    expect(last).toMatchObject({ productId: ids.bad, variacao: null });
    expect(last.erro).toContain('cClassTrib 000999 não existe na tabela oficial');
    expect(page.items.some((p) => p.description === 'SEM CLASSIFICACAO')).toBe(false);
  });

  it('a selection and a search narrow the run', async () => {
    const chosen = await simulate({
      ufDestino: 'SP',
      comprador: 'contribuinte',
      selecao: 'selecao',
      productIds: [ids.beer[0], ids.bread[1]],
    });
    expect(chosen).toMatchObject({ status: 'Done', produtos: 2, produtosEscolhidos: 2 });
    const found = await simulate({ ufDestino: 'SP', comprador: 'contribuinte', selecao: 'busca', busca: 'pão' });
    expect(found).toMatchObject({ status: 'Done', produtos: 2, busca: 'pão' });
  });

  it('a sale to a consumer in another state carries the DIFAL', async () => {
    const sim = await simulate({ ufDestino: 'RJ', comprador: 'consumidor_final', selecao: 'todos' }, h.staff);
    expect(sim.status).toBe('Done');
    // Until ICMS ends in 2033 (ADCT art. 129).
    for (const t of sim.totais ?? []) {
      if (t.ano < 2033) expect(t.vICMSUFDest, `${t.ano}`).toBeGreaterThan(0);
      else expect(t.vICMSUFDest, `${t.ano}`).toBe(0);
    }
  });

  it('exports the years and every product as an XLSX with formula-safe texts', async () => {
    const [latest] = (await get(`/companies/${ids.company}/transition-simulations`)).json<TSimulation[]>();
    const res = await get(`/transition-simulations/${latest!.id}/export`);
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const yearsSheet = wb.getWorksheet('Anos')!;
    expect(yearsSheet.rowCount).toBe(2 + years.length);
    const products = wb.getWorksheet('Produtos')!;
    expect(products.rowCount).toBe(1 + 7);
    const texts = products.getColumn(2).values.map(String);
    expect(texts).toContain("'=CERVEJA GLOBAL");
    expect(texts).not.toContain('=CERVEJA GLOBAL');
  });

  it('tenancy: a foreign partner sees no run and cannot start one; a blocked company refuses its member', async () => {
    const [latest] = (await get(`/companies/${ids.company}/transition-simulations`)).json<TSimulation[]>();
    expect((await get(`/transition-simulations/${latest!.id}`, h.stranger)).statusCode).toBe(404);
    expect((await get(`/transition-simulations/${latest!.id}/products`, h.stranger)).statusCode).toBe(404);
    expect((await get(`/transition-simulations/${latest!.id}/export`, h.stranger)).statusCode).toBe(404);
    const body = { ufDestino: 'SP', comprador: 'contribuinte', selecao: 'todos' };
    expect((await start(body, h.stranger)).statusCode).toBe(404);
    expect((await start(body, h.member, ids.other)).statusCode).toBe(404);
    expect((await start(body, h.member, ids.blocked)).statusCode).toBe(403);
  });

  it('one run at a time per company; results wait for the end', async () => {
    const body = { ufDestino: 'SP', comprador: 'contribuinte', selecao: 'todos' };
    const first = await start(body);
    expect(first.statusCode).toBe(202);
    expect((await get(`/transition-simulations/${first.json().id}/products`)).statusCode).toBe(409);
    const second = await start(body);
    expect(second.statusCode).toBe(409);
    await ctx.app.jobs.drain(SIMULATION_JOB);
  });

  it('refuses bad starts with the field named, and queues nothing', async () => {
    const cases: [object, string][] = [
      [{ ufDestino: 'XX', comprador: 'contribuinte', selecao: 'todos' }, 'ufDestino'],
      [{ ufDestino: 'SP', comprador: 'revenda', selecao: 'todos' }, 'comprador'],
      [{ ufDestino: 'SP', comprador: 'contribuinte', selecao: 'selecao' }, 'productIds'],
      [{ ufDestino: 'SP', comprador: 'contribuinte', selecao: 'busca' }, 'busca'],
      [{ ufDestino: 'SP', comprador: 'contribuinte', selecao: 'todos', anoInicial: 2028, anoFinal: 2026 }, 'anoFinal'],
      [{ ufDestino: 'SP', comprador: 'contribuinte', selecao: 'todos', vProd: '-1' }, 'vProd'],
    ];
    const before = (await get(`/companies/${ids.company}/transition-simulations`)).json<TSimulation[]>().length;
    for (const [body, field] of cases) {
      const res = await start(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errors.map((e: { field: string }) => e.field)).toContain(field);
    }
    expect((await get(`/companies/${ids.company}/transition-simulations`)).json<TSimulation[]>()).toHaveLength(before);
  });

  it.skipIf(lastYear === 2033)('a year the engine does not compute yet is refused before queuing', async () => {
    const res = await start({ ufDestino: 'SP', comprador: 'contribuinte', selecao: 'todos', anoFinal: lastYear + 1 });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toEqual({
      field: 'anoFinal',
      message: `Ano ${lastYear + 1}: o motor tributário ainda não calcula este ano.`,
    });
  });
});
