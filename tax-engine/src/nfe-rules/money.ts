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

/**
 * Value × rate% in cents (not rounded), for the "product of base and rate" rules. Plain floating point: both
 * factors have few places (2 and 4) and the rules compare with a tolerance of a cent, far above its error.
 */
export function productCents(base: string | undefined, ratePercent: string | undefined): number | null {
  if (base === undefined || ratePercent === undefined) return null;
  const b = Number(base);
  const r = Number(ratePercent);
  return Number.isFinite(b) && Number.isFinite(r) && base !== '' && ratePercent !== '' ? b * r : null;
}

/** |a − b| ≤ tolerance, all in cents. */
export const within = (a: number, b: number, toleranceCents: number) => Math.abs(a - b) <= toleranceCents + 1e-9;
