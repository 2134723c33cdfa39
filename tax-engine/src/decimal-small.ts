import type { Decimal } from 'decimal.js';

/**
 * Exact arithmetic on the small decimals an item is made of (amounts of 2 places, rates of up to 4), on decimal.js's
 * own digits, for the engine's hottest figures (`base × rate%` rounded to cents, and the texts of the memória): as
 * decimal.js does them they cost two multiplications, a rounding pass and 3–4 new Decimals each (issue 21 figures).
 *
 * decimal.js keeps a value as sign `s`, exponent `e` of its first digit and digits `d` in words of 7 (base 1e7),
 * aligned on the decimal point: 1234.56 is `d = [1234, 5600000]`, `e = 3`; 0.05 is `d = [500000]`, `e = -2`; zero is
 * `d = [0]`, `e = 0`; a trailing zero word is never kept. That form is unique for a value (and a sign of zero), so a
 * Decimal filled here equals, field for field, the one decimal.js would have computed (decimal-small.test.ts).
 * Anything longer than these paths hold (more than 2 words, a product beyond 2^53) is left to decimal.js.
 */

/** The integer digits (trailing zeros dropped) and the exponent of the last one, of the last readSmall. */
let smallDigits = 0;
let smallExponent = 0;

/**
 * Whether `d` (finite) has at most 2 words, i.e. its digits form an integer below 2^53; if so, `smallDigits` and
 * `smallExponent` hold them: |d| = smallDigits × 10^smallExponent. Module variables instead of a returned pair: this
 * runs for most figures of every line, and a pair per call would be garbage.
 */
export function readSmall(d: Decimal): boolean {
  const words = d.d;
  if (!words || words.length > 2) return false;
  const first = words[0]!;
  let digits =
    first < 10 ? 1 : first < 100 ? 2 : first < 1000 ? 3 : first < 1e4 ? 4 : first < 1e5 ? 5 : first < 1e6 ? 6 : 7;
  let n = first;
  if (words.length === 2) {
    n = n * 1e7 + words[1]!;
    digits += 7;
  }
  let k = d.e - digits + 1;
  if (n === 0) k = 0;
  else
    while (n % 10 === 0) {
      n /= 10;
      k++;
    }
  smallDigits = n;
  smallExponent = k;
  return true;
}

export const readDigits = () => smallDigits;
export const readExponent = () => smallExponent;

const powersOfTen = Array.from({ length: 16 }, (_, i) => 10 ** i);

/**
 * `n × 10^shift` rounded half-up (away from zero) to an integer, for an integer n ≥ 0; -1 when the result or the
 * arithmetic would leave the integers a double holds exactly (then the caller takes decimal.js's path).
 */
export function scaleHalfUp(n: number, shift: number): number {
  if (n > Number.MAX_SAFE_INTEGER) return -1;
  if (shift >= 0) {
    if (shift > 15) return n === 0 ? 0 : -1;
    const scaled = n * powersOfTen[shift]!;
    return scaled > Number.MAX_SAFE_INTEGER ? -1 : scaled;
  }
  if (shift < -15) return -1;
  const divisor = powersOfTen[-shift]!;
  // % on doubles is exact, and so is the quotient of an exact multiple: no rounding anywhere below 2^53.
  const rest = n % divisor;
  const quotient = (n - rest) / divisor;
  return rest * 2 >= divisor ? quotient + 1 : quotient;
}

/**
 * Sets a fresh Decimal `x` (made by its constructor, so of decimal.js's own shape) to `sign × cents / 100` in
 * decimal.js's form; false (x untouched) beyond 14 integer digits.
 */
export function fillCents(x: Decimal, sign: number, cents: number): boolean {
  const units = Math.floor(cents / 100);
  if (units >= 1e14) return false;
  const hundredths = cents - units * 100;
  const fraction = hundredths * 1e5;
  let words: number[];
  let exponent: number;
  if (units === 0) {
    if (hundredths === 0) {
      words = [0];
      exponent = 0;
    } else {
      words = [fraction];
      exponent = hundredths >= 10 ? -1 : -2;
    }
  } else {
    const high = Math.floor(units / 1e7);
    const low = units - high * 1e7;
    const lead = high > 0 ? high : low;
    exponent =
      (high > 0 ? 7 : 0) +
      (lead < 10 ? 0 : lead < 100 ? 1 : lead < 1000 ? 2 : lead < 1e4 ? 3 : lead < 1e5 ? 4 : lead < 1e6 ? 5 : 6);
    words = high > 0 ? [high, low] : [low];
    if (fraction > 0) words.push(fraction);
    else while (words.length > 1 && words[words.length - 1] === 0) words.pop();
  }
  (x as { s: number }).s = sign;
  (x as { e: number }).e = exponent;
  (x as { d: number[] }).d = words;
  return true;
}

/**
 * The text of `sign × n × 10^k` with exactly two decimals ("1050.00", "-0.05", "0.00"), rounded half-up when it has
 * more; undefined for a value of 10^13 or more, or with more than 2 decimals unless `round`. The same text as
 * decimal.js's toFixed(2) (a nonzero value that rounds to zero keeps its minus sign, "-0.00", as there), without its
 * passes.
 */
export function centsText(sign: number, n: number, k: number, round: boolean): string | undefined {
  if (k < -2 && !round) return undefined;
  const cents = scaleHalfUp(n, k + 2);
  if (cents < 0 || cents >= 1e15) return undefined;
  const units = Math.floor(cents / 100);
  const hundredths = cents - units * 100;
  const text = `${units}.${hundredths < 10 ? '0' : ''}${hundredths}`;
  return sign < 0 && n !== 0 ? `-${text}` : text;
}

/** `d > 0`, without decimal.js's comparison, which first copies its operand into a new Decimal. */
export function isAboveZero(d: Decimal): boolean {
  return d.s > 0 && !d.isZero();
}

/** `a = b` (0 = −0), on decimal.js's unique form of a value instead of its copying comparison. */
export function isSameValue(a: Decimal, b: Decimal): boolean {
  const x = a.d;
  const y = b.d;
  if (!x || !y) return a.eq(b);
  if (x[0] === 0 || y[0] === 0) return x[0] === y[0];
  if (a.s !== b.s || a.e !== b.e || x.length !== y.length) return false;
  for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return false;
  return true;
}

/**
 * A number of at most 2 decimals, from 0 to below 10^13, with exactly two ("12.00", "1.65"): the text toFixed(2)
 * gives it, without printing it twice (String, then toFixed) as the memória did; undefined for any other number.
 * Such a number is the double nearest to cents / 100, so it is exactly that quotient.
 */
export function plainNumberText(value: number): string | undefined {
  if (!(value >= 0 && value < 1e13)) return undefined;
  const cents = Math.round(value * 100);
  if (cents / 100 !== value) return undefined;
  const units = Math.floor(cents / 100);
  const hundredths = cents - units * 100;
  return `${units}.${hundredths < 10 ? '0' : ''}${hundredths}`;
}
