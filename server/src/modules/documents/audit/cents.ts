/**
 * Money of the audit in integer cents: the NF-e writes values with two decimals and rates with up to four, so a
 * value × rate in cents is exact enough in floating point, rounded half up as the NT's formulas round.
 */
export const toCents = (v: string | number | undefined | null): number => {
  const n = Number(v ?? 0);
  return Number.isFinite(n) ? Math.round(n * 100) : 0;
};

/** base (cents) × rate (percent), in cents, rounded half up. */
export const percentCents = (baseCents: number, ratePercent: number): number =>
  Math.round((baseCents * ratePercent) / 100 + 1e-7);

/** Two amounts the same within the cent of rounding the NF-e allows. */
export const sameCents = (a: number, b: number) => Math.abs(a - b) <= 1;

export const money = (c: number) => (c / 100).toFixed(2);

export const rateOf = (v: string | undefined): number | null => {
  if (v === undefined || v === '') return null;
  const n = Number(v);
  return Number.isFinite(n) ? n : null;
};
