import type { TTaxCalculateResponse } from '@app/contract';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, createSessionToken } from '../../../test/auth-helpers.js';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { createPartner, createUser } from '../../db/factories.js';

// CBS/IBS/IS through POST /tax/calculate with the official calculator's open data loaded from reference-data/rtc/
// (Receita Federal reference calculator, base V0029 of 30/01/2026): rates by date (aliquotas.json), fixed rates
// (aliquotas-especificas.json), NCM applicability (ncm-cclasstrib.json), IS (imposto-seletivo.json), fuels
// (monofasia.json). Expected figures are the legal formula applied by hand to those rows.
const URL = '/v1/public/tax/calculate';
let ctx: TestContext;
let auth: Record<string, string>;

const body = (data: string, item: object = {}, operacao: object = {}) => ({
  operacao: { ufOrigem: 'SP', ufDestino: 'SP', consumidorFinal: false, contribuinte: true, data, ...operacao },
  item: { vProd: '1000.00', icms: { cst: '41' }, ibscbs: { cst: '000', cClassTrib: '000001' }, ...item },
});
const calc = (payload: object) => ctx.app.inject({ method: 'POST', url: URL, headers: auth, payload });

beforeAll(async () => {
  ctx = await createTestApp();
  const partner = await createPartner(ctx.db);
  const user = await createUser(ctx.db, { role: 'PartnerOwner', partnerId: partner.id });
  auth = bearer(await createSessionToken(ctx.db, user.id));
});

describe('CBS, IBS and IS by date, as the official calculator', () => {
  it.each([
    // year, CBS %, IBS-UF %, IBS-Mun %, estimado (aliquotas.json; 2026 and IBS 2027–2028 fixed by law)
    ['2026-03-10', 0.9, 0.1, 0, false],
    ['2027-03-10', 8.4, 0.05, 0.05, true],
    ['2028-03-10', 8.4, 0.05, 0.05, true],
    ['2029-03-10', 8.5, 1.6, 0.25, true],
    ['2030-03-10', 8.5, 3.2, 0.5, true],
    ['2031-03-10', 8.5, 4.8, 0.75, true],
    ['2032-03-10', 8.5, 6.4, 1, true],
    ['2033-03-10', 8.5, 16, 2.5, true],
  ])("%s: the year's CBS, IBS-UF and IBS-Mun on 1000.00", async (data, cbs, uf, mun, estimado) => {
    const res = await calc(body(data));
    expect(res.json().errors).toBeUndefined();
    const r = res.json<TTaxCalculateResponse>();
    expect(r).toMatchObject({ pCBS: cbs, pIBSUF: uf, pIBSMun: mun, estimado });
    expect(r).toMatchObject({ vCBS: cbs * 10, vIBSUF: uf * 10, vIBSMun: mun * 10 });
    expect(r.gIBSCBS).toMatchObject({ vBC: 1000, vIBS: Math.round((uf + mun) * 1000) / 100 });
  });

  it('220001 (real estate, NF-e ABI) uses its fixed rates: CBS 1.872 %, IBS-UF 0.208 %, not estimates', async () => {
    // In force only on 01/01/2026 in the NF-e portal's table (06/2026), which wins over the calculator's open end.
    const r = (await calc(body('2026-01-01', { ibscbs: { cst: '220', cClassTrib: '220001' } }))).json();
    expect(r).toMatchObject({ pCBS: 1.872, vCBS: 18.72, pIBSUF: 0.208, vIBSUF: 2.08, vIBSMun: 0, estimado: false });
  });

  it('200003 (Annex I food, 100 % reduction): nominal pCBS and gRed with pAliqEfet 0', async () => {
    const r = await calc(body('2027-06-01', { ncm: '10062010', ibscbs: { cst: '200', cClassTrib: '200003' } }));
    expect(r.statusCode).toBe(200);
    expect(r.json().gIBSCBS.gCBS).toEqual({ pCBS: 8.4, gRed: { pRedAliq: 100, pAliqEfet: 0 }, vCBS: 0 });
  });

  it('cigarettes in 2027: IS 13 % + 21.30 per vintena, and the IS enters the CBS/IBS base', async () => {
    const res = await calc(
      body('2027-06-01', { ncm: '24021000', is: { CSTIS: '000', cClassTribIS: '000001', qTrib: 10 } }),
    );
    expect(res.statusCode).toBe(200);
    const r = res.json<TTaxCalculateResponse>();
    // 1000 × 13 % + 10 × 21.30 = 343.00; base 1343.00; CBS 8.4 % = 112.81; IBS 0.05 % = 0.67 each
    expect(r.IS).toMatchObject({ vBCIS: 1000, pIS: 13, pISEspec: 21.3, uTrib: 'VN', vIS: 343 });
    expect(r).toMatchObject({ vIS: 343, vBCIBSCBS: 1343, vCBS: 112.81, vIBSUF: 0.67, vIBSMun: 0.67 });
  });

  it('ethanol (CST 620): ad rem per litre from monofasia.json', async () => {
    const res = await calc(body('2027-06-01', { ncm: '22071010', ibscbs: { cst: '620', qBCMono: 100 } }));
    expect(res.statusCode).toBe(200);
    // 100 L × CBS 1.47 = 147.00; IBS 100 × (1.2495 + 0.2205) = 147.00
    expect(res.json().gIBSCBSMono).toEqual({
      qBCMono: 100,
      adRemIBS: 1.47,
      adRemCBS: 1.47,
      vIBSMono: 147,
      vCBSMono: 147,
    });
  });

  it('an estimate edited in the table is used within a second (reference_versions)', async () => {
    await ctx.db.execute(sql`UPDATE ref_cbs_ibs_rates SET override_rate = 8.8,
      override_source = 'Resolução do Senado (teste)' WHERE tax = 'CBS' AND valid_from = '2031-01-01'`);
    await new Promise((r) => setTimeout(r, 1100));
    const r = (await calc(body('2031-02-01'))).json<TTaxCalculateResponse>();
    expect(r).toMatchObject({ pCBS: 8.8, vCBS: 88 });
    expect(r.memoria.find((s) => s.campo === 'vCBS')?.baseLegal).toContain('Resolução do Senado (teste)');
    await ctx.db.execute(sql`UPDATE ref_cbs_ibs_rates SET override_rate = NULL, override_source = NULL
      WHERE tax = 'CBS' AND valid_from = '2031-01-01'`);
  });
});

describe('refusals (NT 2025.002 / the calculator)', () => {
  it.each([
    [
      body('2027-01-01', { ncm: '87032100', ibscbs: { cst: '200', cClassTrib: '200003' } }),
      'item.ncm',
      'NCM 87032100 não está',
    ],
    [body('2027-01-01', { ibscbs: { cst: '200', cClassTrib: '200003' } }), 'item.ncm', 'informe o NCM'],
    [
      body('2027-01-01', { ibscbs: { cst: '200', cClassTrib: '200001' } }),
      'item.ibscbs.cClassTrib',
      'não pode ser usado em NF-e',
    ],
    [body('2027-01-01', { ibscbs: { cst: '010', cClassTrib: '010002' } }), 'item.ibscbs.cClassTrib', 'NFSe, DERE'],
    [
      body('2030-06-01', { ibscbs: { cst: '220', cClassTrib: '220001' } }),
      'item.ibscbs.cClassTrib',
      'não está em vigor em 01/06/2030',
    ],
    [
      body('2026-05-01', { ncm: '24021000', is: { CSTIS: '000', cClassTribIS: '000001', qTrib: 1 } }),
      'item.is',
      'a partir de 01/01/2027',
    ],
    [
      body('2027-05-01', { ncm: '24021000', is: { CSTIS: '000', cClassTribIS: '000001' } }),
      'item.is.qTrib',
      'informe qTrib',
    ],
    [
      body('2027-05-01', { ncm: '10062010', is: { CSTIS: '000', cClassTribIS: '000001' } }),
      'item.is.pIS',
      'Não há alíquota do Imposto Seletivo',
    ],
    [body('2027-05-01', {}, { cMunFG: '3304557' }), 'operacao.cMunFG', 'não é um município da UF de destino SP'],
    [body('2027-05-01', {}, { cMunFG: '3550301' }), 'operacao.cMunFG', 'dígito verificador'],
    // Without cClassTrib no table fixes the deferral (with 510001 the table's 100 % applies: nfe-complete tests).
    [body('2027-05-01', { ibscbs: { cst: '510' } }), 'item.ibscbs.gDif', 'informe gDif'],
    [body('2034-01-01'), 'operacao.data', 'de 01/01/2021 a 31/12/2033'],
  ])('refuses %#', async (payload, field, message) => {
    const res = await calc(payload);
    expect(res.statusCode).toBe(400);
    const fields = res.json().errors ?? [];
    expect(JSON.stringify(res.json())).toContain(message);
    expect(JSON.stringify(fields)).toContain(field);
  });

  it('accepts São Paulo (3550308) as the municipality of a sale to SP', async () => {
    expect((await calc(body('2027-05-01', {}, { cMunFG: '3550308' }))).statusCode).toBe(200);
  });
});
