import { describe, expect, it } from 'vitest';
import { applyRateReduction } from './cbs-ibs.js';
import { minusUnlessZero, plusUnlessZero, rememberByValues, TaxDecimal, toDecimal } from './decimal.js';
import { TaxInputError } from './input-checks.js';
import { adjustMva } from './mva.js';

describe('rememberByValues', () => {
  it('computes once per value, whatever form the value comes in (18, "18", a Decimal)', () => {
    let calls = 0;
    const double = rememberByValues((value: number | string | TaxDecimal) => {
      calls++;
      return toDecimal(value).times(2).toNumber();
    });
    expect([double(18), double('18'), double(new TaxDecimal(18))]).toEqual([36, 36, 36]);
    expect(calls).toBe(1);
    expect(double('18.5')).toBe(37);
    expect(calls).toBe(2);
  });

  it('keeps no refusal: an input the computation refuses is refused again on every call', () => {
    let calls = 0;
    const checked = rememberByValues((value: number) => {
      calls++;
      if (value < 0) throw new RangeError('negativo');
      return value;
    });
    expect(() => checked(-1)).toThrow('negativo');
    expect(() => checked(-1)).toThrow('negativo');
    expect(calls).toBe(2);
  });

  it('tells the arguments apart (1, 23 is not 12, 3)', () => {
    const joined = rememberByValues((a: number, b: number) => a * 1000 + b);
    expect(joined(1, 23)).toBe(1023);
    expect(joined(12, 3)).toBe(12003);
  });
});

describe('remembered tax figures answer as computed', () => {
  it('applyRateReduction: CBS 8.8 % reduced by 60 % is 3.52 %, every time', () => {
    expect([applyRateReduction(8.8, 60), applyRateReduction('8.8', '60'), applyRateReduction(8.8, 60)]).toEqual([
      3.52, 3.52, 3.52,
    ]);
    expect(applyRateReduction(0.9, null)).toBe(0.9);
  });

  it('adjustMva refuses a bad internal rate on every call, not only the first', () => {
    for (let i = 0; i < 2; i++)
      expect(() => adjustMva({ mva: 50, interstateRate: 12, internalRate: 150 })).toThrow(TaxInputError);
  });
});

describe('plusUnlessZero / minusUnlessZero', () => {
  it('the same value as plus and minus, and the operand itself when the other is zero', () => {
    const a = new TaxDecimal('1000.10');
    expect(plusUnlessZero(a, new TaxDecimal('0.05')).toString()).toBe('1000.15');
    expect(minusUnlessZero(a, new TaxDecimal('0.10')).toString()).toBe('1000');
    expect(plusUnlessZero(a, new TaxDecimal(0))).toBe(a);
    expect(minusUnlessZero(a, new TaxDecimal(0))).toBe(a);
  });
});
