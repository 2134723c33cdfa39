import { money, percentOf, type TaxValue, toDecimal } from './decimal.js';

/**
 * Tax-reform test year 2026 (LC 214/2025): CBS 0.9 % (art. 346) and IBS 0.1 % (art. 343, state
 * part; no municipal part in 2026). In 2027–2028 IBS is 0.05 % state + 0.05 % municipal (art. 344).
 */
export const cbsIbsRates2026 = { cbs: 0.9, ibsUf: 0.1, ibsMun: 0 } as const;

export function findCbsIbsRates(year: number): { cbs: number; ibsUf: number; ibsMun: number } {
  if (year === 2027 || year === 2028) return { cbs: cbsIbsRates2026.cbs, ibsUf: 0.05, ibsMun: 0.05 };
  return { ...cbsIbsRates2026 };
}

/** A rate reduced by a cClassTrib reduction (pRedCBS/pRedIBS): rate × (1 − reduction), 4 places like pAliqEfet. */
export function applyRateReduction(ratePercent: TaxValue, reductionPercent: TaxValue | null | undefined): number {
  return toDecimal(ratePercent)
    .times(toDecimal(100).minus(toDecimal(reductionPercent)))
    .div(100)
    .toDecimalPlaces(4)
    .toNumber();
}

export interface CbsIbsInput {
  base: TaxValue;
  cbsRate?: TaxValue;
  ibsUfRate?: TaxValue;
  ibsMunRate?: TaxValue;
  /** cClassTrib reductions, % (ibs-cbs-cclasstrib.json p_red_cbs / p_red_ibs). */
  pRedCBS?: TaxValue | null;
  pRedIBS?: TaxValue | null;
}

export interface CbsIbsResult {
  cbsRate: number;
  cbsEffectiveRate: number;
  cbs: number;
  ibsUfRate: number;
  ibsMunRate: number;
  ibsUfEffectiveRate: number;
  ibsMunEffectiveRate: number;
  ibs: number;
}

/** CBS and IBS on a base (2026 test rates unless given), each value rounded half-up to cents. */
export function calculateCbsIbs(input: CbsIbsInput): CbsIbsResult {
  const cbsRate = toDecimal(input.cbsRate ?? cbsIbsRates2026.cbs).toNumber();
  const ibsUfRate = toDecimal(input.ibsUfRate ?? cbsIbsRates2026.ibsUf).toNumber();
  const ibsMunRate = toDecimal(input.ibsMunRate ?? cbsIbsRates2026.ibsMun).toNumber();
  const cbsEffectiveRate = applyRateReduction(cbsRate, input.pRedCBS);
  const ibsUfEffectiveRate = applyRateReduction(ibsUfRate, input.pRedIBS);
  const ibsMunEffectiveRate = applyRateReduction(ibsMunRate, input.pRedIBS);
  const ibs = percentOf(input.base, ibsUfEffectiveRate).plus(percentOf(input.base, ibsMunEffectiveRate));
  return {
    cbsRate,
    cbsEffectiveRate,
    cbs: money(percentOf(input.base, cbsEffectiveRate)),
    ibsUfRate,
    ibsMunRate,
    ibsUfEffectiveRate,
    ibsMunEffectiveRate,
    ibs: money(ibs),
  };
}
