import { describe, expect, it } from 'vitest';
import { calculateSt, resolveStMva } from './st-calculator.js';

/**
 * The ST calculator by year (EC 132/2023, ADCT): art. 126, III — IPI zero from 2027 outside the Zona Franca de
 * Manaus; art. 128 — 2029–2032 the ICMS rates (ST and FCP included) are 9/10, 8/10, 7/10, 6/10 of the state's;
 * art. 129 — no ICMS from 2033. Expected figures are the calculator's formula (st-calculator.ts, spec 02 §9)
 * worked by hand on the year's rates.
 */
const sale = { productValue: '1000.00', icmsRate: 18, ipiRate: 10, mva: 40, stRate: 18 };

describe('calculateSt with the year', () => {
  it('2026 (no year effect): IPI in the base, full rates', () => {
    // total 1000 + 100 = 1100; base ST 1100 × 1.40 = 1540.00; 1540 × 18 % − 180 = 97.20
    const r = calculateSt({ ...sale, year: 2026 });
    expect(r).toMatchObject({ ipi: 100, icms: 180, stBase: 1540, stValue: 97.2, icmsShare: 1, ipiZeroed: false });
  });

  it('2027: the IPI is zero outside the ZFM, so it leaves the ST base', () => {
    // base ST 1000 × 1.40 = 1400.00; 1400 × 18 % − 180 = 72.00
    const r = calculateSt({ ...sale, year: 2027 });
    expect(r).toMatchObject({ ipi: 0, stBase: 1400, stValue: 72, ipiZeroed: true });
  });

  it('2030: ICMS and ICMS-ST at 8/10 of the rates (18 % → 14.4 %)', () => {
    // ICMS 1000 × 14.4 % = 144.00; ST 1400 × 14.4 % − 144 = 57.60; cost 5.76 %
    const r = calculateSt({ ...sale, year: 2030 });
    expect(r).toMatchObject({ icms: 144, stBase: 1400, stValue: 57.6, icmsSt: 57.6, effectiveCost: 5.76 });
    expect(r.icmsShare).toBe(0.8);
  });

  it('2030 in the ZFM keeps the IPI in the base', () => {
    // base ST 1100 × 1.40 = 1540; 1540 × 14.4 % − 144 = 221.76 − 144 = 77.76
    expect(calculateSt({ ...sale, year: 2030, zfm: true })).toMatchObject({ ipi: 100, stBase: 1540, stValue: 77.76 });
  });

  it('2032 with FCP-ST: both at 6/10 (18 % → 10.8 %, 2 % → 1.2 %)', () => {
    // ICMS 108.00; ST 1400 × 12 % − 108 = 60.00; FCP-ST 1400 × 1.2 % = 16.80; ICMS-ST 43.20
    const r = calculateSt({ ...sale, fcpRate: 2, year: 2032 });
    expect(r).toMatchObject({ icms: 108, stRateWithFcp: 12, stValue: 60, fcpSt: 16.8, icmsSt: 43.2 });
  });

  it('2033: no ICMS, no ST', () => {
    const r = calculateSt({ ...sale, fcpRate: 2, year: 2033 });
    expect(r).toMatchObject({ icmsBase: 0, icms: 0, stBase: 0, stValue: 0, fcpSt: 0, icmsShare: 0 });
  });

  it("the adjusted MVA equalises the year's rates (2029: 12 % → 10.8 %, 18 % → 16.2 %)", () => {
    // [(1.40 × (1 − 0.108) / (1 − 0.162)] − 1 = 1.4 × 0.892 / 0.838 − 1 = 49.02 % (formula of Conv. ICMS 74/1994, cl. 3ª, §1º, as written by Conv. ICMS 104/2008)
    expect(resolveStMva('nacional', 40, 18, { year: 2029 })).toBe(49.02);
    // without a year: 1.4 × 0.88 / 0.82 − 1 = 50.24 %
    expect(resolveStMva('nacional', 40, 18)).toBe(50.24);
    expect(resolveStMva('nacional', 40, 18, { year: 2029, simples: true })).toBe(40);
  });
});
