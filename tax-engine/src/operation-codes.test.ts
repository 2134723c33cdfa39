import { describe, expect, it } from 'vitest';
import { type CfopProfile, cfopNames, isStSituation, selectCfop, selectIcmsSituation } from './operation-codes.js';

const sale: CfopProfile = {
  kind: 'venda',
  interstate: false,
  hasSt: false,
  issuerIsSubstitute: false,
  ownProduction: false,
  nonContributor: false,
  finality: 0,
};

// CFOP meanings from the SINIEF table (shared/data/cfop.csv).
describe('selectCfop', () => {
  it('sales of resold goods: 5102/6102, 6108 to a non-contributor in another UF', () => {
    expect(selectCfop(sale)).toBe('5102');
    expect(selectCfop({ ...sale, interstate: true })).toBe('6102');
    expect(selectCfop({ ...sale, interstate: true, nonContributor: true })).toBe('6108');
  });

  it('sales with ST: 5405/6404 when substituted, 5403/6403 when the issuer retains', () => {
    expect(selectCfop({ ...sale, hasSt: true })).toBe('5405');
    expect(selectCfop({ ...sale, hasSt: true, interstate: true })).toBe('6404');
    expect(selectCfop({ ...sale, hasSt: true, issuerIsSubstitute: true })).toBe('5403');
    expect(selectCfop({ ...sale, hasSt: true, issuerIsSubstitute: true, interstate: true })).toBe('6403');
  });

  it('sales of own production (Industrial): 5101/6101, 5401/6401 with ST retained, 6107 to a non-contributor', () => {
    const ind = { ...sale, ownProduction: true };
    expect(selectCfop(ind)).toBe('5101');
    expect(selectCfop({ ...ind, interstate: true })).toBe('6101');
    expect(selectCfop({ ...ind, hasSt: true, issuerIsSubstitute: true })).toBe('5401');
    expect(selectCfop({ ...ind, hasSt: true, issuerIsSubstitute: true, interstate: true })).toBe('6401');
    expect(selectCfop({ ...ind, interstate: true, nonContributor: true })).toBe('6107');
  });

  it('purchases by finality, with and without ST', () => {
    const buy: CfopProfile = { ...sale, kind: 'compra' };
    expect(selectCfop(buy)).toBe('1102');
    expect(selectCfop({ ...buy, interstate: true })).toBe('2102');
    expect(selectCfop({ ...buy, hasSt: true })).toBe('1403');
    expect(selectCfop({ ...buy, hasSt: true, interstate: true })).toBe('2403');
    expect(selectCfop({ ...buy, finality: 1 })).toBe('1101');
    expect(selectCfop({ ...buy, finality: 1, interstate: true })).toBe('2101');
    expect(selectCfop({ ...buy, finality: 2 })).toBe('1556');
    expect(selectCfop({ ...buy, finality: 2, interstate: true })).toBe('2556');
    expect(selectCfop({ ...buy, finality: 2, hasSt: true })).toBe('1407');
  });
});

describe('selectIcmsSituation', () => {
  const base = {
    simplesNacional: false,
    hasSt: false,
    issuerIsSubstitute: false,
    ruleCst: '00',
    ruleCsosn: null,
    hasBaseReduction: false,
    exempt: false,
    creditAllowed: true,
  };

  it('regime normal: keeps the rule CST without ST; 60 when substituted; 10/70 when retaining', () => {
    expect(selectIcmsSituation(base)).toEqual({ cst: '00', csosn: null });
    expect(selectIcmsSituation({ ...base, ruleCst: '20', hasBaseReduction: true })).toEqual({ cst: '20', csosn: null });
    expect(selectIcmsSituation({ ...base, ruleCst: '60', hasSt: true })).toEqual({ cst: '60', csosn: null });
    expect(selectIcmsSituation({ ...base, ruleCst: '60', hasSt: true, issuerIsSubstitute: true })).toEqual({
      cst: '10',
      csosn: null,
    });
    expect(
      selectIcmsSituation({ ...base, ruleCst: '60', hasSt: true, issuerIsSubstitute: true, hasBaseReduction: true }),
    ).toEqual({ cst: '70', csosn: null });
  });

  it('regime normal: an ST CST without ST in this operation becomes 00/20', () => {
    expect(selectIcmsSituation({ ...base, ruleCst: '60' })).toEqual({ cst: '00', csosn: null });
    expect(selectIcmsSituation({ ...base, ruleCst: '70', hasBaseReduction: true })).toEqual({ cst: '20', csosn: null });
  });

  it('Simples Nacional: CSOSN 101/102, 201/202 retaining, 500 substituted, 400 exempt', () => {
    const sn = { ...base, simplesNacional: true };
    expect(selectIcmsSituation(sn)).toEqual({ cst: null, csosn: '101' });
    expect(selectIcmsSituation({ ...sn, creditAllowed: false })).toEqual({ cst: null, csosn: '102' });
    expect(selectIcmsSituation({ ...sn, hasSt: true, issuerIsSubstitute: true })).toEqual({ cst: null, csosn: '201' });
    expect(selectIcmsSituation({ ...sn, hasSt: true, issuerIsSubstitute: true, creditAllowed: false })).toEqual({
      cst: null,
      csosn: '202',
    });
    expect(selectIcmsSituation({ ...sn, hasSt: true })).toEqual({ cst: null, csosn: '500' });
    expect(selectIcmsSituation({ ...sn, exempt: true })).toEqual({ cst: null, csosn: '400' });
  });

  it('recognises ST situations by CST (with origin digit) or CSOSN', () => {
    expect(isStSituation('060', null)).toBe(true);
    expect(isStSituation('70', null)).toBe(true);
    expect(isStSituation('00', '500')).toBe(true);
    expect(isStSituation('20', null)).toBe(false);
    expect(isStSituation(null, '102')).toBe(false);
  });
});

describe('cfopNames', () => {
  it('names every CFOP selectCfop can answer', () => {
    const answers = new Set<string>();
    for (const kind of ['venda', 'compra'] as const)
      for (const interstate of [false, true])
        for (const hasSt of [false, true])
          for (const issuerIsSubstitute of [false, true])
            for (const ownProduction of [false, true])
              for (const nonContributor of [false, true])
                for (const finality of [0, 1, 2] as const)
                  answers.add(
                    selectCfop({
                      kind,
                      interstate,
                      hasSt,
                      issuerIsSubstitute,
                      ownProduction,
                      nonContributor,
                      finality,
                    }),
                  );
    for (const cfop of answers) expect(cfopNames[cfop], cfop).toBeTruthy();
  });
});
