/**
 * Amounts of the NF-e as integer cents: every value tag is a decimal with at most 2 places (TDec_1302), so sums
 * are exact in integers well below 2^53.
 */
export function cents(value: string | undefined): number | null {
  if (value === undefined || value === '') return null;
  if (!/^-?\d+(\.\d+)?$/.test(value)) return null;
  // More than 2 places is a schema error (225); rounded here so the sums still say something.
  return Math.round(Number(value) * 100);
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

/**
 * Value × rate% in cents, rounded half-up to the cent as MOC 7.0 annex I's note (*4) says ("O valor resultante da
 * multiplicação deve ser arredondado para um valor numérico com duas casas decimais"). Exact: both factors are read as
 * scaled integers, so 333.33 × 2 % is 666.66 cents exactly and rounds to 667 (6.67), never 666.9999….
 */
export function productCents(base: string | undefined, ratePercent: string | undefined): number | null {
  const b = scaled(base);
  const r = scaled(ratePercent);
  if (!b || !r) return null;
  // base × rate / 100 in reais = base × rate in cents; the product has b.places + r.places decimals.
  const num = b.n * r.n;
  const den = 10n ** BigInt(b.places + r.places);
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
