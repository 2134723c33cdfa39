import { describe, expect, it } from 'vitest';
import { cents, deferredCents, productCents, roundedProductExact, timesCents } from './money.js';

// The hand-written scanners of money.ts against plain definitions: a regular expression and exact BigInt cents for
// amounts of up to 2 places (Number() × 100 for more, the schema error the sums still read), BigInt for the product of
// note (*4) (MOC 7.0 annex I, 4.2.1, note (*4): the product rounded to two places). Any disagreement fails.
function centsByRegex(v: string | undefined): number | null {
  const m = v === undefined ? null : /^(-?)(\d+)(?:\.(\d+))?$/.exec(v);
  if (!m) return null;
  const frac = m[3] ?? '';
  if (frac.length > 2 || BigInt(m[2]!) > 90_000_000_000_000n) return Math.round(Number(v) * 100);
  const c = Number(BigInt(m[2]!) * 100n + BigInt(frac.padEnd(2, '0')));
  return m[1] ? -c : c;
}

const odd = ['', '-', '.', '1.', '.5', '-.5', '1.2.3', 'abc', '1e5', ' 1', '1 ', '+1', '١٢', '0x10', '--1', '1,5'];
const plain = ['0', '-0', '0.00', '7', '0.5', '0.29', '-0.29', '1.005', '12.345', '1234567.89', '99999999999999.99'];
const long = ['123456789012345678.12', '0.000000000000000001', '-98765432109876.54321', '900000000000000.01'];

function randomDecimal(r: () => number): string {
  const int = String(Math.floor(r() * 10 ** Math.floor(r() * 16)));
  const places = Math.floor(r() * 7);
  const frac = Array.from({ length: places }, () => Math.floor(r() * 10)).join('');
  return `${r() < 0.1 ? '-' : ''}${int}${places ? `.${frac}` : ''}`;
}
function seeded(seed: number) {
  let s = seed;
  return () => {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    return s / 2 ** 32;
  };
}

describe('money: amounts in cents (MOC 7.0 TDec_1302 amounts)', () => {
  it('reads every text as the regular expression and Number() did', () => {
    const r = seeded(7);
    const values = [...odd, ...plain, ...long, ...Array.from({ length: 20_000 }, () => randomDecimal(r))];
    for (const v of values) expect(cents(v), v).toBe(centsByRegex(v));
    expect(cents(undefined)).toBeNull();
  });

  it('rounds the product of base and rate to the cent as note (*4) says, exactly', () => {
    // 333.33 × 2 % = 6.6666 → 6.67; 100.00 × 18 % = 18.00; 0.05 × 50 % = 0.025 → 0.03 (half up).
    expect(productCents('333.33', '2.00')).toBe(667);
    expect(productCents('100.00', '18.00')).toBe(1800);
    expect(productCents('0.05', '50')).toBe(3);
    expect(productCents('-0.05', '50')).toBe(-3);
    const r = seeded(11);
    const values = [...odd, ...plain, ...long];
    for (const b of values)
      for (const p of values) expect(productCents(b, p), `${b} × ${p}`).toBe(roundedProductExact(b, p));
    for (let i = 0; i < 20_000; i++) {
      const b = randomDecimal(r);
      const p = randomDecimal(r);
      expect(productCents(b, p), `${b} × ${p}`).toBe(roundedProductExact(b, p));
      expect(timesCents(b, p), `${b} × ${p} in cents`).toBe(roundedProductExact(b, p, 2));
      const d = randomDecimal(r);
      expect(deferredCents(b, p, d), `${b} × ${p} × ${d}`).toBe(roundedProductExact(b, p, -2, d));
    }
  });

  it('multiplies a unit value by a quantity in cents (note (*4), vProd = vUnCom × qCom)', () => {
    // 3 × 4 = 12.00; 0.3333333333 × 3 = 0.9999999999 → 1.00; 1.005 × 1 = 1.005 → 1.01 (half up).
    expect(timesCents('3', '4')).toBe(1200);
    expect(timesCents('0.3333333333', '3.0000')).toBe(100);
    expect(timesCents('1.005', '1')).toBe(101);
    expect(timesCents('12.5', 'x')).toBeNull();
    // vDif (NT 2025.002 UB23-10): 1000.00 × 0.1 % × 30 % = 0.30; 333.33 × 0.9 % × 33.3333 % = 0.99999 → 1.00.
    expect(deferredCents('1000.00', '0.1000', '30.0000')).toBe(30);
    expect(deferredCents('333.33', '0.9000', '33.3333')).toBe(100);
  });
});
