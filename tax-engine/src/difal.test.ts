import { describe, expect, it } from 'vitest';
import { calculateDifal } from './difal.js';

describe('calculateDifal', () => {
  it('base simples: 1000.00 from MT (12 %) to MG (18 %) → DIFAL 60.00', () => {
    // https://ajuda.contaazul.com/hc/pt-br/articles/9853206174221-C%C3%A1lculo-DIFAL-por-fora-ou-base-%C3%BAnica-o-que-%C3%A9
    // (DIFAL = R$ 1.000,00 × (18 % − 12 %) = R$ 60,00)
    const r = calculateDifal({ type: 1, operationValue: 1000, interstateRate: 12, internalRate: 18 });
    expect(r).toMatchObject({ base: 1000, icmsOrigin: 120, icmsDestination: 180, difal: 60, fcp: 0 });
  });

  it('base dupla: 3494.17 at 7 % → ICMS origin 244.59, base 3915.16, destination ICMS 665.58 (17 %)', () => {
    // http://sefaz.mt.gov.br/forum/diferencial-de-aliquotas/compra-imobilizado-interestadual
    // ((3.494,17 − 244,59) / (1 − 0,17) = 3.915,16; × 0,17 = 665,58). The post then subtracts 12 %
    // of the value; LC 190/2022 subtracts the ICMS of the origin: 665.58 − 244.59 = 420.99.
    const r = calculateDifal({ type: 2, operationValue: 3494.17, interstateRate: 7, internalRate: 17 });
    expect(r).toMatchObject({ icmsOrigin: 244.59, base: 3915.16, icmsDestination: 665.58, difal: 420.99 });
  });

  it("base dupla meets MA's wording: the base is the operation value plus the DIFAL itself", () => {
    // Lei 7.799/2002 (MA), art. 13, XVI, na redação da Lei 10.326/2015 (tributa.net, decision 052): the base is
    // "o valor da operação ... devendo o montante do ICMS relativo à diferença de alíquotas integrar a base de cálculo".
    // By hand, 1000.00 at 7 % into MA at 23 %: ICMS origin 70.00; base (1000 − 70) / (1 − 0.23) = 1207.792… → 1207.79;
    // destination ICMS 1207.79 × 0.23 = 277.7917 → 277.79; DIFAL 277.79 − 70.00 = 207.79 = base − value.
    // (A single base would give base 1000.00 and DIFAL 160.00, which the law's wording rules out.)
    const r = calculateDifal({ type: 2, operationValue: 1000, interstateRate: 7, internalRate: 23 });
    expect(r).toMatchObject({ icmsOrigin: 70, base: 1207.79, icmsDestination: 277.79, difal: 207.79 });
    expect(r.base - 1000).toBeCloseTo(r.difal, 2);
  });

  it('charges the destination FCP on the DIFAL base', () => {
    expect(
      calculateDifal({ type: 1, operationValue: 1000, interstateRate: 12, internalRate: 18, fcpRate: 2 }).fcp,
    ).toBe(20);
    expect(
      calculateDifal({ type: 2, operationValue: 3494.17, interstateRate: 7, internalRate: 17, fcpRate: 2 }).fcp,
    ).toBe(78.3);
  });

  it('owes nothing for type 0 or when the internal rate is not above the interstate rate', () => {
    expect(calculateDifal({ type: 0, operationValue: 1000, interstateRate: 12, internalRate: 18 }).difal).toBe(0);
    expect(calculateDifal({ type: 1, operationValue: 1000, interstateRate: 12, internalRate: 12 }).difal).toBe(0);
    expect(calculateDifal({ type: 2, operationValue: 1000, interstateRate: 12, internalRate: 7 }).difal).toBe(0);
  });
});
