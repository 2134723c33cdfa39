import { TaxDecimal } from '../decimal.js';

/**
 * Amounts of the NF-e as integer cents: every value tag is a decimal with at most 2 places (TDec_1302), so sums
 * are exact in integers well below 2^53. Rates (4 places) go through TaxDecimal.
 */
export function cents(value: string | undefined): number | null {
  if (value === undefined || value === '') return null;
  if (!/^-?\d+(\.\d+)?$/.test(value)) return null;
  const neg = value.startsWith('-');
  const [int, frac = ''] = (neg ? value.slice(1) : value).split('.');
  // More than 2 places is a schema error (225); rounded here so the sums still say something.
  const c = Number(int) * 100 + Math.round(Number(`0.${frac || '0'}`) * 100);
  return neg ? -c : c;
}

export const showCents = (c: number): string => {
  const neg = c < 0;
  const abs = Math.abs(c);
  return `${neg ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
};

/** Value × rate% as exact cents (not rounded), for the "product of base and rate" rules. */
export function productCents(base: string | undefined, ratePercent: string | undefined): number | null {
  if (base === undefined || ratePercent === undefined) return null;
  try {
    return new TaxDecimal(base).times(ratePercent).toNumber();
  } catch {
    return null;
  }
}

/** |a − b| ≤ tolerance, all in cents. */
export const within = (a: number, b: number, toleranceCents: number) => Math.abs(a - b) <= toleranceCents + 1e-9;
