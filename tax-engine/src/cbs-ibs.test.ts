import { describe, expect, it } from 'vitest';
import { applyRateReduction, calculateCbsIbs, findCbsIbsRates } from './cbs-ibs.js';

// LC 214/2025 art. 346 (CBS 0.9 % in 2026), art. 343 (IBS 0.1 % in 2026), art. 344 (2027–2028);
// reductions from the cClassTrib table (shared/data/ibs-cbs-cclasstrib.json, NF-e portal 23/06/2026).
describe('CBS/IBS', () => {
  it('charges CBS 0.9 % and IBS 0.1 % in 2026', () => {
    const r = calculateCbsIbs({ base: 1000 });
    expect(r).toMatchObject({ cbsRate: 0.9, cbs: 9, ibsUfRate: 0.1, ibsMunRate: 0, ibs: 1 });
  });

  it('applies a cClassTrib reduction (011001, pRedCBS = pRedIBS = 60 %)', () => {
    const r = calculateCbsIbs({ base: 1000, pRedCBS: 60, pRedIBS: 60 });
    expect(r.cbsEffectiveRate).toBe(0.36);
    expect(r.ibsUfEffectiveRate).toBe(0.04);
    expect(r.cbs).toBe(3.6);
    expect(r.ibs).toBe(0.4);
  });

  it('zeroes both taxes with a 100 % reduction (e.g. 200003, food of Annex I)', () => {
    expect(calculateCbsIbs({ base: 1000, pRedCBS: 100, pRedIBS: 100 })).toMatchObject({ cbs: 0, ibs: 0 });
  });

  it('splits IBS between state and municipality in 2027–2028', () => {
    // CBS 2027: the reference calculator's configured 8.4 % (rtc/aliquotas.json; reference rate − 0.1 pt, ADCT art. 127)
    expect(findCbsIbsRates(2027)).toEqual({ cbs: 8.4, ibsUf: 0.05, ibsMun: 0.05 });
    expect(findCbsIbsRates(2026)).toEqual({ cbs: 0.9, ibsUf: 0.1, ibsMun: 0 });
    expect(applyRateReduction(0.9, 30)).toBe(0.63);
  });
});
