import { describe, expect, it } from 'vitest';
import { TaxInputError } from './input-checks.js';
import { calculateSt } from './st-calculator.js';

describe('calculateSt (spec 02 §9 ST calculator)', () => {
  it('puts IPI into the ST base: 2000.00, IPI 15 %, ICMS 18 %, MVA 40 %, ST 18 % → base 3220.00, ST 219.60', () => {
    // Worked example of the issue for this engine (product 2000.00, IPI 15 %, ICMS 18 %, ST 18 %,
    // MVA 40 % → ST base 3220.00 and ST 219.60); base composition "valor do produto + valor do IPI
    // + frete + seguro + despesas acessórias − descontos" as published in
    // https://taxgroup.com.br/intelligence/mva-e-mva-ajustada-como-elas-equilibram-os-precos
    const r = calculateSt({ productValue: 2000, ipiRate: 15, icmsRate: 18, mva: 40, stRate: 18 });
    expect(r).toMatchObject({ subtotal: 2000, icmsBase: 2000, icms: 360, ipi: 300, total: 2300 });
    expect(r.stBase).toBe(3220);
    expect(r.stValue).toBe(219.6);
    expect(r.effectiveCost).toBe(10.98);
  });

  it('rounds the ST base before the ST value: 100.23, ICMS 12 %, MVA 33.33 %, ST 18 % → base 133.64, ST 12.03', () => {
    // 100.23 × 1.3333 = 133.636659 → vBCST 133.64; 133.64 × 18 % = 24.0552 − ICMS 12.03 = 12.0252 → 12.03.
    // With the unrounded base: 24.0546 − 12.03 = 12.0246 → 12.02 (issue 15: every other example has an exact base).
    const r = calculateSt({ productValue: 100.23, icmsRate: 12, mva: 33.33, stRate: 18 });
    expect(r.icms).toBe(12.03);
    expect(r.stBase).toBe(133.64);
    expect(r.stValue).toBe(12.03);
  });

  it('adds freight and subtracts discount before IPI (2800 + 60 − 20 = 2840; IPI 18 % = 511.20)', () => {
    // https://docs.oracle.com/cd/G44591_01/trans/G40911-01/manage-tax-charges.html
    // (line 2,800 + allocated freight 60 − commercial discount 20 = base 2,840; IPI 18 % = 511.20)
    const r = calculateSt({
      productValue: 2800,
      freight: 60,
      discount: 20,
      ipiRate: 18,
      icmsRate: 18,
      mva: 40,
      stRate: 18,
    });
    expect(r.subtotal).toBe(2840);
    expect(r.ipi).toBe(511.2);
    expect(r.total).toBe(3351.2);
    // From here on the published formula: (2840 + 511.20) × 1.40 = 4691.68; × 18 % − 511.20 (own ICMS).
    expect(r.stBase).toBe(4691.68);
    expect(r.icms).toBe(511.2);
    expect(r.stValue).toBe(333.3);
  });

  it('includes insurance and other expenses in the subtotal like freight', () => {
    const withFreight = calculateSt({ productValue: 1000, freight: 50, icmsRate: 12, mva: 50, stRate: 18 });
    const split = calculateSt({
      productValue: 1000,
      freight: 20,
      insurance: 20,
      otherExpenses: 10,
      icmsRate: 12,
      mva: 50,
      stRate: 18,
    });
    expect(split).toEqual(withFreight);
    expect(split.subtotal).toBe(1050);
    expect(split.stBase).toBe(1575);
  });

  it('CST 10: 100.00 at 12 % own ICMS, MVA 50 %, ST 18 % → base 150.00, ST 15.00', () => {
    // https://www.flexdocs.net/suporte/knowledgebase.php?article=283
    // (vBC 100.00, pICMS 12, vICMS 12.00, pMVAST 50, vBCST 150.00, pICMSST 18, vICMSST 15.00)
    const r = calculateSt({ productValue: 100, icmsRate: 12, mva: 50, stRate: 18 });
    expect(r).toMatchObject({ icmsBase: 100, icms: 12, stBase: 150, stValue: 15 });
  });

  it('CST 70: own base reduced by 33.33 % → vBC 66.67, ICMS 12.00; ST base 150.00, ST 15.00', () => {
    // https://www.flexdocs.net/suporte/knowledgebase.php?article=295
    // (ICMS70: vBC 66.67, pICMS 18, vICMS 12.00, pMVAST 50, vBCST 150.00, pICMSST 18, vICMSST 15.00)
    const r = calculateSt({ productValue: 100, icmsBaseReduction: 33.33, icmsRate: 18, mva: 50, stRate: 18 });
    expect(r).toMatchObject({ icmsBase: 66.67, icms: 12, stBase: 150, stValue: 15 });
  });

  it('reduces the ST base when the rule reduces it (CST 70 with redBCST)', () => {
    const r = calculateSt({ productValue: 100, icmsRate: 18, mva: 50, stRate: 18, stBaseReduction: 20 });
    expect(r.stBase).toBe(120); // 150.00 × (1 − 20 %)
    expect(r.stValue).toBe(3.6); // 120 × 18 % − 18
  });

  it('FCP-ST: 100.00, MVA 50 %, 12 % interstate, 18 % + 2 % FCP → 18.00 of which FCP 3.00 and ST 15.00', () => {
    // https://www.contabeis.com.br/forum/tributos-estaduais-municipais/290717/base-de-calculo-fcp
    // ((100 + 50 %) × 20 %) − 12.00 = 18.00; 150 × 2 % = 3.00 to the fund; 15.00 is the ST.
    const r = calculateSt({ productValue: 100, icmsRate: 12, mva: 50, stRate: 18, fcpRate: 2 });
    expect(r).toMatchObject({ stBase: 150, stRateWithFcp: 20, stValue: 18, fcpSt: 3, icmsSt: 15 });
  });

  it('rounds half-up at cents (0.005 goes up)', () => {
    // 33.35 × 15 % = 5.0025 → 5.00; 10.05 × 15 % = 1.5075 → 1.51
    expect(calculateSt({ productValue: '10.05', ipiRate: 15, icmsRate: 0, mva: 0, stRate: 0 }).ipi).toBe(1.51);
    expect(calculateSt({ productValue: '0.10', icmsRate: 5, mva: 0, stRate: 0 }).icms).toBe(0.01); // 0.005 → 0.01
  });

  it('never answers a negative ST when own ICMS exceeds the ST debit', () => {
    const r = calculateSt({ productValue: 100, icmsRate: 20, mva: 0, stRate: 12 });
    expect(r.stValue).toBe(0);
    expect(r.effectiveCost).toBe(0);
  });

  it('accepts decimal strings with comma and rejects non-numbers', () => {
    expect(
      calculateSt({ productValue: '2000,00', ipiRate: '15', icmsRate: '18', mva: '40', stRate: '18' }).stValue,
    ).toBe(219.6);
    expect(() => calculateSt({ productValue: 'abc', icmsRate: 18, mva: 40, stRate: 18 })).toThrow();
  });

  it('refuses a negative value and a rate of 100 % with the messages of POST /tax/calculate', () => {
    const base = { productValue: 100, icmsRate: 18, mva: 40, stRate: 18 };
    expect(() => calculateSt({ ...base, freight: -1 })).toThrow('vFrete não pode ser negativo.');
    expect(() => calculateSt({ ...base, stRate: 100 })).toThrow('pICMSST deve ser menor que 100%.');
    expect(() => calculateSt({ ...base, productValue: 'abc' })).toThrow(TaxInputError);
  });
});

describe('calculateSt by pauta (modBCST 5)', () => {
  it('40 units at a pauta of 2.50 = base 100.00 at 7 %, no own ICMS → ST 7.00', () => {
    // https://www.flexdocs.net/suporte/knowledgebase.php?article=285 (ICMS30: modBCST 5, vBCST 100.00,
    // pICMSST 7.00, vICMSST 7.00)
    const r = calculateSt({
      productValue: 80,
      icmsRate: 0,
      mva: 0,
      stRate: 7,
      pauta: { unitValue: '2.50', quantity: 40 },
    });
    expect(r).toMatchObject({ stBase: 100, stValue: 7 });
  });
});
