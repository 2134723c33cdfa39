import { describe, expect, it } from 'vitest';
import { TaxInputError } from '../input-checks.js';
import { calculateNfeItem } from './calculate-nfe-item.js';
import type { ClassTribFacts, NfeItemInput } from './types.js';

// Rates of 2027 (reference-data/rtc/aliquotas.json, V0029): CBS 8.4 %, IBS UF 0.05 %, IBS Mun 0.05 %.
const at2027: NfeItemInput['operacao'] = {
  ufOrigem: 'SP',
  ufDestino: 'SP',
  consumidorFinal: false,
  contribuinte: true,
  data: '2027-06-01',
};
const plain = { vProd: 1000, icms: { cst: '41' } };

// reference-data/rtc/classificacoes-tributarias.json: 200034 (Anexo VII, LC 214/2025 art. 135) reduces CBS and IBS
// by 60 %; its tax treatment does not require the regular group (TRTR_IN_EXIGE_GRUPO_DESONERACAO 0).
const anexoVII: ClassTribFacts = {
  code: '200034',
  cst: '200',
  pRedCBS: 60,
  pRedIBS: 60,
  legalBasis: 'LC 214/2025, art. 135',
  flags: { gIBSCBS: true, gRed: true, gDif: false, exigeTribRegular: false },
};
// 550001 (exportação, art. 82): suspension, whose treatment requires gTribRegular (TRTR_IN_EXIGE_GRUPO_DESONERACAO 1).
const suspensao: ClassTribFacts = {
  code: '550001',
  cst: '550',
  pRedCBS: 0,
  pRedIBS: 0,
  legalBasis: 'LC 214/2025, art. 82',
  flags: { gIBSCBS: true, gRed: false, gDif: false, exigeTribRegular: true },
};
const integral: ClassTribFacts = {
  code: '000001',
  cst: '000',
  pRedCBS: 0,
  pRedIBS: 0,
  legalBasis: 'LC 214/2025',
  flags: { gIBSCBS: true, gRed: false, gDif: false, exigeTribRegular: false },
};

describe('gTribRegular only where the cClassTrib admits it (NT 2025.002, rules UB68-10 and UB68-11)', () => {
  it('refused under a cClassTrib whose indicator is 0 (UB68-11, rejection 1114; calculator Teste_validacao_14)', () => {
    const call = () =>
      calculateNfeItem(
        {
          operacao: at2027,
          item: {
            ...plain,
            ibscbs: { cst: '000', cClassTrib: '000001', gTribRegular: { CSTReg: '000', cClassTribReg: '000001' } },
          },
        },
        { classTrib: integral, classTribReg: integral },
      );
    expect(call).toThrow(TaxInputError);
    expect(call).toThrow(/gTribRegular: o cClassTrib 000001 \(CST 000\) não admite a tributação regular.*UB68-11/);
    try {
      call();
    } catch (e) {
      expect((e as TaxInputError).field).toBe('item.ibscbs.gTribRegular');
    }
  });

  it('refused with a reduced-rate cClassTrib too (200034, Anexo VII)', () => {
    expect(() =>
      calculateNfeItem(
        {
          operacao: at2027,
          item: {
            ...plain,
            ibscbs: { cst: '200', cClassTrib: '200034', gTribRegular: { CSTReg: '000', cClassTribReg: '000001' } },
          },
        },
        { classTrib: anexoVII, classTribReg: integral },
      ),
    ).toThrow(/UB68-11/);
  });

  it('accepted under suspension (550001 requires it): the regular figures are answered in gTribRegular', () => {
    const r = calculateNfeItem(
      {
        operacao: at2027,
        item: {
          ...plain,
          ibscbs: { cst: '550', cClassTrib: '550001', gTribRegular: { CSTReg: '000', cClassTribReg: '000001' } },
        },
      },
      { classTrib: suspensao, classTribReg: integral },
    );
    // Regular regime: 1000 × 8.4 % = 84.00 of CBS, shown and not due.
    expect(r.vCBS).toBe(0);
    expect(r.gIBSCBS?.gTribRegular).toMatchObject({ CSTReg: '000', pAliqEfetRegCBS: 8.4, vTribRegCBS: 84 });
  });
});

describe('government purchase on a reduced-rate item (LC 214/2025, art. 370; NT 2025.002, gCompraGov/pRedutor)', () => {
  // NT 2025.002 rules UB28-10/UB47-10/UB66-10: pAliqEfet = rate × (1 − pRedAliq/100) × (1 − pRedutor/100), i.e. the
  // redutor of art. 370 applies to the rate already reduced by the cClassTrib (art. 135: 60 %), not to the full rate.
  it('the redutor applies to the reduced rate, to the cent', () => {
    const r = calculateNfeItem(
      {
        operacao: at2027,
        item: {
          ...plain,
          ibscbs: { cst: '200', cClassTrib: '200034', gTribCompraGov: { tpEnteGov: 1, pRedutor: 10 } },
        },
      },
      { classTrib: anexoVII },
    );
    // CBS: 8.4 × 0.4 = 3.36 %; × 0.9 = 3.024 % → 1000 × 3.024 % = 30.24 (not 8.4 × 0.9 × … = 75.60, nor 33.60)
    expect(r.vCBS).toBe(30.24);
    expect(r.gIBSCBS?.gCBS.gRed).toEqual({ pRedAliq: 60, pAliqEfet: 3.024 });
    // IBS UF and Mun: 0.05 × 0.4 = 0.02 %; × 0.9 = 0.018 % → 0.18 each
    expect(r.vIBSUF).toBe(0.18);
    expect(r.vIBSMun).toBe(0.18);
    expect(r.gIBSCBS?.gIBSUF.gRed).toEqual({ pRedAliq: 60, pAliqEfet: 0.018 });
    // gTribCompraGov: the tax without the redutor, with the cClassTrib's reduction: 3.36 % → 33.60; 0.02 % → 0.20
    expect(r.gIBSCBS?.gTribCompraGov).toMatchObject({
      pAliqCBS: 3.36,
      vTribCBS: 33.6,
      pAliqIBSUF: 0.02,
      vTribIBSUF: 0.2,
      pAliqIBSMun: 0.02,
      vTribIBSMun: 0.2,
    });
  });
});
