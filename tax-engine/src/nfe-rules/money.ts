/**
 * Amounts of the NF-e as integer cents: every value tag is a decimal with at most 2 places (TDec_1302), so sums
 * are exact in integers well below 2^53.
 */
export function cents(value: string | undefined): number | null {
  if (value === undefined) return null;
  // Scanned by hand: the rules read a few amounts of every item of every document of an import, and a regular
  // expression plus Number() per amount was a visible share of the rule book's time.
  const len = value.length;
  const neg = len > 0 && value.charCodeAt(0) === 45; // '-'
  let i = neg ? 1 : 0;
  const start = i;
  let whole = 0;
  for (; i < len; i++) {
    const d = value.charCodeAt(i) - 48;
    if (d < 0 || d > 9) break;
    whole = whole * 10 + d;
  }
  if (i === start) return null;
  let frac = 0;
  let places = 0;
  if (i < len) {
    if (value.charCodeAt(i) !== 46) return null; // '.'
    for (i++; i < len; i++) {
      const d = value.charCodeAt(i) - 48;
      if (d < 0 || d > 9) return null;
      if (places < 2) frac = frac * 10 + d;
      places++;
    }
    if (places === 0) return null;
  }
  // More than 2 places is a schema error (225); rounded here so the sums still say something. Beyond 9·10^13 reais
  // the integer part is no longer exact in a double: the same rounding as those.
  if (places > 2 || whole > 9e13) return Math.round(Number(value) * 100);
  const c = whole * 100 + (places === 1 ? frac * 10 : frac);
  return neg ? -c : c;
}

export const showCents = (c: number): string => {
  const neg = c < 0;
  const abs = Math.abs(c);
  return `${neg ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
};

/** A decimal text as an exact scaled integer (digits, places), or null when it is not a plain decimal. */
function scaled(value: string | undefined): { n: bigint; places: number } | null {
  const m = value === undefined ? null : /^(-?)(\d+)(?:\.(\d+))?$/.exec(value);
  if (!m) return null;
  const frac = m[3] ?? '';
  return { n: BigInt(`${m[1]}${m[2]}${frac}`), places: frac.length };
}

/** What scanDecimal read: the digits as an integer (sign included) and the number of places. */
let scanN = 0;
let scanPlaces = 0;
const NOT_DECIMAL = 0;
const SMALL = 1;
const LARGE = 2;

/**
 * Scans a plain decimal ("-12.345") into scanN and scanPlaces without allocating: NOT_DECIMAL when it is not one,
 * LARGE when its digits pass 15 (no longer exact in a double: the caller takes the BigInt way).
 */
function scanDecimal(value: string | undefined): number {
  if (value === undefined) return NOT_DECIMAL;
  const len = value.length;
  const neg = len > 0 && value.charCodeAt(0) === 45;
  let i = neg ? 1 : 0;
  let n = 0;
  let digits = 0;
  const intStart = i;
  for (; i < len; i++) {
    const d = value.charCodeAt(i) - 48;
    if (d < 0 || d > 9) break;
    n = n * 10 + d;
    if (n > 0) digits++;
  }
  if (i === intStart) return NOT_DECIMAL;
  let places = 0;
  if (i < len) {
    if (value.charCodeAt(i) !== 46) return NOT_DECIMAL;
    // Trailing zeros of the fraction are left out (12.3400000000, the layout's 10-place unit values, is 1234 and 2
    // places): they only widen the product past what a double holds exactly.
    let zeros = 0;
    const fracStart = i + 1;
    for (i++; i < len; i++) {
      const d = value.charCodeAt(i) - 48;
      if (d < 0 || d > 9) return NOT_DECIMAL;
      if (d === 0) {
        zeros++;
        continue;
      }
      for (; zeros > 0; zeros--) {
        n *= 10;
        places++;
        if (n > 0) digits++;
      }
      n = n * 10 + d;
      places++;
      digits++;
    }
    if (i === fracStart) return NOT_DECIMAL;
  }
  if (digits > 15) return LARGE;
  scanN = neg ? -n : n;
  scanPlaces = places;
  return SMALL;
}

const POW10 = [1, 10, 100, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15];

/**
 * Value × rate% in cents, rounded half-up to the cent as MOC 7.0 annex I's note (*4) says ("O valor resultante da
 * multiplicação deve ser arredondado para um valor numérico com duas casas decimais"). Exact: both factors are read as
 * scaled integers, so 333.33 × 2 % is 666.66 cents exactly and rounds to 667 (6.67), never 666.9999….
 */
export const productCents = (base: string | undefined, ratePercent: string | undefined): number | null =>
  roundedProduct(base, ratePercent, 0);

/** a × b in cents (unit value × quantity), rounded half-up to the cent as note (*4) says; exact as productCents. */
export const timesCents = (a: string | undefined, b: string | undefined): number | null => roundedProduct(a, b, 2);

/** vBC × rate% × pDif% in cents (vDif of gDif, UB23/42/61-10), rounded half-up to the cent; exact as productCents. */
export const deferredCents = (
  vBC: string | undefined,
  ratePercent: string | undefined,
  pDif: string | undefined,
): number | null => roundedProduct(vBC, ratePercent, -2, pDif);

/**
 * a × b [× c] × 10^shift rounded half-up (away from zero), each read as an exact scaled integer. In doubles while every
 * intermediate stays below 2^53 (the layout's amounts, quantities and rates almost always do), else in BigInt.
 */
function roundedProduct(a: string | undefined, b: string | undefined, shift: number, c?: string): number | null {
  const sa = scanDecimal(a);
  if (sa === NOT_DECIMAL) return null;
  let num = scanN;
  let places = scanPlaces - shift;
  const sb = scanDecimal(b);
  if (sb === NOT_DECIMAL) return null;
  num *= scanN;
  places += scanPlaces;
  let small = sa === SMALL && sb === SMALL;
  if (c !== undefined) {
    const sc = scanDecimal(c);
    if (sc === NOT_DECIMAL) return null;
    num *= scanN;
    places += scanPlaces;
    small &&= sc === SMALL;
  }
  // Fewer places than the shift (4.00 × 1.0000 in cents): the product is scaled up instead.
  if (places < 0 && places >= -15) {
    num *= POW10[-places]!;
    places = 0;
  }
  const abs = num < 0 ? -num : num;
  // A true product at or past 2^53 is computed at or past it too (rounding is monotonic): the test below catches it.
  if (small && places >= 0 && places <= 15 && abs < Number.MAX_SAFE_INTEGER) {
    const den = POW10[places]!;
    // round(abs / den) half-up = floor((2·abs + den) / (2·den)), exact while 2·abs + 2·den < 2^53.
    const x = 2 * abs + den;
    const y = 2 * den;
    if (x + y < Number.MAX_SAFE_INTEGER) {
      let q = Math.floor(x / y);
      const r = x - q * y;
      if (r < 0) q--;
      else if (r >= y) q++;
      return num < 0 ? 0 - q : q;
    }
  }
  return roundedProductExact(a, b, shift, c);
}

/** roundedProduct in BigInt, for figures past a double's exact range (and the tests' reference). */
export function roundedProductExact(
  a: string | undefined,
  b: string | undefined,
  shift = 0,
  c?: string,
): number | null {
  const x = scaled(a);
  const y = scaled(b);
  const z = c === undefined ? { n: 1n, places: 0 } : scaled(c);
  if (!x || !y || !z) return null;
  const places = x.places + y.places + z.places - shift;
  const num = x.n * y.n * z.n * (places < 0 ? 10n ** BigInt(-places) : 1n);
  const den = places > 0 ? 10n ** BigInt(places) : 1n;
  const abs = num < 0n ? -num : num;
  const rounded = (abs * 2n + den) / (2n * den);
  return Number(num < 0n ? -rounded : rounded);
}

/**
 * The "product of base and rate" check of note (*4): the product rounded to the cent (productCents), minus what the
 * row subtracts from it, with R$ 0,01 for more or less. Null when a figure is missing (the row does not judge it).
 */
export function productCheck(
  value: string | undefined,
  base: string | undefined,
  ratePercent: string | undefined,
  minusCents = 0,
): { ok: boolean; expected: number; found: number } | null {
  const found = cents(value);
  const p = productCents(base, ratePercent);
  if (found === null || p === null) return null;
  const expected = p - minusCents;
  return { ok: Math.abs(found - expected) <= 1, expected, found };
}

/** |a − b| ≤ tolerance, all in cents. */
export const within = (a: number, b: number, toleranceCents: number) => Math.abs(a - b) <= toleranceCents + 1e-9;
