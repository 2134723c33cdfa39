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

  it('each year equals the taxes /tax/calculate answers for the item dated in that year (2026 CBS/IBS compensated)', async () => {
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
      // 2026: the test CBS (0.9 %) and IBS (0.1 %) are compensated against PIS/COFINS (LC 214/2025, art. 346):
      // shown apart, not in the load.
      const compensated = row.ano === 2026 ? new Set(['vCBS', 'vIBSUF', 'vIBSMun']) : new Set<string>();
      let compensatedCents = 0;
      for (const f of transitionTaxFields) {
        const v = typeof calc[f] === 'number' ? (calc[f] as number) : 0;
        if (compensated.has(f)) {
          expect(row[f], `${row.ano} ${f}`).toBe(0);
          compensatedCents += Math.round(v * 100);
          continue;
        }
        expect(row[f], `${row.ano} ${f}`).toBe(v);
        cents += Math.round(v * 100);
      }
      expect(Math.round(row.vCBSIBSCompensado * 100), `${row.ano}`).toBe(compensatedCents);
      if (row.ano === 2026) expect(compensatedCents).toBeGreaterThan(0);
      expect(Math.round(row.vTotal * 100)).toBe(cents);
      // pCarga = vTotal ÷ value of the operation (1000 + 30) × 100
      expect(row.pCarga).toBeCloseTo((cents / 100 / 1030) * 100, 4);
      expect(row.estimado).toBe(calc.estimado === true);
      // The engine's memória first; the transition's own steps (the compensation) after it.
      const memoria = calc.memoria as unknown[];
      expect(row.memoria.slice(0, memoria.length)).toEqual(memoria);
      // Interstate sale to a consumer: the DIFAL is part of the load until ICMS ends (ADCT art. 129: 2033).
      if (row.ano < 2033) expect(row.vICMSUFDest, `${row.ano}`).toBeGreaterThan(0);
      else expect(row.vICMSUFDest).toBe(0);
      if (row.ano === 2026) expect(row.vIS).toBe(0);
      else expect(row.vIS, `${row.ano}`).toBeGreaterThan(0);
    }
  });

  describe('the burden the seller bears (decision 061)', () => {
    const internal = { ufOrigem: 'SP', ufDestino: 'SP', consumidorFinal: false, contribuinte: true };

    it('goods with ST retained before (CST 60): their ICMS in each year, 9/10 in 2029 … none in 2033', async () => {
      const res = await post({
        operacao: internal,
        item: { vProd: '1000.00', ncm: '22021000', icms: { cst: '60', pICMSEfet: 18 } },
        anoInicial: 2028,
      });
      expect(res.statusCode, res.body).toBe(200);
      const { anos } = res.json<TTaxTransitionResponse>();
      // NT 2016.002: vICMSEfet = 1000.00 × 18 % = 180.00; EC 132/2023, ADCT art. 128 (9/10 … 6/10) and art. 129.
      expect(anos.map((r) => [r.ano, r.vICMSAnterior])).toEqual([
        [2028, 180],
        [2029, 162],
        [2030, 144],
        [2031, 126],
        [2032, 108],
        [2033, 0],
      ]);
      expect(anos[0]!.memoria.some((m) => m.campo === 'vICMSAnterior' && m.resultado === '180.00')).toBe(true);
    });

    it('a Simples Nacional retailer: DAS shares, no IPI, no PIS/COFINS apart, no 2026 test CBS/IBS', async () => {
      const res = await post({
        operacao: { ...internal, crt: 1 },
        item: { ...item, ncm: '85171300', icms: { csosn: '102' }, ipi: { cst: '50', pIPI: 10 } },
        empresa: { rbt12: '1500000.00', contribuinteIpi: false },
        anoFinal: 2027,
      });
      expect(res.statusCode, res.body).toBe(200);
      const [y2026, y2027] = res.json<TTaxTransitionResponse>().anos;
      // LC 123/2006, Anexo I, 4th bracket: (1.500.000 × 10,70 % − 22.500) ÷ 1.500.000 = 9,20 % on 1030.00
      // (vProd + vFrete) = 94.76 of DAS; ICMS 33,50 % = 31.74 (31.7446), PIS 2,76 % = 2.62, COFINS 12,74 % = 12.07.
      expect(y2026).toMatchObject({ vDASICMS: 31.74, vDASPIS: 2.62, vDASCOFINS: 12.07, vIPI: 0, vPIS: 0, vCOFINS: 0 });
      expect(y2026).toMatchObject({ vCBS: 0, vIBSUF: 0, vCBSIBSCompensado: 0, vTotal: 46.43, vTotalRegular: null });
      // IPI 10 % of 1030.00 = 103.00 and the item's PIS/COFINS are not the retailer's (RIPI art. 24; LC 123 art. 13).
      expect(y2026!.vNaoDevido).toBeGreaterThan(103);
      // 2027 (LC 214/2025, art. 41): the PIS + COFINS share, 15,50 %, is CBS in the DAS = 14.69.
      expect(y2027).toMatchObject({ vDASICMS: 31.74, vDASCBS: 14.69, vTotal: 46.43 });
      expect(y2027!.vTotalRegular).toBeGreaterThan(31.74);
    });

    it('refuses an RBT12 for a regular-regime item and one above the Simples limit, naming the field', async () => {
      const regular = await post({ operacao: internal, item, empresa: { rbt12: '100000' } });
      expect(regular.statusCode).toBe(400);
      expect(regular.body).toContain('empresa.rbt12: só para empresas do Simples Nacional');
      const above = await post({ operacao: { ...internal, crt: 1 }, item, empresa: { rbt12: '4800000.01' } });
      expect(above.statusCode).toBe(400);
      expect(above.body).toContain('empresa.rbt12: informe a receita bruta dos últimos 12 meses');
    });
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
