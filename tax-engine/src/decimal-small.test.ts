import { Decimal } from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { percentOf, reduceBase, TaxDecimal } from './decimal.js';
import {
  centsText,
  isAboveZero,
  isSameValue,
  plainNumberText,
  readDigits,
  readExponent,
  readSmall,
} from './decimal-small.js';

/** The same sequence on every run (a failure names the value). */
function randomValues(count: number, seed: number): string[] {
  const random = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  const values = ['0', '-0', '0.005', '-0.005', '0.004', '99999999999.99', '1e13', '123456789012345.67', '0.0000001'];
  for (let i = 0; i < count; i++) {
    const magnitude = [1, 100, 1e4, 1e7, 1e10, 1e13, 1e16, 1e-3, 1e-8][Math.floor(random() * 9)]!;
    const text = (random() * magnitude).toFixed(Math.floor(random() * 7));
    values.push(random() < 0.2 ? `-${text}` : text);
  }
  return values;
}

/** decimal.js's own form of a value: sign, exponent and words. */
const form = (d: Decimal) => ({ s: d.s, e: d.e, d: d.d });

describe('percentOf on decimal.js digits (decimal-small.ts)', () => {
  it('equals, field for field, decimal.js rounding base × rate × 0.01 half-up to 2 places', () => {
    const bases = randomValues(600, 11);
    const rates = ['0', '0.9', '0.10', '1.65', '7.6', '12', '18', '20.5', '0.0450', '33.33', '100', '150', '-0'];
    rates.push(...randomValues(40, 5));
    let compared = 0;
    for (const base of bases)
      for (const rate of rates) {
        const slow = new TaxDecimal(base).times(rate).times('0.01').toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
        expect(form(percentOf(base, rate)), `${base} × ${rate}%`).toEqual(form(slow));
        compared++;
      }
    expect(compared).toBeGreaterThan(30_000);
  });

  it('reduceBase equals decimal.js rounding base × (100 − reduction) × 0.01, reductions above 100 and negative too', () => {
    const bases = randomValues(600, 17);
    const reductions = ['0', '-0', '33.33', '61.11', '41.176', '100', '100.5', '-5', '0.0001', '99.99'];
    reductions.push(...randomValues(30, 23));
    for (const base of bases)
      for (const reduction of reductions) {
        const slow = new TaxDecimal(base)
          .times(new TaxDecimal(100).minus(reduction))
          .times('0.01')
          .toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
        expect(form(reduceBase(base, reduction)), `${base} reduzida em ${reduction}%`).toEqual(form(slow));
      }
  });

  it('keeps the shape of decimal.js results: the same arithmetic follows on them', () => {
    const x = percentOf('1050.00', '12');
    expect(x).toBeInstanceOf(TaxDecimal);
    expect(x.plus('0.01').toString()).toBe('126.01');
    expect(x.times(3).toFixed(2)).toBe('378.00');
  });
});

describe('centsText', () => {
  const text = (value: string, round: boolean) => {
    const d = new TaxDecimal(value);
    return readSmall(d) ? centsText(d.s, readDigits(), readExponent(), round) : undefined;
  };

  it('is toFixed(2) of the Decimal, minus sign of a nonzero value rounding to zero included', () => {
    for (const value of randomValues(5_000, 3)) {
      const d = new TaxDecimal(value);
      const rounded = text(value, true);
      if (rounded !== undefined) expect(rounded, value).toBe(d.toFixed(2));
      const exact = text(value, false);
      if (exact !== undefined) expect(exact, value).toBe(d.toFixed(2));
      // Without rounding, only values of at most 2 decimals are printed here.
      if (d.decimalPlaces() > 2) expect(exact, value).toBeUndefined();
    }
    expect(text('-0.001', true)).toBe('-0.00');
    expect(text('-0', true)).toBe('0.00');
    expect(text('0.005', true)).toBe('0.01');
  });

  it('leaves values of 10^13 and more, and of more than 2 words, to decimal.js', () => {
    expect(text('9999999.99', false)).toBe('9999999.99');
    expect(text('9999999999999', false)).toBe('9999999999999.00');
    expect(text('10000000000000', false)).toBeUndefined();
    expect(text('12345678.9', false)).toBeUndefined();
  });
});

describe('isAboveZero and isSameValue', () => {
  it('answer as decimal.js gt(0) and eq do', () => {
    const values = randomValues(400, 29).map((text) => new TaxDecimal(text));
    values.push(new TaxDecimal('1.50'), new TaxDecimal('1.5'), new TaxDecimal(0).neg());
    for (const a of values) {
      expect(isAboveZero(a), a.toString()).toBe(a.gt(0));
      for (const b of values.slice(0, 60)) expect(isSameValue(a, b), `${a} = ${b}`).toBe(a.eq(b));
      expect(isSameValue(a, new TaxDecimal(a.toString())), a.toString()).toBe(true);
    }
  });
});

describe('plainNumberText', () => {
  it('is toFixed(2) of exactly the numbers whose own text has at most 2 decimals and 13 digits', () => {
    const numbers = [0, -0, 1.65, 7.6, 0.1 + 0.2, 0.29, 1e12 + 0.01, 9999999999999.99, 1e13, 0.005, 12.345, 1e-7, -1.5];
    for (const text of randomValues(20_000, 41)) numbers.push(Number(text));
    for (const value of numbers) {
      const plain = /^\d{1,13}(\.\d{1,2})?$/.test(String(value));
      expect(plainNumberText(value), String(value)).toBe(plain ? value.toFixed(2) : undefined);
    }
  });
});
