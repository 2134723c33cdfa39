import { describe, expect, it } from 'vitest';
import { calculateNfeItem } from './calculate-nfe-item.js';
import type { NfeItemInput } from './types.js';

// Year rules of the reform, EC 132/2023 (ADCT arts. 125–129) and LC 214/2025. Rates without context are the
// official calculator's configured values (reference-data/rtc/aliquotas.json, V0029 of 30/01/2026).
const op = (data: string): NfeItemInput['operacao'] => ({
  ufOrigem: 'SP',
  ufDestino: 'SP',
  consumidorFinal: false,
  contribuinte: true,
  data,
});
const item: NfeItemInput['item'] = {
  vProd: 1000,
  icms: { cst: '00', pICMS: 18 },
  ipi: { cst: '50', pIPI: 10 },
  pis: { cst: '01', pPIS: 1.65 },
  cofins: { cst: '01', pCOFINS: 7.6 },
  ibscbs: { cst: '000', cClassTrib: '000001' },
};

describe('the reform year by year (one item of 1000.00, ICMS 18 %, IPI 10 %)', () => {
  it('2026: every old tax, CBS 0.9 % and IBS 0.1 % on 1000 − 180 − 13.53 − 62.32 = 744.15; nothing estimated', () => {
    const r = calculateNfeItem({ operacao: op('2026-06-01'), item });
    expect(r).toMatchObject({ vIPI: 100, vICMS: 180, vPIS: 13.53, vCOFINS: 62.32, vBCIBSCBS: 744.15 });
    expect(r).toMatchObject({ vCBS: 6.7, vIBSUF: 0.74, vIBSMun: 0, estimado: false });
  });

  it('2027: PIS/COFINS answered 0 citing their extinction, IPI 0 outside ZFM, CBS 8.4 % estimated', () => {
    const r = calculateNfeItem({ operacao: op('2027-01-01'), item });
    // base 1000 − 180 = 820; CBS 8.4 % = 68.88; IBS 0.05 % + 0.05 % = 0.41 + 0.41
    expect(r).toMatchObject({ vIPI: 0, vPIS: 0, vCOFINS: 0, vICMS: 180, vBCIBSCBS: 820 });
    expect(r).toMatchObject({ vCBS: 68.88, vIBSUF: 0.41, vIBSMun: 0.41, estimado: true });
    const pis = r.memoria.find((s) => s.campo === 'vPIS');
    expect(pis?.baseLegal).toContain('art. 126, II');
    expect(r.memoria.find((s) => s.campo === 'vIPI')?.baseLegal).toContain('art. 126, III');
  });

  it('2027: a ZFM product (item.zfm) keeps its IPI', () => {
    const r = calculateNfeItem({ operacao: op('2027-05-10'), item: { ...item, zfm: true } });
    expect(r.vIPI).toBe(100);
  });

  it.each([
    // ICMS 18 % × share; base 1000 − vICMS; CBS 8.5 %, IBS-UF/IBS-Mun of the calculator for the year
    ['2029-03-01', 16.2, 162, 838, 71.23, 13.41, 2.1],
    ['2030-03-01', 14.4, 144, 856, 72.76, 27.39, 4.28],
    ['2031-03-01', 12.6, 126, 874, 74.29, 41.95, 6.56],
    ['2032-03-01', 10.8, 108, 892, 75.82, 57.09, 8.92],
  ])(
    '%s: ICMS at its share of the rate (ADCT art. 128), IBS rising',
    (data, pICMS, vICMS, vBC, vCBS, vIBSUF, vIBSMun) => {
      const r = calculateNfeItem({ operacao: op(data), item });
      expect(r).toMatchObject({ vICMS, vBCIBSCBS: vBC, vCBS, vIBSUF, vIBSMun, vIPI: 0, vPIS: 0 });
      expect(r.memoria.find((s) => s.campo === 'pICMS')?.resultado).toBe(pICMS.toFixed(2));
    },
  );

  it('2029: a base reduction keeps its percentage, so the benefit falls with the rate (ADCT art. 128, §1º)', () => {
    const r = calculateNfeItem({
      operacao: op('2029-01-01'),
      item: { vProd: 1000, icms: { cst: '20', pICMS: 18, pRedBC: 50 } },
    });
    // 2026 the relief is 1000 × 50 % × 18 % = 90.00; 2029 it is 1000 × 50 % × 16.2 % = 81.00 (9/10 of it)
    expect(r.vICMS).toBe(81);
  });

  it('2033: ICMS and IPI gone, IBS/CBS in full on 1000: CBS 85.00, IBS-UF 160.00, IBS-Mun 25.00', () => {
    const r = calculateNfeItem({ operacao: op('2033-12-31'), item });
    expect(r).toMatchObject({ vICMS: 0, vBC: 0, vIPI: 0, vPIS: 0, vCOFINS: 0, vBCIBSCBS: 1000 });
    expect(r).toMatchObject({ vCBS: 85, vIBSUF: 160, vIBSMun: 25, estimado: true });
    expect(r.memoria.find((s) => s.campo === 'vICMS')?.baseLegal).toContain('art. 129');
  });

  it('2033: no DIFAL either (ICMS extinct)', () => {
    const r = calculateNfeItem({
      operacao: { ...op('2033-02-01'), ufDestino: 'RJ', consumidorFinal: true, contribuinte: false },
      item: { vProd: 1000, icms: { cst: '00', pICMS: 12, pICMSUFDest: 20 }, ibscbs: { cst: '000' } },
    });
    expect(r).toMatchObject({ vICMS: 0, vICMSUFDest: 0, vBCIBSCBS: 1000 });
  });
});

describe('groups of NT 2025.002', () => {
  const at2027 = op('2027-06-01');
  const plain = { vProd: 1000, icms: { cst: '41' } };

  it('gDif: 510 with pDif 100 % defers the whole tax (vDif = vOp, value 0)', () => {
    const r = calculateNfeItem({
      operacao: at2027,
      item: {
        ...plain,
        ibscbs: { cst: '510', cClassTrib: '510001', gDif: { pDifCBS: 100, pDifIBSUF: 100, pDifIBSMun: 100 } },
      },
    });
    // CBS 1000 × 8.4 % = 84.00 deferred
    expect(r.gIBSCBS?.gCBS).toEqual({ pCBS: 8.4, gDif: { pDif: 100, vDif: 84 }, vCBS: 0 });
    expect(r.vCBS).toBe(0);
  });

  it('gDevTrib subtracts the refunded tax; gTribRegular shows the regular regime', () => {
    const r = calculateNfeItem(
      {
        operacao: at2027,
        item: {
          ...plain,
          ibscbs: {
            cst: '000',
            gDevTrib: { vDevTribCBS: 4 },
            gTribRegular: { CSTReg: '200', cClassTribReg: '200003' },
          },
        },
      },
      { classTribReg: { code: '200003', cst: '200', pRedCBS: 100, pRedIBS: 100, legalBasis: '' } },
    );
    expect(r.gIBSCBS?.gCBS).toEqual({ pCBS: 8.4, gDevTrib: { vDevTrib: 4 }, vCBS: 80 });
    expect(r.gIBSCBS?.gTribRegular).toMatchObject({ CSTReg: '200', pAliqEfetRegCBS: 0, vTribRegCBS: 0 });
  });

  it('gTribCompraGov: the redutor lowers the rate due; the group keeps the full figures', () => {
    const r = calculateNfeItem({
      operacao: at2027,
      item: { ...plain, ibscbs: { cst: '000', gTribCompraGov: { tpEnteGov: 1, pRedutor: 10 } } },
    });
    // 8.4 % × (1 − 10 %) = 7.56 % → 75.60; without the redutor 84.00
    expect(r.vCBS).toBe(75.6);
    expect(r.gIBSCBS?.gCBS.gRed).toEqual({ pRedAliq: 0, pAliqEfet: 7.56 });
    expect(r.gIBSCBS?.gTribCompraGov).toMatchObject({ pAliqCBS: 8.4, vTribCBS: 84 });
  });

  it('gCredPres: presumed credit on the base, or held under a suspensive condition', () => {
    const r = calculateNfeItem({
      operacao: at2027,
      item: {
        ...plain,
        ibscbs: { cst: '000', gCredPres: { cCredPres: '01', pCredPresCBS: 1.5, condicaoSuspensiva: true } },
      },
    });
    expect(r.gIBSCBS?.gCBSCredPres).toEqual({ cCredPres: '01', pCredPres: 1.5, vCredPres: 0, vCredPresCondSus: 15 });
  });

  it('fixed rate of a cClassTrib replaces the reference rate and is not an estimate', () => {
    const r = calculateNfeItem(
      { operacao: at2027, item: { ...plain, ibscbs: { cst: '010', cClassTrib: '010002' } } },
      // rtc/aliquotas-especificas.json: 010002 (financial services) CBS 10.85, IBS 0 in 2027
      {
        classTrib: {
          code: '010002',
          cst: '010',
          pRedCBS: 0,
          pRedIBS: 0,
          legalBasis: '',
          specificRates: { CBS: 10.85, IBSUF: 0, IBSMun: 0 },
        },
      },
    );
    expect(r).toMatchObject({ pCBS: 10.85, vCBS: 108.5, vIBSUF: 0, estimado: false });
  });

  it('Imposto Seletivo enters the CBS/IBS base (LC 214/2025, art. 12, §1º)', () => {
    const r = calculateNfeItem(
      {
        operacao: at2027,
        item: { ...plain, ncm: '87032100', ibscbs: { cst: '000' }, is: { CSTIS: '000', cClassTribIS: '000001' } },
      },
      // rtc/imposto-seletivo.json: NCM 87032100 ad valorem 5.27 % from 2027
      { isRates: { pIS: 5.27 } },
    );
    // vIS = 1000 × 5.27 % = 52.70; base 1000 + 52.70 = 1052.70; CBS 8.4 % = 88.43
    expect(r).toMatchObject({ vIS: 52.7, vBCIBSCBS: 1052.7, vCBS: 88.43, estimado: true });
    expect(r.IS).toMatchObject({ vBCIS: 1000, pIS: 5.27, vIS: 52.7 });
  });

  it('UB16-10 base with vServ, vII, vISSQN and vICMSMono', () => {
    const r = calculateNfeItem({
      operacao: op('2026-02-01'),
      item: { vProd: 1000, vII: 100, vServ: 0, vISSQN: 20, vICMSMono: 30, icms: { cst: '41' }, ibscbs: { cst: '000' } },
    });
    expect(r.vBCIBSCBS).toBe(1050);
  });

  it('monophasic fuel (CST 620): ad rem per litre, no ad valorem group', () => {
    const r = calculateNfeItem(
      { operacao: at2027, item: { ...plain, ncm: '22071010', ibscbs: { cst: '620', qBCMono: 1000 } } },
      // rtc/monofasia.json: 22071010 CBS 1.47 per litre (IBS rows of the same NCM as given here)
      { monoRates: { adRemCBS: 1.47, adRemIBSUF: 0.5, adRemIBSMun: 0.1, unit: 'LT' } },
    );
    expect(r.gIBSCBSMono).toEqual({ qBCMono: 1000, adRemIBS: 0.6, adRemCBS: 1.47, vIBSMono: 600, vCBSMono: 1470 });
    expect(r.gIBSCBS).toBeUndefined();
  });
});

describe('README example (CBS, IBS e IS)', () => {
  it('cigarettes 2027 as the README prints', () => {
    const out = calculateNfeItem(
      {
        operacao: op('2027-06-01'),
        item: {
          vProd: 1000,
          ncm: '24021000',
          icms: { cst: '41' },
          is: { CSTIS: '000', cClassTribIS: '000001', qTrib: 10 },
          ibscbs: { cst: '000', cClassTrib: '000001' },
        },
      },
      // rtc/imposto-seletivo.json: 24021000 ad valorem 13 % (2027–2028) and ad rem 21.30 per vintena
      { isRates: { pIS: 13, pISEspec: 21.3, uTrib: 'VN' } },
    );
    expect(out).toMatchObject({ vIS: 343, vBCIBSCBS: 1343, estimado: true });
    expect(out.gIBSCBS?.gCBS).toEqual({ pCBS: 8.4, vCBS: 112.81 });
  });
});
