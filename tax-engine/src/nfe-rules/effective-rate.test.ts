import { describe, expect, it } from 'vitest';
import { TaxDecimal } from '../decimal.js';
import { effectiveRateCheck } from './rules-ibscbs.js';

// UB28-10, UB47-10, UB66-10 (NT 2025.002-RTC, group UB): pAliqEfet = rate × (1 − pRedAliq/100), × (1 − pRedutor/100)
// in a government purchase, 4 places, tolerance 0.0001. The integer form must give what the Decimal form gives, on
// every input: the Decimal form is the reference (ROUND_HALF_UP, decimal.ts).
function byDecimal(rate: string, pRed: string, redutor: string | undefined, found: string): true | string {
  let e = new TaxDecimal(rate).times(new TaxDecimal(100).minus(pRed)).div(100);
  if (redutor) e = e.times(new TaxDecimal(100).minus(redutor)).div(100);
  const exact = e.toDecimalPlaces(4);
  return exact.minus(found).abs().lte('0.0001') ? true : exact.toFixed(4);
}

/** A deterministic spread of decimals with 0–4 places (a linear congruential sequence, so a failure replays). */
function* decimals(seed: number, count: number, max: number): Generator<string> {
  let x = seed;
  for (let i = 0; i < count; i++) {
    x = (x * 1103515245 + 12345) % 2 ** 31;
    const places = x % 5;
    const value = (x / 2 ** 31) * max;
    yield value.toFixed(places);
  }
}

describe('effective rate of IBS/CBS in integers (UB28/47/66-10)', () => {
  it('the worked cases: 60 % reduction of CBS 0.9 and IBS UF 0.1; a government purchase redutor on top', () => {
    expect(effectiveRateCheck('0.9000', '60.0000', undefined, '0.3600')).toBe(true);
    expect(effectiveRateCheck('0.1000', '60.0000', undefined, '0.0400')).toBe(true);
    expect(effectiveRateCheck('0.9000', '60.0000', undefined, '0.3800')).toBe('0.3600');
    // 0.9 × 0.4 × (1 − 0.3333) = 0.240012 → 0.2400.
    expect(effectiveRateCheck('0.9000', '60.0000', '33.3300', '0.2400')).toBe(true);
    // 17.7777 × 0.5 = 8.88885: half-up to 8.8889 (half-even would give 8.8888).
    expect(effectiveRateCheck('17.7777', '50', undefined, '8.8800')).toBe('8.8889');
    expect(effectiveRateCheck('10', '150', undefined, '0')).toBe('-5.0000');
  });

  it('gives the Decimal form’s answer on 10,000 generated inputs (40,000 checks), with and without redutor', () => {
    const rates = [...decimals(7, 100, 30)];
    // Up to 150 %: past 100 the product is negative and rounds away from zero as Decimal's half-up does.
    const reds = [...decimals(11, 100, 150)];
    const redutores = [undefined, ...decimals(13, 9, 100)];
    let n = 0;
    for (let i = 0; i < rates.length; i++)
      for (let j = 0; j < reds.length; j++) {
        const rate = rates[i]!;
        const pRed = reds[j]!;
        const redutor = redutores[(i + j) % redutores.length];
        const right = byDecimal(rate, pRed, redutor, '0.0000');
        const found = right === true ? '0.0000' : right;
        // The exact value, one ten-thousandth off (accepted), two off (refused), and zero.
        const shifted = (k: number) => new TaxDecimal(found).plus(k / 10_000).toFixed(4);
        for (const f of [found, shifted(1), shifted(-2), '0.0000']) {
          expect(effectiveRateCheck(rate, pRed, redutor, f), `${rate} ${pRed} ${redutor} ${f}`).toEqual(
            byDecimal(rate, pRed, redutor, f),
          );
          n++;
        }
      }
    expect(n).toBe(40_000);
  });

  it('a value that is not a rate of the layout (3 digits, 4 places) is left to the Decimal form', () => {
    expect(effectiveRateCheck('0.90001', '60', undefined, '0.36')).toBeUndefined();
    expect(effectiveRateCheck('0.9', '1e2', undefined, '0')).toBeUndefined();
    expect(effectiveRateCheck('0.9', '60', '', '0.36')).toBeUndefined();
    expect(effectiveRateCheck('1000', '60', undefined, '400')).toBeUndefined();
  });
});
