import { Decimal } from 'decimal.js';
import { fillCents, readDigits, readExponent, readSmall, scaleHalfUp } from './decimal-small.js';

export { isAboveZero, isSameValue } from './decimal-small.js';

/**
 * The tax engine's own Decimal constructor: half-up rounding (ROUND_HALF_UP, the rounding of
 * the NF-e manual and of every worked example we reproduce) and ample precision. A clone, so the
 * global Decimal configuration other code may rely on is left untouched.
 */
export const TaxDecimal = Decimal.clone({ precision: 34, rounding: Decimal.ROUND_HALF_UP });
export type TaxDecimal = Decimal;

/** An amount or a percentage as the engine accepts it: 18, "18", "18.5", "18,5" or a Decimal. */
export type TaxValue = number | string | Decimal;

const zero = new TaxDecimal(0);
/**
 * Zero, shared: a Decimal is never changed once made, and a new zero for every absent figure of every line was
 * garbage (issue 21 figures).
 */
export const ZERO: Decimal = zero;
const hundred = new TaxDecimal(100);
const oneHundredth = new TaxDecimal('0.01');
/**
 * The Decimal of each number or string already seen: the same rates and prices come back on every line of every
 * invoice, and parsing them again was the engine's largest cost after the memória (issue 21 figures). Decimals are
 * immutable, so sharing one is safe; the map is emptied when it reaches `maxParsed` entries. Zero (and −0) is not
 * kept: a Map does not tell them apart.
 */
const parsed = new Map<string | number, Decimal>();
const maxParsed = 4096;

/** Converts an input to a Decimal; empty (null, undefined, '') is zero. Rejects NaN/Infinity. */
export function toDecimal(value: TaxValue | null | undefined): Decimal {
  if (value === null || value === undefined || value === '' || (value === 0 && !Object.is(value, -0))) return zero;
  if (typeof value === 'object') {
    // A TaxDecimal already has the engine's configuration: copying every operand of every step was a hot path.
    // Decimals of another configuration are still copied.
    if (value.constructor === TaxDecimal) {
      if (!value.isFinite()) throw new RangeError(`Valor numérico inválido: ${String(value)}`);
      return value;
    }
  } else if (value !== 0) {
    const known = parsed.get(value);
    if (known) return known;
  }
  const d = new TaxDecimal(typeof value === 'string' ? value.trim().replace(',', '.') : value);
  if (!d.isFinite()) throw new RangeError(`Valor numérico inválido: ${String(value)}`);
  if (typeof value !== 'object' && value !== 0) {
    if (parsed.size >= maxParsed) parsed.clear();
    parsed.set(value, d);
  }
  return d;
}

/** A tax value as a memo key: the same text for inputs toDecimal reads as the same value ('' for an empty one). */
function keyOf(value: TaxValue | null | undefined): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'string' ? value : String(value);
}

/**
 * `compute` remembered by its inputs' values: for pure figures of rates alone (an effective rate, an adjusted MVA),
 * which come back the same on every line of an invoice and cost a few long divisions each (issue 21 figures). Only
 * results are kept (an input `compute` refuses throws again); the memo is emptied at `maxParsed` entries.
 */
export function rememberByValues<Args extends (TaxValue | null | undefined)[], Result extends number>(
  compute: (...args: Args) => Result,
): (...args: Args) => Result {
  const known = new Map<string, Result>();
  return (...args: Args) => {
    let key = keyOf(args[0]);
    for (let i = 1; i < args.length; i++) key += `|${keyOf(args[i])}`;
    let result = known.get(key);
    if (result === undefined) {
      result = compute(...args);
      if (known.size >= maxParsed) known.clear();
      known.set(key, result);
    }
    return result;
  };
}

/**
 * `a + b`, or `a` itself when `b` is zero: most of an item's optional values (vFrete, vSeg, vFCP, vICMSMono…) are
 * zero, and decimal.js copies and rounds on every addition (issue 21 figures). The same value either way.
 */
export function plusUnlessZero(a: Decimal, b: Decimal): Decimal {
  return b.isZero() ? a : a.plus(b);
}

/** `a − b`, or `a` itself when `b` is zero (see plusUnlessZero). */
export function minusUnlessZero(a: Decimal, b: Decimal): Decimal {
  return b.isZero() ? a : a.minus(b);
}

/** Rounds half-up to 2 decimal places (cents, or hundredths of a percent). */
export function round2(value: TaxValue): Decimal {
  const d = toDecimal(value);
  // Already at most 2 places: rounding would only copy it.
  return d.decimalPlaces() <= 2 ? d : d.toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
}

/** `round2` as a plain number, for results shown on screen or sent as JSON. */
export function money(value: TaxValue): number {
  return round2(value).toNumber();
}

/**
 * `sign × digits × 10^shift` cents (digits an integer), rounded half-up, as a Decimal of decimal.js's own shape;
 * undefined where the exact paths of decimal-small.ts stop (the caller then takes decimal.js's).
 */
function exactCents(sign: number, digits: number, shift: number): Decimal | undefined {
  const cents = scaleHalfUp(digits, shift);
  if (cents < 0) return undefined;
  const x = new TaxDecimal(1);
  return fillCents(x, sign, cents) ? x : undefined;
}

/** `base × rate%`, rounded to cents. */
export function percentOf(base: TaxValue, ratePercent: TaxValue | null | undefined): Decimal {
  const b = toDecimal(base);
  const r = toDecimal(ratePercent);
  // Most figures: the exact product in integers (decimal-small.ts), the same Decimal decimal.js would give.
  if (readSmall(b)) {
    const digits = readDigits();
    const exponent = readExponent();
    if (readSmall(r)) {
      const exact = exactCents(b.s * r.s, digits * readDigits(), exponent + readExponent());
      if (exact) return exact;
    }
  }
  // × 0.01 instead of ÷ 100: the same exact value (both are exact within 34 digits), without a long division.
  return round2(b.times(r).times(oneHundredth));
}

/** `base × (1 − reduction%)`, rounded to cents: a reduced tax base (pRedBC). */
export function reduceBase(base: TaxValue, reductionPercent: TaxValue | null | undefined): Decimal {
  const b = toDecimal(base);
  const r = toDecimal(reductionPercent);
  // As percentOf: in integers when the digits are few. 100 − r is kept × 10^k, k the exponent of r's last digit.
  if (readSmall(b)) {
    const digits = readDigits();
    const exponent = readExponent();
    if (readSmall(r)) {
      const k = Math.min(readExponent(), 0);
      const hundredScaled = scaleHalfUp(100, -k);
      const reductionScaled = scaleHalfUp(readDigits(), readExponent() - k);
      const kept = hundredScaled - r.s * reductionScaled;
      if (hundredScaled >= 0 && reductionScaled >= 0 && Math.abs(kept) <= Number.MAX_SAFE_INTEGER) {
        const exact = exactCents(kept < 0 ? -b.s : b.s, digits * Math.abs(kept), exponent + k);
        if (exact) return exact;
      }
    }
  }
  return round2(b.times(hundred.minus(r)).times(oneHundredth));
}

/** Powers of ten a double holds exactly (10^0 … 10^22). */
const exactPowersOfTen = Array.from({ length: 23 }, (_, i) => 10 ** i);

/**
 * `d.toNumber()` without its detour through a string (Decimal prints itself, then Number parses the text): an item
 * answer converts ~40 figures (issue 21 figures). decimal.js keeps the digits in words of 7 (base 1e7) and the
 * exponent of the first digit; with at most 2 words the digits form an integer below 2^53, and a double product or
 * quotient of two exact doubles is correctly rounded, as Number() of the text is: the same number, sign of zero
 * included. Longer or larger values take decimal.js's own path.
 */
export function decimalToNumber(d: Decimal): number {
  // The words read as readSmall reads them, without its dropping of trailing zeros: a line converts ~40 figures,
  // and that loop made it slower (paired, +0.7 µs a line).
  const words = d.d;
  if (words && words.length <= 2) {
    const first = words[0]!;
    let digits =
      first < 10 ? 1 : first < 100 ? 2 : first < 1000 ? 3 : first < 1e4 ? 4 : first < 1e5 ? 5 : first < 1e6 ? 6 : 7;
    let n = first;
    if (words.length === 2) {
      n = n * 1e7 + words[1]!;
      digits += 7;
    }
    const k = d.e - digits + 1;
    if (k >= 0 && k <= 22) return d.s * (n * exactPowersOfTen[k]!);
    if (k < 0 && k >= -22) return d.s * (n / exactPowersOfTen[-k]!);
  }
  return d.toNumber();
}

/** Largest of value and zero (a tax amount never goes negative). */
export function atLeastZero(value: Decimal): Decimal {
  return value.isNegative() ? zero : value;
}
