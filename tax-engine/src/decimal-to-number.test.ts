import { describe, expect, it } from 'vitest';
import { decimalToNumber, TaxDecimal } from './decimal.js';

describe('decimalToNumber', () => {
  it('gives exactly what Decimal.toNumber gives (sign of zero, long and tiny values included)', () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    const values = ['0', '-0', '1e21', '123456789012345.67', '9007199254740993', '0.1', '1e-30', '99999999999999.99'];
    for (let i = 0; i < 5_000; i++) {
      const magnitude = [1, 100, 1e4, 1e7, 1e10, 1e13, 1e16, 1e-3, 1e-8][Math.floor(random() * 9)]!;
      const text = (random() * magnitude).toFixed(Math.floor(random() * 12));
      values.push(random() < 0.3 ? `-${text}` : text);
    }
    for (const text of values) {
      const d = new TaxDecimal(text);
      for (const x of [d, d.times('0.01'), d.div(7), d.toDecimalPlaces(2)])
        expect(Object.is(decimalToNumber(x), x.toNumber()), x.toString()).toBe(true);
    }
  });
});
