import type { TTaxCalculateResponse, TTaxTransitionResponse } from '@app/contract';
import { transitionTaxFields } from '@app/tax-engine';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, createSessionToken } from '../../../test/auth-helpers.js';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { createPartner, createUser } from '../../db/factories.js';
import { findComputedYears } from './computed-years.js';

const URL = '/v1/public/tax/transition';
let ctx: TestContext;
let auth: Record<string, string>;
const years = findComputedYears();
const lastYear = years[years.length - 1]!;

const operacao = { ufOrigem: 'SC', ufDestino: 'RJ', consumidorFinal: true, contribuinte: false };
const item = {
  vProd: '1000.00',
  vFrete: '30.00',
  ncm: '22030000',
  icms: { cst: '00', pICMS: 12 },
  ipi: { cst: '50', pIPI: 5 },
  pis: { cst: '01', pPIS: 1.65 },
  cofins: { cst: '01', pCOFINS: 7.6 },
  ibscbs: { cst: '000', cClassTrib: '000001' },
};

const post = (payload: object) => ctx.app.inject({ method: 'POST', url: URL, headers: auth, payload });

beforeAll(async () => {
  ctx = await createTestApp();
  const partner = await createPartner(ctx.db);
  const staff = await createUser(ctx.db, { role: 'PartnerContributor', partnerId: partner.id });
  auth = bearer(await createSessionToken(ctx.db, staff.id));
});

describe('POST /tax/transition', () => {
  it('computes the years the engine covers', () => {
    // At merge with the dated 2029–2033 rates (issue 25 §2) this becomes 2026…2033.
    expect(years).toEqual([2026, 2027, 2028, 2029, 2030, 2031, 2032, 2033]);
  });

  it('GET /tax/transition/years lists them', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: `${URL}/years`, headers: auth });
    expect(res.json()).toEqual({ anos: years });
  });

  it('answers 401 without a token', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: URL, payload: { operacao, item, anoFinal: lastYear } });
    expect(res.statusCode).toBe(401);
  });

  it('each year equals the taxes /tax/calculate answers for the item dated in that year', async () => {
    const res = await post({ operacao, item, anoFinal: lastYear });
    expect(res.statusCode, res.body).toBe(200);
    const { anos } = res.json<TTaxTransitionResponse>();
    expect(anos.map((r) => r.ano)).toEqual(years);
    for (const row of anos) {
      // Beer (NCM 2203) is in the IS table from 2027: /tax/calculate needs the IS group then, and refuses the
      // item without it; the transition adds CSTIS 000 / cClassTribIS 000001 by year itself.
      const dated = row.ano >= 2027 ? { ...item, is: { CSTIS: '000', cClassTribIS: '000001' } } : item;
      const single = await ctx.app.inject({
        method: 'POST',
        url: '/v1/public/tax/calculate',
        headers: auth,
        payload: { operacao: { ...operacao, data: `${row.ano}-07-01` }, item: dated },
      });
      expect(single.statusCode, single.body).toBe(200);
      const calc = single.json<TTaxCalculateResponse>() as unknown as Record<string, unknown>;
      let cents = 0;
      for (const f of transitionTaxFields) {
        const v = typeof calc[f] === 'number' ? (calc[f] as number) : 0;
        expect(row[f], `${row.ano} ${f}`).toBe(v);
        cents += Math.round(v * 100);
      }
      expect(Math.round(row.vTotal * 100)).toBe(cents);
      // pCarga = vTotal ÷ value of the operation (1000 + 30) × 100
      expect(row.pCarga).toBeCloseTo((cents / 100 / 1030) * 100, 4);
      expect(row.estimado).toBe(calc.estimado === true);
      expect(row.memoria).toEqual(calc.memoria);
      // Interstate sale to a consumer: the DIFAL is part of the load until ICMS ends (ADCT art. 129: 2033).
      if (row.ano < 2033) expect(row.vICMSUFDest, `${row.ano}`).toBeGreaterThan(0);
      else expect(row.vICMSUFDest).toBe(0);
      if (row.ano === 2026) expect(row.vIS).toBe(0);
      else expect(row.vIS, `${row.ano}`).toBeGreaterThan(0);
    }
  });

  describe('the Imposto Seletivo by year (the IS table of the official calculator, imposto-seletivo.json)', () => {
    const car = { vProd: '100000.00', ncm: '87032100', icms: { cst: '00', pICMS: 12 } };
    const internal = { ufOrigem: 'SP', ufDestino: 'SP', consumidorFinal: true, contribuinte: false };

    it('a car without the IS group: none in 2026, 5.27 % of the value from 2027 (LC 214/2025, art. 409)', async () => {
      const res = await post({ operacao: internal, item: car, anoInicial: 2026, anoFinal: 2028 });
      expect(res.statusCode, res.body).toBe(200);
      const { anos } = res.json<TTaxTransitionResponse>();
      // NCM 87032100: AD_VALOREM 5.27 % from 2027-01-01 (imposto-seletivo.json, ID 1): 100,000.00 × 5.27 % = 5,270.00.
      expect(anos.map((r) => [r.ano, r.vIS])).toEqual([
        [2026, 0],
        [2027, 5270],
        [2028, 5270],
      ]);
      const memo = anos[1]!.memoria.find((s) => s.campo === 'vIS');
      expect(memo?.descricao).toContain('CST 000, cClassTrib 000001');
    });

    it('an IS group sent is left out in 2026 and used from 2027', async () => {
      const res = await post({
        operacao: internal,
        item: { ...car, is: { CSTIS: '000', cClassTribIS: '000001', pIS: 10 } },
        anoInicial: 2026,
        anoFinal: 2027,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<TTaxTransitionResponse>().anos.map((r) => r.vIS)).toEqual([0, 10000]);
    });

    it('cigarettes (IS per unit) need qTrib: a 400 naming the year and item.is.qTrib', async () => {
      const cigs = { vProd: '1000.00', ncm: '24021000', icms: { cst: '00', pICMS: 25 } };
      const res = await post({ operacao: internal, item: cigs, anoInicial: 2026, anoFinal: 2027 });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0]).toMatchObject({ field: 'item.is.qTrib' });
      expect(res.json().errors[0].message).toContain('Ano 2027:');
      // With the quantity (10 vintenas): 1000 × 13 % + 10 × 21.30 = 343.00 (the calculator's Teste_000001_2 rates).
      const ok = await post({
        operacao: internal,
        item: { ...cigs, is: { CSTIS: '000', cClassTribIS: '000001', qTrib: 10 } },
        anoInicial: 2026,
        anoFinal: 2027,
      });
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json<TTaxTransitionResponse>().anos.map((r) => r.vIS)).toEqual([0, 343]);
    });
  });

  it('dates each year on the day asked', async () => {
    const res = await post({ operacao, item, anoInicial: 2026, anoFinal: 2026, diaMes: '12-31' });
    expect(res.statusCode).toBe(200);
    const { anos } = res.json<TTaxTransitionResponse>();
    expect(anos).toHaveLength(1);
    expect(anos[0]!.memoria.length).toBeGreaterThan(0);
  });

  it.skipIf(lastYear === 2033)('a year the engine does not compute yet is a 400 naming the year', async () => {
    const res = await post({ operacao, item, anoFinal: lastYear + 1 });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({ field: 'anoFinal' });
    expect(res.json().detail).toContain(`Ano ${lastYear + 1}: o motor tributário ainda não calcula este ano`);
  });

  it('refuses bad periods and a dated body with messages naming the field', async () => {
    const cases: [object, string, string][] = [
      [{ anoInicial: 2025 }, 'anoInicial', 'anoInicial: informe um ano de 2026 a 2033.'],
      [{ anoFinal: 2034 }, 'anoFinal', 'anoFinal: informe um ano de 2026 a 2033.'],
      [{ anoInicial: 2028, anoFinal: 2027 }, 'anoFinal', 'anoFinal deve ser igual ou posterior a anoInicial.'],
      [{ diaMes: '7-1' }, 'diaMes', 'diaMes: use MM-DD (ex.: 07-01).'],
      [{ anoInicial: 2027, anoFinal: 2027, diaMes: '02-29' }, 'diaMes', 'diaMes: 02-29 não é um dia válido de 2027'],
    ];
    for (const [period, field, message] of cases) {
      const res = await post({ operacao, item, ...period });
      expect(res.statusCode, JSON.stringify(period)).toBe(400);
      const err = res.json().errors.find((e: { field: string }) => e.field.endsWith(field));
      expect(err?.message, JSON.stringify(res.json())).toContain(message);
    }
  });

  it('a cClassTrib that does not exist is refused naming the year and the field', async () => {
    const res = await post({
      operacao,
      item: { ...item, ibscbs: { cst: '000', cClassTrib: '000999' } },
      anoFinal: lastYear,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({
      field: 'item.ibscbs.cClassTrib',
      message: 'Ano 2026: cClassTrib 000999 não existe na tabela oficial.',
    });
  });
});
